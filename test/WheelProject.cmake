# ctest `wheel`: examples/wheel built as a wheel with scikit-build-core by
# the commands of docs/packaging.md ("opgen-commands: wheel", run by
# doc_commands.py in a copy of examples/wheel and a fresh environment), then
# installed into a second fresh environment and tested there from an empty
# directory with no PYTHONPATH: its own tests (tests/test_installed.py) and
# opcheck's generated ones, against the installed package.
# OPGEN_PYTHON is the torch: both environments see its packages, so the
# wheel is built with --no-build-isolation against that torch and tested
# under it (`wheel`: the pinned torch, .venv; `wheel_newest`: the newest,
# .venv-newest, with the same opgen). The wheel's build must have been
# configured against that torch: Torch_DIR in its CMake cache is that
# torch's, whose headers are torch.__version__ (the op library of a wheel
# built against another torch does not load: an undefined libtorch symbol).
# OPGEN_PYTHON missing: the test is skipped (ctest SKIP_REGULAR_EXPRESSION
# "opgen-test-skipped").
# opgen comes from its wheel (WHEELHOUSE, made by ctest opgen_wheel),
# installed into the build environment as a user installs it: the build
# finds its CMake package through site-packages, with no hint.
#   cmake -DNAME=wheel -DSOURCE_DIR=<repo> -DBINARY_DIR=...
#         -DWHEELHOUSE=<dir with the opgen wheel> -DOPGEN_PYTHON=...
#         [-DLAUNCHER=ccache] -P WheelProject.cmake
if(NOT EXISTS ${OPGEN_PYTHON})
  message(STATUS "opgen-test-skipped: ${NAME}: no ${OPGEN_PYTHON} (scripts/setup.sh makes it)")
  return()
endif()
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
opgen_doc_env(launcher)
run(${OPGEN_PYTHON} ${SOURCE_DIR}/test/doc_commands.py
    ${SOURCE_DIR}/docs/packaging.md wheel --cwd ${project}
    --env OPGEN_WHEELHOUSE=${WHEELHOUSE} --env VIRTUAL_ENV=${BINARY_DIR}/buildenv
    ${launcher} --path ${BINARY_DIR}/buildenv/bin)
file(GLOB wheels ${project}/dist/wheel_example-0.1.0-*.whl)
list(LENGTH wheels n)
if(NOT n EQUAL 1)
  message(FATAL_ERROR "${NAME}: expected one wheel in ${project}/dist, found '${wheels}'")
endif()
file(GLOB tests ${project}/build/*/wheel_example_ops_gen/tests/test_wheel_example_ops.py)

# Built against OPGEN_PYTHON's torch: the Torch_DIR its configure found is
# that torch's, and so are the headers there.
opgen_python_torch(${OPGEN_PYTHON})
set(torch_version ${TORCH_VERSION})
set(torch_dir ${TORCH_CMAKE_PREFIX}/Torch)
file(GLOB caches ${project}/build/*/CMakeCache.txt)
opgen_cached_torch_dir(built_torch_dir ${caches})
if(NOT built_torch_dir STREQUAL torch_dir)
  message(FATAL_ERROR "${NAME}: the wheel was built against the torch of "
    "${built_torch_dir}, not ${torch_dir} (torch ${torch_version} of ${OPGEN_PYTHON})")
endif()
file(STRINGS ${torch_dir}/../../../include/torch/headeronly/version.h header
     REGEX "^#define TORCH_VERSION_(MAJOR|MINOR|PATCH) ")
string(REGEX REPLACE "[^0-9;]*([0-9]+)" "\\1" header "${header}")
string(REPLACE ";" "." header "${header}")
if(NOT torch_version MATCHES "^${header}([^0-9]|$)")
  message(FATAL_ERROR "${NAME}: the headers built against are torch ${header}, "
                      "the environment's torch is ${torch_version}")
endif()
message(STATUS "${NAME}: the wheel was built against torch ${header} "
               "(${built_torch_dir}), the torch ${torch_version} of ${OPGEN_PYTHON}")

# A second environment that has never seen the build: install the wheel and
# test it from an empty directory.
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
run(${FRESH_PYTHON} -m pip install -q --disable-pip-version-check --no-index
    --no-deps ${wheels})
set(RUN_DIR ${BINARY_DIR}/elsewhere)
file(MAKE_DIRECTORY ${RUN_DIR})
run(${FRESH_PYTHON} -c "import torch, wheel_example; print('${NAME}: wheel_example loads in torch', torch.__version__)")
run(${FRESH_PYTHON} -m pytest -q -p no:cacheprovider
    ${SOURCE_DIR}/examples/wheel/tests/test_installed.py ${tests})
