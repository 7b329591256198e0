# ctest `init`: the commands of docs/packaging.md ("opgen-commands: init",
# run by doc_commands.py in a fresh environment): `opgen init` creates a
# starter op library, which is configured against this opgen
# (find_package), built, passes its generated tests and is installed with
# `cmake --install` into the environment; then the installed files are
# checked and the generated tests run again, from another directory with no
# PYTHONPATH, against the installed package.
#   cmake -DNAME=init -DSOURCE_DIR=<repo> -DOPGEN=<opgen> -DBINARY_DIR=...
#         -DOPGEN_DIR=<opgen build> -DOPGEN_PYTHON=... [-DLAUNCHER=ccache]
#         -P InitProject.cmake
include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
file(REMOVE_RECURSE ${BINARY_DIR})
file(MAKE_DIRECTORY ${BINARY_DIR})
set(RUN_DIR ${BINARY_DIR})
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
set(launcher "")
if(LAUNCHER)
  set(launcher --env CMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
get_filename_component(opgen_bin ${OPGEN} DIRECTORY)
run(${OPGEN_PYTHON} ${SOURCE_DIR}/test/doc_commands.py
    ${SOURCE_DIR}/docs/packaging.md init --cwd ${BINARY_DIR}
    --env OPGEN_PREFIX=${OPGEN_DIR} --env VIRTUAL_ENV=${BINARY_DIR}/env
    ${launcher} --path ${BINARY_DIR}/env/bin --path ${opgen_bin})

set(project ${BINARY_DIR}/mylib)
foreach(f CMakeLists.txt pyproject.toml README.md samples.py src/softsign.cpp .gitignore
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
