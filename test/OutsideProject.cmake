# ctest driver for an outside project that uses find_package(opgen) and
# add_custom_op (test/consumer, test/visionlike): configure it against the
# opgen build tree, build it, run its generated opcheck tests, then its own
# pytest file TESTS, with the built package on PYTHONPATH and
# OPGEN_PROJECT_SOURCE_DIR / OPGEN_PROJECT_BINARY_DIR set; then installs it
# (cmake --install) into a fresh environment and imports PACKAGE there from
# another directory, with no PYTHONPATH.
# With CHECK_OPTIMIZATION=<target>: the project is configured with no build
# type, and <target>'s objects must compile with -O3 -DNDEBUG
# (OPGEN_DEFAULT_OPTIMIZATION), its shards at -O3, its generated translation
# unit at -O1 after it (OPGEN_GENERATED_OPTIMIZATION); configured again, with
# CMAKE_BUILD_TYPE=Debug, in another build directory, without them
# (docs/cmake.md#optimization).
# With CHECK_PRECOMPILED=<target>: the project is configured with
# OPGEN_PRECOMPILE_HEADERS=ON; <target>'s shards must compile with the PCH
# of its sources' include lines, its generated translation unit with the
# PCH of <opgen/precompiled.h> (<target>_generated), and the build must
# leave both in the project's compiler PCH cache (docs/cmake.md#build-time);
# another library, a copy of the project whose <target> is renamed (another
# source directory, -D<name>_EXPORTS) and with an include directory of its
# own, must take both from that cache by content, compiling neither.
# The project's caches are its own: OPGEN_PCH_CACHE under BINARY_DIR; the
# build directory is removed first, so that the build compiles both.
#   cmake -DNAME=... -DSOURCE_DIR=... -DBINARY_DIR=... -DOPGEN_DIR=...
#         -DOPGEN_PYTHON=... -DTESTS=<file.py> -DPACKAGE=<name>
#         [-DCHECK_OPTIMIZATION=<target>] [-DCHECK_PRECOMPILED=<target>]
#         [-DPROJECT_ARGS=<-Dcache args>] -P OutsideProject.cmake
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NAME}: '${ARGN}' failed (${rc})")
  endif()
endfunction()
set(pch_cache ${BINARY_DIR}/pch-cache)
if(CHECK_PRECOMPILED)
  # A clean build, which compiles both PCHs into the empty cache.
  list(APPEND PROJECT_ARGS -DOPGEN_PRECOMPILE_HEADERS=ON)
  file(REMOVE_RECURSE ${BINARY_DIR})
endif()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -G Ninja
    -DCMAKE_PREFIX_PATH=${OPGEN_DIR} -DOPGEN_PYTHON=${OPGEN_PYTHON}
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -DOPGEN_PCH_CACHE=${pch_cache} ${PROJECT_ARGS})

# The compile commands of <target>'s objects (its shards and generated
# files, and the translation unit that includes the generated files,
# OPGEN_UNITY_GENERATED / OPGEN_FOLD_GENERATED) in
# <build>/compile_commands.json.
function(target_commands out build target)
  file(READ ${build}/compile_commands.json json)
  string(JSON n LENGTH "${json}")
  math(EXPR last "${n} - 1")
  set(commands "")
  foreach(i RANGE ${last})
    string(JSON file GET "${json}" ${i} file)
    string(JSON command GET "${json}" ${i} command)
    if(file MATCHES "/${target}_gen/")
      list(APPEND commands "${command}")
    endif()
  endforeach()
  if(NOT commands)
    message(FATAL_ERROR "${NAME}: no compile command of ${target} in ${build}")
  endif()
  set(${out} "${commands}" PARENT_SCOPE)
