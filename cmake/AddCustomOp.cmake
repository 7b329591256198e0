# add_custom_op(<target>
#   SOURCES <file>...              annotated .cpp/.cc/.cxx/.cu (and headers)
#   [PYTHON_PACKAGE <name>]        Python package name (default: <target>)
#   [SAMPLES <file.py>]            author-supplied sample inputs for the tests
#   [FAKE_MODULE <file.py>]        author-written Python fakes (register_fake);
#                                  becomes <package>.<file stem>
#   [PYTHON_MODULE <module>]       a module of your own package that registers
#                                  fakes: named by m.set_python_module
#   [NO_PYTHON_PACKAGE]            no generated __init__.py/ops.py: the package
#                                  is your own (needs PYTHON_MODULE)
#   [INCLUDE_DIRECTORIES <dir>...] extra include directories for the kernels
#   [OPGEN_ARGS <arg>...]          extra opgen options
#   [COMPILER_ARGS <arg>...]       extra compiler flags for opgen's parse
#                                  (after its `--`; e.g. -DFOO=1)
#   [NO_TESTS])
#
# Runs opgen at build time, in two kinds of steps: one `opgen --discover`
# per source, which parses it and writes what it found to
# <target>_gen/discover/<file>.json (again whenever the source or a header it
# includes changes, through a depfile; the record is rewritten only when its
# content changes), and one `opgen --combine` over all records, which checks
# the library and writes the generated files (each only when its content
# changes). An edit re-parses only the edited source, and rebuilds only the
# objects whose generated files changed. Builds the kernels and the
# generated registration into the shared library <target> linked against
# Torch, lays out the Python package in
# ${CMAKE_CURRENT_BINARY_DIR}/python/<package> (library included) and adds
# the generated opcheck tests to ctest. OPGEN_ARGS go to both kinds of step.
#
# Needs: opgen_EXECUTABLE and opgen_RUNTIME_INCLUDE_DIR (set by this
# repository or by find_package(opgen)),
# Torch (found here through OPGEN_PYTHON when not found yet).

include_guard(GLOBAL)
set(_OPGEN_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/OpgenOutputs.cmake)

# Makes sure the imported target `torch` exists (targets outlive the
# function scope that finds them).
function(_opgen_find_torch)
  if(TARGET torch)
    return()
  endif()
  if(NOT OPGEN_PYTHON AND EXISTS "${CMAKE_SOURCE_DIR}/.venv/bin/python")
    set(OPGEN_PYTHON "${CMAKE_SOURCE_DIR}/.venv/bin/python" CACHE FILEPATH "" FORCE)
  endif()
  if(OPGEN_PYTHON)
    execute_process(COMMAND "${OPGEN_PYTHON}" -c "import torch.utils; print(torch.utils.cmake_prefix_path)"
      OUTPUT_VARIABLE _prefix OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE _rc)
    if(_rc EQUAL 0)
      list(APPEND CMAKE_PREFIX_PATH "${_prefix}")
    endif()
  endif()
  find_package(Torch REQUIRED)
endfunction()

# CUDA architectures built when the project sets none (CUDA 13 supports
# Turing and newer): Turing, Ampere, Ada, Hopper.
set(OPGEN_DEFAULT_CUDA_ARCHITECTURES "75;80;86;89;90" CACHE STRING
    "CMAKE_CUDA_ARCHITECTURES used by add_custom_op when the project sets none")

# A macro, so that enable_language(CUDA) runs in the caller's scope (CMake
# refuses it inside a function).
macro(add_custom_op _opgen_target)
  set(_opgen_has_cuda FALSE)
  foreach(_opgen_arg ${ARGN})
    if(_opgen_arg MATCHES "\\.(cu|cuh)$")
      set(_opgen_has_cuda TRUE)
    endif()
  endforeach()
  get_property(_opgen_languages GLOBAL PROPERTY ENABLED_LANGUAGES)
  if(_opgen_has_cuda AND NOT "CUDA" IN_LIST _opgen_languages)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
      set(CMAKE_CUDA_ARCHITECTURES "${OPGEN_DEFAULT_CUDA_ARCHITECTURES}")
    endif()
    enable_language(CUDA)
  endif()
  _opgen_add_custom_op(${_opgen_target} ${ARGN})
endmacro()

