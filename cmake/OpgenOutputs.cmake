# opgen_list_outputs(<prefix> PYTHON_PACKAGE <name> [FAKE_MODULE <file.py>]
#                    [PYTHON_MODULE <module>] [NO_PYTHON_PACKAGE]
#                    SOURCES <file>...)
# opgen's Plan for these arguments, as `opgen --list-outputs` prints it
# (JSON, docs/cli.md#listing-the-outputs): sets <prefix>_PLAN to the JSON
# text, which add_custom_op() reads every source's language, shard,
# preamble and discovery record and every output's install directory from
# (string(JSON)); <prefix>_FILES to the generated files, relative to the
# output directory, in the Plan's order; and <prefix>_COMPILED,
# <prefix>_HEADER, <prefix>_PYTHON, <prefix>_TEST and <prefix>_OTHER to the
# files of each kind. Nothing here knows a rule of opgen's: the Plan is
# opgen's, computed in C++ (tool/lib/pipeline/Plan.cpp).
#
# The opgen it runs: ${opgen_EXECUTABLE} when that is a file (an installed
# opgen, or a built one found through find_package). In opgen's own tree,
# where the build makes opgen after configuring, it first builds opgen-plan
# at configure time (_opgen_plan_tool below), as LLVM builds its host
# TableGen: opgen's driver and Plan without the Clang frontend
# (tool/driver/PlanOnly.cpp), which prints the same Plans.

include_guard(GLOBAL)

# opgen's own tree (CMakeLists.txt at the top) calls this before any
# add_custom_op(): the arguments of a configure-time build of opgen-plan
# alone, in <binary dir>/plan-opgen, made the first time a Plan is needed.
function(opgen_set_plan_tool_build source_dir binary_dir)
  set_property(GLOBAL PROPERTY _OPGEN_PLAN_TOOL_SOURCE "${source_dir}")
  set_property(GLOBAL PROPERTY _OPGEN_PLAN_TOOL_BINARY "${binary_dir}")
  set_property(GLOBAL PROPERTY _OPGEN_PLAN_TOOL_ARGS "${ARGN}")
endfunction()

# The opgen that prints Plans at configure time, in <out_var>.
function(_opgen_plan_tool out_var)
  get_property(tool GLOBAL PROPERTY _OPGEN_PLAN_TOOL)
  if(tool)
    set(${out_var} "${tool}" PARENT_SCOPE)
    return()
  endif()
  get_property(source GLOBAL PROPERTY _OPGEN_PLAN_TOOL_SOURCE)
  if(NOT source)
    if(NOT EXISTS "${opgen_EXECUTABLE}")
      message(FATAL_ERROR "opgen: opgen_EXECUTABLE (${opgen_EXECUTABLE}) does not exist")
    endif()
    set(${out_var} "${opgen_EXECUTABLE}" PARENT_SCOPE)
    return()
  endif()
  get_property(binary GLOBAL PROPERTY _OPGEN_PLAN_TOOL_BINARY)
  get_property(args GLOBAL PROPERTY _OPGEN_PLAN_TOOL_ARGS)
  message(STATUS "opgen: building opgen-plan for add_custom_op's plans in ${binary}")
  # Configured once; later builds configure again by themselves when
  # opgen's CMake files change.
  set(rc 0)
  if(NOT EXISTS "${binary}/CMakeCache.txt")
    execute_process(
      COMMAND "${CMAKE_COMMAND}" -S "${source}" -B "${binary}" -G "${CMAKE_GENERATOR}"
              -DOPGEN_BUILD_TESTS=OFF -DOPGEN_BUILD_KERNELS=OFF ${args}
      OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
  endif()
  if(rc EQUAL 0)
    execute_process(
      COMMAND "${CMAKE_COMMAND}" --build "${binary}" --target opgen-plan
      OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
  endif()
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "opgen: building opgen-plan in ${binary} failed (${rc}):\n${out}")
  endif()
  set(tool "${binary}/bin/opgen-plan")
  set_property(GLOBAL PROPERTY _OPGEN_PLAN_TOOL "${tool}")
  set(${out_var} "${tool}" PARENT_SCOPE)
endfunction()

function(opgen_list_outputs prefix)
  cmake_parse_arguments(ARG "NO_PYTHON_PACKAGE" "PYTHON_PACKAGE;FAKE_MODULE;PYTHON_MODULE"
                        "SOURCES" ${ARGN})
  if(NOT ARG_PYTHON_PACKAGE)
    message(FATAL_ERROR "opgen_list_outputs: PYTHON_PACKAGE is required")
  endif()
  _opgen_plan_tool(tool)
  set(args "")
  if(ARG_FAKE_MODULE)
    list(APPEND args --fake-module "${ARG_FAKE_MODULE}")
  endif()
  if(ARG_PYTHON_MODULE)
    list(APPEND args --python-module "${ARG_PYTHON_MODULE}")
  endif()
  if(ARG_NO_PYTHON_PACKAGE)
    list(APPEND args --no-python-package)
  endif()
  execute_process(
    COMMAND "${tool}" --list-outputs
            --python-package "${ARG_PYTHON_PACKAGE}" ${args} ${ARG_SOURCES}
    OUTPUT_VARIABLE plan ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "opgen --list-outputs failed (${rc}):\n${err}")
  endif()
  # Configure again when opgen changes: its Plan may have.
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${tool}")
  get_property(source GLOBAL PROPERTY _OPGEN_PLAN_TOOL_SOURCE)
  if(source)
    # In opgen's tree, the files the Plan is made from: a change to one
    # configures again, which rebuilds the plan tool.
    file(GLOB plan_sources "${source}/tool/lib/pipeline/*.cpp"
         "${source}/tool/include/opgen/pipeline/*.h")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${plan_sources}
      "${source}/tool/include/opgen/emit/Outputs.def"
      "${source}/tool/include/opgen/emit/Outputs.h"
      "${source}/tool/lib/emit/Outputs.cpp"
      "${source}/tool/include/opgen/model/SourceKind.h"
      "${source}/tool/lib/model/SourceKind.cpp"
      "${source}/tool/include/opgen/support/TorchTarget.h"
      "${source}/templates/build_files/unity.cpp")
  endif()

  set(${prefix}_PLAN "${plan}" PARENT_SCOPE)
  opgen_plan_files(files "${plan}")
  foreach(kind FILES COMPILED HEADER PYTHON TEST OTHER)
    set(${prefix}_${kind} "${files_${kind}}" PARENT_SCOPE)
  endforeach()
