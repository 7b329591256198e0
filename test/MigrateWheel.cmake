# ctest `migrate_wheel`: docs/migrate.md's path from setup.py to a wheel
# ("opgen-commands: migrate-wheel", run by doc_commands.py), on
# test/migrate/extension_cpp (extension-cpp's layout: its package, its
# muladd.cpp and its own test/test_extension.py) with examples/migrate's
# CMakeLists.txt and pyproject.toml in place of its setup.py: opgen migrate
# --in-place, the wheel built by scikit-build-core with add_custom_op
# (NO_PYTHON_PACKAGE: the package stays the project's, its library _C.so),
# installed, and the project's own tests and the generated opcheck tests run
# from another directory against the installed package. In a fresh
# environment that sees OPGEN_PYTHON's torch; opgen from its wheel
# (WHEELHOUSE, made by ctest opgen_wheel).
#   cmake -DSOURCE_DIR=<repo> -DBINARY_DIR=... -DWHEELHOUSE=<dir>
#         -DOPGEN_PYTHON=... [-DLAUNCHER=ccache] -P MigrateWheel.cmake
include(${CMAKE_CURRENT_LIST_DIR}/FreshVenv.cmake)
file(REMOVE_RECURSE ${BINARY_DIR})
file(MAKE_DIRECTORY ${BINARY_DIR})
set(RUN_DIR ${BINARY_DIR})
set(project ${BINARY_DIR}/extension-cpp)
file(COPY ${SOURCE_DIR}/test/migrate/extension_cpp/extension_cpp
          ${SOURCE_DIR}/test/migrate/extension_cpp/test
     DESTINATION ${project} PATTERN __pycache__ EXCLUDE)
file(COPY ${SOURCE_DIR}/examples/migrate/CMakeLists.txt
          ${SOURCE_DIR}/examples/migrate/pyproject.toml
     DESTINATION ${project})
opgen_fresh_venv(${BINARY_DIR}/env ${OPGEN_PYTHON})
opgen_doc_env(launcher)
run(${OPGEN_PYTHON} ${SOURCE_DIR}/test/doc_commands.py
    ${SOURCE_DIR}/docs/migrate.md migrate-wheel --cwd ${project}
    --env OPGEN_WHEELHOUSE=${WHEELHOUSE} --env VIRTUAL_ENV=${BINARY_DIR}/env
    ${launcher} --path ${BINARY_DIR}/env/bin)
