# add_custom_op(<target> SOURCES <file>... [PYTHON_PACKAGE <name>] [SAMPLES <file.py>]
#   [FAKE_MODULE <file.py>] [PYTHON_MODULE <module>] [NO_PYTHON_PACKAGE] [FRAGMENT]
#   [STABLE_ABI [TARGET_TORCH <M.m>]] [INCLUDE_DIRECTORIES <dir>...] [OPGEN_ARGS <arg>...]
#   [COMPILER_ARGS <arg>...] [NO_PREAMBLE] [NO_PRECOMPILE_HEADERS] [WERROR]
#   [NO_DEFAULT_OPTIMIZATION] [NO_TESTS])
#
# The op library <target> of the annotated SOURCES, its Python package in
# ${CMAKE_CURRENT_BINARY_DIR}/python/<package>, its opcheck test and install
# rules (docs/cmake.md: every keyword and cache variable). CMake's part
# only: find the Python with torch and torch, ask `opgen plan`
# (docs/cli.md#the-build-graph) for the build, and make the custom commands,
# targets, tests and install rules it lists; every rule of the build is
# opgen's (tool/lib/pipeline/BuildGraph.cpp). Needs opgen_EXECUTABLE and
# opgen_RUNTIME_INCLUDE_DIR (this repository's, or find_package(opgen)'s).

include_guard(GLOBAL)
set(_OPGEN_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})

# The cache variables (docs/cmake.md).
set(OPGEN_DEFAULT_CUDA_ARCHITECTURES "75;80;86;89;90" CACHE STRING
  "CMAKE_CUDA_ARCHITECTURES used by add_custom_op when the project sets none")
option(OPGEN_DEFAULT_OPTIMIZATION
  "add_custom_op: compile op libraries with -O3 -DNDEBUG when no CMAKE_BUILD_TYPE is set" ON)
set(OPGEN_PRECOMPILE_HEADERS AUTO CACHE STRING
  "add_custom_op: compile the torch headers every C++ source of an op library begins with once, as a precompiled header (AUTO: for libraries of two or more C++ sources, with GCC)")
set_property(CACHE OPGEN_PRECOMPILE_HEADERS PROPERTY STRINGS AUTO ON OFF)
option(OPGEN_UNITY_GENERATED
  "add_custom_op: compile the generated registration and autograd files as one translation unit" ON)
option(OPGEN_FOLD_GENERATED
  "add_custom_op: compile the generated registration and autograd files in the translation unit of the library's first C++ shard" OFF)
set(OPGEN_GENERATED_OPTIMIZATION "-O1" CACHE STRING
  "add_custom_op: optimization options of the generated registration and autograd translation units (empty: the library's)")
option(OPGEN_WERROR "add_custom_op: treat opgen's warnings as errors (opgen --Werror)" OFF)
# OPGEN_PREAMBLE_CACHE and OPGEN_PCH_CACHE, where the project or the user sets them (empty:
# none), name the caches; opgen's defaults otherwise (docs/cli.md#the-build-graph).

