# ctest `opgen_wheel`: opgen itself as a wheel (pyproject.toml,
# docs/install.md), built once and used the way a user would, with no path of
# this build and no LLVM of this machine:
#  1. `pip wheel <repo> --no-build-isolation` in a throwaway environment that
#     has the scikit-build-core pyproject.toml pins (from the package index,
#     or pip's cache); the CMake build directory persists, so a rerun
#     rebuilds only what changed; before it, the backend must refuse a
#     platform other than Linux x86-64. With ccache (LAUNCHER, and
#     CCACHE_BASEDIR the repository, as scripts/test.sh sets them) the
#     wheel's compiles are the outer build's own and hit its objects: the
#     build directory lies beside the outer one, in the repository
#     (build-wheel-<hash of BINARY_DIR>/, so that the paths ccache hashes,
#     relative to it, are the same), and the compiler is the outer one's
#     (CXX_COMPILER); only what differs (the relocatable Config.h's
#     includer) compiles again;
#  2. the wheel's tag is py3-none-manylinux_2_<N>_x86_64, N the newest
#     GLIBC_2.<N> the installed executable needs (objdump -T);
#  3. installed into a fresh environment: `ldd` names no libLLVM, libclang or
#     libstdc++, there is no RPATH/RUNPATH, and the binary holds no path of
#     the repository, of this build or of /usr/lib/llvm-16;
#  4. `opgen --cmake-dir` (the console script) and `python -m opgen
#     --cmake-dir` print <site-packages>/opgen/share/cmake/opgen;
#  5. the installed opgen generates an op library from test/consumer's source
#     with /usr/lib/llvm-16 hidden (an empty tmpfs over it, in a mount
#     namespace of its own: `unshare -m`, where permitted) and with no
#     /usr/lib/llvm-16 on PATH: byte-identical to what build/bin/opgen writes
#     but for the runtime headers' path (the wheel's) in gen/CMakeLists.txt;
#     with a Python that has no torch it fails with NoTorchHeaders;
#  6. test/consumer configured with CMAKE_PREFIX_PATH=<site-packages> alone
#     (find_package(opgen) finds the wheel's package), built, and its op
#     imported and called;
#  7. opgen.load() of the installed package (test/installed/test_load.py).
# The wheel stays in BINARY_DIR/dist for the tests that install it
# (fixture opgen_wheelhouse).
#   cmake -DNAME=opgen_wheel -DSOURCE_DIR=<repo> -DBINARY_DIR=...
#         -DOPGEN=<build/bin/opgen> -DOPGEN_PYTHON=... [-DLAUNCHER=ccache]
#         [-DCXX_COMPILER=<the outer build's>] -P OpgenWheel.cmake
include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
file(MAKE_DIRECTORY ${BINARY_DIR})
set(RUN_DIR ${BINARY_DIR})

opgen_path_without_llvm(clean_path)

# 1. The wheel. The build environment is kept while it has scikit-build-core.
file(READ ${SOURCE_DIR}/pyproject.toml pyproject)
if(NOT pyproject MATCHES "\"(scikit-build-core==[0-9.]+)\"")
  fail("pyproject.toml pins no scikit-build-core")
endif()
set(skbuild_core ${CMAKE_MATCH_1})
set(buildenv ${BINARY_DIR}/buildenv)
execute_process(COMMAND ${buildenv}/bin/python -c "import scikit_build_core"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 0)
  file(REMOVE_RECURSE ${buildenv})
  run(${OPGEN_PYTHON} -m venv ${buildenv})
  run(${buildenv}/bin/python -m pip install -q --disable-pip-version-check
      ${skbuild_core})