endfunction()
if(CHECK_OPTIMIZATION)
  target_commands(commands ${BINARY_DIR} ${CHECK_OPTIMIZATION})
  set(generated 0)
  foreach(command IN LISTS commands)
    if(NOT command MATCHES " -O3( |$)" OR NOT command MATCHES " -DNDEBUG( |$)")
      message(FATAL_ERROR "${NAME}: no build type, yet not -O3 -DNDEBUG: ${command}")
    endif()
    # The last -O is the one the compiler takes.
    separate_arguments(args UNIX_COMMAND "${command}")
    list(FILTER args INCLUDE REGEX "^-O")
    list(GET args -1 level)
    if(command MATCHES "/${CHECK_OPTIMIZATION}_gen/unity\\.cpp( |$)")
      set(want -O1)
      math(EXPR generated "${generated} + 1")
    else()
      set(want -O3)
    endif()
    if(NOT level STREQUAL want)
      message(FATAL_ERROR "${NAME}: no build type, compiled at ${level}, not ${want}: ${command}")
    endif()
  endforeach()
  if(NOT generated EQUAL 1)
    message(FATAL_ERROR "${NAME}: ${generated} generated translation units of ${CHECK_OPTIMIZATION}, not 1")
  endif()
  list(LENGTH commands n)
  message(STATUS "${NAME}: no build type: ${n} objects of ${CHECK_OPTIMIZATION} with -O3 -DNDEBUG, the generated one at -O1")
  run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR}-debug -G Ninja
      -DCMAKE_PREFIX_PATH=${OPGEN_DIR} -DOPGEN_PYTHON=${OPGEN_PYTHON}
      -DCMAKE_BUILD_TYPE=Debug -DCMAKE_EXPORT_COMPILE_COMMANDS=ON)
  target_commands(commands ${BINARY_DIR}-debug ${CHECK_OPTIMIZATION})
  foreach(command IN LISTS commands)
    if(command MATCHES " -O[1-3s]( |$)" OR command MATCHES " -DNDEBUG( |$)"
       OR NOT command MATCHES " -g( |$)")
      message(FATAL_ERROR "${NAME}: CMAKE_BUILD_TYPE=Debug, yet optimized: ${command}")
    endif()
  endforeach()
  message(STATUS "${NAME}: Debug: ${n} objects of ${CHECK_OPTIMIZATION} with -g, not optimized")
endif()
if(CHECK_PRECOMPILED)
  set(t ${CHECK_PRECOMPILED})
  target_commands(commands ${BINARY_DIR} ${t})
  set(shards 0)
  set(generated 0)
  foreach(command IN LISTS commands)
    if(command MATCHES "/${t}_gen/unity\\.cpp( |$)")
      if(NOT command MATCHES "-include [^ ]*/${t}_generated\\.dir/cmake_pch\\.hxx( |$)")
        message(FATAL_ERROR "${NAME}: the generated translation unit without its PCH: ${command}")
      endif()
      file(READ ${BINARY_DIR}/CMakeFiles/${t}_generated.dir/cmake_pch.hxx header)
      if(NOT header MATCHES "#include <opgen/precompiled\\.h>")
        message(FATAL_ERROR "${NAME}: the generated translation unit's PCH is not of <opgen/precompiled.h>:\n${header}")
      endif()
      math(EXPR generated "${generated} + 1")
    elseif(command MATCHES "-include [^ ]*/${t}\\.dir/cmake_pch\\.hxx( |$)")
      math(EXPR shards "${shards} + 1")
    else()
      message(FATAL_ERROR "${NAME}: a shard without the library's PCH: ${command}")
    endif()
  endforeach()
  if(NOT generated EQUAL 1 OR shards EQUAL 0)
    message(FATAL_ERROR "${NAME}: ${generated} generated translation units and ${shards} shards with a PCH")
  endif()
  message(STATUS "${NAME}: ${shards} shards with the library's PCH, the generated translation unit with <opgen/precompiled.h>'s")
  # Its compile comes first in the build file, before the shards': Ninja
  # starts it first (_opgen_precompile_generated).
  file(READ ${BINARY_DIR}/build.ninja ninja)
  string(FIND "${ninja}" "\nbuild CMakeFiles/${t}_generated.dir/${t}_gen/unity.cpp.o:" at_generated)
  string(FIND "${ninja}" "\nbuild CMakeFiles/${t}.dir/" at_shard)
  if(at_generated EQUAL -1 OR at_shard EQUAL -1 OR NOT at_generated LESS at_shard)
    message(FATAL_ERROR "${NAME}: the generated translation unit's compile (at ${at_generated}) is not before the shards' (at ${at_shard}) in build.ninja")
  endif()
