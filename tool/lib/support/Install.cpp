//===- Install.cpp - Where opgen's own files are --------------------------===//

#include "opgen/support/Install.h"

#include "Config.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdlib>

namespace opgen {

namespace {

int Anchor;

std::string join(llvm::StringRef Base, llvm::StringRef A,
                 llvm::StringRef B = "", llvm::StringRef C = "",
                 llvm::StringRef D = "") {
  llvm::SmallString<256> Path(Base);
  for (llvm::StringRef Part : {A, B, C, D})
    if (!Part.empty())
      llvm::sys::path::append(Path, Part);
  return std::string(Path);
}

/// <prefix> of <prefix>/bin/opgen.
std::string prefix() {
  std::string Exe = executablePath();
  return llvm::sys::path::parent_path(llvm::sys::path::parent_path(Exe)).str();
}

} // namespace

std::string executablePath() {
  std::string Exe = llvm::sys::fs::getMainExecutable("opgen", &Anchor);
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Exe, Real))
    return std::string(Real);
  return Exe;
}

std::string cmakePackageDir() {
  std::string Prefix = prefix();
  for (std::string Dir : {join(Prefix, "share", "cmake", "opgen"),
                          join(Prefix, "lib", "cmake", "opgen"), Prefix})
    if (llvm::sys::fs::exists(join(Dir, "opgenConfig.cmake")))
      return Dir;
  return "";
}

llvm::Expected<std::string> migrateVerifyScript() {
  std::string Dir = cmakePackageDir();
  if (Dir.empty())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "no CMake package of opgen beside " + executablePath() +
            ", where migrate_verify.py is installed");
  std::string Script = join(Dir, "migrate_verify.py");
  if (!llvm::sys::fs::exists(Script))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "no migrate_verify.py in " + Dir);
  return Script;
}

std::string clangResourceDir() {
  std::string Installed =
      join(prefix(), "lib", "clang", OPGEN_CLANG_VERSION_MAJOR);
  if (llvm::sys::fs::exists(join(Installed, "include", "stddef.h")) ||
      llvm::StringRef(OPGEN_CLANG_RESOURCE_DIR).empty())
    return Installed;
  return OPGEN_CLANG_RESOURCE_DIR;
}

std::string runtimeIncludeDir() {
  std::string Installed = join(prefix(), "include");
  if (llvm::sys::fs::exists(join(Installed, "opgen", "opgen.h")) ||
      llvm::StringRef(OPGEN_RUNTIME_INCLUDE_DIR).empty())
    return Installed;
  return OPGEN_RUNTIME_INCLUDE_DIR;
}

std::string bakedTorchIncludes() { return OPGEN_DEFAULT_SYSTEM_INCLUDES; }

std::string cudaIncludeDir() {
  std::vector<std::string> Roots;
  for (const char *Var : {"CUDA_HOME", "CUDA_PATH"})
    if (const char *Env = std::getenv(Var); Env && *Env)
      Roots.push_back(Env);
  if (auto Nvcc = llvm::sys::findProgramByName("nvcc")) {
    llvm::SmallString<256> Real;
    if (llvm::sys::fs::real_path(*Nvcc, Real))
      Real = *Nvcc;
    Roots.push_back(llvm::sys::path::parent_path(
                        llvm::sys::path::parent_path(Real))
                        .str());
  }
  Roots.push_back("/usr/local/cuda");
  for (const std::string &Root : Roots)
    if (llvm::sys::fs::is_directory(join(Root, "include")))
      return join(Root, "include");
  return "";
}

} // namespace opgen