endif()
# An unsupported platform is refused by the build backend before anything
# is built (platform.machine() made to say aarch64).
execute_process(COMMAND ${buildenv}/bin/python -c "
import platform, sys
sys.path.insert(0, '${SOURCE_DIR}/tool/python/backend')
platform.machine = lambda: 'aarch64'
import opgen_build_backend as backend
try:
    backend.get_requires_for_build_wheel()
except RuntimeError as e:
    print(e)
    sys.exit(3)
"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out)
if(NOT rc EQUAL 3 OR NOT out MATCHES "Linux x86-64 only.*not linux aarch64")
  fail("the backend did not refuse aarch64 (${rc}): ${out}")
endif()

set(dist ${BINARY_DIR}/dist)
file(REMOVE_RECURSE ${dist})
set(launcher "")
if(LAUNCHER)
  set(launcher -Ccmake.define.CMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
if(CXX_COMPILER)
  list(APPEND launcher -Ccmake.define.CMAKE_CXX_COMPILER=${CXX_COMPILER})
endif()
string(SHA1 build_key "${BINARY_DIR}")
string(SUBSTRING ${build_key} 0 8 build_key)
run(${CMAKE_COMMAND} -E env CMAKE_BUILD_PARALLEL_LEVEL=2
    ${buildenv}/bin/python -m pip wheel ${SOURCE_DIR} --no-build-isolation
    --no-deps --disable-pip-version-check -q -w ${dist}
    -Cbuild-dir=${SOURCE_DIR}/build-wheel-${build_key} ${launcher})
file(GLOB wheels ${dist}/opgen-*.whl)
list(LENGTH wheels n)
if(NOT n EQUAL 1)
  fail("expected one wheel in ${dist}, found '${wheels}'")
endif()
get_filename_component(wheel_name ${wheels} NAME)
if(NOT wheel_name MATCHES "^opgen-[0-9.]+-py3-none-manylinux_2_([0-9]+)_x86_64\\.whl$")
  fail("unexpected wheel name '${wheel_name}'")
endif()
set(tag_glibc ${CMAKE_MATCH_1})
file(SIZE ${wheels} wheel_size)
math(EXPR wheel_mb "${wheel_size} / 1000000")
message(STATUS "${NAME}: ${wheel_name}, ${wheel_mb} MB")

# 3. A fresh environment (it sees the torch of OPGEN_PYTHON, nothing else).
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
run(${FRESH_PYTHON} -m pip install -q --disable-pip-version-check --no-index
    --no-deps ${wheels})
set(exe ${FRESH_SITE}/opgen/bin/opgen)
if(NOT EXISTS ${exe})
  fail("the wheel installed no ${exe}")
endif()

# 2. The tag's glibc is the newest the executable needs.
execute_process(COMMAND objdump -T ${exe} OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  fail("objdump -T ${exe} failed")
endif()
string(REGEX MATCHALL "GLIBC_2\\.[0-9]+" versions "${symbols}")
set(newest 0)
foreach(v IN LISTS versions)
  string(REPLACE "GLIBC_2." "" v ${v})
  if(v GREATER newest)
    set(newest ${v})
  endif()
endforeach()
if(NOT newest EQUAL tag_glibc)
  fail("the wheel is tagged manylinux_2_${tag_glibc} but opgen needs GLIBC_2.${newest}")
endif()

execute_process(COMMAND ldd ${exe} OUTPUT_VARIABLE ldd RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR ldd MATCHES "libLLVM|libclang|libstdc\\+\\+|not found")
  fail("ldd ${exe}:\n${ldd}")
endif()
execute_process(COMMAND readelf -d ${exe} OUTPUT_VARIABLE dynamic)
if(dynamic MATCHES "RPATH|RUNPATH")
  fail("${exe} has an RPATH/RUNPATH:\n${dynamic}")
endif()
execute_process(COMMAND ${OPGEN_PYTHON} -c "import sys; print(sys.prefix)"
                OUTPUT_VARIABLE build_prefix OUTPUT_STRIP_TRAILING_WHITESPACE)
file(STRINGS ${exe} paths REGEX "/usr/lib/llvm-16|${SOURCE_DIR}|${BINARY_DIR}|${build_prefix}/")
if(paths)
  fail("${exe} names paths of this machine: ${paths}")
endif()

# 4. --cmake-dir, from the console script and from python -m opgen, with
# PATH free of LLVM and no virtual environment active.
set(env_cmd ${CMAKE_COMMAND} -E env --unset=PYTHONPATH --unset=VIRTUAL_ENV
    --unset=OPGEN_PYTHON --unset=LD_LIBRARY_PATH
    "PATH=${BINARY_DIR}/env/bin:${clean_path}")
set(cmake_dir ${FRESH_SITE}/opgen/share/cmake/opgen)
foreach(cmd "${BINARY_DIR}/env/bin/opgen" "${FRESH_PYTHON};-m;opgen")
  execute_process(COMMAND ${env_cmd} ${cmd} --cmake-dir
                  OUTPUT_VARIABLE out OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL cmake_dir OR NOT EXISTS ${out}/opgenConfig.cmake)
    fail("'${cmd} --cmake-dir' printed '${out}' (${rc}), not ${cmake_dir}")
  endif()
endforeach()

# 5. Generating, with /usr/lib/llvm-16 hidden where a mount namespace is
# permitted (root, or user namespaces), else merely off PATH.
set(work ${BINARY_DIR}/generate)
file(REMOVE_RECURSE ${work})
file(MAKE_DIRECTORY ${work})
file(COPY ${SOURCE_DIR}/test/consumer/src/scale.cpp DESTINATION ${work})
set(hide "")
execute_process(COMMAND unshare -m sh -c "mount -t tmpfs tmpfs /usr/lib/llvm-16 && test ! -e /usr/lib/llvm-16/lib"
                RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(rc EQUAL 0)
  set(hide unshare -m sh -c "mount -t tmpfs tmpfs /usr/lib/llvm-16 && exec \"$@\"" sh)
else()
  message(STATUS "${NAME}: cannot hide /usr/lib/llvm-16 (no unshare -m here); it is off PATH only")
endif()
execute_process(COMMAND ${hide} ${env_cmd} ${BINARY_DIR}/env/bin/opgen scale.cpp -o wheel_gen
                WORKING_DIRECTORY ${work} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  fail("the installed opgen failed on scale.cpp (${rc}):\n${err}")
endif()
set(RUN_DIR ${work})
run(${OPGEN} scale.cpp -o build_gen)
# The standalone gen/CMakeLists.txt names each opgen's own runtime headers.
execute_process(COMMAND diff -r -x CMakeLists.txt wheel_gen build_gen
                WORKING_DIRECTORY ${work} RESULT_VARIABLE rc OUTPUT_VARIABLE diff)
if(NOT rc EQUAL 0)
  fail("the installed opgen's output differs from build/bin/opgen's:\n${diff}")
endif()
file(STRINGS ${work}/wheel_gen/CMakeLists.txt runtime REGEX "OPGEN_RUNTIME_INCLUDE ")
if(NOT runtime MATCHES "/site-packages/opgen/include\"")
  fail("the installed opgen's gen/CMakeLists.txt: ${runtime}")
endif()
execute_process(COMMAND ${env_cmd} OPGEN_PYTHON=/bin/false ${exe} scale.cpp -o nogen
                WORKING_DIRECTORY ${work} RESULT_VARIABLE rc ERROR_VARIABLE err)
if(rc EQUAL 0 OR NOT err MATCHES "\\[NoTorchHeaders\\]" OR EXISTS ${work}/nogen)
  fail("with OPGEN_PYTHON=/bin/false: exit ${rc}, expected NoTorchHeaders:\n${err}")
endif()

# 6. find_package(opgen) through site-packages alone, then the op runs.
set(project ${BINARY_DIR}/consumer)
file(REMOVE_RECURSE ${project})
set(cxx_launcher "")
if(LAUNCHER)
  set(cxx_launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
run(${env_cmd} ${CMAKE_COMMAND} -S ${SOURCE_DIR}/test/consumer -B ${project}
    -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${FRESH_SITE}
    -DOPGEN_PYTHON=${FRESH_PYTHON} ${cxx_launcher})
file(STRINGS ${project}/CMakeCache.txt found REGEX "^opgen_DIR:")
if(NOT found STREQUAL "opgen_DIR:PATH=${cmake_dir}")
  fail("find_package(opgen) found '${found}', not the wheel's ${cmake_dir}")
endif()
run(${env_cmd} ${CMAKE_COMMAND} --build ${project})
set(RUN_DIR ${BINARY_DIR})
run(${env_cmd} PYTHONPATH=${project}/python ${FRESH_PYTHON} -c
    "import torch, consumer_ops; y = consumer_ops.ops.scale(torch.tensor([1.0, 2.0]), 2.0); assert y.tolist() == [2.5, 4.5], y; print('consumer_ops.ops.scale:', y)")

# 7. opgen.load(): builds, caches and imports an op library in-process with
# the installed package (test/installed/test_load.py), run from an empty
# directory, LLVM hidden as in 5.
set(RUN_DIR ${BINARY_DIR}/elsewhere)
file(MAKE_DIRECTORY ${RUN_DIR})
run(${hide} ${env_cmd} ${FRESH_PYTHON} -m pytest -q -p no:cacheprovider
    ${SOURCE_DIR}/test/installed/test_load.py)
