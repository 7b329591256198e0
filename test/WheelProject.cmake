# ctest `wheel`: examples/wheel built as a wheel with scikit-build-core by
# the commands of docs/packaging.md ("opgen-commands: wheel", run by
# doc_commands.py in a copy of examples/wheel and a fresh environment), then
# installed into a second fresh environment and tested there from an empty
# directory with no PYTHONPATH: its own tests (tests/test_installed.py) and
# opcheck's generated ones, against the installed package.
#   cmake -DNAME=wheel -DSOURCE_DIR=<repo> -DBINARY_DIR=...
#         -DOPGEN_DIR=<opgen build> -DOPGEN_PYTHON=... [-DLAUNCHER=ccache]
#         -P WheelProject.cmake
include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
file(REMOVE_RECURSE ${BINARY_DIR})
file(MAKE_DIRECTORY ${BINARY_DIR})
set(RUN_DIR ${BINARY_DIR})
set(project ${BINARY_DIR}/wheel)
file(COPY ${SOURCE_DIR}/examples/wheel/ DESTINATION ${project}
     PATTERN build EXCLUDE PATTERN dist EXCLUDE)

# The documented commands, in an environment that sees OPGEN_PYTHON's
# packages (torch) and nothing of the op library.
opgen_fresh_venv(${BINARY_DIR}/buildenv ${OPGEN_PYTHON})
set(launcher "")
if(LAUNCHER)
  set(launcher --env CMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
run(${OPGEN_PYTHON} ${SOURCE_DIR}/test/doc_commands.py
    ${SOURCE_DIR}/docs/packaging.md wheel --cwd ${project}
    --env OPGEN_PREFIX=${OPGEN_DIR} --env VIRTUAL_ENV=${BINARY_DIR}/buildenv
    ${launcher} --path ${BINARY_DIR}/buildenv/bin)
file(GLOB wheels ${project}/dist/wheel_example-0.1.0-*.whl)
list(LENGTH wheels n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "${NAME}: expected one wheel in ${project}/dist, found '${wheels}'")
endif()
file(GLOB tests ${project}/build/*/wheel_example_ops_gen/tests/test_wheel_example_ops.py)

# A second environment that has never seen the build: install the wheel and
# test it from an empty directory.
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
run(${FRESH_PYTHON} -m pip install -q --disable-pip-version-check --no-index
    --no-deps ${wheels})
set(RUN_DIR ${BINARY_DIR}/elsewhere)
file(MAKE_DIRECTORY ${RUN_DIR})
run(${FRESH_PYTHON} -m pytest -q -p no:cacheprovider
    ${SOURCE_DIR}/examples/wheel/tests/test_installed.py ${tests})