# The Python the op library is built for (docs/cmake.md#which-torch), in the caller's
# OPGEN_PYTHON (not the cache: another environment chooses again): OPGEN_PYTHON, else
# Python3_EXECUTABLE / Python_EXECUTABLE (scikit-build-core sets both), else $VIRTUAL_ENV's,
# else find_package(Python3).
function(_opgen_select_python)
  get_property(chosen GLOBAL PROPERTY _OPGEN_BUILD_PYTHON)
  get_property(how GLOBAL PROPERTY _OPGEN_BUILD_PYTHON_HOW)
  if(OPGEN_PYTHON AND NOT OPGEN_PYTHON STREQUAL chosen)
    set(chosen "${OPGEN_PYTHON}")
    set(how "OPGEN_PYTHON")
  elseif(NOT chosen)
    foreach(var Python3_EXECUTABLE Python_EXECUTABLE)
      if(NOT chosen AND ${var})
        set(chosen "${${var}}")
        set(how "${var}")
      endif()
    endforeach()
  endif()
  if(NOT chosen AND DEFINED ENV{VIRTUAL_ENV} AND EXISTS "$ENV{VIRTUAL_ENV}/bin/python")
    set(chosen "$ENV{VIRTUAL_ENV}/bin/python")
    set(how "the active virtual environment, VIRTUAL_ENV")
  elseif(NOT chosen)
    find_package(Python3 COMPONENTS Interpreter)
    if(NOT Python3_FOUND)
      message(FATAL_ERROR "add_custom_op: no Python interpreter found; torch must be "
        "importable by the Python the op library is built for: pass "
        "-DOPGEN_PYTHON=<python with torch>, or activate its virtual environment")
    endif()
    set(chosen "${Python3_EXECUTABLE}")
    set(how "find_package(Python3)")
  endif()
  set_property(GLOBAL PROPERTY _OPGEN_BUILD_PYTHON "${chosen}")
  set_property(GLOBAL PROPERTY _OPGEN_BUILD_PYTHON_HOW "${how}")
  set(OPGEN_PYTHON "${chosen}" PARENT_SCOPE)
endfunction()