endif()
run(${CMAKE_COMMAND} --build ${BINARY_DIR})
if(CHECK_PRECOMPILED)
  file(GLOB entries ${pch_cache}/gcc-pch-*/pch.gch)
  list(LENGTH entries n)
  if(NOT n EQUAL 2)
    message(FATAL_ERROR "${NAME}: ${n} PCHs in ${pch_cache}, not 2 (the sources' and the generated files'): ${entries}")
  endif()
  message(STATUS "${NAME}: both PCHs in the project's PCH cache")
  # Another library: a copy of the project whose <target> is renamed
  # <target>_other (its own source directory and -D<target>_other_EXPORTS,
  # left out of the PCH), built with an include directory of its own
  # (CMAKE_PROJECT_INCLUDE): other cache keys, the same content. Both PCHs
  # are taken from this build's entries (opgen pch-cache: adopted), none is
  # compiled, and GCC uses them (-Winvalid-pch: no warning).
  set(other ${BINARY_DIR}-other)
  file(REMOVE_RECURSE ${other})
  file(MAKE_DIRECTORY ${other}/include)
  file(WRITE ${other}/include.cmake "include_directories(${other}/include)\n")
  file(COPY ${SOURCE_DIR}/ DESTINATION ${other}/source)
  file(READ ${other}/source/CMakeLists.txt text)
  string(REGEX REPLACE "add_custom_op\\(${t}( |\n)" "add_custom_op(${t}_other\\1" renamed "${text}")
  if(renamed STREQUAL text)
    message(FATAL_ERROR "${NAME}: no add_custom_op(${t} ...) to rename in ${SOURCE_DIR}/CMakeLists.txt")
  endif()
  file(WRITE ${other}/source/CMakeLists.txt "${renamed}")
  run(${CMAKE_COMMAND} -S ${other}/source -B ${other}/build -G Ninja
      -DCMAKE_PREFIX_PATH=${OPGEN_DIR} -DOPGEN_PYTHON=${OPGEN_PYTHON}
      -DOPGEN_PCH_CACHE=${pch_cache} -DCMAKE_PROJECT_INCLUDE=${other}/include.cmake
      ${PROJECT_ARGS})
  execute_process(COMMAND ${CMAKE_COMMAND} -E env OPGEN_PCH_CACHE_VERBOSE=1
                          ${CMAKE_COMMAND} --build ${other}/build
                  OUTPUT_VARIABLE out ERROR_VARIABLE out RESULT_VARIABLE rc)
  string(REGEX MATCHALL "opgen pch-cache: adopted" adopted "${out}")
  list(LENGTH adopted n)
  if(NOT rc EQUAL 0 OR NOT n EQUAL 2 OR out MATCHES "opgen pch-cache: (built|hit)"
     OR out MATCHES "Winvalid-pch|not used because")
    message(FATAL_ERROR "${NAME}: another library, ${t}_other, with an include directory of its own (${rc}): ${n} PCHs adopted, not 2:\n${out}")
  endif()
  file(REMOVE_RECURSE ${other})
  message(STATUS "${NAME}: another library, ${t}_other, with an include directory of its own took both PCHs from the cache")
endif()
run(${CMAKE_CTEST_COMMAND} --test-dir ${BINARY_DIR} --output-on-failure)
run(${CMAKE_COMMAND} -E env PYTHONPATH=${BINARY_DIR}/python
    OPGEN_PROJECT_SOURCE_DIR=${SOURCE_DIR} OPGEN_PROJECT_BINARY_DIR=${BINARY_DIR}
    ${OPGEN_PYTHON} -m pytest -q -p no:cacheprovider ${TESTS})

include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
run(${CMAKE_COMMAND} --install ${BINARY_DIR} --prefix ${BINARY_DIR}/env)
file(MAKE_DIRECTORY ${BINARY_DIR}/elsewhere)
execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH ${FRESH_PYTHON} -c
  "import os, ${PACKAGE}; d = os.path.dirname(os.path.realpath(${PACKAGE}.__file__)); assert d == os.path.realpath(os.path.join('${FRESH_SITE}', '${PACKAGE}')), d; print('installed', d)"
  WORKING_DIRECTORY ${BINARY_DIR}/elsewhere RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${NAME}: the installed ${PACKAGE} does not import (${rc})")
endif()