endfunction()

# opgen_plan_files(<prefix> <plan>): the outputs of a Plan (the JSON of
# opgen --list-outputs): <prefix>_FILES, all of them in order, and
# <prefix>_COMPILED, _HEADER, _PYTHON, _TEST and _OTHER by kind.
function(opgen_plan_files prefix plan)
  set(files "")
  foreach(kind COMPILED HEADER PYTHON TEST OTHER)
    set(${kind} "")
  endforeach()
  string(JSON n LENGTH "${plan}" outputs)
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON path GET "${plan}" outputs ${i} path)
      string(JSON kind GET "${plan}" outputs ${i} kind)
      string(TOUPPER "${kind}" kind)
      list(APPEND files "${path}")
      list(APPEND ${kind} "${path}")
    endforeach()
  endif()
  set(${prefix}_FILES "${files}" PARENT_SCOPE)
  foreach(kind COMPILED HEADER PYTHON TEST OTHER)
    set(${prefix}_${kind} "${${kind}}" PARENT_SCOPE)
  endforeach()
endfunction()

# _opgen_json_strings(<out_var> <json> <member|index>...): the array of
# strings at that place of <json>, as a list.
function(_opgen_json_strings out_var json)
  set(values "")
  string(JSON n LENGTH "${json}" ${ARGN})
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON value GET "${json}" ${ARGN} ${i})
      list(APPEND values "${value}")
    endforeach()
  endif()
  set(${out_var} "${values}" PARENT_SCOPE)
endfunction()

# _opgen_json_optional(<out_var> <json> <member|index>...): the string at
# that place of <json>, or empty when it is null.
function(_opgen_json_optional out_var json)
  string(JSON type TYPE "${json}" ${ARGN})
  if(type STREQUAL "NULL")
    set(${out_var} "" PARENT_SCOPE)
  else()
    string(JSON value GET "${json}" ${ARGN})
    set(${out_var} "${value}" PARENT_SCOPE)
  endif()
endfunction()

# _opgen_add_steps(<plan>): one custom command per step of the build graph
# of <plan> (`opgen plan`, docs/cli.md#the-build-graph), as opgen gives it:
# its command line, inputs, outputs, byproducts, depfile, comment and the
# files a clean removes, run in the graph's directory and environment.
function(_opgen_add_steps plan)
  string(JSON dir GET "${plan}" build working_directory)
  set(run "")
  string(JSON n LENGTH "${plan}" build environment)
  if(n GREATER 0)
    set(run ${CMAKE_COMMAND} -E env)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON name MEMBER "${plan}" build environment ${i})
      string(JSON value GET "${plan}" build environment ${name})
      list(APPEND run "${name}=${value}")
    endforeach()
  endif()
  string(JSON n LENGTH "${plan}" build steps)
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    foreach(key argv inputs outputs byproducts clean)
      _opgen_json_strings(${key} "${plan}" build steps ${i} ${key})
    endforeach()
    _opgen_json_optional(depfile "${plan}" build steps ${i} depfile)
    string(JSON comment GET "${plan}" build steps ${i} comment)
    set(depfile_args "")
    if(depfile)
      set(depfile_args DEPFILE ${depfile})
    endif()
    if(clean)
      set_property(DIRECTORY APPEND PROPERTY ADDITIONAL_CLEAN_FILES ${clean})
    endif()
    foreach(output ${outputs})
      get_filename_component(output_dir ${output} DIRECTORY)
      file(MAKE_DIRECTORY ${output_dir})
    endforeach()
    add_custom_command(
      OUTPUT ${outputs}
      BYPRODUCTS ${byproducts}
      COMMAND ${run} ${argv}
      DEPENDS ${inputs}
      ${depfile_args}
      WORKING_DIRECTORY ${dir}
      COMMENT "${comment}"
      VERBATIM)
  endforeach()
endfunction()
