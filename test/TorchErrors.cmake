# ctest `torch_errors`: the configure errors of add_custom_op's torch
# (docs/cmake.md#which-torch), each on test/consumer in a fresh build
# directory, each failing the configure with a message that names what it
# found, and leaving no build files (no build.ninja):
#  1. the Python of the build has no torch (a bare virtual environment):
#     the message names that Python and how to choose another;
#  2. the torch found (Torch_DIR of another torch: the newest
#     torch's, .venv-newest) are not that Python's torch: the message names
#     both versions.
# And how it finds torch without importing it (docs/cmake.md#which-torch),
# each configure succeeding:
#  3. the newest torch's Python: the version it names is the one `import
#     torch` gives, Torch_DIR is that torch's, and torch's configure steps
#     add_custom_op skips (the libnvrtc hash, the GPU probe) did not run;
#  4. a torch without torch/version.py (a fake package in the bare
#     environment, whose torch.utils names the pinned torch's CMake files):
#     imported, its __version__ named.
#   cmake -DNAME=torch_errors -DSOURCE_DIR=<repo> -DBINARY_DIR=...
#         -DOPGEN_DIR=<opgen build> -DOPGEN_PYTHON=... -DOTHER_PYTHON=...
#         -P TorchErrors.cmake
include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
file(REMOVE_RECURSE ${BINARY_DIR})
file(MAKE_DIRECTORY ${BINARY_DIR})

# configure_consumer(<case> <cmake args>...): test/consumer configured into
# ${BINARY_DIR}/<case>, with neither a virtual environment nor a
# TORCH_CUDA_ARCH_LIST of the caller's; rc, out and err in the caller's scope.
macro(configure_consumer case)
  execute_process(COMMAND ${CMAKE_COMMAND} -E env --unset=VIRTUAL_ENV --unset=TORCH_CUDA_ARCH_LIST
      ${CMAKE_COMMAND} -S ${SOURCE_DIR}/test/consumer -B ${BINARY_DIR}/${case} -G Ninja
      -DCMAKE_PREFIX_PATH=${OPGEN_DIR} ${ARGN}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
endmacro()

# configure_fails(<case> EXPECT <expected regex>... ARGS <cmake args>...)
function(configure_fails case)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "" "EXPECT;ARGS")
  set(build ${BINARY_DIR}/${case})
  configure_consumer(${case} ${ARG_ARGS})
  if(rc EQUAL 0)
    fail("${case}: the configure succeeded:\n${out}")
  endif()
  string(REGEX REPLACE "[ \t\r\n]+" " " flat "${err}")
  foreach(pattern IN LISTS ARG_EXPECT)
    if(NOT flat MATCHES "${pattern}")
      fail("${case}: the error does not say '${pattern}':\n${err}")
    endif()
  endforeach()
  if(EXISTS ${build}/build.ninja)
    fail("${case}: the failed configure wrote ${build}/build.ninja")
  endif()
  message(STATUS "${NAME}: ${case}: refused as expected")
endfunction()

# 1. A Python without torch.
set(bare ${BINARY_DIR}/bare-venv)
execute_process(COMMAND ${OPGEN_PYTHON} -m venv --without-pip ${bare} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  fail("cannot make ${bare}")
endif()
configure_fails(no-torch
  EXPECT "add_custom_op: the Python the op library is built for, ${bare}/bin/python \\(from OPGEN_PYTHON\\), cannot import torch"
         "No module named 'torch'" "-DOPGEN_PYTHON="
  ARGS -DOPGEN_PYTHON=${bare}/bin/python)

# 2. Headers of another torch than the Python's.
if(NOT EXISTS ${OTHER_PYTHON})
  fail("no ${OTHER_PYTHON} (the newest torch's environment, scripts/setup.sh makes it)")
endif()
opgen_python_torch(${OPGEN_PYTHON})
set(own_version ${TORCH_RELEASE})
opgen_python_torch(${OTHER_PYTHON})
set(other_version ${TORCH_RELEASE})
set(other_prefix ${TORCH_CMAKE_PREFIX})
if(own_version STREQUAL other_version)
  fail("${OPGEN_PYTHON} and ${OTHER_PYTHON} have the same torch ${own_version}")
endif()
configure_fails(other-torch
  EXPECT "the torch found is torch ${other_version}"
         "Torch_DIR=${other_prefix}/Torch"
         "${OPGEN_PYTHON} \\(from OPGEN_PYTHON\\), has torch ${own_version}"
  ARGS -DOPGEN_PYTHON=${OPGEN_PYTHON} -DTorch_DIR=${other_prefix}/Torch)

# configure_succeeds(<case> EXPECT <expected regex>... ARGS <cmake args>...):
# the output (stdout and stderr) in CONFIGURED.
function(configure_succeeds case)
  cmake_parse_arguments(PARSE_ARGV 1 ARG "" "" "EXPECT;ARGS")
  configure_consumer(${case} ${ARG_ARGS})
  if(NOT rc EQUAL 0)
    fail("${case}: the configure failed (${rc}):\n${out}${err}")
  endif()
  foreach(pattern IN LISTS ARG_EXPECT)
    if(NOT "${out}${err}" MATCHES "${pattern}")
      fail("${case}: the configure does not say '${pattern}':\n${out}${err}")
    endif()
  endforeach()
  set(CONFIGURED "${out}${err}" PARENT_SCOPE)
  message(STATUS "${NAME}: ${case}: configured as expected")
endfunction()

# 3. The newest torch's Python, its torch found without importing it.
opgen_python_torch(${OTHER_PYTHON})
string(REPLACE "+" "\\+" other_full "${TORCH_VERSION}")
configure_succeeds(found
  EXPECT "add_custom_op builds against torch ${other_full} of ${OTHER_PYTHON}"
  ARGS -DOPGEN_PYTHON=${OTHER_PYTHON})
opgen_cached_torch_dir(dir ${BINARY_DIR}/found/CMakeCache.txt)
if(NOT dir STREQUAL "${other_prefix}/Torch")
  fail("found: Torch_DIR ${dir}, not ${other_prefix}/Torch")
endif()
if(CONFIGURED MATCHES "shorthash|Automatic GPU detection|Autodetected CUDA")
  fail("found: torch's libnvrtc hash or GPU probe ran:\n${CONFIGURED}")
endif()

# 4. A torch package without torch/version.py: imported.
opgen_python_torch(${OPGEN_PYTHON})
file(GLOB site ${bare}/lib/python*/site-packages)
file(WRITE ${site}/torch/__init__.py "__version__ = '${TORCH_RELEASE}+fake'\n")
file(WRITE ${site}/torch/utils.py "cmake_prefix_path = '${TORCH_CMAKE_PREFIX}'\n")
configure_succeeds(imported
  EXPECT "add_custom_op builds against torch ${TORCH_RELEASE}\\+fake of ${bare}/bin/python"
  ARGS -DOPGEN_PYTHON=${bare}/bin/python)
