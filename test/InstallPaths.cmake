# ctest `install_paths`: opgen installed (cmake --install) into a fresh
# prefix names no path of the machine it was built on in its CMake package:
# not its source or build directory, not the Python environment it was
# configured with (OPGEN_PYTHON, its virtual environment, what it links to).
# A project that finds the installed package builds for its own Python
# (docs/cmake.md#which-torch).
#   cmake -DOPGEN_DIR=<opgen build> -DSOURCE_DIR=<repo> -DBINARY_DIR=...
#         -DOPGEN_PYTHON=... -P InstallPaths.cmake
file(REMOVE_RECURSE ${BINARY_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${OPGEN_DIR} --prefix ${BINARY_DIR}/prefix
                OUTPUT_QUIET RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "install_paths: cmake --install ${OPGEN_DIR} failed (${rc})")
endif()
file(GLOB_RECURSE configs ${BINARY_DIR}/prefix/*.cmake)
if(NOT configs MATCHES "opgenConfig.cmake")
  message(FATAL_ERROR "install_paths: no opgenConfig.cmake installed: ${configs}")
endif()
# The Python: as given, its environment (bin/python's parent's parent) and
# both resolved through links (.venv is a link to a cached environment).
get_filename_component(venv ${OPGEN_PYTHON} DIRECTORY)
get_filename_component(venv ${venv} DIRECTORY)
file(REAL_PATH ${OPGEN_PYTHON} python_real)
file(REAL_PATH ${venv} venv_real)
set(forbidden ${SOURCE_DIR} ${OPGEN_DIR} ${OPGEN_PYTHON} ${venv} ${python_real} ${venv_real})
list(REMOVE_DUPLICATES forbidden)
foreach(config ${configs})
  file(READ ${config} text)
  foreach(path ${forbidden})
    string(FIND "${text}" "${path}" at)
    if(NOT at EQUAL -1)
      message(FATAL_ERROR "install_paths: ${config} names ${path}, a path of the "
                          "machine opgen was built on")
    endif()
  endforeach()
endforeach()
list(LENGTH configs n)
message(STATUS "install_paths: ${n} installed CMake files name none of: ${forbidden}")
