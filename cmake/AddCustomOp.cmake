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
#   [FRAGMENT]                     open each namespace with
#                                  TORCH_LIBRARY_FRAGMENT (opgen --fragment):
#                                  other libraries define ops of it too
#   [INCLUDE_DIRECTORIES <dir>...] extra include directories for the kernels
#   [OPGEN_ARGS <arg>...]          extra opgen options
#   [COMPILER_ARGS <arg>...]       extra compiler flags for opgen's parse
#                                  (after its `--`; e.g. -DFOO=1)
#   [NO_PREAMBLE]                  parse every source in full (no shared
#                                  precompiled preamble)
#   [NO_PRECOMPILE_HEADERS]        no compiler precompiled headers (of the
#                                  sources' common include lines, of the
#                                  generated files' includes), whatever
#                                  OPGEN_PRECOMPILE_HEADERS says
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

# Makes sure the imported target `torch` exists (targets outlive the
# function scope that finds them), found through the torch of OPGEN_PYTHON
# (_opgen_select_python), and that it is that torch: a torch of
# another version (a find_package(Torch) of the project with Torch_DIR or
# CMAKE_PREFIX_PATH naming another torch, a Torch_DIR left in the cache by
# another environment) are a configuration error naming both.
function(_opgen_find_torch)
  get_property(checked GLOBAL PROPERTY _OPGEN_TORCH_CHECKED)
  if(checked STREQUAL "${OPGEN_PYTHON}" AND TARGET torch)
    return()
  endif()
  # The torch package found as `import torch` finds it, its version read
  # from its torch/version.py: importing torch takes over a second, a
  # clean build's configure pays it for every project. A torch without
  # that file is imported (the error of a Python without torch is the
  # import's).
  # Python's own headers too (Python.h), which torch.utils.cpp_extension
  # gives every extension.
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
  list(SUBLIST lines 3 -1 python_includes)
  if(NOT TARGET torch)
    list(PREPEND CMAKE_PREFIX_PATH "${prefix}")
    # Two steps of a CUDA torch's Caffe2/public/cuda.cmake whose results
    # add_custom_op never uses, skipped (both variables are this
    # function's): the hash of libnvrtc.so, for which it first looks for a
    # Python of its own (1 s), and the detection of the GPUs, which
    # compiles and runs a CUDA program (0.6 s) to give the legacy
    # CUDA_NVCC_FLAGS its -gencode flags (add_custom_op compiles CUDA
    # for CUDA_ARCHITECTURES). A TORCH_CUDA_ARCH_LIST of the project or
    # the environment is kept.
    set(CUDA_NVRTC_SHORTHASH "unused")
    if(NOT DEFINED TORCH_CUDA_ARCH_LIST AND NOT DEFINED ENV{TORCH_CUDA_ARCH_LIST})
      set(TORCH_CUDA_ARCH_LIST "9.0")
    endif()
    find_package(Torch REQUIRED)
  endif()
  # The version find_package(Torch) found (TorchConfigVersion.cmake's, in
  # this directory's scope or its parent's, where the `torch` target was
  # made): no header is read.
  string(REGEX MATCH "^[0-9]+\\.[0-9]+\\.[0-9]+" python_version "${version}")
  if(DEFINED Torch_VERSION AND NOT Torch_VERSION STREQUAL python_version)
    message(FATAL_ERROR "add_custom_op: the torch found is torch "
      "${Torch_VERSION} (Torch_DIR=${Torch_DIR}), but the Python the op "
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
  set_property(GLOBAL PROPERTY _OPGEN_PYTHON_INCLUDES "${python_includes}")
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

# ON: with no build type (a single-configuration generator and
# CMAKE_BUILD_TYPE empty), op libraries are compiled optimized, -O3 and
# NDEBUG for C++ and CUDA, as torch.utils.cpp_extension's setup.py builds
# (Python's CFLAGS, -DNDEBUG -O2/-O3) and extension-cpp's -O3 are; a build
# type the project or the user chooses (Debug, ...) is always respected.
# OFF, or add_custom_op(... NO_DEFAULT_OPTIMIZATION): CMake's own default,
# no optimization flag.
option(OPGEN_DEFAULT_OPTIMIZATION
  "add_custom_op: compile op libraries with -O3 -DNDEBUG when no CMAKE_BUILD_TYPE is set" ON)

# ON: each op library's C++ translation units share a precompiled header
# of the compiler (target_precompile_headers) holding the include lines
# every C++ source of the library begins with, as opgen's own preamble does
# (the same lines: system headers with include guards, before any other
# line of every source), so that the torch headers are parsed once per
# library, not once per shard. The generated registration and autograd
# files, which include less, compile with a PCH of their own, of
# <opgen/precompiled.h> (_opgen_precompile_generated; not for STABLE_ABI
# libraries). Off for a library with NO_PREAMBLE or NO_PRECOMPILE_HEADERS,
# and for CUDA sources. With ccache, see docs/cmake.md#build-time.
# AUTO (the default): ON for a library of at least two C++ sources built by
# GCC, OFF otherwise. GCC's PCH of the torch headers is large (690 MB for
# <torch/all.h>) and costs about two compiles of a kernel file to write:
# for a library of one C++ source, whose one shard is the only compile it
# could speed up, it costs more than it saves unless OPGEN_PCH_CACHE
# already holds it (bench/build_time.py, docs/performance.md#6-build-time).
set(OPGEN_PRECOMPILE_HEADERS AUTO CACHE STRING
  "add_custom_op: compile the torch headers every C++ source of an op library begins with once, as a precompiled header (AUTO: for libraries of two or more C++ sources, with GCC)")
set_property(CACHE OPGEN_PRECOMPILE_HEADERS PROPERTY STRINGS AUTO ON OFF)

# ON: the generated C++ files that are not shards (registration.cpp,
# autograd.cpp) are compiled as one translation unit (<target>_generated.cpp,
# which includes them): their headers are read, and the dispatcher's templates they
# share instantiated, once. Shards stay one translation unit each, so that
# an edit of one kernel recompiles its shard alone.
option(OPGEN_UNITY_GENERATED
  "add_custom_op: compile the generated registration and autograd files as one translation unit" ON)

# ON: that translation unit is also the one of a C++ shard, the first of the
# Plan's (<target>_generated.cpp includes the shard, then registration.cpp
# and autograd.cpp), as a hand-written library registers its ops at the end
# of its kernel file: the torch headers are read, and the templates the
# shard and the registration share instantiated, once less. A library of
# one C++ source compiles one translation unit, as its hand-written build
# does. Editing a kernel still recompiles one translation unit (that one
# for the first source's kernels) and links. No C++ shard (CUDA only): as
# OFF. Implies OPGEN_UNITY_GENERATED. Default OFF: it saves compile CPU
# time, but it serializes what two cores compile side by side, so a clean
# build takes longer on an idle machine of two or more cores (docs/cmake.md
# #build-time); it pays where every core is busy.
option(OPGEN_FOLD_GENERATED
  "add_custom_op: compile the generated registration and autograd files in the translation unit of the library's first C++ shard" OFF)

# The optimization options of the generated translation units that hold
# no kernel (registration.cpp and autograd.cpp, or the one that includes
# both: the dispatcher registrations, their boxing wrappers, fakes and the
# torch::autograd::Functions), placed after the library's own, with GCC and
# Clang, in an optimized build only (Release, RelWithDebInfo, or no build
# type with OPGEN_DEFAULT_OPTIMIZATION): -O1 compiles them in about two
# thirds of -O3's time (kernels/' 37 s against 25 s), and that translation
# unit is the longest of a library's clean build; what a call runs is mostly
# the dispatcher's and autograd's code in libtorch (itself -O2), so it
# costs 1-2 % more instructions of C++ (docs/performance.md#6-build-time).
# The shards, with the kernels, keep the build type's flags. Empty: the
# library's flags.
set(OPGEN_GENERATED_OPTIMIZATION "-O1" CACHE STRING
  "add_custom_op: optimization options of the generated registration and autograd translation units (empty: the library's)")

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

# Where the compiler precompiled headers of OPGEN_PRECOMPILE_HEADERS are kept
# across build directories and clean builds (`opgen pch-cache`,
# docs/cmake.md#build-time): by default the environment's OPGEN_PCH_CACHE,
# else compiler-pch beside the default preamble cache
# (~/.cache/opgen/compiler-pch). Empty: each build directory compiles its
# own.
if(DEFINED ENV{OPGEN_PCH_CACHE})
  set(_opgen_default_pch_cache "$ENV{OPGEN_PCH_CACHE}")
elseif(_opgen_default_preamble_cache)
  get_filename_component(_opgen_default_pch_cache "${_opgen_default_preamble_cache}" DIRECTORY)
  set(_opgen_default_pch_cache "${_opgen_default_pch_cache}/compiler-pch")
else()
  set(_opgen_default_pch_cache "")
endif()
set(OPGEN_PCH_CACHE "${_opgen_default_pch_cache}" CACHE PATH
    "Directory that keeps add_custom_op's compiler precompiled headers (OPGEN_PRECOMPILE_HEADERS) across build directories and clean builds (empty: none)")

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
  _opgen_copy_compile_settings(${target} ${target}_sources)
endfunction()

# The object library <to> compiles as the op library <from> does: its
# include directories, linked targets (for their usage requirements),
# options, definitions and language standards, position-independent.
function(_opgen_copy_compile_settings from to)
  foreach(prop INCLUDE_DIRECTORIES LINK_LIBRARIES COMPILE_OPTIONS
               CXX_STANDARD CXX_STANDARD_REQUIRED CUDA_STANDARD
               COMPILE_DEFINITIONS)
    get_target_property(value ${from} ${prop})
    if(value)
      set_property(TARGET ${to} PROPERTY ${prop} "${value}")
    endif()
  endforeach()
  set_property(TARGET ${to} PROPERTY POSITION_INDEPENDENT_CODE ON)
endfunction()

# OPGEN_PRECOMPILE_HEADERS: the generated translation unit of the op
# library <target> (OPGEN_UNITY_GENERATED) compiles in an object library
# of its own, <target>_generated, with a compiler PCH of <opgen/precompiled.h>
# (what the generated files include) instead of the library's PCH of its
# sources' include lines: a smaller PCH, which loads faster and brings no
# inline code of headers the generated files do not use. Measured on
# extension-cpp's library: that translation unit compiled in 16 s with it,
# 31 s with the sources' PCH of <torch/all.h>, 34 s with none
# (docs/performance.md#6-build-time). Kept in OPGEN_PCH_CACHE as the other.
# The object library is made (add_library, before <target>) where the
# unity source is listed; this sets it up once <target>'s settings are
# made. Made first, its compiles come first in Ninja's build file: Ninja
# (1.11) starts the compiles that are ready together in that order, and
# this one is the library's longest (started after the shards, it made a
# clean build of kernels/ half as long again).
function(_opgen_precompile_generated target)
  _opgen_copy_compile_settings(${target} ${target}_generated)
  _opgen_precompile_headers(${target}_generated "<opgen/precompiled.h$<ANGLE-R>")
  add_dependencies(${target}_generated ${target}_generate)
  target_sources(${target} PRIVATE $<TARGET_OBJECTS:${target}_generated>)
endfunction()

# OPGEN_GENERATED_OPTIMIZATION on the generated translation units <glue>
# of the op library <target> (_opgen_library_sources' <out_var>_GLUE): as
# options of the object library <target>_generated where they compile in
# it (its PCH then compiles with them too), else of the sources. Only
# where the library is optimized (<default_optimized>: add_custom_op
# added -O3 itself), never raising a Debug build's level.
function(_opgen_optimize_generated target glue default_optimized)
  if(NOT glue OR "${OPGEN_GENERATED_OPTIMIZATION}" STREQUAL ""
     OR NOT CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    return()
  endif()
  set(options ${OPGEN_GENERATED_OPTIMIZATION})
  if(NOT default_optimized)
    set(options "$<$<OR:$<CONFIG:Release>,$<CONFIG:RelWithDebInfo>>:${options}>")
  endif()
  if(TARGET ${target}_generated)
    target_compile_options(${target}_generated PRIVATE "${options}")
  else()
    set_property(SOURCE ${glue} APPEND PROPERTY COMPILE_OPTIONS "${options}")
  endif()
endfunction()

# The compiler precompiled header of the op library <target>
# (OPGEN_PRECOMPILE_HEADERS, docs/cmake.md#build-time), of <pch_header>
# (empty: none; a path, or `<name$<ANGLE-R>` for a header on the include
# path), for its C++ translation units, kept in OPGEN_PCH_CACHE.
function(_opgen_precompile_headers target pch_header)
  if(NOT pch_header)
    return()
  endif()
  target_precompile_headers(${target} PRIVATE
    "$<$<COMPILE_LANGUAGE:CXX>:${pch_header}>")
  _opgen_ccache_pch_sloppiness(${target})
  _opgen_pch_cache(${target})
  # The header is the C++ preamble step's: written before the PCH compiles,
  # as every compile of the library waits for the whole generation
  # (<target>_generate), that step included.
endfunction()

# The compiler PCH of <target> from, and into, the cache OPGEN_PCH_CACHE:
# `opgen pch-cache` as the outermost C++ compiler launcher, which runs every
# other compile as it is (after the launchers <target> has). GCC only:
# Clang's PCH records its headers' times and checks them itself. The
# library's own define (-D<target>_EXPORTS for a shared library), which no
# other library has, is named, so that the cache compiles the PCH without
# it where no header of the PCH names it and another library of the same
# include lines and flags shares the PCH.
function(_opgen_pch_cache target)
  if(NOT OPGEN_PCH_CACHE OR NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU"
     OR (opgen_EXECUTABLE MATCHES "[$]<" AND CMAKE_VERSION VERSION_LESS 3.25))
    return()
  endif()
  get_target_property(launcher ${target} CXX_COMPILER_LAUNCHER)
  if(NOT launcher)
    set(launcher "")
  endif()
  get_target_property(symbol ${target} DEFINE_SYMBOL)
  get_target_property(type ${target} TYPE)
  if(NOT symbol AND type MATCHES "^(SHARED|MODULE)_LIBRARY$")
    string(MAKE_C_IDENTIFIER "${target}_EXPORTS" symbol)
  endif()
  set(define_symbol "")
  if(symbol)
    set(define_symbol --define-symbol ${symbol})
  endif()
  set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER
    ${opgen_EXECUTABLE} pch-cache --cache ${OPGEN_PCH_CACHE}
    --build-dir ${CMAKE_BINARY_DIR} --compiler ${CMAKE_CXX_COMPILER} ${define_symbol}
    -- ${launcher})
endfunction()

# ccache caches a compile that uses a precompiled header only with
# `sloppiness = pch_defines,time_macros` (ccache's manual, "Precompiled
# headers"): when <target>'s C++ compiler launcher is ccache, it runs with
# those added to the sloppiness ccache is configured with (asked here, at
# configure time), so that a compile with the library's PCH is cached as
# one without a PCH is; never a wrong hit: ccache hashes the PCH itself.
function(_opgen_ccache_pch_sloppiness target)
  get_target_property(launcher ${target} CXX_COMPILER_LAUNCHER)
  if(NOT launcher)
    return()
  endif()
  list(GET launcher 0 tool)
  get_filename_component(name "${tool}" NAME)
  if(NOT name MATCHES "^ccache")
    return()
  endif()
  execute_process(COMMAND ${tool} --get-config sloppiness
    OUTPUT_VARIABLE sloppiness OUTPUT_STRIP_TRAILING_WHITESPACE
    RESULT_VARIABLE rc ERROR_QUIET)
  if(NOT rc EQUAL 0)
    return()
  endif()
  string(REGEX REPLACE "[ ,]+" ";" sloppiness "${sloppiness}")
  list(APPEND sloppiness pch_defines time_macros)
  list(REMOVE_ITEM sloppiness "")
  list(REMOVE_DUPLICATES sloppiness)
  string(REPLACE ";" "," sloppiness "${sloppiness}")
  set_property(TARGET ${target} PROPERTY CXX_COMPILER_LAUNCHER
    ${CMAKE_COMMAND} -E env CCACHE_SLOPPINESS=${sloppiness} ${launcher})
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

# The paths <ARGN>, made absolute (against the current source directory),
# in <out_var>.
function(_opgen_absolute out_var)
  set(paths "")
  foreach(path ${ARGN})
    get_filename_component(abs ${path} ABSOLUTE)
    list(APPEND paths ${abs})
  endforeach()
  set(${out_var} "${paths}" PARENT_SCOPE)
endfunction()

# The arguments of add_custom_op(), parsed into ARG_* of the calling
# function.
macro(_opgen_parse_custom_op_args)
  cmake_parse_arguments(ARG "NO_TESTS;NO_PYTHON_PACKAGE;FRAGMENT;NO_PREAMBLE;NO_PRECOMPILE_HEADERS;STABLE_ABI;WERROR;NO_DEFAULT_OPTIMIZATION"
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
  _opgen_absolute(sources ${ARG_SOURCES})
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

# The build graph of add_custom_op(<target> ...) in <out_var>: `opgen plan`
# (docs/cli.md#the-build-graph), told what CMake found (the Python with
# torch, the compiler, torch's headers and the C++ standard <cxx_std>, which
# opgen parses the kernels with) and chose (the keywords, the cache
# variables, the generator). opgen computes every step and translation unit
# from it, and writes the unity unit.
function(_opgen_build_plan out_var target cxx_std)
  _opgen_parse_custom_op_args(${ARGN})
  if(NOT ARG_PYTHON_PACKAGE)
    set(ARG_PYTHON_PACKAGE ${target})
  endif()
  set(args plan --python-package ${ARG_PYTHON_PACKAGE} -o ${CMAKE_CURRENT_BINARY_DIR}/${target}_gen
      --library-name ${target} --root ${CMAKE_CURRENT_SOURCE_DIR}
      --opgen ${opgen_EXECUTABLE} --python ${OPGEN_PYTHON})
  if(CMAKE_CXX_COMPILER_ID)
    list(APPEND args --cxx-compiler-id ${CMAKE_CXX_COMPILER_ID})
  endif()
  foreach(key SAMPLES FAKE_MODULE)
    if(ARG_${key})
      string(TOLOWER "${key}" option)
      string(REPLACE "_" "-" option "${option}")
      get_filename_component(abs ${ARG_${key}} ABSOLUTE)
      list(APPEND args --${option} ${abs})
    endif()
  endforeach()
  foreach(key PYTHON_MODULE TARGET_TORCH)
    if(ARG_${key})
      string(TOLOWER "${key}" option)
      string(REPLACE "_" "-" option "${option}")
      list(APPEND args --${option} ${ARG_${key}})
    endif()
  endforeach()
  foreach(key NO_PYTHON_PACKAGE FRAGMENT STABLE_ABI NO_PREAMBLE)
    if(ARG_${key})
      string(TOLOWER "${key}" option)
      string(REPLACE "_" "-" option "${option}")
      list(APPEND args --${option})
    endif()
  endforeach()
  if(ARG_WERROR OR OPGEN_WERROR)
    list(APPEND args --Werror)
  endif()
  foreach(arg ${ARG_OPGEN_ARGS})
    list(APPEND args --step-arg=${arg})
  endforeach()
  if(OPGEN_PREAMBLE_CACHE)
    list(APPEND args --preamble-cache ${OPGEN_PREAMBLE_CACHE})
  endif()
  string(TOUPPER "${OPGEN_PRECOMPILE_HEADERS}" precompile)
  if(ARG_NO_PRECOMPILE_HEADERS OR NOT (precompile STREQUAL "AUTO" OR OPGEN_PRECOMPILE_HEADERS))
    list(APPEND args --precompile-headers=off)
  elseif(NOT precompile STREQUAL "AUTO")
    list(APPEND args --precompile-headers=on)
  endif()
  if(NOT OPGEN_UNITY_GENERATED)
    list(APPEND args --no-unity-generated)
  endif()
  if(OPGEN_FOLD_GENERATED)
    list(APPEND args --fold-generated)
  endif()
  if(NOT CMAKE_GENERATOR MATCHES "Ninja")
    list(APPEND args --no-restat)
  endif()
  _opgen_absolute(sources ${ARG_SOURCES})
  # How opgen parses the kernels: with the same runtime and Torch headers
  # they build with.
  set(compiler_args -std=c++${cxx_std} ${ARG_COMPILER_ARGS}
                    -isystem${opgen_RUNTIME_INCLUDE_DIR})
  foreach(dir ${ARG_INCLUDE_DIRECTORIES})
    get_filename_component(dir_abs ${dir} ABSOLUTE)
    list(APPEND compiler_args -I${dir_abs})
  endforeach()
  get_target_property(torch_includes torch INTERFACE_INCLUDE_DIRECTORIES)
  get_property(python_includes GLOBAL PROPERTY _OPGEN_PYTHON_INCLUDES)
  foreach(dir ${torch_includes} ${python_includes})
    list(APPEND compiler_args -isystem${dir})
  endforeach()
  _opgen_plan_tool(tool)
  execute_process(COMMAND "${tool}" ${args} ${sources} -- ${compiler_args}
    OUTPUT_VARIABLE plan ERROR_VARIABLE err RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "add_custom_op(${target}): opgen plan failed (${rc}):\n${err}")
  endif()
  set(${out_var} "${plan}" PARENT_SCOPE)
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
  if(NOT ARG_PYTHON_PACKAGE)
    set(ARG_PYTHON_PACKAGE ${target})
  endif()
  _opgen_find_torch()
  _opgen_torch_cxx_standard(cxx_std)
  foreach(v CMAKE_CUDA20_STANDARD_COMPILE_OPTION CMAKE_CUDA20_EXTENSION_COMPILE_OPTION)
    if(DEFINED ${v})
      set(${v} "${${v}}" PARENT_SCOPE)
    endif()
  endforeach()
  set(gen ${CMAKE_CURRENT_BINARY_DIR}/${target}_gen)
  set(pkg_dir ${CMAKE_CURRENT_BINARY_DIR}/python/${ARG_PYTHON_PACKAGE})

  # The build graph (opgen plan, docs/cli.md#the-build-graph): every step
  # that runs opgen and the library's translation units are opgen's; this
  # function only makes them into custom commands and targets.
  _opgen_build_plan(plan ${target} "${cxx_std}" ${ARGN})
  _opgen_add_steps("${plan}")
  string(JSON stamp GET "${plan}" build stamp)
  add_custom_target(${target}_generate DEPENDS ${stamp})

  set(lib library)
  _opgen_json_strings(glue "${plan}" build ${lib} glue)
  _opgen_json_strings(defines "${plan}" build ${lib} defines)
  _opgen_json_strings(cuda_defines "${plan}" build ${lib} cuda_defines)
  _opgen_json_strings(cuda_options "${plan}" build ${lib} cuda_options)
  _opgen_json_strings(editor_sources "${plan}" build ${lib} editor_sources)
  string(JSON stable GET "${plan}" build ${lib} stable)
  string(JSON precompile_generated GET "${plan}" build ${lib} precompile_generated)
  _opgen_json_optional(unity "${plan}" build ${lib} unity)
  _opgen_json_optional(pch_header "${plan}" build ${lib} pch_header)
  set(library_sources "")
  string(JSON n LENGTH "${plan}" build ${lib} sources)
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON path GET "${plan}" build ${lib} sources ${i} path)
    _opgen_json_strings(includes "${plan}" build ${lib} sources ${i} includes)
    if(includes)
      # Compiled after the steps that write what it includes, again when
      # one of them changes.
      set_source_files_properties(${path} PROPERTIES OBJECT_DEPENDS "${includes}")
    endif()
    list(APPEND library_sources ${path})
  endforeach()

  # With precompiled headers, the generated unity unit compiles with a PCH
  # of its own (_opgen_precompile_generated, below).
  if(precompile_generated)
    list(REMOVE_ITEM library_sources ${unity})
    add_library(${target}_generated OBJECT ${unity})
  endif()
  add_library(${target} SHARED ${library_sources})
  _opgen_precompile_headers(${target} "${pch_header}")
  # Every compile waits for the whole generation (an order-only dependency
  # under Ninja: it recompiles nothing). Other generators know generated
  # files only within the target that makes them; under Ninja, a shard
  # could compile as soon as its own discovery is written, but then the
  # discoveries of the other sources wait behind the shards' compiles for a
  # free job, and with them the combine and the generated translation unit
  # it writes, the longest of the library: started last, it made a clean
  # build of kernels/ 1.5 times as long as its compile CPU over two jobs
  # (docs/performance.md#6-build-time). Discovery takes a tenth of a
  # shard's compile.
  add_dependencies(${target} ${target}_generate)
  target_include_directories(${target} PRIVATE ${gen} ${ARG_INCLUDE_DIRECTORIES})
  # Python.h, as torch.utils.cpp_extension gives it (a source may define
  # the module's PyInit_<name>); nothing links libpython: the interpreter
  # that imports the library provides its symbols.
  get_property(python_includes GLOBAL PROPERTY _OPGEN_PYTHON_INCLUDES)
  target_include_directories(${target} SYSTEM PRIVATE ${python_includes})
  if(stable)
    # The stable headers only, and of libtorch only libtorch_cpu, the home of
    # the stable C shim (aoti_torch_*, torch_*): no C++ symbol of it is used,
    # so the same .so loads into newer torch versions, whose libtorch_cpu.so
    # torch.ops.load_library finds already loaded.
    # (The file only, not the target torch_cpu, which brings libc10 and
    # libtorch's compile definitions.)
    get_target_property(torch_includes torch INTERFACE_INCLUDE_DIRECTORIES)
    target_link_libraries(${target} PRIVATE opgen::runtime $<TARGET_FILE:torch_cpu>)
    target_include_directories(${target} SYSTEM PRIVATE ${torch_includes})
  else()
    target_link_libraries(${target} PRIVATE opgen::runtime torch)
  endif()
  target_compile_definitions(${target} PRIVATE ${defines}
    "$<$<COMPILE_LANGUAGE:CUDA>:${cuda_defines}>")
  set_target_properties(${target} PROPERTIES
    CXX_STANDARD ${cxx_std}
    CXX_STANDARD_REQUIRED ON
    CUDA_STANDARD ${cxx_std}
    LIBRARY_OUTPUT_DIRECTORY ${pkg_dir}
    PREFIX "lib"
    OUTPUT_NAME ${target})
  target_compile_options(${target} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wno-attributes>
    "$<$<COMPILE_LANG_AND_ID:CUDA,NVIDIA>:${cuda_options}>")
  # No build type: optimized all the same (OPGEN_DEFAULT_OPTIMIZATION).
  get_property(multi_config GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  set(default_optimized OFF)
  if(OPGEN_DEFAULT_OPTIMIZATION AND NOT ARG_NO_DEFAULT_OPTIMIZATION
     AND NOT multi_config AND "${CMAKE_BUILD_TYPE}" STREQUAL "")
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX,CUDA>:-O3>)
    target_compile_definitions(${target} PRIVATE NDEBUG)
    set(default_optimized ON)
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

  if(precompile_generated)
    _opgen_precompile_generated(${target})
  endif()
  _opgen_optimize_generated(${target} "${glue}" ${default_optimized})
  _opgen_add_editor_sources(${target} "${editor_sources}")

  set_property(TARGET ${target} PROPERTY OPGEN_GENERATED_DIR ${gen})
  set_property(TARGET ${target} PROPERTY OPGEN_PYTHON_DIR ${CMAKE_CURRENT_BINARY_DIR}/python)

  opgen_plan_files(outputs "${plan}")
  if(NOT ARG_NO_TESTS AND OPGEN_PYTHON)
    add_test(NAME ${target}_opcheck
      COMMAND ${OPGEN_PYTHON} -m pytest -q -p no:cacheprovider
              ${gen}/${outputs_TEST})
    set_tests_properties(${target}_opcheck PROPERTIES
      ENVIRONMENT "PYTHONPATH=${CMAKE_CURRENT_BINARY_DIR}/python")
  endif()
  if(stable AND NOT ARG_NO_TESTS)
    # The library needs no libtorch C++ symbol, only the stable C shim.
    add_test(NAME ${target}_stable_symbols
      COMMAND ${CMAKE_COMMAND} -DLIBRARY=$<TARGET_FILE:${target}>
              -P ${_OPGEN_CMAKE_DIR}/OpgenStableSymbols.cmake)
  endif()
endfunction()
