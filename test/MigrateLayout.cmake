# ctest driver of `opgen migrate` on one test library (test/migrate/<LAYOUT>,
# registered as migrate_<LAYOUT>, test/migrate/CMakeLists.txt):
# 1. copy the layout's original sources to <BINARY_DIR>/src;
# 2. `opgen migrate <sources> --verify --in-place` there: the comparator
#    (migrate_verify.py beside opgen's CMake package) builds the copy and a
#    migrated copy of it and compares their schemas, kernels and Python
#    names (differences intended by design or listed in the layout's
#    verify-allow.txt pass), and only then are the sources rewritten;
# 3. `opgen migrate <sources> --diff` then finds nothing to migrate (a
#    second run changes nothing);
# 4. the migrated tree built with add_custom_op (the layout's
#    -DLAYOUT_MIGRATED=ON) and its pytest run (test/migrate/BuildLayout.cmake).
# What each layout migrates, and how it is built and verified, is the table
# below.
#   cmake -DLAYOUT=<name> -DSOURCE_DIR=test/migrate/<name> -DBINARY_DIR=...
#         -DOPGEN=<opgen> -DOPGEN_DIR=<opgen build> -DOPGEN_PYTHON=...
#         [-DLAUNCHER=ccache] [-DCUDA=ON [-DCUDA_ARCHITECTURES=90]]
#         -P MigrateLayout.cmake
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "migrate_${LAYOUT}: '${ARGN}' failed (${rc})")
  endif()
endfunction()

# Per layout: the sources opgen migrate reads (relative to the layout), the
# compiler arguments it parses them with (in the copy), and the comparator's
# arguments. CUDA sources are migrated too; they are built (by the
# comparator and the final build) only with -DCUDA=ON.
if(LAYOUT STREQUAL "extension_cpp")
  set(sources extension_cpp/csrc/muladd.cpp)
  set(verify --package extension_cpp --python-module extension_cpp.ops)
elseif(LAYOUT STREQUAL "vllm")
  file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/csrc/*.cpp ${SOURCE_DIR}/csrc/*.h)
  set(verify --package vllm_like --python-module vllm_like._custom_ops --include csrc
             --define TORCH_EXTENSION_NAME=_C)
  set(compiler_args -DTORCH_EXTENSION_NAME=_C)
elseif(LAYOUT STREQUAL "fbgemm")
  file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR} ${SOURCE_DIR}/src/*.cpp ${SOURCE_DIR}/src/*.cu
       ${SOURCE_DIR}/include/*.h)
  set(verify --package fbgemm_like --library-name fbgemm_gpu_py --include include)
  set(compiler_args -Iinclude)
elseif(LAYOUT STREQUAL "torchvision")
  file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
       ${SOURCE_DIR}/csrc/*.cpp ${SOURCE_DIR}/csrc/*.cu ${SOURCE_DIR}/csrc/*.h)
  set(verify --package torchvision_like
             --python-module torchvision_like._meta_registrations --include csrc)
else()
  message(FATAL_ERROR "migrate: no layout ${LAYOUT}")
endif()

if(CUDA)
  list(APPEND verify --cuda)
  if(CUDA_ARCHITECTURES)
    list(APPEND verify --cuda-architectures ${CUDA_ARCHITECTURES})
  endif()
endif()

set(src ${BINARY_DIR}/src)
file(REMOVE_RECURSE ${BINARY_DIR})
file(COPY ${SOURCE_DIR}/ DESTINATION ${src})

set(verify_args ${verify} --work ${BINARY_DIR}/verify)
if(LAUNCHER)
  list(APPEND verify_args --launcher ${LAUNCHER})
endif()
if(EXISTS ${SOURCE_DIR}/verify-allow.txt)
  list(APPEND verify_args --allow ${SOURCE_DIR}/verify-allow.txt)
endif()
list(TRANSFORM verify_args PREPEND --verify-arg=)
run(${CMAKE_COMMAND} -E env OPGEN_PYTHON=${OPGEN_PYTHON}
    ${OPGEN} migrate ${sources} --verify --in-place ${verify_args} -- ${compiler_args}
    WORKING_DIRECTORY ${src})
execute_process(COMMAND ${OPGEN} migrate ${sources} --diff -- ${compiler_args}
  WORKING_DIRECTORY ${src} OUTPUT_VARIABLE diff RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT diff MATCHES "^opgen migrate: nothing to migrate")
  message(FATAL_ERROR "migrate_${LAYOUT}: a second run is not a no-op (${rc}):\n${diff}")
endif()

run(${CMAKE_COMMAND} -DSOURCE_DIR=${src} -DBINARY_DIR=${BINARY_DIR}/build
    -DOPGEN_PYTHON=${OPGEN_PYTHON} -DMIGRATED=ON -DOPGEN_DIR=${OPGEN_DIR}
    -DLAUNCHER=${LAUNCHER} -DCUDA_ARCHITECTURES=${CUDA_ARCHITECTURES}
    -DCUDA=${CUDA} -P ${CMAKE_CURRENT_LIST_DIR}/migrate/BuildLayout.cmake)
