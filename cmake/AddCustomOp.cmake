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
#   [NO_PREAMBLE]                  parse every source in full (no shared
#                                  precompiled preamble)
#   [WERROR]                       opgen's warnings are errors (opgen --Werror
#                                  in every step; OPGEN_WERROR: every library)
#   [NO_DEFAULT_OPTIMIZATION]      with no CMAKE_BUILD_TYPE, CMake's default
#                                  flags instead of -O3 -DNDEBUG
#   [NO_TESTS])
#
# Runs opgen at build time, in two kinds of steps: one `opgen --discover`
# per source, which parses it and writes what it found to
# <target>_gen/discover/<file>.json (again whenever the source or a header it
# includes changes, through a depfile; the record is rewritten only when its
# content changes), and one `opgen --combine` over all records, which checks
# the library and writes the generated files (each only when its content
# changes). The discovery of a compiled source also writes its shard, which
# depends on that source alone, so with Ninja the shard compiles as soon as
# its source is parsed. An edit re-parses only the edited source, and
# rebuilds only the objects whose generated files changed. Builds the kernels and the
# generated registration into the shared library <target> linked against
# Torch, lays out the Python package in
# ${CMAKE_CURRENT_BINARY_DIR}/python/<package> (library included) and adds
# the generated opcheck tests to ctest. OPGEN_ARGS go to both kinds of step.
# Before the discoveries, one `opgen --build-preamble` per language
# precompiles the system headers that every C++ source, and every CUDA
# source, includes first (<target>_gen/preamble/cxx.pch and cuda.pch,
# rebuilt when one of those headers, the flags or opgen change), and each
# source's discovery loads its language's instead of parsing them again.
# The PCHs lie in the preamble cache OPGEN_PREAMBLE_CACHE (by default
# ~/.cache/opgen/preambles), so that a clean build, or another build
# directory, finds them built.
# Install rules put the library and the package into
# <OPGEN_PYTHON_INSTALL_DIR>/<package> and ops.h into include/<package>
# (docs/packaging.md), unless OPGEN_INSTALL_OP_LIBRARIES is OFF.
#
# Needs: opgen_EXECUTABLE and opgen_RUNTIME_INCLUDE_DIR (set by this
# repository or by find_package(opgen)), and a Python with torch: the one
# the build is for (_opgen_select_python), whose torch is found here when the
# project has not found it, and must be the torch found when it has.

include_guard(GLOBAL)
set(_OPGEN_CMAKE_DIR ${CMAKE_CURRENT_LIST_DIR})
include(${CMAKE_CURRENT_LIST_DIR}/OpgenOutputs.cmake)

# The Python add_custom_op() builds for (docs/cmake.md#which-torch): its
# torch is the one the op library is compiled and linked against, and the
# one its tests run with. In order: OPGEN_PYTHON when the project or the
# user sets it; else Python3_EXECUTABLE / Python_EXECUTABLE (scikit-build-core
# sets both to the interpreter running the build; find_package(Python3) sets
# the first); else the active virtual environment ($VIRTUAL_ENV); else
# find_package(Python3 COMPONENTS Interpreter). Never a path of the machine
# opgen was built on. Sets OPGEN_PYTHON in the caller's scope (a variable,
# not the cache: a later configure in another environment chooses again)
# and reports the choice once.
function(_opgen_select_python)
  get_property(chosen GLOBAL PROPERTY _OPGEN_BUILD_PYTHON)
  if(OPGEN_PYTHON AND NOT OPGEN_PYTHON STREQUAL chosen)
    set(python "${OPGEN_PYTHON}")
    set(how "OPGEN_PYTHON")
  elseif(chosen)
    set(python "${chosen}")
    get_property(how GLOBAL PROPERTY _OPGEN_BUILD_PYTHON_HOW)
  elseif(Python3_EXECUTABLE)
    set(python "${Python3_EXECUTABLE}")
    set(how "Python3_EXECUTABLE")
  elseif(Python_EXECUTABLE)
    set(python "${Python_EXECUTABLE}")
    set(how "Python_EXECUTABLE")
  elseif(DEFINED ENV{VIRTUAL_ENV} AND EXISTS "$ENV{VIRTUAL_ENV}/bin/python")
    set(python "$ENV{VIRTUAL_ENV}/bin/python")
    set(how "the active virtual environment, VIRTUAL_ENV")
  else()
    find_package(Python3 COMPONENTS Interpreter)
    if(NOT Python3_FOUND)
      message(FATAL_ERROR "add_custom_op: no Python interpreter found; torch must be "
        "importable by the Python the op library is built for: pass "
        "-DOPGEN_PYTHON=<python with torch>, or activate its virtual environment")
    endif()
    set(python "${Python3_EXECUTABLE}")
    set(how "find_package(Python3)")
  endif()
  set_property(GLOBAL PROPERTY _OPGEN_BUILD_PYTHON "${python}")
  set_property(GLOBAL PROPERTY _OPGEN_BUILD_PYTHON_HOW "${how}")
  set(OPGEN_PYTHON "${python}" PARENT_SCOPE)
