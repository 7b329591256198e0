# ctest `init`: `opgen init` creates a starter op library (docs/packaging.md),
# which is configured against this opgen (find_package), built, and passes
# its generated tests; then `cmake --install` puts it into a fresh
# environment, where it imports from another directory with no PYTHONPATH
# and passes them again.
#   cmake -DNAME=init -DOPGEN=<opgen> -DBINARY_DIR=... -DOPGEN_DIR=<opgen build>
#         -DOPGEN_PYTHON=... [-DLAUNCHER=ccache] -P InitProject.cmake
include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
file(REMOVE_RECURSE ${BINARY_DIR})
file(MAKE_DIRECTORY ${BINARY_DIR})
set(RUN_DIR ${BINARY_DIR})
set(project ${BINARY_DIR}/starter)
run(${OPGEN} init ${project} --namespace starter)
foreach(f CMakeLists.txt pyproject.toml README.md samples.py src/softsign.cpp .gitignore)
  if(NOT EXISTS ${project}/${f})
    message(FATAL_ERROR "${NAME}: opgen init did not write ${f}")
  endif()
endforeach()

set(launcher "")
if(LAUNCHER)
  set(launcher -DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER})
endif()
run(${CMAKE_COMMAND} -S ${project} -B ${project}/build -G Ninja
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH=${OPGEN_DIR}
    -DOPGEN_PYTHON=${OPGEN_PYTHON} ${launcher})
run(${CMAKE_COMMAND} --build ${project}/build)
run(${CMAKE_CTEST_COMMAND} --test-dir ${project}/build --output-on-failure)

# Installed into a fresh environment (lib/python3.X/site-packages and
# include/ under the prefix), then used from elsewhere.
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
run(${CMAKE_COMMAND} --install ${project}/build --prefix ${BINARY_DIR}/env)
if(NOT EXISTS ${BINARY_DIR}/env/include/starter/ops.h)
  message(FATAL_ERROR "${NAME}: cmake --install did not install include/starter/ops.h")
endif()
set(RUN_DIR ${BINARY_DIR}/elsewhere)
file(MAKE_DIRECTORY ${RUN_DIR})
run(${FRESH_PYTHON} -c "
import os, torch, starter
here = os.path.dirname(os.path.realpath(starter.__file__))
assert here == os.path.realpath(os.path.join('${FRESH_SITE}', 'starter')), here
x = torch.tensor([-1.0, 0.0, 3.0], requires_grad=True)
y = starter.ops.softsign(x, 2.0)
assert torch.allclose(y, 2.0 * x / (1 + x.abs())), y
y.sum().backward()
assert torch.allclose(x.grad, 2.0 / (1 + x.abs()) ** 2), x.grad
print('installed starter imported from', here)
")
run(${FRESH_PYTHON} -m pytest -q -p no:cacheprovider
    ${project}/build/starter_ops_gen/tests/test_starter_ops.py)
