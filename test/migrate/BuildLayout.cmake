# ctest driver for a migrate test library (test/migrate/<layout>): configure
# the layout's project, build it and run its own tests (its pytest, through
# the project's ctest). ctest migrate_original_<layout> builds the original
# sources as a plain torch extension; test/MigrateLayout.cmake builds the
# migrated ones with -DMIGRATED=ON (add_custom_op).
# With -DCUDA=ON the layout's .cu sources are built too (nvcc; its pytest
# skips the GPU tests where torch sees no GPU).
#   cmake -DSOURCE_DIR=<layout> -DBINARY_DIR=<dir> -DOPGEN_PYTHON=<python>
#         [-DMIGRATED=ON -DOPGEN_DIR=<opgen build or prefix>]
#         [-DCUDA=ON [-DCUDA_ARCHITECTURES=90]] -P BuildLayout.cmake
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${SOURCE_DIR}: '${ARGN}' failed (${rc})")
  endif()
endfunction()
set(args -DPython3_EXECUTABLE=${OPGEN_PYTHON})
if(MIGRATED)
  list(APPEND args -DLAYOUT_MIGRATED=ON -DCMAKE_PREFIX_PATH=${OPGEN_DIR}
                   -DOPGEN_PYTHON=${OPGEN_PYTHON})
endif()
if(LAUNCHER)
  list(APPEND args -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}
                   -DCMAKE_CUDA_COMPILER_LAUNCHER=${LAUNCHER})
endif()
if(CUDA_ARCHITECTURES)
  list(APPEND args -DCMAKE_CUDA_ARCHITECTURES=${CUDA_ARCHITECTURES})
endif()
if(CUDA)
  list(APPEND args -DLAYOUT_CUDA=ON)
endif()
# torch's CMake package adds nvcc -gencode flags of its own: for
# TORCH_CUDA_ARCH_LIST, else a list of common architectures that a newer
# nvcc may not support (compute_50 with CUDA 13): the same as
# CUDA_ARCHITECTURES, 90 -> 9.0.
set(env "")
if(CUDA AND CUDA_ARCHITECTURES)
  string(REPLACE "," ";" archs "${CUDA_ARCHITECTURES}")
  list(TRANSFORM archs REPLACE "^([0-9]+)([0-9])[a-z]?$" "\\1.\\2")
  string(REPLACE ";" " " archs "${archs}")
  set(env ${CMAKE_COMMAND} -E env "TORCH_CUDA_ARCH_LIST=${archs}")
endif()
run(${env} ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -G Ninja ${args})
run(${CMAKE_COMMAND} --build ${BINARY_DIR})
run(${CMAKE_CTEST_COMMAND} --test-dir ${BINARY_DIR} --output-on-failure)