function(_opgen_add_custom_op target)
  cmake_parse_arguments(ARG "NO_TESTS;NO_PYTHON_PACKAGE;STABLE_ABI"
                        "PYTHON_PACKAGE;SAMPLES;FAKE_MODULE;PYTHON_MODULE;TARGET_TORCH"
                        "SOURCES;INCLUDE_DIRECTORIES;OPGEN_ARGS;COMPILER_ARGS" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "add_custom_op(${target}): SOURCES is required")
  endif()
  if(NOT ARG_PYTHON_PACKAGE)
    set(ARG_PYTHON_PACKAGE ${target})
  endif()
  _opgen_find_torch()
  # STABLE_ABI: a library of stable-ABI kernels (docs/stable-abi.md), built
  # against the stable headers for the oldest torch it supports.
  set(stable_define "")
  if(ARG_TARGET_TORCH AND NOT ARG_STABLE_ABI)
    message(FATAL_ERROR "add_custom_op(${target}): TARGET_TORCH needs STABLE_ABI")
  endif()
  if(ARG_STABLE_ABI)
    if(NOT ARG_TARGET_TORCH)
      set(ARG_TARGET_TORCH 2.10)
    endif()
    if(NOT ARG_TARGET_TORCH MATCHES "^([0-9]+)\\.([0-9]+)$")
      message(FATAL_ERROR "add_custom_op(${target}): TARGET_TORCH must be "
                          "MAJOR.MINOR, e.g. 2.10, not '${ARG_TARGET_TORCH}'")
    endif()
    # torch/csrc/stable/version.h: major << 56 | minor << 48.
    math(EXPR torch_version "(${CMAKE_MATCH_1} << 56) | (${CMAKE_MATCH_2} << 48)"
         OUTPUT_FORMAT HEXADECIMAL)
    set(stable_define -DTORCH_TARGET_VERSION=${torch_version})
  endif()

  set(gen ${CMAKE_CURRENT_BINARY_DIR}/${target}_gen)
  set(pkg_dir ${CMAKE_CURRENT_BINARY_DIR}/python/${ARG_PYTHON_PACKAGE})
  set(stamp ${gen}/opgen.stamp)

  # Everything opgen writes, as `opgen --list-outputs` names it
  # (OpgenOutputs.cmake): the one table of generated files is opgen's.
  set(sources "")
  foreach(src ${ARG_SOURCES})
    get_filename_component(abs ${src} ABSOLUTE)
    list(APPEND sources ${abs})
  endforeach()
  set(fake_arg "")
  if(ARG_FAKE_MODULE)
    get_filename_component(fake_abs ${ARG_FAKE_MODULE} ABSOLUTE)
    set(fake_arg FAKE_MODULE ${fake_abs})
  endif()
  # --python-module and --no-python-package, for the listing and the combine.
  set(python_args "")
  set(python_list_args "")
  if(ARG_PYTHON_MODULE)
    list(APPEND python_args --python-module ${ARG_PYTHON_MODULE})
    list(APPEND python_list_args PYTHON_MODULE ${ARG_PYTHON_MODULE})
  endif()
  if(ARG_NO_PYTHON_PACKAGE)
    list(APPEND python_args --no-python-package)
    list(APPEND python_list_args NO_PYTHON_PACKAGE)
  endif()
  opgen_list_outputs(outputs PYTHON_PACKAGE ${ARG_PYTHON_PACKAGE} ${fake_arg}
                     ${python_list_args} SOURCES ${sources})
  set(byproducts "")
  foreach(f ${outputs_FILES})
    list(APPEND byproducts ${gen}/${f})
  endforeach()
  set(compiled "")
  foreach(f ${outputs_COMPILED})
    list(APPEND compiled ${gen}/${f})
  endforeach()

  # How opgen parses the kernels: with the same runtime and Torch headers
  # they build with.
  set(compiler_args ${ARG_COMPILER_ARGS} ${stable_define}
      -isystem${opgen_RUNTIME_INCLUDE_DIR})
  foreach(dir ${ARG_INCLUDE_DIRECTORIES})
    get_filename_component(dir_abs ${dir} ABSOLUTE)
    list(APPEND compiler_args -I${dir_abs})
  endforeach()
  get_target_property(torch_includes torch INTERFACE_INCLUDE_DIRECTORIES)
  foreach(dir ${torch_includes})
    list(APPEND compiler_args -isystem${dir})
  endforeach()

  # One discovery per source; ninja runs them in parallel. Ninja skips the
  # steps after an unchanged record (restat); other generators compare
  # times, so there the record is touched.
  set(records "")
  foreach(abs ${sources})
    get_filename_component(name ${abs} NAME)
    set(record ${gen}/discover/${name}.json)
    if(record IN_LIST records)
      list(LENGTH records n)
      set(record ${gen}/discover/${name}.${n}.json)
    endif()
    set(touch_record "")
    if(NOT CMAKE_GENERATOR MATCHES "Ninja")
      set(touch_record COMMAND ${CMAKE_COMMAND} -E touch ${record})
    endif()
    file(RELATIVE_PATH shown ${CMAKE_CURRENT_SOURCE_DIR} ${abs})
    add_custom_command(
      OUTPUT ${record}
      COMMAND ${opgen_EXECUTABLE} --discover ${abs} -o ${record}
              --root ${CMAKE_CURRENT_SOURCE_DIR} --depfile ${record}.d
              ${ARG_OPGEN_ARGS} -- ${compiler_args}
      ${touch_record}
      DEPENDS ${abs} ${opgen_EXECUTABLE}
      DEPFILE ${record}.d
      WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
      COMMENT "opgen: discovering ops in ${shown}"
      VERBATIM)
    list(APPEND records ${record})
  endforeach()

  set(combine_args --combine ${records} -o ${gen}
    --python-package ${ARG_PYTHON_PACKAGE} --library-name ${target}
    --root ${CMAKE_CURRENT_SOURCE_DIR} ${python_args})
  if(ARG_STABLE_ABI)
    list(APPEND combine_args --stable-abi)
  endif()
  set(fake_depends "")
  if(ARG_SAMPLES)
    get_filename_component(samples_abs ${ARG_SAMPLES} ABSOLUTE)
    list(APPEND combine_args --samples ${samples_abs})
  endif()
  if(ARG_FAKE_MODULE)
    list(APPEND combine_args --fake-module ${fake_abs})
    set(fake_depends ${fake_abs})
  endif()
  add_custom_command(
    OUTPUT ${stamp}
    BYPRODUCTS ${byproducts}
    COMMAND ${opgen_EXECUTABLE} ${combine_args} ${ARG_OPGEN_ARGS}
    COMMAND ${CMAKE_COMMAND} -E touch ${stamp}
    DEPENDS ${records} ${fake_depends} ${opgen_EXECUTABLE}
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
    COMMENT "opgen: generating ${target}"
    VERBATIM)
  add_custom_target(${target}_generate DEPENDS ${stamp})

  add_library(${target} SHARED ${compiled})
  add_dependencies(${target} ${target}_generate)
  target_include_directories(${target} PRIVATE ${gen} ${ARG_INCLUDE_DIRECTORIES})
  if(ARG_STABLE_ABI)
    # The stable headers only, and of libtorch only libtorch_cpu, the home of
    # the stable C shim (aoti_torch_*, torch_*): no C++ symbol of it is used,
    # so the same .so loads into newer torch versions, whose libtorch_cpu.so
    # torch.ops.load_library finds already loaded.
    # (The file only, not the target torch_cpu, which brings libc10 and
    # libtorch's compile definitions.)
    target_link_libraries(${target} PRIVATE opgen::runtime $<TARGET_FILE:torch_cpu>)
    target_include_directories(${target} SYSTEM PRIVATE ${torch_includes})
    target_compile_definitions(${target} PRIVATE
      TORCH_TARGET_VERSION=${torch_version})
  else()
    target_link_libraries(${target} PRIVATE opgen::runtime torch)
  endif()
  set_target_properties(${target} PROPERTIES
    CXX_STANDARD 17
    CXX_STANDARD_REQUIRED ON
    CUDA_STANDARD 17
    LIBRARY_OUTPUT_DIRECTORY ${pkg_dir}
    PREFIX "lib"
    OUTPUT_NAME ${target})
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wno-attributes>)

  # The Python package: generated modules beside the library.
  set(copied "")
  foreach(f ${outputs_PYTHON})
    string(REPLACE "python/${ARG_PYTHON_PACKAGE}/" "" name ${f})
    add_custom_command(
      OUTPUT ${pkg_dir}/${name}
      COMMAND ${CMAKE_COMMAND} -E copy_if_different ${gen}/${f} ${pkg_dir}/${name}
      DEPENDS ${stamp}
      VERBATIM)
    list(APPEND copied ${pkg_dir}/${name})
  endforeach()
  add_custom_target(${target}_python ALL DEPENDS ${copied} ${target})

  set_property(TARGET ${target} PROPERTY OPGEN_GENERATED_DIR ${gen})
  set_property(TARGET ${target} PROPERTY OPGEN_PYTHON_DIR ${CMAKE_CURRENT_BINARY_DIR}/python)

  if(NOT ARG_NO_TESTS AND OPGEN_PYTHON)
    add_test(NAME ${target}_opcheck
      COMMAND ${OPGEN_PYTHON} -m pytest -q -p no:cacheprovider
              ${gen}/${outputs_TEST})
    set_tests_properties(${target}_opcheck PROPERTIES
      ENVIRONMENT "PYTHONPATH=${CMAKE_CURRENT_BINARY_DIR}/python")
  endif()
  if(ARG_STABLE_ABI AND NOT ARG_NO_TESTS)
    # The library needs no libtorch C++ symbol, only the stable C shim.
    add_test(NAME ${target}_stable_symbols
      COMMAND ${CMAKE_COMMAND} -DLIBRARY=$<TARGET_FILE:${target}>
              -P ${_OPGEN_CMAKE_DIR}/OpgenStableSymbols.cmake)
  endif()
endfunction()
