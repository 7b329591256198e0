# opgen's own tree only (the top CMakeLists.txt): add_custom_op() needs
# opgen's Plans at configure time, before this build makes opgen. As LLVM
# builds its host TableGen, opgen-plan (opgen's driver and Plan without the
# Clang frontend, tool/driver/PlanOnly.cpp, which prints the same Plans) is
# built alone at configure time into <binary_dir>, and add_custom_op() asks
# it (the global property _OPGEN_PLAN_TOOL); the build steps run this
# build's opgen. A change to the sources of the Plan configures again,
# which rebuilds opgen-plan.
include_guard(GLOBAL)

function(opgen_build_plan_tool source binary)
  message(STATUS "opgen: building opgen-plan for add_custom_op's plans in ${binary}")
  set(rc 0)
  if(NOT EXISTS "${binary}/CMakeCache.txt")
    execute_process(
      COMMAND "${CMAKE_COMMAND}" -S "${source}" -B "${binary}" -G "${CMAKE_GENERATOR}"
              -DOPGEN_BUILD_TESTS=OFF -DOPGEN_BUILD_KERNELS=OFF ${ARGN}
      OUTPUT_VARIABLE log ERROR_VARIABLE log RESULT_VARIABLE rc)
  endif()
  if(rc EQUAL 0)
    execute_process(COMMAND "${CMAKE_COMMAND}" --build "${binary}" --target opgen-plan
      OUTPUT_VARIABLE log ERROR_VARIABLE log RESULT_VARIABLE rc)
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "opgen: building opgen-plan in ${binary} failed (${rc}):\n${log}")
  endif()
  set_property(GLOBAL PROPERTY _OPGEN_PLAN_TOOL "${binary}/bin/opgen-plan")
  file(GLOB deps "${source}/tool/lib/pipeline/*.cpp" "${source}/tool/include/opgen/pipeline/*.h")
  foreach(f include/opgen/emit/Outputs.def include/opgen/emit/Outputs.h lib/emit/Outputs.cpp
            include/opgen/model/SourceKind.h lib/model/SourceKind.cpp
            include/opgen/support/TorchTarget.h lib/support/PythonTorch.cpp driver/Main.cpp)
    list(APPEND deps "${source}/tool/${f}")
  endforeach()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${deps}
               "${source}/templates/build_files/unity.cpp")
endfunction()
