//===- Main.cpp - The opgen command-line driver ---------------------------===//
//
// opgen [options] <sources>... -o <dir> [-p <build-dir>] [-- <compiler args>]
//
// The pipeline, one phase after another; a phase runs only when the ones
// before it reported no error:
//   discover + lower (Frontend) -> check/infer (Check) -> emit (Emit)
//   -> write (Writer).
//===----------------------------------------------------------------------===//
#include "Config.h"
#include "opgen/Check.h"
#include "opgen/Emit.h"
#include "opgen/Fakes.h"
#include "opgen/Frontend.h"
#include "opgen/Writer.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <tuple>

using namespace llvm;

namespace {

cl::OptionCategory Category("opgen options");

cl::list<std::string> Sources(cl::Positional, cl::desc("<sources>..."),
                              cl::cat(Category));
cl::opt<std::string> OutputDir("o", cl::desc("Output directory"),
                               cl::value_desc("dir"), cl::cat(Category));
cl::opt<std::string> BuildPath("p", cl::desc("Build directory with compile_commands.json"),
                               cl::value_desc("build-dir"), cl::cat(Category));
cl::opt<std::string> PythonPackage(
    "python-package",
    cl::desc("Python package of the generated library (default: the first op "
             "namespace)"),
    cl::cat(Category));
cl::opt<std::string> LibraryName(
    "library-name",
    cl::desc("Name of the shared library target, lib<name>.so (default: "
             "<package>_ops)"),
    cl::cat(Category));
cl::opt<std::string> Samples(
    "samples",
    cl::desc("Python module with author-supplied sample inputs for the "
             "generated tests"),
    cl::value_desc("file.py"), cl::cat(Category));
cl::opt<std::string> FakeModule(
    "fake-module",
    cl::desc("Python module with the author's fake kernels "
             "(torch.library.register_fake); it becomes <package>.<file stem>"),
    cl::value_desc("file.py"), cl::cat(Category));
cl::opt<std::string> Root(
    "root",
    cl::desc("Directory that provenance paths are relative to (default: the "
             "current directory)"),
    cl::cat(Category));
cl::opt<std::string> Depfile("depfile", cl::desc("Write a Make-style depfile"),
                             cl::cat(Category));
cl::opt<std::string> DepfileTarget("depfile-target",
                                   cl::desc("Target named in the depfile"),
                                   cl::cat(Category));
cl::opt<bool> Check("check",
                    cl::desc("Write nothing; exit 1 when the output directory "
                             "is out of date"),
                    cl::cat(Category));

std::string absolute(StringRef Path) {
  SmallString<256> Abs(Path);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

bool isSupportedSource(StringRef Path) {
  for (const char *Ext : {".cpp", ".cc", ".cxx", ".cu", ".h", ".hpp", ".cuh"})
    if (Path.endswith(Ext))
      return true;
  return false;
}

} // namespace

int main(int Argc, const char **Argv) {
  InitLLVM X(Argc, Argv);
  // Everything after `--` goes to the compiler, as in other Clang tools.
  std::vector<const char *> OwnArgs;
  std::vector<std::string> ExtraArgs;
  bool AfterDashDash = false;
  for (int I = 0; I < Argc; ++I) {
    if (!AfterDashDash && StringRef(Argv[I]) == "--") {
      AfterDashDash = true;
      continue;
    }
    if (AfterDashDash)
      ExtraArgs.push_back(Argv[I]);
    else
      OwnArgs.push_back(Argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      static_cast<int>(OwnArgs.size()), OwnArgs.data(),
      "opgen: generates PyTorch custom-op registrations, fakes, Python "
      "bindings and opcheck tests from [[custom_op(...)]] annotations\n");
  if (OutputDir.empty() || Sources.empty()) {
    errs() << "opgen: error: need at least one source and -o <dir>\n"
           << "opgen: note: usage: opgen [options] <sources>... -o <dir> "
              "[-p <build-dir>] [-- <compiler args>]\n";
    return 1;
  }

  std::string RootDir = absolute(Root.empty() ? "." : Root.getValue());
  std::unique_ptr<opgen::DiagSink> Diags = opgen::createClangDiagSink(RootDir);

  opgen::FrontendOptions Opts;
  Opts.BuildPath = BuildPath;
  Opts.ExtraArgs = ExtraArgs;
  Opts.Root = RootDir;
  std::map<std::string, std::string> ShardOwners;
  for (const std::string &S : Sources) {
    std::string Abs = absolute(S);
    if (!sys::fs::exists(Abs)) {
      Diags->report(opgen::DiagId::NoSuchInput, {}, {S});
      continue;
    }
    if (!isSupportedSource(Abs)) {
      Diags->report(opgen::DiagId::UnsupportedInput, {}, {S});
      continue;
    }
    if (std::find(Opts.Sources.begin(), Opts.Sources.end(), Abs) !=
        Opts.Sources.end())
      continue;
    std::string Shard = opgen::shardPath(Abs);
    if (!Shard.empty() && !ShardOwners.emplace(Shard, S).second) {
      Diags->report(opgen::DiagId::DuplicateShard, {},
                    {sys::path::filename(S).str()});
      continue;
    }
    Opts.Sources.push_back(Abs);
  }
  if (Diags->errorCount())
    return 1;
  // Compiled sources first: an annotated function seen from several inputs
  // gets its wrapper in the shard of the first, which must be compiled.
  std::sort(Opts.Sources.begin(), Opts.Sources.end(),
            [](const std::string &A, const std::string &B) {
              bool AHeader = opgen::shardPath(A).empty();
              bool BHeader = opgen::shardPath(B).empty();
              return std::tie(AHeader, A) < std::tie(BHeader, B);
            });

  opgen::FrontendResult Found;
  bool Compiled = opgen::runFrontend(Opts, *Diags, Found);
  if (!Compiled || Diags->errorCount())
    return 1;

  opgen::OpLibrary Library;
  Library.Sources = Opts.Sources;
  if (!opgen::checkOps(std::move(Found.Functions), *Diags, Library))
    return 1;
  if (Library.Ops.empty())
    Diags->report(opgen::DiagId::NoOps, {}, {});

  Library.PythonPackage = PythonPackage;
  if (Library.PythonPackage.empty())
    Library.PythonPackage =
        Library.Ops.empty() ? "ops" : Library.Ops.front().Schema.Namespace;
  Library.LibraryName =
      LibraryName.empty() ? Library.PythonPackage + "_ops" : LibraryName.getValue();
  std::string OutAbs = absolute(OutputDir);
  if (!Samples.empty())
    // Relative, so the generated directory can move with its sources.
    Library.SamplesPath =
        opgen::relativePath(OutAbs + "/tests", absolute(Samples));

  if (!FakeModule.empty()) {
    auto Text = MemoryBuffer::getFile(FakeModule);
    if (!Text) {
      Diags->report(opgen::DiagId::NoSuchInput, {}, {FakeModule});
      return 1;
    }
    Library.Fakes = opgen::FakeModule{
        sys::path::stem(FakeModule).str(),
        opgen::displayPath(absolute(FakeModule), RootDir),
        (*Text)->getBuffer().str()};
  }
  opgen::assignFakes(Library, *Diags);

  opgen::EmitOptions EmitOpts;
  EmitOpts.OutputDir = OutAbs;
  EmitOpts.Root = RootDir;
  EmitOpts.RuntimeIncludeDir = OPGEN_RUNTIME_INCLUDE_DIR;
  opgen::FileSet Files = opgen::emitAll(Library, EmitOpts);
  if (!opgen::writeFiles(OutAbs, Files, Check, *Diags))
    return 1;
  if (!Depfile.empty() && !Check) {
    std::string Target = DepfileTarget.empty() ? OutAbs + "/manifest.json"
                                               : DepfileTarget.getValue();
    if (!opgen::writeDepfile(absolute(Depfile), Target, Found.Dependencies,
                             *Diags))
      return 1;
  }
  return Diags->errorCount() ? 1 : 0;
}
