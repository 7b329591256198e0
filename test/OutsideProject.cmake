# ctest driver for an outside project that uses find_package(opgen) and
# add_custom_op (test/consumer, test/visionlike): configure it against the
# opgen build tree, build it, run its generated opcheck tests, then its own
# pytest file TESTS, with the built package on PYTHONPATH and
# OPGEN_PROJECT_SOURCE_DIR / OPGEN_PROJECT_BINARY_DIR set; then installs it
# (cmake --install) into a fresh environment and imports PACKAGE there from
# another directory, with no PYTHONPATH.
#   cmake -DNAME=... -DSOURCE_DIR=... -DBINARY_DIR=... -DOPGEN_DIR=...
#         -DOPGEN_PYTHON=... -DTESTS=<file.py> -DPACKAGE=<name>
#         -P OutsideProject.cmake
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NAME}: '${ARGN}' failed (${rc})")
  endif()
endfunction()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -G Ninja
    -DCMAKE_PREFIX_PATH=${OPGEN_DIR} -DOPGEN_PYTHON=${OPGEN_PYTHON})
run(${CMAKE_COMMAND} --build ${BINARY_DIR})
run(${CMAKE_CTEST_COMMAND} --test-dir ${BINARY_DIR} --output-on-failure)
run(${CMAKE_COMMAND} -E env PYTHONPATH=${BINARY_DIR}/python
    OPGEN_PROJECT_SOURCE_DIR=${SOURCE_DIR} OPGEN_PROJECT_BINARY_DIR=${BINARY_DIR}
    ${OPGEN_PYTHON} -m pytest -q -p no:cacheprovider ${TESTS})

include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
run(${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix ${BINARY_DIR}/env)
file(MAKE_DIRECTORY ${BINARY_DIR}/elsewhere)
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH ${FRESH_PYTHON} -c
  "import os, ${PACKAGE}; d = os.path.dirname(os.path.realpath(${PACKAGE}.__file__)); assert d == os.path.realpath(os.path.join('${FRESH_SITE}', '${PACKAGE}')), d; print('installed', d)"
  WORKING_DIRECTORY ${BINARY_DIR}/elsewhere RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NAME}: the installed ${PACKAGE} does not import (${rc})")
endif()
