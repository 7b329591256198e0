# ctest `plan_tool`: opgen-plan, the configure-time plan tool of opgen's own
# tree (tool/driver/PlanOnly.cpp, cmake/OpgenPlanTool.cmake), prints exactly
# the Plan opgen prints, byte for byte, for the bundled kernels' sources
# with each kind of Python option, and the build graph (opgen plan), and
# for an error of the options the
# same diagnostic and exit status; a mode that parses is refused (non-zero
# exit, a message naming opgen) and writes nothing.
#   cmake -DPLAN_TOOL=<plan-opgen/bin/opgen-plan> -DOPGEN=<build/bin/opgen>
#         -DSOURCE_DIR=<repo> -DBINARY_DIR=<scratch> -P PlanTool.cmake
file(REMOVE_RECURSE ${BINARY_DIR})
file(MAKE_DIRECTORY ${BINARY_DIR})
file(GLOB sources ${SOURCE_DIR}/kernels/*.cpp ${SOURCE_DIR}/kernels/*.cu)
list(SORT sources)

function(run_both case)
  foreach(tool opgen plan)
    if(tool STREQUAL "opgen")
      set(exe ${OPGEN})
    else()
      set(exe ${PLAN_TOOL})
    endif()
    execute_process(COMMAND ${exe} ${ARGN} WORKING_DIRECTORY ${SOURCE_DIR}
      RESULT_VARIABLE rc_${tool} OUTPUT_VARIABLE out_${tool} ERROR_VARIABLE err_${tool})
  endforeach()
  if(NOT rc_opgen STREQUAL rc_plan OR NOT out_opgen STREQUAL out_plan
     OR NOT err_opgen STREQUAL err_plan)
    message(FATAL_ERROR "plan_tool: ${case}: opgen-plan differs from opgen\n"
      "opgen (${rc_opgen}):\n${out_opgen}${err_opgen}\n"
      "opgen-plan (${rc_plan}):\n${out_plan}${err_plan}")
  endif()
  string(LENGTH "${out_opgen}" n)
  message(STATUS "plan_tool: ${case}: the same (exit ${rc_opgen}, ${n} bytes)")
endfunction()

run_both("kernels, the generated package"
  --list-outputs --python-package mylib ${sources})
run_both("kernels, --fake-module"
  --list-outputs --python-package mylib
  --fake-module ${SOURCE_DIR}/kernels/mylib_fakes.py ${sources})
run_both("kernels, --python-module --no-python-package"
  --list-outputs --python-package mylib --python-module mylib.meta
  --no-python-package ${sources})
run_both("an error of the options" --list-outputs ${sources})
# The build graph (opgen plan) too: the same steps, translation units and
# unity unit (written by each, the second time unchanged).
run_both("kernels, the build graph"
  plan --python-package mylib -o ${BINARY_DIR}/gen-plan --library-name mylib_ops
  --opgen /x/opgen --python /x/python --cxx-compiler-id GNU ${sources}
  -- -std=c++17)
run_both("a stable library's build graph"
  plan --python-package mylib -o ${BINARY_DIR}/gen-plan --stable-abi
  --target-torch 2.9 --opgen /x/opgen ${sources})
run_both("an error of the build graph's options"
  plan --python-package mylib -o ${BINARY_DIR}/gen-plan --target-torch 2.9 ${sources})

execute_process(COMMAND ${PLAN_TOOL} ${SOURCE_DIR}/kernels/crop.cpp
                        -o ${BINARY_DIR}/gen
  RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
if(rc EQUAL 0 OR NOT err MATCHES "opgen-plan prints Plans only")
  message(FATAL_ERROR "plan_tool: a generating run was not refused (${rc}):\n${err}")
endif()
if(EXISTS ${BINARY_DIR}/gen)
  message(FATAL_ERROR "plan_tool: the refused run wrote ${BINARY_DIR}/gen")
endif()
message(STATUS "plan_tool: a generating run refused: ${err}")
