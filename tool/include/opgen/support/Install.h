//===- Install.h - Where opgen's own files are ------------------*- C++ -*-===//
///
/// \file
/// opgen finds Clang's resource headers, its runtime headers and its CMake
/// package relative to its own executable, so that an installed opgen (a
/// wheel's `opgen/bin/opgen`, or `cmake --install`'s `<prefix>/bin/opgen`)
/// names no path of the machine that built it. A developer build
/// (`build/bin/opgen`) falls back to the paths baked in at configure time
/// (Config.h), which a relocatable build (OPGEN_RELOCATABLE) leaves empty.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_SUPPORT_INSTALL_H
#define OPGEN_SUPPORT_INSTALL_H

#include "llvm/Support/Error.h"

#include <string>

namespace opgen {

/// This executable's path (/proc/self/exe), symlinks resolved.
std::string executablePath();

/// The directory of opgen's CMake package (opgenConfig.cmake), for opgen_DIR:
/// <prefix>/share/cmake/opgen (the wheel), <prefix>/lib/cmake/opgen
/// (cmake --install), or the build directory (<build>/bin/opgen). Empty when
/// there is none beside this executable.
std::string cmakePackageDir();

/// `opgen migrate --verify`'s comparator, `migrate_verify.py`, which lies
/// beside the CMake package (cmake/opgenPackage.cmake puts it there in the
/// build tree and installs it there): <cmakePackageDir()>/migrate_verify.py,
/// or the error that says where it was looked for.
llvm::Expected<std::string> migrateVerifyScript();

/// Clang's resource directory (its builtin headers): <prefix>/lib/clang/<N>
/// when installed there, else the one of the LLVM opgen was built with.
std::string clangResourceDir();

/// The directory holding <opgen/opgen.h>: <prefix>/include when installed
/// there, else the source tree's runtime/include.
std::string runtimeIncludeDir();

/// Torch's and Python's include directories baked in at configure time
/// (empty in a relocatable build: they come from the environment's Python).
std::string bakedTorchIncludes();

/// The CUDA toolkit's include directory: $CUDA_HOME/include,
/// $CUDA_PATH/include, that of the nvcc on PATH, or /usr/local/cuda/include;
/// the first that exists. Empty when none does.
std::string cudaIncludeDir();

} // namespace opgen

#endif
