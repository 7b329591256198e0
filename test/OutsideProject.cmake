# ctest driver for an outside project that uses find_package(opgen) and
# add_custom_op (test/consumer, test/visionlike): configure it against the
# opgen build tree, build it, run its generated opcheck tests, then its own
# pytest file TESTS, with the built package on PYTHONPATH and
# OPGEN_PROJECT_SOURCE_DIR / OPGEN_PROJECT_BINARY_DIR set; then installs it
# (cmake --install) into a fresh environment and imports PACKAGE there from
# another directory, with no PYTHONPATH.
# With CHECK_OPTIMIZATION=<target>: the project is configured with no build
# type, and <target>'s objects must compile with -O3 -DNDEBUG
# (OPGEN_DEFAULT_OPTIMIZATION); configured again, with CMAKE_BUILD_TYPE=Debug,
# in another build directory, without them (docs/cmake.md#optimization).
#   cmake -DNAME=... -DSOURCE_DIR=... -DBINARY_DIR=... -DOPGEN_DIR=...
#         -DOPGEN_PYTHON=... -DTESTS=<file.py> -DPACKAGE=<name>
#         [-DCHECK_OPTIMIZATION=<target>] [-DPROJECT_ARGS=<-Dcache args>]
#         -P OutsideProject.cmake
function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NAME}: '${ARGN}' failed (${rc})")
  endif()
endfunction()
run(${CMAKE_COMMAND} -S ${SOURCE_DIR} -B ${BINARY_DIR} -G Ninja
    -DCMAKE_PREFIX_PATH=${OPGEN_DIR} -DOPGEN_PYTHON=${OPGEN_PYTHON}
    -DCMAKE_EXPORT_COMPILE_COMMANDS=ON ${PROJECT_ARGS})

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
    if(file MATCHES "/${target}_gen/" OR file MATCHES "/${target}_generated\\.cpp$")
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
  foreach(command IN LISTS commands)
    if(NOT command MATCHES " -O3( |$)" OR NOT command MATCHES " -DNDEBUG( |$)")
      message(FATAL_ERROR "${NAME}: no build type, yet not -O3 -DNDEBUG: ${command}")
    endif()
  endforeach()
  list(LENGTH commands n)
  message(STATUS "${NAME}: no build type: ${n} objects of ${CHECK_OPTIMIZATION} with -O3 -DNDEBUG")
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
run(${CMAKE_COMMAND} --build ${BINARY_DIR})
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
