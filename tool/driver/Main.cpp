//===- Main.cpp - The opgen command-line driver ---------------------------===//
//
// opgen [options] <sources>... -o <dir> [-p <build-dir>] [-- <compiler args>]
// opgen --discover [options] <sources>... -o <record.json> [-- <compiler args>]
// opgen --combine [options] <record.json>... -o <dir>
// opgen --build-preamble <sources>... -o <file.pch> [--preamble-cache <dir>]
//                        [-- <compiler args>]
// opgen --list-outputs --python-package <name> [--fake-module <file.py>]
//                      [--python-module <m> --no-python-package] <sources>...
// opgen init <dir> [--namespace <name>]
//
// The pipeline, one phase after another; a phase runs only when the ones
// before it reported no error:
//   discover + lower (Frontend) -> check/infer (Check) -> emit (Emit)
//   -> write (Writer).
// --discover stops after the frontend and writes its result as a discovery
// record (Discovery.h); --combine starts from such records. The build runs
// one --discover per source and one --combine, so that an edit re-parses
// only the edited source.
//===----------------------------------------------------------------------===//
#include "opgen/check/Assemble.h"
#include "opgen/model/Discovery.h"
#include "opgen/emit/Emit.h"
#include "opgen/emit/Outputs.h"
#include "opgen/frontend/Frontend.h"
#include "opgen/model/SourceKind.h"
#include "opgen/support/Install.h"
#include "opgen/support/PythonTorch.h"
#include "opgen/write/Writer.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/thread.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <set>
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
cl::opt<std::string> PythonModule(
    "python-module",
    cl::desc("A module of your own Python package that registers fakes for "
             "these ops (e.g. mypkg._meta_registrations): named by "
             "m.set_python_module, imported before the generated skeletons "
             "are registered, at import time, for the ops it left without one"),
    cl::value_desc("module"), cl::cat(Category));
cl::opt<bool> NoPythonPackage(
    "no-python-package",
    cl::desc("Generate no Python package (__init__.py, ops.py): the ops "
             "belong to your own package, which loads the library; needs "
             "--python-module"),
    cl::cat(Category));
cl::opt<bool> StableAbi(
    "stable-abi",
    cl::desc("Generate a stable-ABI library (STABLE_TORCH_LIBRARY, fakes and "
             "autograd in Python; docs/stable-abi.md) even when no kernel's "
             "signature uses a torch::stable type; a kernel written against "
             "ATen is then an error"),
    cl::cat(Category));
cl::opt<bool> WarningsAsErrors(
    "Werror",
    cl::desc("Treat opgen's warnings as errors: they are printed as errors "
             "(with their [Id]), the run fails and writes nothing (Clang's "
             "own warnings are not concerned: pass -Werror after --)"),
    cl::cat(Category));
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
cl::opt<bool> DiscoverMode(
    "discover",
    cl::desc("Only parse: write what the sources contain to -o <file.json>, "
             "a discovery record for --combine"),
    cl::cat(Category));
