# cmake -DOUT=<file> -DOPGEN=<opgen> -DPACKAGE=<name> [-DFAKE_MODULE=<file.py>]
#       [-DPYTHON_MODULE=<module>] [-DNO_PYTHON_PACKAGE=1] -DSOURCES=<a;b>
#       -P list_outputs.cmake
# Writes to OUT what cmake/OpgenOutputs.cmake takes from opgen's Plan
# (opgen --list-outputs): the files of each kind.
cmake_minimum_required(VERSION 3.20)
include(${CMAKE_CURRENT_LIST_DIR}/../../../cmake/OpgenOutputs.cmake)
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
