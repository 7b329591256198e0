//===- CompileCommands.cpp - The compile command of every parse -----------===//
//
// One compile command per source, from the compile database or default
// flags, adjusted for a syntax-only parse: nvcc-only flags dropped, .cu
// files parsed host-side against the CUDA prelude.
//===----------------------------------------------------------------------===//
#include "frontend/CompileCommands.h"

#include "opgen/model/SourceKind.h"
#include "opgen/support/Install.h"
#include "opgen/support/PythonTorch.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdlib>
#include <optional>

using namespace clang;

namespace opgen {

namespace {

/// Torch's and Python's include directories for the default flags: those
/// baked in at configure time (a developer build), else, or when
/// $OPGEN_PYTHON is set, those of the environment's Python (asked at run
/// time, as torch.utils.cpp_extension does). Reports NoTorchHeaders when
/// that fails and $OPGEN_TORCH_INCLUDE names none either.
std::optional<std::vector<std::string>> torchIncludes(DiagSink &Diags) {
  std::vector<std::string> Dirs;
  const char *EnvPython = std::getenv("OPGEN_PYTHON");
  std::string Baked = bakedTorchIncludes();
  if (!Baked.empty() && !(EnvPython && *EnvPython)) {
    for (llvm::StringRef Dir : llvm::split(Baked, ';'))
      if (!Dir.empty())
        Dirs.push_back(Dir.str());
    return Dirs;
  }
  llvm::Expected<PythonTorch> Torch = queryPythonTorch(environmentPython());
  if (!Torch) {
    std::string Why = llvm::toString(Torch.takeError());
    const char *Extra = std::getenv("OPGEN_TORCH_INCLUDE");
    if (Extra && *Extra)
      return Dirs; // $OPGEN_TORCH_INCLUDE names them.
    Diags.report(DiagId::NoTorchHeaders, SourceLoc{}, {Why});
    return std::nullopt;
  }
  Dirs = Torch->IncludeDirs;
  if (!Torch->PythonIncludeDir.empty())
    Dirs.push_back(Torch->PythonIncludeDir);
  return Dirs;
}

/// Working default flags when there is no compile database.
std::optional<std::vector<std::string>> defaultFlags(DiagSink &Diags) {
  std::vector<std::string> Flags = {"-std=c++17", "-fsyntax-only",
                                    "-D_GLIBCXX_USE_CXX11_ABI=1",
                                    "-isystem" + runtimeIncludeDir()};
  std::optional<std::vector<std::string>> Torch = torchIncludes(Diags);
  if (!Torch)
    return std::nullopt;
  for (const std::string &Dir : *Torch)
    Flags.push_back("-isystem" + Dir);
  if (const char *Env = std::getenv("OPGEN_TORCH_INCLUDE"))
    for (llvm::StringRef Dir : llvm::split(Env, ':'))
      if (!Dir.empty())
        Flags.push_back("-isystem" + Dir.str());
  return Flags;
}

/// Clang's resource directory and the CUDA toolkit's headers, found once.
const std::string &resourceDirFlag() {
  static const std::string Flag = "-resource-dir=" + clangResourceDir();
  return Flag;
}
const std::string &cudaIncludeFlag() {
  static const std::string Dir = cudaIncludeDir();
  static const std::string Flag = Dir.empty() ? "" : "-isystem" + Dir;
  return Flag;
}

/// Lets clang parse .cu files against the CUDA 13 toolkit without its own
/// (incompatible) CUDA wrapper headers: host side only, with the attribute
/// macros and launch hook the wrappers would have provided.
constexpr const char *CudaPreludePath = "/opgen-virtual/opgen_cuda_prelude.h";
constexpr const char *CudaPrelude =
#include "CudaPrelude.inc"
    ;

} // namespace

llvm::StringRef cudaPrelude() { return CudaPrelude; }
llvm::StringRef cudaPreludePath() { return CudaPreludePath; }

tooling::CommandLineArguments
adjustArguments(const tooling::CommandLineArguments &Args, llvm::StringRef File,
                const FrontendOptions &Opts) {
  tooling::CommandLineArguments Out;
  // nvcc-only flags from a CMake compile database would confuse the
  // clang driver; keep what clang understands.
  for (size_t I = 0; I < Args.size(); ++I) {
    llvm::StringRef A = Args[I];
    if (A.startswith("--generate-code") || A.startswith("-gencode") ||
        A.startswith("--expt-") || A.startswith("-Xcompiler") ||
        A.startswith("-forward-unknown") || A == "-x" ||
        A.startswith("-ccbin") || A.startswith("--options-file") ||
        A.startswith("-Xfatbin") || A.startswith("--compiler-options")) {
      if ((A == "-x" || A == "-Xcompiler" || A == "-ccbin" ||
           A == "-gencode" || A == "--options-file") &&
          I + 1 < Args.size())
        ++I;
      continue;
    }
    // nvcc spells `-isystem=<dir>`; to clang a leading '=' means
    // "relative to the sysroot".
    if (A.startswith("-isystem=")) {
      Out.push_back("-isystem" + A.drop_front(9).str());
      continue;
    }
    Out.push_back(Args[I]);
  }
  // Language and host-only CUDA mode go right after the driver name.
  std::vector<std::string> Front;
  std::optional<SourceKind> Kind = classifySource(File);
  if (Kind && Kind->Cuda) {
    Front = {"-x", "cuda", "--cuda-host-only", "-nocudalib",
             "-nocudainc", "-Wno-unknown-cuda-version", "-include",
             CudaPreludePath};
    if (!cudaIncludeFlag().empty())
      Front.push_back(cudaIncludeFlag());
  } else if (Kind && !Kind->Compiled)
    Front = {"-x", "c++-header"};
  else
    Front = {"-x", "c++"};
  Out.insert(Out.begin() + 1, Front.begin(), Front.end());
  std::vector<std::string> Back = {
      resourceDirFlag(),
      "-Wno-unknown-attributes", "-Wno-unused-command-line-argument",
      "-fsyntax-only"};
  Back.insert(Back.end(), Opts.ExtraArgs.begin(), Opts.ExtraArgs.end());
  // A command interpolated for a file missing from the database ends
  // in `-- <file>`: flags must go before that `--`.
  auto DashDash = std::find(Out.begin(), Out.end(), "--");
  Out.insert(DashDash, Back.begin(), Back.end());
  return Out;
}

std::unique_ptr<tooling::CompilationDatabase>
loadDatabase(const FrontendOptions &Opts, DiagSink &Diags) {
  if (Opts.BuildPath.empty()) {
    std::optional<std::vector<std::string>> Flags = defaultFlags(Diags);
    if (!Flags)
      return nullptr;
    return std::make_unique<tooling::FixedCompilationDatabase>(".", *Flags);
  }
  std::string Error;
  std::unique_ptr<tooling::CompilationDatabase> Database =
      tooling::CompilationDatabase::loadFromDirectory(Opts.BuildPath, Error);
  if (!Database) {
    // Clang's message lists one failure per database kind, a line each.
    std::string Why;
    for (llvm::StringRef Line : llvm::split(llvm::StringRef(Error).trim(), '\n'))
      Why += (Why.empty() ? "" : "; ") + Line.trim().str();
    Diags.report(DiagId::NoCompileDatabase, SourceLoc{}, {Opts.BuildPath, Why});
  }
  return Database;
}

void configureTool(tooling::ClangTool &Tool, const FrontendOptions &Opts,
                   ArgumentsHook Hook) {
  Tool.mapVirtualFile(CudaPreludePath, CudaPrelude);
  Tool.appendArgumentsAdjuster(
      [&Opts, Hook = std::move(Hook)](const tooling::CommandLineArguments &Args,
                                      llvm::StringRef File) {
        tooling::CommandLineArguments Out = adjustArguments(Args, File, Opts);
        if (Hook)
          Hook(Out, File);
        return Out;
      });
}

} // namespace opgen
