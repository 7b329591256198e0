# cmake -DOUT=<file> -DPACKAGE=<name> [-DFAKE_MODULE=<file.py>]
#       [-DPYTHON_MODULE=<module>] [-DNO_PYTHON_PACKAGE=1] -DSOURCES=<a;b>
#       [-DOPGEN=<opgen>] -P list_outputs.cmake
# Writes to OUT what cmake/OpgenOutputs.cmake finds: without OPGEN, the
# lines it reads from Outputs.def (as `opgen --list-outputs` prints them);
# with OPGEN, the files of each kind it takes from running opgen.
cmake_minimum_required(VERSION 3.20)
include(${CMAKE_CURRENT_LIST_DIR}/../../../cmake/OpgenOutputs.cmake)
set(fake_module fakes)
if(FAKE_MODULE)
  get_filename_component(fake_module "${FAKE_MODULE}" NAME_WLE)
elseif(NO_PYTHON_PACKAGE)
  set(fake_module _opgen_fakes)
endif()
if(NOT OPGEN)
  _opgen_read_outputs_table(lines "${PACKAGE}" "${fake_module}" "${NO_PYTHON_PACKAGE}"
                            ${SOURCES})
  string(REPLACE ";" "\n" text "${lines}")
  file(WRITE "${OUT}" "${text}\n")
  return()
endif()
set(opgen_EXECUTABLE "${OPGEN}")
set(fake_arg "")
if(FAKE_MODULE)
  set(fake_arg FAKE_MODULE "${FAKE_MODULE}")
endif()
if(PYTHON_MODULE)
  list(APPEND fake_arg PYTHON_MODULE "${PYTHON_MODULE}")
endif()
if(NO_PYTHON_PACKAGE)
  list(APPEND fake_arg NO_PYTHON_PACKAGE)
endif()
opgen_list_outputs(o PYTHON_PACKAGE "${PACKAGE}" ${fake_arg} SOURCES ${SOURCES})
file(WRITE "${OUT}" "")
foreach(kind FILES COMPILED HEADER PYTHON TEST OTHER)
  string(REPLACE ";" " " files "${o_${kind}}")
  file(APPEND "${OUT}" "${kind}: ${files}\n")
endforeach()