cl::opt<std::string> WriteShards(
    "write-shards",
    cl::desc("With --discover: also write the shard and declarations header "
             "of each compiled source into <dir>/shards/, <dir> being the "
             "output directory of the --combine that follows (they depend on "
             "their own source only, so they compile before the other sources "
             "are parsed)"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> CombineMode(
    "combine",
    cl::desc("Generate from discovery records (the inputs, written by "
             "--discover) instead of parsing sources"),
    cl::cat(Category));
cl::opt<bool> BuildPreambleMode(
    "build-preamble",
    cl::desc("Precompile the system headers that every C++ source (or, "
             "without one, every CUDA source) includes first into -o "
             "<file.pch> (and its manifest <file.pch>.json), for --preamble; "
             "kept as it is when up to date"),
    cl::cat(Category));
cl::list<std::string> PreambleFiles(
    "preamble",
    cl::desc("Use the precompiled preamble <file.pch> (--build-preamble) for "
             "each source it fits and is up to date for (repeatable: one per "
             "language, C++ and CUDA); output is the same with and without "
             "it"),
    cl::value_desc("file.pch"), cl::cat(Category));
cl::opt<std::string> PreambleCache(
    "preamble-cache",
    cl::desc("With --build-preamble: keep the PCH in an entry of the cache "
             "<dir>, keyed by its include lines, command and Clang, and take "
             "it from there when another build (or this one before a clean) "
             "left it up to date; the manifest -o <file.pch>.json names it "
             "(CMake: OPGEN_PREAMBLE_CACHE)"),
    cl::value_desc("dir"), cl::cat(Category));
cl::opt<bool> ListOutputsMode(
    "list-outputs",
    cl::desc("Print the files opgen writes for <sources>, --python-package, "
             "--fake-module, --python-module and --no-python-package, one "
             "'<path><TAB><kind>' line each; parses nothing"),
    cl::cat(Category));
// opgen init <dir> [--namespace <name>]: a starter op library.
cl::SubCommand InitCommand("init",
                           "Create a starter op library in <dir>: an annotated "
                           "kernel with a fake and a backward, samples, "
                           "CMakeLists.txt, pyproject.toml and a README");
cl::opt<std::string> InitDir(cl::Positional, cl::desc("<dir>"),
                             cl::sub(InitCommand), cl::cat(Category));
cl::opt<std::string> InitNamespace(
    "namespace",
    cl::desc("Op namespace, C++ namespace and Python package of the new "
             "library (default: the directory's name)"),
    cl::value_desc("name"), cl::sub(InitCommand), cl::cat(Category));
cl::opt<bool> CMakeDir(
    "cmake-dir",
    cl::desc("Print the directory of opgen's CMake package (opgenConfig.cmake, "
             "for opgen_DIR) and exit"),
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
      Logs[I]->setWarningsAsErrors(Diags.warningsAsErrors());
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
    Result.PreambleInputs.insert(Results[I].PreambleInputs.begin(),
                                 Results[I].PreambleInputs.end());
  }
  return AllCompiled;
}

/// Compiled sources first: an annotated function seen from several inputs
/// gets its wrapper in the shard of the first, which must be compiled.
bool sourceOrder(const std::string &A, const std::string &B) {
  bool AHeader = opgen::shardPath(A).empty();
  bool BHeader = opgen::shardPath(B).empty();
  return std::tie(AHeader, A) < std::tie(BHeader, B);
}

/// Adds source \p Abs (\p Given as the user wrote it) to \p Sources unless
/// it is there already; two compiled sources may not share a file name.
/// Returns whether it was added.
bool addSource(const std::string &Abs, const std::string &Given,
               std::vector<std::string> &Sources,
               std::map<std::string, std::string> &ShardOwners,
               opgen::DiagSink &Diags) {
  if (std::find(Sources.begin(), Sources.end(), Abs) != Sources.end())
    return false;
  std::string Shard = opgen::shardPath(Abs);
  if (!Shard.empty() && !ShardOwners.emplace(Shard, Given).second) {
    Diags.report(opgen::DiagId::DuplicateShard, {},
                 {sys::path::filename(Given).str()});
    return false;
  }
  Sources.push_back(Abs);
  return true;
}

/// The source inputs, made absolute and checked, in parse order.
bool collectSources(std::vector<std::string> &Out, opgen::DiagSink &Diags) {
  std::map<std::string, std::string> ShardOwners;
  for (const std::string &S : Sources) {
    std::string Abs = absolute(S);
    if (!sys::fs::exists(Abs)) {
      Diags.report(opgen::DiagId::NoSuchInput, {}, {S});
      continue;
    }
    if (!opgen::classifySource(Abs)) {
      Diags.report(opgen::DiagId::UnsupportedInput, {},
                   {S, opgen::supportedExtensions()});
      continue;
    }
    addSource(Abs, S, Out, ShardOwners, Diags);
  }
  std::sort(Out.begin(), Out.end(), sourceOrder);
  return Diags.errorCount() == 0;
}

/// Parses every source (in -j threads) and lowers what it finds.
bool parseSources(const std::vector<std::string> &Inputs,
                  const std::vector<std::string> &ExtraArgs,
                  const std::string &RootDir, opgen::DiagSink &Diags,
                  opgen::FrontendResult &Found) {
  opgen::FrontendOptions Opts;
  Opts.Sources = Inputs;
  Opts.BuildPath = BuildPath;
  Opts.ExtraArgs = ExtraArgs;
  Opts.Root = RootDir;
  Opts.Preambles.assign(PreambleFiles.begin(), PreambleFiles.end());
  unsigned Threads = Jobs == 0 ? llvm::hardware_concurrency().compute_thread_count()
                               : Jobs.getValue();
  Threads = static_cast<unsigned>(
      std::min<size_t>(std::max(Threads, 1u), Opts.Sources.size()));
  bool Compiled = Threads > 1
                      ? runFrontendInParallel(Opts, Threads, Diags, Found)
                      : opgen::runFrontend(Opts, Diags, Found);
  return Compiled && Diags.errorCount() == 0;
}

/// --combine: reads the discovery records named as inputs. The result is
/// what parsing their sources together would have found, in the same order:
/// functions are taken source by source, in parse order.
bool readRecords(const std::string &RootDir, std::vector<std::string> &SourcesOut,
                 opgen::FrontendResult &Found, opgen::DiagSink &Diags) {
  std::vector<opgen::AnnotatedFunction> Functions;
  std::map<std::string, std::string> ShardOwners;
  std::set<std::string> Seen;
  for (const std::string &Path : Sources) {
    std::string Abs = absolute(Path);
    if (!Seen.insert(Abs).second)
      continue;
    auto Text = MemoryBuffer::getFile(Abs);
    if (!Text) {
      Diags.report(opgen::DiagId::NoSuchInput, {}, {Path});
      continue;
    }
    Expected<opgen::DiscoveryRecord> Record =
        opgen::readDiscoveryRecord((*Text)->getBuffer().str(), RootDir);
    if (!Record) {
      Diags.report(opgen::DiagId::BadDiscoveryRecord, {},
                   {Path, toString(Record.takeError())});
      continue;
    }
    // A source found in two records (written by two discoveries) counts
    // once: its functions are taken from the first record.
    std::set<std::string> Added;
    for (const std::string &S : Record->Sources)
      if (addSource(S, S, SourcesOut, ShardOwners, Diags))
        Added.insert(S);
    for (opgen::AnnotatedFunction &F : Record->Functions)
      if (Added.count(F.Impl.HostSource))
        Functions.push_back(std::move(F));
    Found.Dependencies.insert(Record->Dependencies.begin(),
                              Record->Dependencies.end());
    Found.Dependencies.insert(Abs);
  }
  if (Diags.errorCount())
    return false;
  std::sort(SourcesOut.begin(), SourcesOut.end(), sourceOrder);
  std::map<std::string, size_t> Rank;
  for (size_t I = 0; I < SourcesOut.size(); ++I)
    Rank[SourcesOut[I]] = I;
  std::stable_sort(Functions.begin(), Functions.end(),
                   [&](const opgen::AnnotatedFunction &A,
                       const opgen::AnnotatedFunction &B) {
                     return Rank.at(A.Impl.HostSource) < Rank.at(B.Impl.HostSource);
                   });
  Found.Functions = std::move(Functions);
  return true;
}

/// Whether \p Name is a dotted Python module name (`a.b_c.d`).
bool isPythonModuleName(StringRef Name) {
  SmallVector<StringRef, 4> Parts;
  Name.split(Parts, '.');
  for (StringRef P : Parts) {
    if (P.empty() || isDigit(P.front()))
      return false;
    for (char C : P)
      if (!isAlnum(C) && C != '_')
        return false;
  }
  return true;
}

/// The options that say where the Python side lives: --python-module,
/// --no-python-package and --fake-module. Returns false after reporting a
/// misuse (--list-outputs checks them as the generating run does).
bool checkPythonOptions(opgen::DiagSink &Diags) {
  if (!PythonModule.empty() && !isPythonModuleName(PythonModule)) {
    Diags.report(opgen::DiagId::BadPythonModule, {}, {PythonModule});
    return false;
  }
  if (!PythonModule.empty() && !FakeModule.empty()) {
    Diags.report(opgen::DiagId::UsageFakeModuleWithPythonModule, {}, {});
    return false;
  }
  if (NoPythonPackage && PythonModule.empty()) {
    Diags.report(opgen::DiagId::UsageNoPackageWithoutModule, {}, {});
    return false;
  }
  return true;
}

/// Writes the --depfile, if one was asked for (not with --check), naming
/// --depfile-target or else \p DefaultTarget.
/// A bug of opgen's that a phase returned as an Error (emit: a template and
/// its emitter disagree): reported as InternalError; the exit status.
int internalError(Error E, opgen::DiagSink &Diags) {
  Diags.report(opgen::DiagId::InternalError, {}, {toString(std::move(E))});
  return 1;
}

bool writeDepfileIfAsked(const std::string &DefaultTarget,
                         const std::set<std::string> &Deps, opgen::DiagSink &Diags) {
  if (Depfile.empty() || Check)
    return true;
  return opgen::writeDepfile(absolute(Depfile),
                             DepfileTarget.empty() ? DefaultTarget
                                                   : DepfileTarget.getValue(),
                             Deps, Diags);
}

/// --discover: writes the record (only when its content changed, so the
/// build's later steps see an unchanged file) and its depfile.
int writeRecord(const std::vector<std::string> &Inputs, const std::string &RootDir,
                opgen::FrontendResult &Found, opgen::DiagSink &Diags) {
  // --write-shards: each compiled source's shard, from its functions alone.
  // Checked (and so refused) before anything is written.
  opgen::FileSet Shards;
  std::string ShardDir = WriteShards.empty() ? "" : absolute(WriteShards);
  if (!ShardDir.empty()) {
    opgen::LibraryOptions LibOpts;
    LibOpts.StableAbi = StableAbi;
    opgen::EmitOptions EmitOpts;
    EmitOpts.OutputDir = ShardDir;
    EmitOpts.Root = RootDir;
    EmitOpts.RuntimeIncludeDir = opgen::runtimeIncludeDir();
    for (const std::string &Input : Inputs) {
      if (opgen::shardPath(Input).empty())
        continue;
      unsigned Errors = Diags.errorCount();
      opgen::OpLibrary Shard =
          opgen::assembleShardLibrary(Input, Found.Functions, LibOpts, Diags);
      if (Diags.errorCount() != Errors)
        return 1;
      Expected<opgen::FileSet> Files = opgen::emitShardFiles(Shard, EmitOpts);
      if (!Files)
        return internalError(Files.takeError(), Diags);
      if (Error E = Shards.add(*Files))
        return internalError(std::move(E), Diags);
    }
  }
  opgen::DiscoveryRecord Record;
  Record.Root = RootDir;
  Record.Sources = Inputs;
  Record.Functions = std::move(Found.Functions);
  Record.Dependencies = Found.Dependencies;
  std::string Out = absolute(OutputDir);
  // The depfile also names the preamble used: the record does not.
  std::set<std::string> Deps = Found.Dependencies;
  Deps.insert(Found.PreambleInputs.begin(), Found.PreambleInputs.end());
  for (const auto &[Path, Text] : Shards)
    if (!opgen::writeFileIfChanged(ShardDir + "/" + Path, Text,
                                   Check, Diags))
      return 1;
  if (!opgen::writeFileIfChanged(Out, opgen::writeDiscoveryRecord(Record),
                                 Check, Diags) ||
      !writeDepfileIfAsked(Out, Deps, Diags))
    return 1;
  return Diags.errorCount() ? 1 : 0;
}

/// Check, fakes, emit and write: everything after the frontend.
int generate(const std::vector<std::string> &Inputs,
             opgen::FrontendResult &Found, const std::string &RootDir,
             opgen::DiagSink &Diags) {
  std::string OutAbs = absolute(OutputDir);
  opgen::LibraryOptions LibOpts;
  LibOpts.PythonPackage = PythonPackage;
  LibOpts.LibraryName = LibraryName;
  LibOpts.PythonModule = PythonModule;
  LibOpts.NoPythonPackage = NoPythonPackage;
  LibOpts.StableAbi = StableAbi;
  if (!Samples.empty())
    // Relative, so the generated directory can move with its sources.
    LibOpts.SamplesPath =
        opgen::relativePath(OutAbs + "/tests", absolute(Samples));
  if (!FakeModule.empty()) {
    auto Text = MemoryBuffer::getFile(FakeModule);
    if (!Text) {
      Diags.report(opgen::DiagId::NoSuchInput, {}, {FakeModule});
      return 1;
    }
    LibOpts.Fakes = opgen::FakeModule{
        sys::path::stem(FakeModule).str(),
        opgen::displayPath(absolute(FakeModule), RootDir),
        (*Text)->getBuffer().str()};
  }
  opgen::OpLibrary Library =
      opgen::assembleLibrary(Inputs, Found.Functions, LibOpts, Diags);
  if (Diags.errorCount() != 0)
    return 1;

  opgen::EmitOptions EmitOpts;
  EmitOpts.OutputDir = OutAbs;
  EmitOpts.Root = RootDir;
  EmitOpts.RuntimeIncludeDir = opgen::runtimeIncludeDir();
  Expected<opgen::FileSet> Files = opgen::emitAll(Library, EmitOpts);
  if (!Files)
    return internalError(Files.takeError(), Diags);
  std::set<std::string> Deps = Found.Dependencies;
  Deps.insert(Found.PreambleInputs.begin(), Found.PreambleInputs.end());
  if (!opgen::writeFiles(OutAbs, *Files, Check, Diags) ||
      !writeDepfileIfAsked(OutAbs + "/manifest.json", Deps, Diags))
    return 1;
  return Diags.errorCount() ? 1 : 0;
}

/// --build-preamble: builds (or keeps) the preamble -o <file.pch> for the
/// C++ (or else CUDA) sources among the inputs, and writes its manifest and
/// depfile.
int buildPreambleFile(const std::vector<std::string> &Inputs,
                      const std::vector<std::string> &ExtraArgs,
                      const std::string &RootDir, opgen::DiagSink &Diags) {
  opgen::FrontendOptions Opts;
  Opts.Sources = Inputs;
  Opts.BuildPath = BuildPath;
  Opts.ExtraArgs = ExtraArgs;
  Opts.Root = RootDir;
  Opts.PreambleCache = PreambleCache;
  opgen::PreambleResult Result;
  std::string Pch = absolute(OutputDir);
  if (!opgen::buildPreamble(Opts, Pch, Diags, Result))
    return 1;
  // What it read, less what it writes (the PCH and its include lines,
  // <file.pch>.h): those would be cycles in the build. A cache entry's
  // include lines stay: when the entry is evicted, the step runs again.
  std::set<std::string> Deps = Result.Inputs;
  Deps.erase(Pch);
  Deps.erase(Pch + ".h");
  Deps.erase(Result.Pch);
  Deps.insert(Inputs.begin(), Inputs.end());
  if (!opgen::writeFileIfChanged(Pch + ".json", Result.Manifest, Check, Diags) ||
      !writeDepfileIfAsked(Pch + ".json", Deps, Diags))
    return 1;
  return Diags.errorCount() ? 1 : 0;
}

/// --list-outputs: the table of generated files, for the names given.
int printOutputs(opgen::DiagSink &Diags) {
  if (PythonPackage.empty()) {
    Diags.report(opgen::DiagId::UsageListOutputsPackage, {});
    return 1;
  }
  if (!checkPythonOptions(Diags))
    return 1;
  // The stem as OpLibrary::fakeModuleStem() gives it.
  opgen::OpLibrary Named;
  if (!FakeModule.empty())
    Named.Fakes = opgen::FakeModule{sys::path::stem(FakeModule).str(), "", ""};
  Named.GeneratePackage = !NoPythonPackage;
  opgen::OutputNames Names;
  Names.PythonPackage = PythonPackage;
  Names.FakeModule = Named.fakeModuleStem();
  Names.Package = !NoPythonPackage;
  Names.Sources = Sources;
  for (const opgen::OutputFile &File : opgen::listOutputs(Names))
    outs() << File.Path << '\t' << opgen::outputKindName(File.Kind) << '\n';
  return 0;
}

/// What `opgen init` writes besides the templates: compile_commands.json,
/// with torch's headers as the environment's Python reports them
/// (InitNoTorch when it cannot).
std::string initCompileCommands(const opgen::FileSet &Files, const std::string &Dir,
                                opgen::DiagSink &Diags) {
  opgen::StarterIncludes Includes;
  Includes.RuntimeIncludeDir = opgen::runtimeIncludeDir();
  if (std::string Cuda = opgen::cudaIncludeDir(); !Cuda.empty())
    Includes.CudaRoot = sys::path::parent_path(Cuda).str();
  Expected<opgen::PythonTorch> Torch =
      opgen::queryPythonTorch(opgen::environmentPython());
  if (Torch) {
    Includes.TorchIncludeDirs = Torch->IncludeDirs;
    Includes.PythonIncludeDir = Torch->PythonIncludeDir;
  } else {
    Diags.report(opgen::DiagId::InitNoTorch, {}, {toString(Torch.takeError())});
  }
  return opgen::emitStarterCompileCommands(Files, Dir, Includes);
}

/// opgen init: writes the starter project of templates/init/ into a new or
/// empty directory; refuses anything else before writing.
int runInit(opgen::DiagSink &Diags) {
  if (InitDir.empty()) {
    Diags.report(opgen::DiagId::InitNoDirectory, {});
    return 1;
  }
  std::string Dir = absolute(InitDir);
  std::string Namespace = InitNamespace.getNumOccurrences()
                              ? InitNamespace.getValue()
                              : sys::path::filename(Dir).str();
  if (Error Problem = opgen::checkStarterNamespace(Namespace)) {
    Diags.report(opgen::DiagId::InitBadNamespace, {},
                 {Namespace, toString(std::move(Problem))});
    return 1;
  }
  if (sys::fs::exists(Dir)) {
    std::error_code EC;
    bool Empty = sys::fs::is_directory(Dir) &&
                 sys::fs::directory_iterator(Dir, EC) == sys::fs::directory_iterator();
    if (!Empty || EC) {
      Diags.report(opgen::DiagId::InitDirNotEmpty, {}, {InitDir});
      return 1;
    }
  }
  Expected<opgen::FileSet> Files = opgen::emitStarterProject(Namespace);
  if (!Files)
    return internalError(Files.takeError(), Diags);
  if (Error E = Files->add("compile_commands.json",
                           initCompileCommands(*Files, Dir, Diags)))
    return internalError(std::move(E), Diags);
  for (const auto &[Path, Text] : *Files) {
    SmallString<256> File(Dir);
    sys::path::append(File, Path);
    std::error_code EC = sys::fs::create_directories(sys::path::parent_path(File));
    if (!EC) {
      raw_fd_ostream Out(File, EC, sys::fs::OF_None);
      if (!EC) {
        Out << Text;
        Out.close();
        EC = Out.error();
      }
    }
    if (EC) {
      Diags.report(opgen::DiagId::CannotWrite, {}, {std::string(File), EC.message()});
      return 1;
    }
  }
  outs() << "opgen: created the op library '" << Namespace << "' in " << InitDir
         << " (see its README.md)\n";
  return 0;
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
  cl::HideUnrelatedOptions(Category, InitCommand);
  cl::ParseCommandLineOptions(
      static_cast<int>(OwnArgs.size()), OwnArgs.data(),
      "opgen: generates PyTorch custom-op registrations, fakes, Python "
      "bindings and opcheck tests from [[custom_op(...)]] annotations\n");
  std::string RootDir = absolute(Root.empty() ? "." : Root.getValue());
  std::unique_ptr<opgen::DiagSink> Diags = opgen::createClangDiagSink(RootDir);
  Diags->setWarningsAsErrors(WarningsAsErrors);
  if (InitCommand)
    return runInit(*Diags);
  if (CMakeDir) {
    std::string Dir = opgen::cmakePackageDir();
    if (Dir.empty()) {
      Diags->report(opgen::DiagId::NoCMakePackage, {},
                    {opgen::executablePath()});
      return 1;
    }
    outs() << Dir << "\n";
    return 0;
  }
  if (ListOutputsMode && (DiscoverMode || CombineMode)) {
    Diags->report(opgen::DiagId::UsageExclusiveModes, {},
                  {"--list-outputs", DiscoverMode ? "--discover" : "--combine"});
    return 1;
  }
  // --check would have to build the preamble to compare it.
  if (BuildPreambleMode &&
      (ListOutputsMode || DiscoverMode || CombineMode || Check)) {
    Diags->report(opgen::DiagId::UsageExclusiveModes, {},
                  {"--build-preamble", ListOutputsMode ? "--list-outputs"
                                       : DiscoverMode  ? "--discover"
                                       : CombineMode   ? "--combine"
                                                       : "--check"});
    return 1;
  }
  if (!PreambleCache.empty() && !BuildPreambleMode) {
    Diags->report(opgen::DiagId::UsagePreambleCacheWithoutBuild, {});
    return 1;
  }
  if (ListOutputsMode)
    return printOutputs(*Diags);
  if (OutputDir.empty() || Sources.empty()) {
    Diags->report(opgen::DiagId::UsageNoInputs, {});
    return 1;
  }
  if (DiscoverMode && CombineMode) {
    Diags->report(opgen::DiagId::UsageExclusiveModes, {},
                  {"--discover", "--combine"});
    return 1;
  }

  if (!DiscoverMode && !BuildPreambleMode && !checkPythonOptions(*Diags))
    return 1;

  std::vector<std::string> Inputs;
  opgen::FrontendResult Found;
  if (CombineMode) {
    if (!readRecords(RootDir, Inputs, Found, *Diags))
      return 1;
    return generate(Inputs, Found, RootDir, *Diags);
  }
  if (BuildPreambleMode)
    return collectSources(Inputs, *Diags)
               ? buildPreambleFile(Inputs, ExtraArgs, RootDir, *Diags)
               : 1;
  if (!collectSources(Inputs, *Diags) ||
      !parseSources(Inputs, ExtraArgs, RootDir, *Diags, Found))
    return 1;
  if (DiscoverMode)
    return writeRecord(Inputs, RootDir, Found, *Diags);
  return generate(Inputs, Found, RootDir, *Diags);
}
