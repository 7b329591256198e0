# ctest driver for test/werror: configures it against the opgen build tree
# and builds it; the build must fail at the opgen step with the kernel's
# warning turned into an error ([UnmarkedMutableTensor], add_custom_op's
# WERROR). (Without WERROR the same warning leaves the build going, as the
# bundled and consumer libraries' builds show.)
#   cmake -DSOURCE_DIR=... -DBINARY_DIR=... -DOPGEN_DIR=... -DOPGEN_PYTHON=...
#         -P WerrorProject.cmake
file(REMOVE_RECURSE ${BINARY_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -G Ninja
    -DCMAKE_PREFIX_PATH=${OPGEN_DIR} -DOPGEN_PYTHON=${OPGEN_PYTHON}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "werror: configuring failed (${rc})")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BINARY_DIR} --target werror_ops_generate
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(rc EQUAL 0)
  message(FATAL_ERROR "werror: the build passed although WERROR was given")
endif()
string(FIND "${out}${err}" "error: 'x' is taken by non-const reference but is not listed in 'mutates'" at)
string(FIND "${out}${err}" "[UnmarkedMutableTensor]" id)
if(at EQUAL -1 OR id EQUAL -1)
  message(FATAL_ERROR "werror: the build did not fail with the warning as an error")
endif()
message("werror: the build failed at opgen's step, as it should")
