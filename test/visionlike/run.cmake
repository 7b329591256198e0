# ctest driver for the visionlike project: configure it against the opgen
# build tree, build it, run its generated opcheck tests, then
# tests/test_visionlike.py, which checks that the package is the author's own and
# that its fakes (and opgen's skeleton for the op without one) are in force.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "visionlike: '${ARGN}' failed (${rc})")
  endif()
endfunction()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -G Ninja
    -DCMAKE_PREFIX_PATH=${OPGEN_DIR} -DOPGEN_PYTHON=${OPGEN_PYTHON})
run(${CMAKE_COMMAND} --build ${BINARY_DIR})
run(${CMAKE_CTEST_COMMAND} --test-dir ${BINARY_DIR} --output-on-failure)
run(${CMAKE_COMMAND} -E env PYTHONPATH=${BINARY_DIR}/python
    VISIONLIKE_SOURCE_DIR=${SOURCE_DIR} VISIONLIKE_BINARY_DIR=${BINARY_DIR}
    ${OPGEN_PYTHON} -m pytest -q -p no:cacheprovider ${SOURCE_DIR}/tests/test_visionlike.py)
