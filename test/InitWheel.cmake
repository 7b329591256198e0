# ctest `init_wheel`: opgen as a build requirement, the way a user gets it
# (docs/packaging.md, "opgen-commands: init-wheel", run by doc_commands.py):
# in a fresh environment that sees OPGEN_PYTHON's torch and has nothing of
# opgen but its wheel (WHEELHOUSE, made by ctest opgen_wheel), with no
# /usr/lib/llvm-16 on PATH or LD_LIBRARY_PATH: `pip install` the opgen
# wheel, `opgen init` a project, build its wheel with `pip wheel` without
# build isolation (the environment's torch, scikit-build-core and opgen);
# then, from another fresh environment without opgen
# ("opgen-commands: init-wheel-isolated"), with isolation (pip installs
# scikit-build-core, opgen from the wheelhouse and torch, pinned to
# OPGEN_PYTHON's version by PIP_CONSTRAINT, into a throwaway environment);
# each build's CMake cache must name the opgen and torch it was meant to use. Each wheel is then installed into another
# fresh environment and the project's generated tests run against it from
# an empty directory, with no PYTHONPATH.
#   cmake -DNAME=init_wheel -DSOURCE_DIR=<repo> -DBINARY_DIR=...
#         -DWHEELHOUSE=<dir with the opgen wheel> -DOPGEN_PYTHON=...
#         [-DLAUNCHER=ccache] [-DCUDA_ARCHITECTURES=90,...] -P InitWheel.cmake
include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
file(REMOVE_RECURSE ${BINARY_DIR})
file(MAKE_DIRECTORY ${BINARY_DIR})
set(RUN_DIR ${BINARY_DIR})

file(GLOB opgen_wheels ${WHEELHOUSE}/opgen-*.whl)
list(LENGTH opgen_wheels n)
if(NOT n EQUAL 1)
  fail("expected one opgen wheel in ${WHEELHOUSE} (ctest opgen_wheel), found '${opgen_wheels}'")
endif()

opgen_path_without_llvm(clean_path)

# The isolated build installs the torch of OPGEN_PYTHON's version (and the
# opgen of the wheelhouse, not any other on the index).
opgen_python_torch(${OPGEN_PYTHON})
get_filename_component(opgen_wheel_name ${opgen_wheels} NAME)
string(REGEX REPLACE "^opgen-([^-]+)-.*" "\\1" opgen_version ${opgen_wheel_name})
file(WRITE ${BINARY_DIR}/constraints.txt
     "torch==${TORCH_RELEASE}\nopgen==${opgen_version}\n")

set(env_args --env VIRTUAL_ENV=${BINARY_DIR}/env
    --env OPGEN_WHEELHOUSE=${WHEELHOUSE}
    --env PIP_CONSTRAINT=${BINARY_DIR}/constraints.txt
    --env PATH=${BINARY_DIR}/env/bin:${clean_path}
    --env LD_LIBRARY_PATH= --env OPGEN_PYTHON=)
opgen_doc_env(build_args)
list(APPEND env_args ${build_args})
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
set(env_site ${FRESH_SITE})
run(${OPGEN_PYTHON} ${SOURCE_DIR}/test/doc_commands.py
    ${SOURCE_DIR}/docs/packaging.md init-wheel --cwd ${BINARY_DIR} ${env_args})
# The project's opgen was the wheel's: opgen init ran it from env/bin.
if(NOT EXISTS ${env_site}/opgen/bin/opgen)
  fail("the opgen wheel is not installed in ${BINARY_DIR}/env")
endif()

# The isolated build, from an environment without opgen (nor, through the
# isolation, the torch its .pth line shows).
opgen_fresh_venv(${BINARY_DIR}/bare ${OPGEN_PYTHON})
string(REPLACE "${BINARY_DIR}/env" "${BINARY_DIR}/bare" env_args "${env_args}")
run(${OPGEN_PYTHON} ${SOURCE_DIR}/test/doc_commands.py
    ${SOURCE_DIR}/docs/packaging.md init-wheel-isolated --cwd ${BINARY_DIR} ${env_args})

set(project ${BINARY_DIR}/mylib)
# Which opgen and torch each build found: the environment's without
# isolation, the throwaway build environment's with it.
function(expect_found cache var pattern)
  file(STRINGS ${cache} found REGEX "^${var}:")
  if(NOT found MATCHES "${pattern}")
    fail("${cache}: ${found}, expected ${pattern}")
  endif()
  message(STATUS "${NAME}: ${found}")
endfunction()
file(GLOB plain_cache ${project}/build/*/CMakeCache.txt)
list(FILTER plain_cache EXCLUDE REGEX "/build/isolated/")
expect_found(${plain_cache} opgen_DIR "=${env_site}/opgen/share/cmake/opgen$")
opgen_cached_torch_dir(torch_dir ${plain_cache})
if(NOT torch_dir STREQUAL "${TORCH_CMAKE_PREFIX}/Torch")
  fail("the build without isolation found torch in ${torch_dir}, not ${TORCH_CMAKE_PREFIX}/Torch")
endif()
set(isolated_cache ${project}/build/isolated/CMakeCache.txt)
expect_found(${isolated_cache} opgen_DIR "pip-build-env-[^/]+/.*/site-packages/opgen/share/cmake/opgen$")
expect_found(${isolated_cache} Torch_DIR "pip-build-env-[^/]+/.*/site-packages/torch/")
foreach(kind dist dist-isolated)
  file(GLOB wheels ${BINARY_DIR}/${kind}/mylib-0.1.0-*.whl)
  list(LENGTH wheels n)
  if(NOT n EQUAL 1)
    fail("expected one mylib wheel in ${BINARY_DIR}/${kind}, found '${wheels}'")
  endif()
  if(kind STREQUAL "dist")
    file(GLOB tests ${project}/build/*/mylib_ops_gen/tests/test_mylib_ops.py)
    list(FILTER tests EXCLUDE REGEX "/build/isolated/")
  else()
    set(tests ${project}/build/isolated/mylib_ops_gen/tests/test_mylib_ops.py)
  endif()
  list(LENGTH tests n)
  if(NOT n EQUAL 1 OR NOT EXISTS "${tests}")
    fail("${kind}: no generated tests of its build: '${tests}'")
  endif()
  # Installed into an environment that has never seen a build, and tested
  # from an empty directory.
  opgen_fresh_venv(${BINARY_DIR}/run-${kind} ${OPGEN_PYTHON})
  run(${FRESH_PYTHON} -m pip install -q --disable-pip-version-check --no-index
      --no-deps ${wheels})
  set(RUN_DIR ${BINARY_DIR}/elsewhere-${kind})
  file(MAKE_DIRECTORY ${RUN_DIR})
  run(${FRESH_PYTHON} -c "
import os, torch, mylib
here = os.path.dirname(os.path.realpath(mylib.__file__))
assert here == os.path.realpath(os.path.join('${FRESH_SITE}', 'mylib')), here
print('${NAME}: ${kind}: mylib from', here, 'in torch', torch.__version__)
")
  run(${FRESH_PYTHON} -m pytest -q -p no:cacheprovider ${tests})
  set(RUN_DIR ${BINARY_DIR})
endforeach()