endfunction()

# The version "MAJOR.MINOR.PATCH" of the torch headers in <include_dirs>
# (torch/headeronly/version.h, or torch/version.h of torch's C++ API in
# releases before it), or "" when none says.
function(_opgen_header_torch_version out include_dirs)
  set(${out} "" PARENT_SCOPE)
  foreach(dir ${include_dirs})
    foreach(h torch/headeronly/version.h torch/version.h)
      if(EXISTS "${dir}/${h}")
        file(STRINGS "${dir}/${h}" lines REGEX "^#define TORCH_VERSION_(MAJOR|MINOR|PATCH) ")
        if(lines MATCHES "MAJOR ([0-9]+)")
          set(major ${CMAKE_MATCH_1})
          string(REGEX MATCH "MINOR ([0-9]+)" _ "${lines}")
          set(minor ${CMAKE_MATCH_1})
          string(REGEX MATCH "PATCH ([0-9]+)" _ "${lines}")
          set(${out} "${major}.${minor}.${CMAKE_MATCH_1}" PARENT_SCOPE)
          set(${out}_FILE "${dir}/${h}" PARENT_SCOPE)
          return()
        endif()
      endif()
    endforeach()
  endforeach()
endfunction()

# Makes sure the imported target `torch` exists (targets outlive the
# function scope that finds them), found through the torch of OPGEN_PYTHON
# (_opgen_select_python), and that it is that torch: torch headers of
# another version (a find_package(Torch) of the project with Torch_DIR or
# CMAKE_PREFIX_PATH naming another torch, a Torch_DIR left in the cache by
# another environment) are a configuration error naming both.
function(_opgen_find_torch)
  get_property(checked GLOBAL PROPERTY _OPGEN_TORCH_CHECKED)
  if(checked STREQUAL "${OPGEN_PYTHON}" AND TARGET torch)
    return()
  endif()
  execute_process(COMMAND "${OPGEN_PYTHON}" -c
      "import torch, torch.utils; print(torch.__version__); print(torch.utils.cmake_prefix_path); print(torch.__file__)"
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  get_property(how GLOBAL PROPERTY _OPGEN_BUILD_PYTHON_HOW)
  if(NOT rc EQUAL 0)
    string(STRIP "${err}" err)
    string(REGEX REPLACE ".*\n" "" err "${err}")
    message(FATAL_ERROR "add_custom_op: the Python the op library is built for, "
      "${OPGEN_PYTHON} (from ${how}), cannot import torch (${err}). torch must be "
      "importable by the Python of the build: install torch there, or choose another "
      "Python with -DOPGEN_PYTHON=<python with torch> or by activating its virtual "
      "environment; with pip, build with --no-build-isolation in an environment that "
      "has torch (or list torch in [build-system] requires).")
  endif()
  string(REPLACE "\n" ";" lines "${out}")
  list(GET lines 0 version)
  list(GET lines 1 prefix)
  list(GET lines 2 module)
  if(NOT TARGET torch)
    list(PREPEND CMAKE_PREFIX_PATH "${prefix}")
    find_package(Torch REQUIRED)
  endif()
  get_target_property(includes torch INTERFACE_INCLUDE_DIRECTORIES)
  _opgen_header_torch_version(header_version "${includes}")
  string(REGEX MATCH "^[0-9]+\\.[0-9]+\\.[0-9]+" python_version "${version}")
  if(header_version AND NOT header_version STREQUAL python_version)
    set(where "")
    if(Torch_DIR)
      set(where ", Torch_DIR=${Torch_DIR}")
    endif()
    message(FATAL_ERROR "add_custom_op: the torch headers found are torch "
      "${header_version} (${header_version_FILE}${where}), but the Python the op "
      "library is built for, ${OPGEN_PYTHON} (from ${how}), has torch ${version} "
      "(${module}). An op library must be built against the torch it runs with: "
      "remove the other torch from Torch_DIR / CMAKE_PREFIX_PATH (or from the cache: "
      "a fresh build directory), or choose the Python of that torch with "
      "-DOPGEN_PYTHON=<python>.")
  endif()
  if(NOT checked STREQUAL "${OPGEN_PYTHON}")
    message(STATUS "opgen: add_custom_op builds against torch ${version} of "
                   "${OPGEN_PYTHON} (from ${how})")
  endif()
  set_property(GLOBAL PROPERTY _OPGEN_TORCH_CHECKED "${OPGEN_PYTHON}")
  set_property(GLOBAL PROPERTY _OPGEN_TORCH_VERSION "${version}")
endfunction()

# The C++ standard torch's headers need, at least C++17: torch 2.11 builds
# with C++17, newer releases' TorchConfig asks for C++20 (as a compile
# feature, or as a -std flag when the compiler reports none).
function(_opgen_torch_cxx_standard out)
  set(std 17)
  get_target_property(features torch INTERFACE_COMPILE_FEATURES)
  get_target_property(options torch INTERFACE_COMPILE_OPTIONS)
  if("${features}" MATCHES "cxx_std_20" OR "${options}" MATCHES "std=c\\+\\+20")
    set(std 20)
  endif()
  set(${out} ${std} PARENT_SCOPE)
  # CMake before 3.26 knows no C++20 dialect of nvcc (which has one since
  # CUDA 12): name its flag, in the calling directory's scope.
  if(std EQUAL 20 AND CMAKE_CUDA_COMPILER_ID STREQUAL "NVIDIA"
     AND NOT DEFINED CMAKE_CUDA20_STANDARD_COMPILE_OPTION)
    set(CMAKE_CUDA20_STANDARD_COMPILE_OPTION "-std=c++20" PARENT_SCOPE)
    set(CMAKE_CUDA20_EXTENSION_COMPILE_OPTION "-std=c++20" PARENT_SCOPE)
  endif()
endfunction()

# CUDA architectures built when the project sets none and the environment
# has no CUDAARCHS (CUDA 13 supports Turing and newer): Turing, Ampere, Ada,
# Hopper.
set(OPGEN_DEFAULT_CUDA_ARCHITECTURES "75;80;86;89;90" CACHE STRING
    "CMAKE_CUDA_ARCHITECTURES used by add_custom_op when the project sets none")

# The flags torch's own extension builds give nvcc
# (torch.utils.cpp_extension's COMMON_NVCC_FLAGS): c10::Half and
# c10::BFloat16 compare and convert through their own operators, not also
# through CUDA's __half ones (which makes `h > x` ambiguous), and constexpr
# functions of the standard library are callable in device code.
# add_custom_op compiles the CUDA sources of an op library with them, and
# opgen parses those sources with the same macros, so that what it discovers
# is what nvcc compiles.
set(_opgen_torch_nvcc_defines
  __CUDA_NO_HALF_OPERATORS__ __CUDA_NO_HALF_CONVERSIONS__
  __CUDA_NO_BFLOAT16_CONVERSIONS__ __CUDA_NO_HALF2_OPERATORS__)
set(_opgen_torch_nvcc_options --expt-relaxed-constexpr)

# ON: with no build type (a single-configuration generator and
# CMAKE_BUILD_TYPE empty), op libraries are compiled optimized, -O3 and
# NDEBUG for C++ and CUDA, as torch.utils.cpp_extension's setup.py builds
# (Python's CFLAGS, -DNDEBUG -O2/-O3) and extension-cpp's -O3 are; a build
# type the project or the user chooses (Debug, ...) is always respected.
# OFF, or add_custom_op(... NO_DEFAULT_OPTIMIZATION): CMake's own default,
# no optimization flag.
option(OPGEN_DEFAULT_OPTIMIZATION
  "add_custom_op: compile op libraries with -O3 -DNDEBUG when no CMAKE_BUILD_TYPE is set" ON)

# ON: every add_custom_op runs opgen with --Werror, as its WERROR keyword
# does for one library: opgen's warnings fail the build.
option(OPGEN_WERROR "add_custom_op: treat opgen's warnings as errors (opgen --Werror)" OFF)

# Where the precompiled preambles are kept across build directories and
# clean builds (opgen --build-preamble --preamble-cache; docs/cmake.md):
# by default the environment's OPGEN_PREAMBLE_CACHE, else
# $OPGEN_CACHE/preambles (scripts/setup.sh's cache), else
# $XDG_CACHE_HOME/opgen/preambles, else ~/.cache/opgen/preambles. Empty:
# each build directory builds its own.
if(DEFINED ENV{OPGEN_PREAMBLE_CACHE})
  set(_opgen_default_preamble_cache "$ENV{OPGEN_PREAMBLE_CACHE}")
elseif(DEFINED ENV{OPGEN_CACHE} AND NOT "$ENV{OPGEN_CACHE}" STREQUAL "")
  set(_opgen_default_preamble_cache "$ENV{OPGEN_CACHE}/preambles")
elseif(DEFINED ENV{XDG_CACHE_HOME} AND NOT "$ENV{XDG_CACHE_HOME}" STREQUAL "")
  set(_opgen_default_preamble_cache "$ENV{XDG_CACHE_HOME}/opgen/preambles")
elseif(DEFINED ENV{HOME} AND NOT "$ENV{HOME}" STREQUAL "")
  set(_opgen_default_preamble_cache "$ENV{HOME}/.cache/opgen/preambles")
else()
  set(_opgen_default_preamble_cache "")
endif()
set(OPGEN_PREAMBLE_CACHE "${_opgen_default_preamble_cache}" CACHE PATH
    "Directory that keeps add_custom_op's precompiled preambles across build directories and clean builds (empty: none)")

# The step that builds the shared precompiled preamble <pch> of <sources>,
# the sources of one preamble group of the Plan (a preamble is for one
# language, <language>; opgen --build-preamble, parsed with <compiler_args>
# as their discoveries are). Sets <args_var> to the discovery arguments that
# use it and <depends_var> to what a discovery then depends on (its
# manifest, rewritten only when the preamble is).
function(_opgen_add_preamble pch language sources opgen_args compiler_args args_var depends_var)
  get_filename_component(dir ${pch} DIRECTORY)
  file(MAKE_DIRECTORY ${dir})
  # The PCH and its include lines are not byproducts: when no preamble fits
  # (a source begins with a user header) they are not written, and ninja
  # would run the step again on every build. Discoveries depend on the
  # manifest, which says whether there is one.
  set_property(DIRECTORY APPEND PROPERTY ADDITIONAL_CLEAN_FILES ${pch} ${pch}.h)
  set(cache "")
  if(OPGEN_PREAMBLE_CACHE)
    set(cache --preamble-cache ${OPGEN_PREAMBLE_CACHE})
  endif()
  add_custom_command(
    OUTPUT ${pch}.json
    COMMAND ${opgen_EXECUTABLE} --build-preamble ${sources} -o ${pch}
            --depfile ${pch}.d ${cache} ${opgen_args} -- ${compiler_args}
    DEPENDS ${sources} ${opgen_EXECUTABLE}
    DEPFILE ${pch}.d
    WORKING_DIRECTORY ${CMAKE_CURRENT_SOURCE_DIR}
    COMMENT "opgen: precompiling the common system headers of the ${language} sources"
    VERBATIM)
  set(${args_var} --preamble ${pch} PARENT_SCOPE)
  set(${depends_var} ${pch}.json PARENT_SCOPE)
endfunction()

# For editors (clangd): the annotated sources themselves, with the flags
# they are compiled with, in compile_commands.json. The library compiles
# them only through the generated shards that include them, so they are
# listed by an object library of their own, <target>_sources, which is
# never built by default.
function(_opgen_add_editor_sources target compiled)
  if(NOT compiled)
    return()
  endif()
  add_library(${target}_sources OBJECT EXCLUDE_FROM_ALL ${compiled})
  foreach(prop INCLUDE_DIRECTORIES LINK_LIBRARIES COMPILE_OPTIONS
               CXX_STANDARD CXX_STANDARD_REQUIRED CUDA_STANDARD
               COMPILE_DEFINITIONS)
    get_target_property(value ${target} ${prop})
    if(value)
      set_property(TARGET ${target}_sources PROPERTY ${prop} "${value}")
    endif()
  endforeach()
  set_property(TARGET ${target}_sources PROPERTY POSITION_INDEPENDENT_CODE ON)
endfunction()

# Where add_custom_op() installs Python packages, relative to
# CMAKE_INSTALL_PREFIX: "." under scikit-build-core (its install prefix is
# the wheel's platlib), else OPGEN_PYTHON's site-packages layout
# (lib/python3.X/site-packages), so that `cmake --install build --prefix <venv>`
# installs into that environment.
function(_opgen_python_install_dir out_var)
  if(DEFINED OPGEN_PYTHON_INSTALL_DIR)
    set(${out_var} "${OPGEN_PYTHON_INSTALL_DIR}" PARENT_SCOPE)
    return()
  endif()
  set(dir "")
  if(DEFINED SKBUILD_PLATLIB_DIR OR DEFINED SKBUILD)
    set(dir ".")
  elseif(OPGEN_PYTHON)
    execute_process(COMMAND "${OPGEN_PYTHON}" -c
      "import sysconfig; print(sysconfig.get_path('platlib', vars={'base': '', 'platbase': ''}).lstrip('/'))"
      OUTPUT_VARIABLE dir OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
      set(dir "")
    endif()
  endif()
  if(dir STREQUAL "")
    set(dir "lib/python/site-packages")
  endif()
  set(OPGEN_PYTHON_INSTALL_DIR "${dir}" CACHE STRING
      "Where add_custom_op() installs Python packages, relative to CMAKE_INSTALL_PREFIX")
  set(${out_var} "${dir}" PARENT_SCOPE)
endfunction()

# The outputs the Plan <plan> installs under <root> (python: the Python
# packages; include: the C++ headers), in the Plan's order: their paths in
# the generated directory into <paths_var>, the directory each goes to under
# <root> into <dirs_var> (never empty: the Plan names a package directory).
function(_opgen_plan_installed plan root paths_var dirs_var)
  set(paths "")
  set(dirs "")
  string(JSON n LENGTH "${plan}" outputs)
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON install TYPE "${plan}" outputs ${i} install)
    if(install STREQUAL "NULL")
      continue()
    endif()
    string(JSON install_root GET "${plan}" outputs ${i} install root)
    if(NOT install_root STREQUAL root)
      continue()
    endif()
    string(JSON path GET "${plan}" outputs ${i} path)
    string(JSON dir GET "${plan}" outputs ${i} install dir)
    list(APPEND paths "${path}")
    list(APPEND dirs "${dir}")
  endforeach()
  set(${paths_var} "${paths}" PARENT_SCOPE)
  set(${dirs_var} "${dirs}" PARENT_SCOPE)
endfunction()

# Install rules of one op library (docs/packaging.md): the library and the
# generated Python modules into <python dir>/<package>/, the library with
# RPATH $ORIGIN (the generated __init__.py loads it from beside itself), and
# the C++ entry points (<gen>/include/<package>/ops.h) into include/<package>/
# (<python dir>/<package>/include/<package>/ under scikit-build-core).
# Off when OPGEN_INSTALL_OP_LIBRARIES is set to OFF (opgen's own kernels and
# tests).
function(_opgen_install_custom_op target package gen plan)
  if(DEFINED OPGEN_INSTALL_OP_LIBRARIES AND NOT OPGEN_INSTALL_OP_LIBRARIES)
    return()
  endif()
  _opgen_python_install_dir(python_dir)
  set(pkg_dest "${python_dir}/${package}")
  set_target_properties(${target} PROPERTIES INSTALL_RPATH "$ORIGIN")
  install(TARGETS ${target} LIBRARY DESTINATION "${pkg_dest}")
  if(DEFINED SKBUILD_PLATLIB_DIR OR DEFINED SKBUILD)
    set(include_dest "${pkg_dest}/include")
  else()
    include(GNUInstallDirs)
    set(include_dest "${CMAKE_INSTALL_INCLUDEDIR}")
  endif()
  # Each output the Plan installs, into its directory under the Python
  # packages (python) or the C++ headers (include).
  foreach(root python include)
    if(root STREQUAL "python")
      set(dest "${python_dir}")
    else()
      set(dest "${include_dest}")
    endif()
    _opgen_plan_installed("${plan}" ${root} paths dirs)
    foreach(path dir IN ZIP_LISTS paths dirs)
      install(FILES ${gen}/${path} DESTINATION "${dest}/${dir}")
    endforeach()
  endforeach()
endfunction()

# The arguments of add_custom_op(), parsed into ARG_* of the calling
# function.
macro(_opgen_parse_custom_op_args)
  cmake_parse_arguments(ARG "NO_TESTS;NO_PYTHON_PACKAGE;NO_PREAMBLE;STABLE_ABI;WERROR;NO_DEFAULT_OPTIMIZATION"
                        "PYTHON_PACKAGE;SAMPLES;FAKE_MODULE;PYTHON_MODULE;TARGET_TORCH"
                        "SOURCES;INCLUDE_DIRECTORIES;OPGEN_ARGS;COMPILER_ARGS" ${ARGN})
endmacro()

# The Plan of add_custom_op(<target> ...) (opgen_list_outputs), in
# <out_var>.
function(_opgen_custom_op_plan out_var target)
  _opgen_parse_custom_op_args(${ARGN})
  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "add_custom_op(${target}): SOURCES is required")
  endif()
  if(NOT ARG_PYTHON_PACKAGE)
    set(ARG_PYTHON_PACKAGE ${target})
  endif()
  set(sources "")
  foreach(src ${ARG_SOURCES})
    get_filename_component(abs ${src} ABSOLUTE)
    list(APPEND sources ${abs})
  endforeach()
  set(args "")
  if(ARG_FAKE_MODULE)
    get_filename_component(fake_abs ${ARG_FAKE_MODULE} ABSOLUTE)
    list(APPEND args FAKE_MODULE ${fake_abs})
  endif()
  if(ARG_PYTHON_MODULE)
    list(APPEND args PYTHON_MODULE ${ARG_PYTHON_MODULE})
  endif()
  if(ARG_NO_PYTHON_PACKAGE)
    list(APPEND args NO_PYTHON_PACKAGE)
  endif()
  opgen_list_outputs(outputs PYTHON_PACKAGE ${ARG_PYTHON_PACKAGE} ${args}
                     SOURCES ${sources})
  set(${out_var} "${outputs_PLAN}" PARENT_SCOPE)
