# ctest driver for the consumer project: configure it against the opgen build
# tree, build it, run its generated opcheck tests, and call the op directly.
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "consumer: '${ARGN}' failed (${rc})")
  endif()
endfunction()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -G Ninja
    -DCMAKE_PREFIX_PATH=${OPGEN_DIR} -DOPGEN_PYTHON=${OPGEN_PYTHON})
run(${CMAKE_COMMAND} --build ${BINARY_DIR})
run(${CMAKE_CTEST_COMMAND} --test-dir ${BINARY_DIR} --output-on-failure)
run(${CMAKE_COMMAND} -E env PYTHONPATH=${BINARY_DIR}/python
    ${OPGEN_PYTHON} -c "import torch, consumer_ops\nx = torch.randn(5, dtype=torch.float64)\nassert torch.allclose(consumer_ops.ops.scale(x, 2.0), 2.0 * x + 0.5)\nassert str(torch.ops.consumer.scale.default._schema) == 'consumer::scale(Tensor x, float alpha, float beta=0.5) -> Tensor'\nprint('consumer: ok')")
