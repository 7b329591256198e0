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
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <atomic>
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
cl::opt<unsigned> Jobs(
    "j",
    cl::desc("Parse up to <N> sources at a time, in threads (default 1; 0: one "
             "per core). Output and diagnostics are the same for every <N>"),
    cl::value_desc("N"), cl::init(1), cl::Prefix, cl::cat(Category));
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

/// What parsing one source reported, in order: opgen's diagnostics
/// (recorded) and Clang's own text (its diagnostics, "N errors generated."),
/// replayed into the real sink once every thread is done.
class SourceLog : public opgen::DiagSink {
public:
  SourceLog() : Stream(*this) {}
  raw_ostream &clangOutput() { return Stream; }

  /// \p SeenNoDatabase: a `-p` directory without a database fails every
  /// source alike; it is reported once, as with -j1.
  void replay(opgen::DiagSink &Into, bool &SeenNoDatabase) const {
    for (const Event &E : Events) {
      if (E.IsText) {
        errs() << E.Text;
        continue;
      }
      if (E.Id == opgen::DiagId::NoCompileDatabase) {
        if (SeenNoDatabase)
          continue;
        SeenNoDatabase = true;
      }
      Into.report(E.Id, E.Loc, E.Args);
    }
  }

protected:
  void emit(opgen::DiagId Id, const opgen::SourceLoc &Loc,
            const std::vector<std::string> &Args) override {
    Events.push_back({false, {}, Id, Loc, Args});
  }

private:
  struct Event {
    bool IsText;
    std::string Text;
    opgen::DiagId Id;
    opgen::SourceLoc Loc;
    std::vector<std::string> Args;
  };

  /// Unbuffered, so text and diagnostics keep their order.
  class TextStream : public raw_ostream {
  public:
    explicit TextStream(SourceLog &Log) : raw_ostream(/*unbuffered=*/true), Log(Log) {
      enable_colors(errs().colors_enabled());
    }

  private:
    void write_impl(const char *Ptr, size_t Size) override {
      Pos += Size;
      if (Log.Events.empty() || !Log.Events.back().IsText)
        Log.Events.push_back({true, {}, {}, {}, {}});
      Log.Events.back().Text.append(Ptr, Size);
    }
    uint64_t current_pos() const override { return Pos; }

    SourceLog &Log;
    uint64_t Pos = 0;
  };

  std::vector<Event> Events;
  TextStream Stream;
};

/// runFrontend over the sources in \p Threads threads, a source at a time.
/// The results are merged and the diagnostics replayed in source order, so
/// everything is as if the sources had been parsed one after another.
bool runFrontendInParallel(const opgen::FrontendOptions &Opts, unsigned Threads,
                           opgen::DiagSink &Diags,
                           opgen::FrontendResult &Result) {
  size_t N = Opts.Sources.size();
  std::vector<std::unique_ptr<SourceLog>> Logs(N);
  std::vector<opgen::FrontendResult> Results(N);
  std::vector<char> Compiled(N, 0);
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I = Next++; I < N; I = Next++) {
      Logs[I] = std::make_unique<SourceLog>();
      opgen::FrontendOptions One = Opts;
      One.Sources = {Opts.Sources[I]};
      One.ClangOutput = &Logs[I]->clangOutput();
      Compiled[I] = opgen::runFrontend(One, *Logs[I], Results[I]);
    }
  };
  {
    // Clang wants 8 MiB of stack (clang::DesiredStackSize), as the main
    // thread has.
    std::vector<llvm::thread> Workers;
    for (unsigned T = 0; T < Threads; ++T)
      Workers.emplace_back(std::optional<unsigned>(8u << 20), Work);
    for (llvm::thread &W : Workers)
      W.join();
  }
  bool AllCompiled = true;
  bool SeenNoDatabase = false;
  for (size_t I = 0; I < N; ++I) {
    Logs[I]->replay(Diags, SeenNoDatabase);
    AllCompiled &= Compiled[I] != 0;
    for (opgen::AnnotatedFunction &F : Results[I].Functions)
      Result.Functions.push_back(std::move(F));
    Result.Dependencies.insert(Results[I].Dependencies.begin(),
                               Results[I].Dependencies.end());
  }
  return AllCompiled;
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
  unsigned Threads = Jobs == 0 ? llvm::hardware_concurrency().compute_thread_count()
                               : Jobs.getValue();
  Threads = static_cast<unsigned>(
      std::min<size_t>(std::max(Threads, 1u), Opts.Sources.size()));
  bool Compiled = Threads > 1
                      ? runFrontendInParallel(Opts, Threads, *Diags, Found)
                      : opgen::runFrontend(Opts, *Diags, Found);
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
