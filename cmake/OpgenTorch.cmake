# Locates the Python interpreter with torch and asks it where torch lives.
# Sets (cache): OPGEN_PYTHON
# Sets: OPGEN_TORCH_FOUND, OPGEN_TORCH_INCLUDE_DIRS, OPGEN_TORCH_CMAKE_PREFIX,
#       OPGEN_PYTHON_INCLUDE_DIR, OPGEN_TORCH_VERSION (torch.__version__)
if(NOT OPGEN_PYTHON)
  if(EXISTS "${PROJECT_SOURCE_DIR}/.venv/bin/python")
    set(OPGEN_PYTHON "${PROJECT_SOURCE_DIR}/.venv/bin/python" CACHE FILEPATH "" FORCE)
  else()
    find_package(Python3 COMPONENTS Interpreter)
    if(Python3_FOUND)
      set(OPGEN_PYTHON "${Python3_EXECUTABLE}" CACHE FILEPATH "" FORCE)
    endif()
  endif()
endif()

set(OPGEN_TORCH_FOUND FALSE)
if(OPGEN_PYTHON)
  execute_process(
    COMMAND "${OPGEN_PYTHON}" -c
      "import os, sysconfig, torch, torch.utils\ninc = os.path.join(os.path.dirname(torch.__file__), 'include')\nprint(';'.join([inc, os.path.join(inc, 'torch', 'csrc', 'api', 'include')]))\nprint(torch.utils.cmake_prefix_path)\nprint(sysconfig.get_paths()['include'])\nprint(torch.__version__)"
    OUTPUT_VARIABLE _opgen_torch_out
    ERROR_VARIABLE _opgen_torch_err
    RESULT_VARIABLE _opgen_torch_rc
    OUTPUT_STRIP_TRAILING_WHITESPACE)
  if(_opgen_torch_rc EQUAL 0)
    string(REPLACE "\n" ";" _opgen_lines "${_opgen_torch_out}")
    list(GET _opgen_lines 0 _inc0)
    list(GET _opgen_lines 1 _inc1)
    list(GET _opgen_lines 2 OPGEN_TORCH_CMAKE_PREFIX)
    list(GET _opgen_lines 3 OPGEN_PYTHON_INCLUDE_DIR)
    list(GET _opgen_lines 4 OPGEN_TORCH_VERSION)
    set(OPGEN_TORCH_INCLUDE_DIRS "${_inc0};${_inc1}")
    set(OPGEN_TORCH_FOUND TRUE)
    message(STATUS "opgen: torch from ${OPGEN_PYTHON}")
  else()
    message(STATUS "opgen: no torch in ${OPGEN_PYTHON}: ${_opgen_torch_err}")
  endif()
endif()