endfunction()

# Whether the Plan <plan> has a CUDA source, in <out_var>.
function(_opgen_plan_has_cuda out_var plan)
  set(${out_var} FALSE PARENT_SCOPE)
  string(JSON n LENGTH "${plan}" sources)
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON language GET "${plan}" sources ${i} language)
    if(language STREQUAL "CUDA")
      set(${out_var} TRUE PARENT_SCOPE)
    endif()
  endforeach()
endfunction()

# A macro, so that enable_language(CUDA) runs in the caller's scope (CMake
# refuses it inside a function).
# The Plan (opgen --list-outputs) is made first, in _opgen_plan, which
# _opgen_add_custom_op reads: whether a source is CUDA is opgen's to say.
macro(add_custom_op _opgen_target)
  _opgen_custom_op_plan(_opgen_plan ${_opgen_target} ${ARGN})
  _opgen_plan_has_cuda(_opgen_has_cuda "${_opgen_plan}")
  # CUDA enabled in a sibling directory only (another add_custom_op there)
  # leaves this directory without its CMAKE_CUDA_* rules: enable it here too.
  if(_opgen_has_cuda AND NOT DEFINED CMAKE_CUDA_COMPILE_OBJECT)
    if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES AND NOT DEFINED ENV{CUDAARCHS})
      set(CMAKE_CUDA_ARCHITECTURES "${OPGEN_DEFAULT_CUDA_ARCHITECTURES}")
    endif()
    enable_language(CUDA)
  endif()
  _opgen_select_python()
  _opgen_add_custom_op(${_opgen_target} ${ARGN})