# The imported target `torch` of OPGEN_PYTHON's torch (its version read from version.py: an
# import takes a second); another torch found by the project is an error naming both.
function(_opgen_find_torch)
  get_property(checked GLOBAL PROPERTY _OPGEN_TORCH_CHECKED)
  if(checked STREQUAL "${OPGEN_PYTHON}" AND TARGET torch)
    return()
  endif()
  execute_process(COMMAND "${OPGEN_PYTHON}" -c [=[
import importlib.util, os, re, sysconfig
spec = importlib.util.find_spec("torch")
d = os.path.dirname(spec.origin) if spec and spec.origin else None
paths = sysconfig.get_paths()
includes = ";".join(dict.fromkeys([paths["include"], paths["platinclude"]]))
try:
    with open(os.path.join(d, "version.py")) as f:
        version = re.search(r"^__version__ = '([^']+)'$", f.read(), re.M).group(1)
    print(version, os.path.join(d, "share", "cmake"), spec.origin, includes, sep="\n")
except (TypeError, OSError, AttributeError):
    import torch, torch.utils
    print(torch.__version__, torch.utils.cmake_prefix_path, torch.__file__, includes,
          sep="\n")
]=]
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  get_property(how GLOBAL PROPERTY _OPGEN_BUILD_PYTHON_HOW)
  if(NOT rc EQUAL 0)
    string(STRIP "${err}" err)
    string(REGEX REPLACE ".*\n" "" err "${err}")
    message(FATAL_ERROR "add_custom_op: the Python the op library is built for, ${OPGEN_PYTHON} "
      "(from ${how}), cannot import torch (${err}). torch must be importable by the Python "
      "of the build: install torch there, or choose another Python with -DOPGEN_PYTHON=<python "
      "with torch> or by activating its virtual environment; with pip, build with "
      "--no-build-isolation in an environment that has torch (or list torch in "
      "[build-system] requires).")
  endif()
  string(REPLACE "\n" ";" python_includes "${out}")
  list(POP_FRONT python_includes version prefix module)
  if(NOT TARGET torch)
    list(PREPEND CMAKE_PREFIX_PATH "${prefix}")
    # Skips two steps of Caffe2/public/cuda.cmake whose results are unused: libnvrtc's hash
    # (1 s) and the detection of the GPUs (0.6 s). The project's TORCH_CUDA_ARCH_LIST is kept.
    set(CUDA_NVRTC_SHORTHASH "unused")
    if(NOT DEFINED TORCH_CUDA_ARCH_LIST AND NOT DEFINED ENV{TORCH_CUDA_ARCH_LIST})
      set(TORCH_CUDA_ARCH_LIST "9.0")
    endif()
    find_package(Torch REQUIRED)
  endif()
  string(REGEX MATCH "^[0-9]+\\.[0-9]+\\.[0-9]+" python_version "${version}")
  if(DEFINED Torch_VERSION AND NOT Torch_VERSION STREQUAL python_version)
    message(FATAL_ERROR "add_custom_op: the torch found is torch ${Torch_VERSION} "
      "(Torch_DIR=${Torch_DIR}), but the Python the op library is built for, ${OPGEN_PYTHON} "
      "(from ${how}), has torch ${version} (${module}). An op library must be built against "
      "the torch it runs with: remove the other torch from Torch_DIR / CMAKE_PREFIX_PATH (or "
      "from the cache: a fresh build directory), or choose the Python of that torch with "
      "-DOPGEN_PYTHON=<python>.")
  endif()
  if(NOT checked STREQUAL "${OPGEN_PYTHON}")
    message(STATUS "opgen: add_custom_op builds against torch ${version} of "
                   "${OPGEN_PYTHON} (from ${how})")
  endif()
  set_property(GLOBAL PROPERTY _OPGEN_TORCH_CHECKED "${OPGEN_PYTHON}")
  set_property(GLOBAL PROPERTY _OPGEN_PYTHON_INCLUDES "${python_includes}")
endfunction()

# The C++ standard torch's headers need (17, or 20 where TorchConfig asks), in <out>; nvcc's
# C++20 flag, which CMake before 3.26 does not know, in the caller's scope.
function(_opgen_torch_cxx_standard out)
  set(std 17)
  get_target_property(features torch INTERFACE_COMPILE_FEATURES)
  get_target_property(options torch INTERFACE_COMPILE_OPTIONS)
  if("${features}" MATCHES "cxx_std_20" OR "${options}" MATCHES "std=c\\+\\+20")
    set(std 20)
    if(CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA" AND NOT DEFINED CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
      set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20" PARENT_SCOPE)
      set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20" PARENT_SCOPE)
    endif()
  endif()
  set(${out} ${std} PARENT_SCOPE)
endfunction()

# What opgen prints when run with <ARGN> at configure time, in <out>: opgen_EXECUTABLE's,
# or opgen-plan's in opgen's own tree (OpgenPlanTool.cmake). Configures again when it changes.
function(_opgen_run_plan out)
  get_property(tool GLOBAL PROPERTY _OPGEN_PLAN_TOOL)
  if(NOT tool)
    set(tool "${opgen_EXECUTABLE}")
    if(NOT EXISTS "${tool}")
      message(FATAL_ERROR "opgen: opgen_EXECUTABLE (${tool}) does not exist")
    endif()
  endif()
  execute_process(COMMAND "${tool}" ${ARGN}
    OUTPUT_VARIABLE plan ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "add_custom_op: opgen failed (${rc}):\n${err}")
  endif()
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${tool}")
  set(${out} "${plan}" PARENT_SCOPE)
endfunction()

# The value at <member|index>... of <json>, in <out>: an array of strings as a list, of
# objects as the list of their indices; null as empty.
function(_opgen_json out json)
  string(JSON type TYPE "${json}" ${ARGN})
  set(value "")
  if(type STREQUAL "ARRAY")
    string(JSON n LENGTH "${json}" ${ARGN})
    math(EXPR last "${n} - 1")
    foreach(i RANGE 0 ${last})
      if(n GREATER 0)
        string(JSON item_type TYPE "${json}" ${ARGN} ${i})
        set(item ${i})
        if(NOT item_type STREQUAL "OBJECT")
          string(JSON item GET "${json}" ${ARGN} ${i})
        endif()
        list(APPEND value "${item}")
      endif()
    endforeach()
  elseif(NOT type STREQUAL "NULL")
    string(JSON value GET "${json}" ${ARGN})
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# Appends <flag> to `args` when the condition <ARGN> holds.
macro(_opgen_append_if flag)
  if(${ARGN})
    list(APPEND args ${flag})
  endif()
endmacro()

# Appends <prefix><value> to `args` for each <value> of <ARGN>.
macro(_opgen_append_each prefix)
  foreach(_opgen_value ${ARGN})
    list(APPEND args ${prefix}${_opgen_value})
  endforeach()
endmacro()

macro(_opgen_parse_custom_op_args)
  cmake_parse_arguments(ARG "NO_TESTS;NO_PYTHON_PACKAGE;FRAGMENT;NO_PREAMBLE;NO_PRECOMPILE_HEADERS;STABLE_ABI;WERROR;NO_DEFAULT_OPTIMIZATION"
                        "PYTHON_PACKAGE;SAMPLES;FAKE_MODULE;PYTHON_MODULE;TARGET_TORCH"
                        "SOURCES;INCLUDE_DIRECTORIES;OPGEN_ARGS;COMPILER_ARGS" ${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "add_custom_op(${_opgen_target}): SOURCES is required")
  endif()
  if(NOT ARG_PYTHON_PACKAGE)
    set(ARG_PYTHON_PACKAGE ${_opgen_target})
  endif()
  foreach(_opgen_key SOURCES SAMPLES FAKE_MODULE INCLUDE_DIRECTORIES)
    set(_opgen_paths "")
    foreach(_opgen_path ${ARG_${_opgen_key}})
      get_filename_component(_opgen_path "${_opgen_path}" ABSOLUTE)
      list(APPEND _opgen_paths "${_opgen_path}")
    endforeach()
    set(ARG_${_opgen_key} "${_opgen_paths}")
  endforeach()
endmacro()

# The build of add_custom_op(<target> ...) (`opgen plan`), in <out>, told what CMake found
# (Python, compilers, torch and its C++ standard <cxx_std>) and chose (keywords, variables).
function(_opgen_build_plan out _opgen_target cxx_std)
  _opgen_parse_custom_op_args(${ARGN})
  include(GNUInstallDirs)
  set(args plan -o ${CMAKE_CURRENT_BINARY_DIR}/${_opgen_target}_gen
    --python-package=${ARG_PYTHON_PACKAGE} --library-name=${_opgen_target}
    --root=${CMAKE_CURRENT_SOURCE_DIR} --opgen=${opgen_EXECUTABLE} --python=${OPGEN_PYTHON}
    --python-dir=${CMAKE_CURRENT_BINARY_DIR}/python --cmake=${CMAKE_COMMAND}
    --build-dir=${CMAKE_BINARY_DIR} --cxx-compiler=${CMAKE_CXX_COMPILER}
    --cxx-compiler-id=${CMAKE_CXX_COMPILER_ID} --cuda-compiler-id=${CMAKE_CUDA_COMPILER_ID}
    --build-type=${CMAKE_BUILD_TYPE} --install-include-dir=${CMAKE_INSTALL_INCLUDEDIR})
  _opgen_append_if(--samples=${ARG_SAMPLES} ARG_SAMPLES)
  _opgen_append_if(--fake-module=${ARG_FAKE_MODULE} ARG_FAKE_MODULE)
  _opgen_append_if(--python-module=${ARG_PYTHON_MODULE} ARG_PYTHON_MODULE)
  _opgen_append_if(--target-torch=${ARG_TARGET_TORCH} ARG_TARGET_TORCH)
  string(TOUPPER "${OPGEN_PRECOMPILE_HEADERS}" precompile)
  get_property(multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  _opgen_append_if(--no-python-package ARG_NO_PYTHON_PACKAGE)
  _opgen_append_if(--fragment ARG_FRAGMENT)
  _opgen_append_if(--stable-abi ARG_STABLE_ABI)
  _opgen_append_if(--no-preamble ARG_NO_PREAMBLE)
  _opgen_append_if(--no-tests ARG_NO_TESTS)
  _opgen_append_if(--Werror ARG_WERROR OR OPGEN_WERROR)
  _opgen_append_if(--no-default-optimization ARG_NO_DEFAULT_OPTIMIZATION OR NOT OPGEN_DEFAULT_OPTIMIZATION)
  _opgen_append_if(--precompile-headers=off ARG_NO_PRECOMPILE_HEADERS OR NOT (precompile STREQUAL "AUTO" OR OPGEN_PRECOMPILE_HEADERS))
  _opgen_append_if(--precompile-headers=on NOT ARG_NO_PRECOMPILE_HEADERS AND OPGEN_PRECOMPILE_HEADERS AND NOT precompile STREQUAL "AUTO")
  _opgen_append_if(--no-unity-generated NOT OPGEN_UNITY_GENERATED)
  _opgen_append_if(--fold-generated OPGEN_FOLD_GENERATED)
  _opgen_append_if(--no-restat NOT CMAKE_GENERATOR MATCHES "Ninja")
  _opgen_append_if(--multi-config multi_config)
  _opgen_append_if(--no-install DEFINED OPGEN_INSTALL_OP_LIBRARIES AND NOT OPGEN_INSTALL_OP_LIBRARIES)
  _opgen_append_if(--skbuild DEFINED SKBUILD_PLATLIB_DIR OR DEFINED SKBUILD)
  _opgen_append_if(--install-python-dir=${OPGEN_PYTHON_INSTALL_DIR} DEFINED OPGEN_PYTHON_INSTALL_DIR)
  _opgen_append_if(--preamble-cache=${OPGEN_PREAMBLE_CACHE} DEFINED OPGEN_PREAMBLE_CACHE)
  # A generator expression (opgen's own tree's opgen_EXECUTABLE) in a launcher needs 3.25.
  if(opgen_EXECUTABLE MATCHES "[$]<" AND CMAKE_VERSION VERSION_LESS 3.25)
    list(APPEND args --pch-cache=)
  elseif(DEFINED OPGEN_PCH_CACHE)
    list(APPEND args --pch-cache=${OPGEN_PCH_CACHE})
  endif()
  _opgen_append_each(--generated-optimization= ${OPGEN_GENERATED_OPTIMIZATION})
  _opgen_append_each(--step-arg= ${ARG_OPGEN_ARGS})
  _opgen_append_each(--cxx-launcher= ${CMAKE_CXX_COMPILER_LAUNCHER})
  # The kernels are parsed with the runtime and torch headers they build with.
  list(APPEND args ${ARG_SOURCES} -- -std=c++${cxx_std} ${ARG_COMPILER_ARGS}
                   -isystem${opgen_RUNTIME_INCLUDE_DIR})
  _opgen_append_each(-I ${ARG_INCLUDE_DIRECTORIES})
  get_target_property(torch_includes torch INTERFACE_INCLUDE_DIRECTORIES)
  get_property(python_includes GLOBAL PROPERTY _OPGEN_PYTHON_INCLUDES)
  _opgen_append_each(-isystem ${torch_includes} ${python_includes})
  _opgen_run_plan(plan ${args})
  set(${out} "${plan}" PARENT_SCOPE)
endfunction()

# The languages of the sources of add_custom_op(<target> ...) (opgen --list-outputs), in <out>.
function(_opgen_languages out _opgen_target)
  _opgen_parse_custom_op_args(${ARGN})
  _opgen_run_plan(plan --list-outputs --python-package=${ARG_PYTHON_PACKAGE} ${ARG_SOURCES})
  _opgen_json(languages "${plan}" languages)
  set(${out} "${languages}" PARENT_SCOPE)
endfunction()

# A macro: enable_language(CUDA) runs in the caller's scope (CMake refuses it in a
# function), in every directory with a CUDA source.
macro(add_custom_op _opgen_target)
  _opgen_languages(_opgen_languages ${_opgen_target} ${ARGN})
  if("CUDA" IN_LIST _opgen_languages AND NOT DEFINED CMAKE_CUDA_COMPILE_OBJECT)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
      set(CMAKE_CUDA_ARCHITECTURES "${OPGEN_DEFAULT_CUDA_ARCHITECTURES}")
    endif()
    enable_language(CUDA)
  endif()
  _opgen_select_python()
  _opgen_find_torch()
  _opgen_torch_cxx_standard(_opgen_cxx_std)
  _opgen_add_custom_op(${_opgen_target} ${_opgen_cxx_std} ${ARGN})
endmacro()

# The object library <to> compiles as the op library <from> does.
function(_opgen_copy_compile_settings from to)
  foreach(prop INCLUDE_DIRECTORIES LINK_LIBRARIES COMPILE_OPTIONS CXX_STANDARD
               CXX_STANDARD_REQUIRED CUDA_STANDARD COMPILE_DEFINITIONS)
    get_target_property(value ${from} ${prop})
    if(value)
      set_property(TARGET ${to} PROPERTY ${prop} "${value}")
    endif()
  endforeach()
  set_property(TARGET ${to} PROPERTY POSITION_INDEPENDENT_CODE ON)
endfunction()

function(_opgen_add_custom_op _opgen_target cxx_std)
  set(target ${_opgen_target})
  _opgen_parse_custom_op_args(${ARGN})
  _opgen_build_plan(plan ${target} ${cxx_std} ${ARGN})
  # One custom command per step, in the graph's directory and environment.
  _opgen_json(dir "${plan}" build working_directory)
  _opgen_json(environment "${plan}" build environment)
  set(run "")
  if(environment)
    set(run ${CMAKE_COMMAND} -E env ${environment})
  endif()
  _opgen_json(steps "${plan}" build steps)
  foreach(i IN LISTS steps)
    foreach(key argv inputs outputs byproducts clean depfile comment)
      _opgen_json(${key} "${plan}" build steps ${i} ${key})
    endforeach()
    if(depfile)
      set(depfile DEPFILE ${depfile})
    endif()
    set_property(DIRECTORY APPEND PROPERTY ADDITIONAL_CLEAN_FILES ${clean})
    add_custom_command(OUTPUT ${outputs} BYPRODUCTS ${byproducts}
      COMMAND ${run} ${argv} DEPENDS ${inputs} ${depfile}
      WORKING_DIRECTORY ${dir} COMMENT "${comment}" VERBATIM)
  endforeach()
  # The library of the graph's translation units; every compile waits for the generation.
  foreach(key unity precompile_generated glue pch_header generated_pch_header defines
              cuda_defines cuda_options cxx_options stable editor_sources output_directory
              glue_options glue_configs cxx_launcher generated_cxx_launcher)
    _opgen_json(${key} "${plan}" build library ${key})
  endforeach()
  set(library_sources "")
  _opgen_json(indices "${plan}" build library sources)
  foreach(i IN LISTS indices)
    _opgen_json(path "${plan}" build library sources ${i} path)
    _opgen_json(includes "${plan}" build library sources ${i} includes)
    if(includes)
      set_source_files_properties(${path} PROPERTIES OBJECT_DEPENDS "${includes}")
    endif()
    if(NOT (precompile_generated AND path STREQUAL unity))
      list(APPEND library_sources ${path})
    endif()
  endforeach()
  if(precompile_generated)
    # First, so that Ninja starts its compile, the longest, first.
    add_library(${target}_generated OBJECT ${unity})
  endif()
  add_library(${target} SHARED ${library_sources})
  add_dependencies(${target} ${target}_generate)
  target_include_directories(${target} PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/${target}_gen
                                               ${ARG_INCLUDE_DIRECTORIES})
  # Python.h, as torch.utils.cpp_extension gives it; no libpython linked.
  get_property(python_includes GLOBAL PROPERTY _OPGEN_PYTHON_INCLUDES)
  target_include_directories(${target} SYSTEM PRIVATE ${python_includes})
  if(stable)
    # Only libtorch_cpu's file, the stable C shim's home: no libc10, no torch definitions.
    get_target_property(torch_includes torch INTERFACE_INCLUDE_DIRECTORIES)
    target_link_libraries(${target} PRIVATE opgen::runtime $<TARGET_FILE:torch_cpu>)
    target_include_directories(${target} SYSTEM PRIVATE ${torch_includes})
  else()
    target_link_libraries(${target} PRIVATE opgen::runtime torch)
  endif()
  target_compile_definitions(${target} PRIVATE ${defines} "$<$<COMPILE_LANGUAGE:CUDA>:${cuda_defines}>")
  target_compile_options(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${cxx_options}>"
                                           "$<$<COMPILE_LANGUAGE:CUDA>:${cuda_options}>")
  set_target_properties(${target} PROPERTIES CXX_STANDARD ${cxx_std} CXX_STANDARD_REQUIRED ON
    CUDA_STANDARD ${cxx_std} LIBRARY_OUTPUT_DIRECTORY ${output_directory} PREFIX "lib"
    OUTPUT_NAME ${target} OPGEN_GENERATED_DIR ${CMAKE_CURRENT_BINARY_DIR}/${target}_gen
    OPGEN_PYTHON_DIR ${CMAKE_CURRENT_BINARY_DIR}/python CXX_COMPILER_LAUNCHER "${cxx_launcher}")
  if(pch_header)
    target_precompile_headers(${target} PRIVATE "$<$<COMPILE_LANGUAGE:CXX>:${pch_header}>")
  endif()
  if(precompile_generated)
    _opgen_copy_compile_settings(${target} ${target}_generated)
    target_precompile_headers(${target}_generated PRIVATE ${generated_pch_header})
    set_property(TARGET ${target}_generated PROPERTY CXX_COMPILER_LAUNCHER ${generated_cxx_launcher})
    add_dependencies(${target}_generated ${target}_generate)
    target_sources(${target} PRIVATE $<TARGET_OBJECTS:${target}_generated>)
  endif()
  if(glue_options AND glue_configs)
    string(REPLACE ";" "," glue_configs "${glue_configs}")
    set(glue_options "$<$<CONFIG:${glue_configs}>:${glue_options}>")
  endif()
  if(glue_options AND precompile_generated)
    target_compile_options(${target}_generated PRIVATE "${glue_options}")
  elseif(glue_options)
    set_property(SOURCE ${glue} APPEND PROPERTY COMPILE_OPTIONS "${glue_options}")
  endif()
  _opgen_json(targets "${plan}" build targets)
  foreach(i IN LISTS targets)
    foreach(key name all depends)
      _opgen_json(${key} "${plan}" build targets ${i} ${key})
    endforeach()
    set(all_ON ALL) # built by default
    add_custom_target(${name} ${all_${all}} DEPENDS ${depends})
  endforeach()
  # For editors (clangd): the annotated sources with their flags, never built by default.
  if(editor_sources)
    add_library(${target}_sources OBJECT EXCLUDE_FROM_ALL ${editor_sources})
    _opgen_copy_compile_settings(${target} ${target}_sources)
  endif()
  string(JSON install TYPE "${plan}" build install)
  if(NOT install STREQUAL "NULL")
    _opgen_json(python_dir "${plan}" build install python_dir)
    set(OPGEN_PYTHON_INSTALL_DIR "${python_dir}" CACHE STRING
        "Where add_custom_op() installs Python packages, relative to CMAKE_INSTALL_PREFIX")
    _opgen_json(destination "${plan}" build install library)
    set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN")
    install(TARGETS ${target} LIBRARY DESTINATION "${destination}")
    _opgen_json(files "${plan}" build install files)
    foreach(i IN LISTS files)
      _opgen_json(path "${plan}" build install files ${i} path)
      _opgen_json(destination "${plan}" build install files ${i} destination)
      install(FILES ${path} DESTINATION "${destination}")
    endforeach()
  endif()
  _opgen_json(tests "${plan}" build tests)
  foreach(i IN LISTS tests)
    foreach(key name argv environment)
      _opgen_json(${key} "${plan}" build tests ${i} ${key})
    endforeach()
    add_test(NAME ${name} COMMAND ${argv})
    set_tests_properties(${name} PROPERTIES ENVIRONMENT "${environment}")
  endforeach()
  if(stable AND NOT ARG_NO_TESTS)
    # The library needs no libtorch C++ symbol, only the stable C shim.
    add_test(NAME ${target}_stable_symbols COMMAND ${CMAKE_COMMAND}
      -DLIBRARY=$<TARGET_FILE:${target}> -P ${_OPGEN_CMAKE_DIR}/OpgenStableSymbols.cmake)
  endif()
endfunction()
