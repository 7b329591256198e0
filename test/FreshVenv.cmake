# opgen_fresh_venv(<dir> <python>): a new virtual environment in <dir> (any
# previous one removed) that sees the packages of <python>'s environment
# (torch, numpy, pytest) through a .pth line, so that nothing is downloaded
# again, and nothing else: no op library, no PYTHONPATH. Sets
# Sets FRESH_PYTHON (its interpreter) and FRESH_SITE (its site-packages).
function(opgen_fresh_venv dir python)
  file(REMOVE_RECURSE ${dir})
  execute_process(COMMAND ${python} -m venv ${dir} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "'${python} -m venv ${dir}' failed (${rc})")
  endif()
  set(get_purelib "import sysconfig; print(sysconfig.get_path('purelib'))")
  execute_process(COMMAND ${python} -c "${get_purelib}"
    OUTPUT_VARIABLE torch_site OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${dir}/bin/python -c "${get_purelib}"
    OUTPUT_VARIABLE site OUTPUT_STRIP_TRAILING_WHITESPACE)
  file(WRITE ${site}/_opgen_torch_environment.pth "${torch_site}\n")
  set(FRESH_PYTHON ${dir}/bin/python PARENT_SCOPE)
  set(FRESH_SITE ${site} PARENT_SCOPE)
endfunction()

# run(<command>...): runs it (in WORKING_DIRECTORY ${RUN_DIR} when set,
# with PYTHONPATH unset), fails the test when it fails.
function(run)
  if(NOT RUN_DIR)
    set(RUN_DIR ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=PYTHONPATH ${ARGN}
                  WORKING_DIRECTORY ${RUN_DIR} RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NAME}: '${ARGN}' failed (${rc})")
  endif()
endfunction()

# fail(<message>...): fails the test, its NAME first.
function(fail)
  message(FATAL_ERROR "${NAME}: " ${ARGN})
endfunction()

# opgen_path_without_llvm(<out>): $PATH without any directory of LLVM, for
# running what a user without LLVM 16 runs.
function(opgen_path_without_llvm out)
  set(clean "")
  string(REPLACE ":" ";" dirs "$ENV{PATH}")
  foreach(dir IN LISTS dirs)
    if(NOT dir MATCHES "llvm" AND NOT dir STREQUAL "")
      list(APPEND clean ${dir})
    endif()
  endforeach()
  string(REPLACE ";" ":" clean "${clean}")
  set(${out} "${clean}" PARENT_SCOPE)
endfunction()

# opgen_doc_env(<out>): doc_commands.py --env arguments for the build
# settings of the test: ccache (LAUNCHER), and CUDA for the first of
# CUDA_ARCHITECTURES only (CUDAARCHS), when given.
function(opgen_doc_env out)
  set(args "")
  if(LAUNCHER)
    list(APPEND args --env CMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}
                     --env CMAKE_CUDA_COMPILER_LAUNCHER=${LAUNCHER})
  endif()
  if(CUDA_ARCHITECTURES)
    string(REPLACE "," ";" archs "${CUDA_ARCHITECTURES}")
    list(GET archs 0 arch)
    list(APPEND args --env CUDAARCHS=${arch})
  endif()
  set(${out} ${args} PARENT_SCOPE)
endfunction()

# opgen_python_torch(<python>): asks <python> for its torch, fails the test
# when it has none. Sets TORCH_VERSION (torch.__version__), TORCH_RELEASE
# (without its +local part) and TORCH_CMAKE_PREFIX
# (torch.utils.cmake_prefix_path, symlinks resolved; Torch_DIR is its
# Torch/).
function(opgen_python_torch python)
  execute_process(COMMAND ${python} -c
      "import os, torch, torch.utils; print(torch.__version__); print(os.path.realpath(torch.utils.cmake_prefix_path))"
    OUTPUT_VARIABLE out OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    fail("${python} has no torch")
  endif()
  string(REPLACE "\n" ";" out "${out}")
  list(GET out 0 version)
  list(GET out 1 prefix)
  string(REGEX REPLACE "\\+.*" "" release "${version}")
  set(TORCH_VERSION "${version}" PARENT_SCOPE)
  set(TORCH_RELEASE "${release}" PARENT_SCOPE)
  set(TORCH_CMAKE_PREFIX "${prefix}" PARENT_SCOPE)
endfunction()

# opgen_cached_torch_dir(<out> <CMakeCache.txt>): the Torch_DIR a configure
# found, symlinks resolved.
function(opgen_cached_torch_dir out cache)
  file(STRINGS ${cache} dir REGEX "^Torch_DIR:")
  string(REGEX REPLACE "^Torch_DIR:[A-Z]+=" "" dir "${dir}")
  file(REAL_PATH "${dir}" dir)
  set(${out} "${dir}" PARENT_SCOPE)
endfunction()
