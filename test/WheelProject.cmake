# ctest `wheel`: examples/wheel built as a wheel with scikit-build-core
# (docs/packaging.md), installed into a fresh environment and tested there
# from another directory with no PYTHONPATH: its own tests
# (tests/test_installed.py) and opcheck's generated ones against the
# installed package.
#   cmake -DNAME=wheel -DSOURCE_DIR=<examples/wheel> -DBINARY_DIR=...
#         -DOPGEN_DIR=<opgen build> -DOPGEN_PYTHON=... [-DLAUNCHER=ccache]
#         -DSKBUILD_CORE=scikit-build-core==<v> -P WheelProject.cmake
include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
file(MAKE_DIRECTORY ${BINARY_DIR})
set(RUN_DIR ${BINARY_DIR})

# The build environment: the backend from the package index, torch from
# OPGEN_PYTHON's environment (--no-build-isolation).
opgen_fresh_venv(${BINARY_DIR}/buildenv ${OPGEN_PYTHON})
run(${FRESH_PYTHON} -m pip install -q --disable-pip-version-check ${SKBUILD_CORE})
set(defines -Ccmake.define.CMAKE_PREFIX_PATH=${OPGEN_DIR})
if(LAUNCHER)
  list(APPEND defines -Ccmake.define.CMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
file(REMOVE_RECURSE ${BINARY_DIR}/dist)
run(${FRESH_PYTHON} -m pip wheel ${SOURCE_DIR} --no-build-isolation --no-deps
    --disable-pip-version-check -w ${BINARY_DIR}/dist
    -Cbuild-dir=${BINARY_DIR}/build ${defines})
file(GLOB wheels ${BINARY_DIR}/dist/wheel_example-0.1.0-*.whl)
list(LENGTH wheels n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "${NAME}: expected one wheel in ${BINARY_DIR}/dist, found '${wheels}'")
endif()

# A fresh environment that has never seen the build: install the wheel and
# test it from an empty directory.
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
run(${FRESH_PYTHON} -m pip install -q --disable-pip-version-check --no-index
    --no-deps ${wheels})
set(RUN_DIR ${BINARY_DIR}/elsewhere)
file(REMOVE_RECURSE ${RUN_DIR})
file(MAKE_DIRECTORY ${RUN_DIR})
run(${FRESH_PYTHON} -m pytest -q -p no:cacheprovider
    ${SOURCE_DIR}/tests/test_installed.py
    ${BINARY_DIR}/build/wheel_example_ops_gen/tests/test_wheel_example_ops.py)
