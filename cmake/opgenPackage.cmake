# find_package(opgen) support, from the build tree (CMAKE_PREFIX_PATH=<build>)
# and from an install prefix (cmake --install build --prefix <dir>).
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/opgenConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)

# Build tree: point at the built tool and the sources of the runtime.
set(OPGEN_CONFIG_EXECUTABLE "${CMAKE_BINARY_DIR}/bin/opgen")
set(OPGEN_CONFIG_RUNTIME_INCLUDE "${PROJECT_SOURCE_DIR}/runtime/include")
set(OPGEN_CONFIG_MODULE_DIR "${PROJECT_SOURCE_DIR}/cmake")
configure_file(${PROJECT_SOURCE_DIR}/cmake/opgenConfig.cmake.in
  ${CMAKE_BINARY_DIR}/opgenConfig.cmake @ONLY)
# opgen migrate's --verify comparator lies beside the package's config, in
# the build tree as installed (support/Install.h: migrateVerifyScript()).
configure_file(${PROJECT_SOURCE_DIR}/tool/scripts/migrate_verify.py
  ${CMAKE_BINARY_DIR}/migrate_verify.py COPYONLY)

# Install tree: everything relative to the config file, three levels below
# the prefix: <prefix>/lib/cmake/opgen, or in the wheel (prefix
# site-packages/opgen) share/cmake/opgen, where find_package(opgen) finds it
# with CMAKE_PREFIX_PATH=<site-packages>.
if(SKBUILD)
  set(OPGEN_INSTALL_CMAKEDIR share/cmake/opgen)
else()
  set(OPGEN_INSTALL_CMAKEDIR lib/cmake/opgen)
endif()
set(OPGEN_CONFIG_EXECUTABLE "\${_opgen_prefix}/bin/opgen")
set(OPGEN_CONFIG_RUNTIME_INCLUDE "\${_opgen_prefix}/include")
set(OPGEN_CONFIG_MODULE_DIR "\${CMAKE_CURRENT_LIST_DIR}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/opgenConfig.cmake.in
  ${CMAKE_BINARY_DIR}/install/opgenConfig.cmake @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/install/opgenConfig.cmake
              ${CMAKE_BINARY_DIR}/opgenConfigVersion.cmake
              ${PROJECT_SOURCE_DIR}/cmake/AddCustomOp.cmake
              ${PROJECT_SOURCE_DIR}/cmake/OpgenStableSymbols.cmake
              ${PROJECT_SOURCE_DIR}/tool/scripts/migrate_verify.py
        DESTINATION ${OPGEN_INSTALL_CMAKEDIR})