endmacro()

# Reads the Plan from _opgen_plan (add_custom_op).
function(_opgen_add_custom_op target)
  _opgen_parse_custom_op_args(${ARGN})
  set(plan "${_opgen_plan}")
  # WERROR (or OPGEN_WERROR): --Werror goes with OPGEN_ARGS to every opgen
  # step (preambles, discoveries and the shards they write, the combine).
  if(ARG_WERROR OR OPGEN_WERROR)
    list(APPEND ARG_OPGEN_ARGS --Werror)
  endif()
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
    # opgen's default (support/TorchTarget.h), from the Plan.
    string(JSON default_target GET "${plan}" stable_target_torch)
    if(NOT ARG_TARGET_TORCH)
      set(ARG_TARGET_TORCH ${default_target})
    endif()
    if(NOT ARG_TARGET_TORCH MATCHES "^([0-9]+)\\.([0-9]+)$")
      message(FATAL_ERROR "add_custom_op(${target}): TARGET_TORCH must be "
                          "MAJOR.MINOR, e.g. ${default_target}, not '${ARG_TARGET_TORCH}'")
    endif()
    # torch/csrc/stable/version.h: major << 56 | minor << 48.
    math(EXPR torch_version "(${CMAKE_MATCH_1} << 56) | (${CMAKE_MATCH_2} << 48)"
         OUTPUT_FORMAT HEXADECIMAL)
    set(stable_define -DTORCH_TARGET_VERSION=${torch_version})
  endif()
  _opgen_torch_cxx_standard(cxx_std)
  foreach(v CMAKE_CUDA20_STANDARD_COMPILE_OPTION CMAKE_CUDA20_EXTENSION_COMPILE_OPTION)
    if(DEFINED ${v})
      set(${v} "${${v}}" PARENT_SCOPE)
    endif()
  endforeach()

  set(gen ${CMAKE_CURRENT_BINARY_DIR}/${target}_gen)
  set(pkg_dir ${CMAKE_CURRENT_BINARY_DIR}/python/${ARG_PYTHON_PACKAGE})
  set(stamp ${gen}/opgen.stamp)

  # Everything opgen writes, as its Plan names it (`opgen --list-outputs`,
  # OpgenOutputs.cmake): the one table of generated files is opgen's.
  opgen_plan_files(outputs "${plan}")
  set(fake_abs "")
  if(ARG_FAKE_MODULE)
    get_filename_component(fake_abs ${ARG_FAKE_MODULE} ABSOLUTE)
  endif()
  # --python-module and --no-python-package, for the combine.
  set(python_args "")
  if(ARG_PYTHON_MODULE)
    list(APPEND python_args --python-module ${ARG_PYTHON_MODULE})
  endif()
  if(ARG_NO_PYTHON_PACKAGE)
    list(APPEND python_args --no-python-package)
  endif()
  # The sources, in the Plan's order, and the compiled ones.
  string(JSON source_count LENGTH "${plan}" sources)
  math(EXPR last_source "${source_count} - 1")
  set(sources "")
  set(compiled_sources "")
  foreach(i RANGE ${last_source})
    string(JSON abs GET "${plan}" sources ${i} path)
    string(JSON is_compiled GET "${plan}" sources ${i} compiled)
    list(APPEND sources ${abs})
    if(is_compiled)
      list(APPEND compiled_sources ${abs})
    endif()
  endforeach()
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
  set(compiler_args -std=c++${cxx_std} ${ARG_COMPILER_ARGS} ${stable_define}
                    -isystem${opgen_RUNTIME_INCLUDE_DIR})
  foreach(dir ${ARG_INCLUDE_DIRECTORIES})
    get_filename_component(dir_abs ${dir} ABSOLUTE)
    list(APPEND compiler_args -I${dir_abs})
  endforeach()
  get_target_property(torch_includes torch INTERFACE_INCLUDE_DIRECTORIES)
  foreach(dir ${torch_includes})
    list(APPEND compiler_args -isystem${dir})
  endforeach()
  # A CUDA source is parsed with the macros nvcc compiles it with.
  set(cuda_parse_args "")
  foreach(define ${_opgen_torch_nvcc_defines})
    list(APPEND cuda_parse_args -D${define})
  endforeach()

  # The shared precompiled preambles, one per preamble group of the Plan
  # (the C++ sources, the CUDA sources): preamble_args_<group> and
  # preamble_depends_<group>.
  if(NOT ARG_NO_PREAMBLE)
    string(JSON preamble_count LENGTH "${plan}" preambles)
    if(preamble_count GREATER 0)
      math(EXPR last_preamble "${preamble_count} - 1")
      foreach(i RANGE ${last_preamble})
        string(JSON language GET "${plan}" preambles ${i} language)
        string(JSON pch GET "${plan}" preambles ${i} path)
        string(JSON n LENGTH "${plan}" preambles ${i} sources)
        math(EXPR last "${n} - 1")
        set(selected "")
        foreach(j RANGE ${last})
          string(JSON src GET "${plan}" preambles ${i} sources ${j})
          list(APPEND selected ${src})
        endforeach()
        string(MAKE_C_IDENTIFIER "${language}" group)
        set(preamble_compiler_args ${compiler_args})
        if(language STREQUAL "CUDA")
          list(APPEND preamble_compiler_args ${cuda_parse_args})
        endif()
        _opgen_add_preamble(${gen}/${pch} "${language}" "${selected}"
                            "${ARG_OPGEN_ARGS}" "${preamble_compiler_args}"
                            preamble_args_${group} preamble_depends_${group})
      endforeach()
    endif()
  endif()

  # One discovery per source; ninja runs them in parallel. Ninja skips the
  # steps after an unchanged record (restat); other generators compare
  # times, so there the record is touched. The discovery of a compiled
  # source also writes its shard and declarations header (--write-shards),
  # which depend on that source alone: its shard compiles as soon as it is
  # parsed, while the other sources are still being parsed; the combine
  # writes registration.cpp and the shared files.
  set(discovery_args "")
  if(ARG_STABLE_ABI)
    list(APPEND discovery_args --stable-abi)
  endif()
  set(records "")
  foreach(i RANGE ${last_source})
    string(JSON abs GET "${plan}" sources ${i} path)
    string(JSON record GET "${plan}" sources ${i} record)
    string(JSON shard GET "${plan}" sources ${i} shard)
    string(JSON group GET "${plan}" sources ${i} preamble)
    string(JSON language GET "${plan}" sources ${i} language)
    set(source_compiler_args ${compiler_args})
    if(language STREQUAL "CUDA")
      list(APPEND source_compiler_args ${cuda_parse_args})
    endif()
    set(record ${gen}/${record})
    set(touch_record "")
    if(NOT CMAKE_GENERATOR MATCHES "Ninja")
      set(touch_record COMMAND ${CMAKE_COMMAND} -E touch ${record})
    endif()
    file(RELATIVE_PATH shown ${CMAKE_CURRENT_SOURCE_DIR} ${abs})
    set(record_preamble "")
    set(record_preamble_depends "")
    if(group)
      string(MAKE_C_IDENTIFIER "${group}" group)
      set(record_preamble ${preamble_args_${group}})
      set(record_preamble_depends ${preamble_depends_${group}})
    endif()
    # The source's shard and declarations header: the Plan's outputs of
    # this source. (A second source of the same file name has none: the
    # combine refuses the library, DuplicateShard.)
    set(shard_args "")
    set(shard_files "")
    if(shard)
      set(shard_args --write-shards ${gen})
      string(JSON n LENGTH "${plan}" outputs)
      math(EXPR last "${n} - 1")
      foreach(j RANGE ${last})
        string(JSON of GET "${plan}" outputs ${j} source)
        if(of STREQUAL abs)
          string(JSON path GET "${plan}" outputs ${j} path)
          list(APPEND shard_files ${gen}/${path})
        endif()
      endforeach()
      list(REMOVE_ITEM byproducts ${shard_files})
    endif()
    add_custom_command(
      OUTPUT ${record}
      BYPRODUCTS ${shard_files}
      COMMAND ${opgen_EXECUTABLE} --discover ${abs} -o ${record}
              --root ${CMAKE_CURRENT_SOURCE_DIR} --depfile ${record}.d
              ${shard_args} ${discovery_args}
              ${record_preamble} ${ARG_OPGEN_ARGS} -- ${source_compiler_args}
      ${touch_record}
      DEPENDS ${abs} ${opgen_EXECUTABLE} ${record_preamble_depends}
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
  if(NOT CMAKE_GENERATOR MATCHES "Ninja")
    # Other generators know generated files only within the target that
    # makes them: every compile waits for the whole generation.
    add_dependencies(${target} ${target}_generate)
  endif()
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
    CXX_STANDARD ${cxx_std}
    CXX_STANDARD_REQUIRED ON
    CUDA_STANDARD ${cxx_std}
    LIBRARY_OUTPUT_DIRECTORY ${pkg_dir}
    PREFIX "lib"
    OUTPUT_NAME ${target})
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wno-attributes>
    "$<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:${_opgen_torch_nvcc_options}>")
  target_compile_definitions(${target} PRIVATE
    "$<$<COMPILE_LANGUAGE:CUDA>:${_opgen_torch_nvcc_defines}>")
  # No build type: optimized all the same (OPGEN_DEFAULT_OPTIMIZATION).
  get_property(multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(OPGEN_DEFAULT_OPTIMIZATION AND NOT ARG_NO_DEFAULT_OPTIMIZATION
     AND NOT multi_config AND "${CMAKE_BUILD_TYPE}" STREQUAL "")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX,CUDA>:-O3>)
    target_compile_definitions(${target} PRIVATE NDEBUG)
  endif()

  # The Python package: the Python outputs beside the library, in the
  # directory the Plan installs each into.
  set(copied "")
  _opgen_plan_installed("${plan}" python python_outputs python_dirs)
  foreach(f dir IN ZIP_LISTS python_outputs python_dirs)
    get_filename_component(name ${f} NAME)
    set(copy ${CMAKE_CURRENT_BINARY_DIR}/python/${dir}/${name})
    add_custom_command(
      OUTPUT ${copy}
      COMMAND ${CMAKE_COMMAND} -E copy_if_different ${gen}/${f} ${copy}
      DEPENDS ${stamp}
      VERBATIM)
    list(APPEND copied ${copy})
  endforeach()
  add_custom_target(${target}_python ALL DEPENDS ${copied} ${target})
  _opgen_install_custom_op(${target} ${ARG_PYTHON_PACKAGE} ${gen} "${plan}")

  _opgen_add_editor_sources(${target} "${compiled_sources}")

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
