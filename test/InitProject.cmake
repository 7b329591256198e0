# ctest `init`: the commands of docs/packaging.md ("opgen-commands: init",
# run by doc_commands.py in a fresh environment): `opgen init` creates a
# starter op library, which is configured against this opgen
# (find_package), built, passes its generated tests and is installed with
# `cmake --install` into the environment; then the installed files are
# checked and the generated tests run again, from another directory with no
# PYTHONPATH, against the installed package.
# The starter's CUDA kernel is built where there is a CUDA compiler (for
# the first of CUDA_ARCHITECTURES, through CUDAARCHS, when given), and its
# compile database is the build's, which clangd (when installed) reads, as
# it reads the one `opgen init` writes before any build. Where mypy is on
# PATH, it reads the installed package's stub (py.typed).
#   cmake -DNAME=init -DSOURCE_DIR=<repo> -DOPGEN=<opgen> -DBINARY_DIR=...
#         -DOPGEN_DIR=<opgen build> -DOPGEN_PYTHON=... [-DLAUNCHER=ccache]
#         [-DCUDA_ARCHITECTURES=90,...] -P InitProject.cmake
include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
file(REMOVE_RECURSE ${BINARY_DIR})
file(MAKE_DIRECTORY ${BINARY_DIR})
set(RUN_DIR ${BINARY_DIR})
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
opgen_doc_env(launcher)
get_filename_component(opgen_bin ${OPGEN} DIRECTORY)
run(${OPGEN_PYTHON} ${SOURCE_DIR}/test/doc_commands.py
    ${SOURCE_DIR}/docs/packaging.md init --cwd ${BINARY_DIR}
    --env OPGEN_PREFIX=${OPGEN_DIR} --env VIRTUAL_ENV=${BINARY_DIR}/env
    ${launcher} --path ${BINARY_DIR}/env/bin --path ${opgen_bin})

set(project ${BINARY_DIR}/mylib)
foreach(f CMakeLists.txt pyproject.toml README.md samples.py src/softsign.cpp
          src/softsign_cuda.cu .gitignore compile_commands.json
          build/mylib_ops_gen/tests/test_mylib_ops.py)
  if(NOT EXISTS ${project}/${f})
    message(FATAL_ERROR "${NAME}: ${project}/${f} is missing")
  endif()
endforeach()
foreach(f include/mylib/ops.h ${FRESH_SITE}/mylib/__init__.py ${FRESH_SITE}/mylib/py.typed
          ${FRESH_SITE}/mylib/libmylib_ops.so)
  if(NOT IS_ABSOLUTE ${f})
    set(f ${BINARY_DIR}/env/${f})
  endif()
  if(NOT EXISTS ${f})
    message(FATAL_ERROR "${NAME}: cmake --install did not install ${f}")
  endif()
endforeach()

# The CUDA kernel: where CMake found nvcc, it is built and registered for the
# op's CUDA key; its generated tests are skipped here without a GPU.
file(STRINGS ${project}/build/CMakeCache.txt cuda_compiler REGEX "^CMAKE_CUDA_COMPILER:")
find_program(nvcc nvcc PATHS /usr/local/cuda/bin NO_CACHE)
if(nvcc AND NOT cuda_compiler MATCHES "nvcc$")
  message(FATAL_ERROR "${NAME}: ${nvcc} exists, but the project found no CUDA compiler (${cuda_compiler})")
endif()
if(cuda_compiler MATCHES "nvcc$")
  file(READ ${project}/build/mylib_ops_gen/registration.cpp registration)
  if(NOT registration MATCHES "TORCH_LIBRARY_IMPL\\(mylib, CUDA, m\\)[^}]*softsign")
    message(FATAL_ERROR "${NAME}: registration.cpp registers no CUDA kernel of mylib::softsign")
  endif()
  file(STRINGS ${FRESH_SITE}/mylib/libmylib_ops.so cuda_kernel REGEX "softsign_cuda" LIMIT_COUNT 1)
  if(NOT cuda_kernel)
    message(FATAL_ERROR "${NAME}: the installed libmylib_ops.so has no softsign_cuda")
  endif()
  message(STATUS "${NAME}: the CUDA kernel of mylib::softsign is built and registered")
endif()

# clangd: configuring linked the build's compile database into the project.
if(NOT IS_SYMLINK ${project}/compile_commands.json)
  message(FATAL_ERROR "${NAME}: ${project}/compile_commands.json is not the build's")
endif()
file(READ ${project}/compile_commands.json database)
if(NOT database MATCHES "src/softsign.cpp")
  message(FATAL_ERROR "${NAME}: the build's compile_commands.json does not list src/softsign.cpp")
endif()
# clangd reads src/softsign.cpp with it, and with the one `opgen init`
# writes before any build (in a second project, from this environment's
# torch).
find_program(clangd NAMES clangd-16 clangd NO_CACHE)
if(clangd)
  set(RUN_DIR ${BINARY_DIR})
  run(${CMAKE_COMMAND} -E env VIRTUAL_ENV=${BINARY_DIR}/env --unset=OPGEN_PYTHON
      ${OPGEN} init unbuilt --namespace unbuilt)
  foreach(dir ${project} ${BINARY_DIR}/unbuilt)
    execute_process(COMMAND ${clangd} --check=src/softsign.cpp
                    WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc
                    OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0 OR NOT out MATCHES "All checks completed, 0 errors")
      message(FATAL_ERROR "${NAME}: clangd --check=src/softsign.cpp in ${dir} (${rc}):\n${out}")
    endif()
  endforeach()
  message(STATUS "${NAME}: ${clangd} reads src/softsign.cpp without errors")
endif()

# py.typed: a type checker reads the installed package's ops.pyi (where mypy
# is on PATH; torch itself is not analysed). A wrong argument type is the one
# error: without py.typed mypy would skip the package instead.
find_program(mypy mypy NO_CACHE)
if(mypy)
  set(dir ${BINARY_DIR}/mypy)
  file(MAKE_DIRECTORY ${dir})
  file(WRITE ${dir}/mypy.ini "[mypy]\n[mypy-torch.*]\nfollow_imports = skip\n")
  file(WRITE ${dir}/check.py [=[
import torch
import mylib

y: torch.Tensor = mylib.ops.softsign(torch.ones(3), 2.0)
mylib.ops.softsign(torch.ones(3), "two")
]=])
  execute_process(COMMAND ${mypy} --python-executable ${FRESH_PYTHON} --no-incremental
                          --config-file mypy.ini check.py
                  WORKING_DIRECTORY ${dir} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT out MATCHES "check.py:5: error: Argument 2 to \"softsign\" has incompatible type \"str\"; expected \"float\""
     OR NOT out MATCHES "Found 1 error in 1 file")
    message(FATAL_ERROR "${NAME}: mypy did not check against the installed ops.pyi (${rc}):\n${out}")
  endif()
  message(STATUS "${NAME}: mypy reads the installed mylib's ops.pyi")
endif()

set(RUN_DIR ${BINARY_DIR}/elsewhere)
file(MAKE_DIRECTORY ${RUN_DIR})
run(${FRESH_PYTHON} -c "
import os, mylib
here = os.path.dirname(os.path.realpath(mylib.__file__))
assert here == os.path.realpath(os.path.join('${FRESH_SITE}', 'mylib')), here
print('installed mylib imported from', here)
")
run(${FRESH_PYTHON} -m pytest -q -p no:cacheprovider
    ${project}/build/mylib_ops_gen/tests/test_mylib_ops.py)
