//===- Pipeline.cpp - Run one opgen invocation ----------------------------===//
//
// Every mode, from the Plan: generate (frontend -> check -> emit -> write),
// --discover (frontend, then the record and, with --write-shards, each
// compiled source's shard), --combine (records -> check -> emit -> write),
// --build-preamble, --list-outputs (the Plan as JSON), --cmake-dir,
// `opgen init` and `opgen migrate` (registrations -> check -> edits ->
// diff or write).
//===----------------------------------------------------------------------===//
#include "opgen/pipeline/Pipeline.h"
#include "opgen/check/Assemble.h"
#include "opgen/check/Migrate.h"
#include "opgen/emit/Migrate.h"
#include "opgen/frontend/Migrate.h"
#include "opgen/model/SourceKind.h"
#include "opgen/emit/Emit.h"
#include "opgen/model/Discovery.h"
#include "opgen/support/Install.h"
#include "opgen/support/PythonTorch.h"
#include "opgen/write/Writer.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <set>

using namespace llvm;

namespace opgen {

namespace {

/// What the frontend found, with the sources it was found in (in parse
/// order).
struct Found {
  std::vector<std::string> Sources;
  FrontendResult Result;
};

/// The run's shared state: the invocation, its root and its sink.
class Run {
public:
  Run(const Invocation &Inv, DiagSink &Diags)
      : Inv(Inv), Diags(Diags),
        RootDir(absolutePath(Inv.Root.empty() ? "." : Inv.Root)) {}

  int run();

private:
  int runInit();
  int runMigrate(const Plan &P);
  /// opgen migrate --verify's comparator: migrate_verify.py and the Python
  /// that runs it.
  struct Comparator {
    std::string Script;
    std::string Python;
  };
  std::optional<Comparator> findComparator();
  bool verifyMigration(const Comparator &C,
                       const std::map<std::string, std::string> &Changed);
  int printCMakeDir();
  int printPlan(bool WithGraph);
  int writeProject();
  int generate(const Plan &P, Found F);
  int writeRecord(const Plan &P, Found F);
  int buildPreambleFile(const Plan &P);
  /// A bug of opgen's that a phase returned as an Error (emit: a template
  /// and its emitter disagree, or two outputs share a path): reported as
  /// InternalError; the exit status.
  int internalError(Error E) {
    Diags.report(DiagId::InternalError, {}, {toString(std::move(E))});
    return 1;
  }
  std::optional<Found> parseSources(const Plan &P);
  std::optional<Found> readRecords();
  bool checkPythonOptions();
  bool writeDepfileIfAsked(const std::string &DefaultTarget,
                           const std::set<std::string> &Deps);
  FrontendOptions frontendOptions(const Plan &P) const;

  const Invocation &Inv;
  DiagSink &Diags;
  std::string RootDir;
};

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
bool Run::checkPythonOptions() {
  if (!Inv.PythonModule.empty() && !isPythonModuleName(Inv.PythonModule)) {
    Diags.report(DiagId::BadPythonModule, {}, {Inv.PythonModule});
    return false;
  }
  if (!Inv.PythonModule.empty() && !Inv.FakeModule.empty()) {
    Diags.report(DiagId::UsageFakeModuleWithPythonModule, {}, {});
    return false;
  }
  if (Inv.NoPythonPackage && Inv.PythonModule.empty()) {
    Diags.report(DiagId::UsageNoPackageWithoutModule, {}, {});
    return false;
  }
  return true;
}

/// Writes the --depfile, if one was asked for (not with --check), naming
/// --depfile-target or else \p DefaultTarget.
bool Run::writeDepfileIfAsked(const std::string &DefaultTarget,
                              const std::set<std::string> &Deps) {
  if (Inv.Depfile.empty() || Inv.Check)
    return true;
  return writeDepfile(absolutePath(Inv.Depfile),
                      Inv.DepfileTarget.empty() ? DefaultTarget
                                                : Inv.DepfileTarget,
                      Deps, Diags);
}

FrontendOptions Run::frontendOptions(const Plan &P) const {
  FrontendOptions Opts;
  Opts.Sources = P.sourcePaths();
  Opts.BuildPath = Inv.BuildPath;
  Opts.ExtraArgs = Inv.ExtraArgs;
  Opts.Root = RootDir;
  return Opts;
}

/// Parses every source (in -j threads) and lowers what it finds.
std::optional<Found> Run::parseSources(const Plan &P) {
  FrontendOptions Opts = frontendOptions(P);
  Opts.Preambles = Inv.Preambles;
  unsigned Threads = Inv.Jobs == 0
                         ? llvm::hardware_concurrency().compute_thread_count()
                         : Inv.Jobs;
  Threads = static_cast<unsigned>(
      std::min<size_t>(std::max(Threads, 1u), Opts.Sources.size()));
  Found F;
  F.Sources = Opts.Sources;
  if (Threads > 1) {
    std::optional<FrontendResult> Result =
        runFrontendInThreads(Opts, Threads, Diags);
    if (!Result)
      return std::nullopt;
    F.Result = std::move(*Result);
  } else {
    F.Result = runFrontend(Opts, Diags);
  }
  if (Diags.errorCount())
    return std::nullopt;
  return F;
}

/// --combine: reads the discovery records named as inputs. The result is
/// what parsing their sources together would have found, in the same order:
/// functions are taken source by source, in parse order.
std::optional<Found> Run::readRecords() {
  std::vector<AnnotatedFunction> Functions;
  std::set<std::string> Seen;
  Found F;
  for (const std::string &Path : Inv.Inputs) {
    std::string Abs = absolutePath(Path);
    if (!Seen.insert(Abs).second)
      continue;
    auto Text = MemoryBuffer::getFile(Abs);
    if (!Text) {
      Diags.report(DiagId::NoSuchInput, {}, {Path});
      continue;
    }
    Expected<DiscoveryRecord> Record =
        readDiscoveryRecord((*Text)->getBuffer().str(), RootDir);
    if (!Record) {
      Diags.report(DiagId::BadDiscoveryRecord, {},
                   {Path, toString(Record.takeError())});
      continue;
    }
    // A source found in two records (written by two discoveries) counts
    // once: its functions are taken from the first record.
    std::set<std::string> Added;
    for (const std::string &S : Record->Sources) {
      if (std::find(F.Sources.begin(), F.Sources.end(), S) != F.Sources.end())
        continue;
      F.Sources.push_back(S);
      Added.insert(S);
    }
    for (AnnotatedFunction &Fn : Record->Functions)
      if (Added.count(Fn.Impl.HostSource))
        Functions.push_back(std::move(Fn));
    F.Result.Dependencies.insert(Record->Dependencies.begin(),
                                 Record->Dependencies.end());
    F.Result.Dependencies.insert(Abs);
  }
  if (Diags.errorCount())
    return std::nullopt;
  F.Result.Functions = std::move(Functions);
  return F;
}

/// --discover: writes the record (only when its content changed, so the
/// build's later steps see an unchanged file) and its depfile.
int Run::writeRecord(const Plan &P, Found F) {
  // --write-shards: each compiled source's shard, from its functions alone.
  // Checked (and so refused) before anything is written.
  FileSet Shards;
  std::string ShardDir =
      Inv.WriteShards.empty() ? "" : absolutePath(Inv.WriteShards);
  if (!ShardDir.empty()) {
    LibraryOptions LibOpts;
    LibOpts.StableAbi = Inv.StableAbi;
    EmitOptions EmitOpts;
    EmitOpts.OutputDir = ShardDir;
    EmitOpts.Root = RootDir;
    EmitOpts.RuntimeIncludeDir = runtimeIncludeDir();
    // The shards the Plan names (with --shard, the whole library's).
    for (const PlannedSource &S : P.Sources)
      if (!S.Shard.empty())
        EmitOpts.Shards[S.Path] = S.Shard;
    for (const PlannedSource &S : P.Sources) {
      if (S.Shard.empty())
        continue;
      unsigned Errors = Diags.errorCount();
      OpLibrary Shard =
          assembleShardLibrary(S.Path, F.Result.Functions, LibOpts, Diags);
      if (Diags.errorCount() != Errors)
        return 1;
      Expected<FileSet> Files = emitShardFiles(Shard, EmitOpts);
      if (!Files)
        return internalError(Files.takeError());
      if (Error E = Shards.add(*Files))
        return internalError(std::move(E));
    }
  }
  DiscoveryRecord Record;
  Record.Root = RootDir;
  Record.Sources = F.Sources;
  Record.Functions = std::move(F.Result.Functions);
  Record.Dependencies = F.Result.Dependencies;
  // The depfile also names the preamble used: the record does not.
  std::set<std::string> Deps = F.Result.Dependencies;
  Deps.insert(F.Result.PreambleInputs.begin(), F.Result.PreambleInputs.end());
  for (const auto &[Path, Text] : Shards)
    if (!writeFileIfChanged(ShardDir + "/" + Path, Text, Inv.Check, Diags))
      return 1;
  if (!writeFileIfChanged(P.OutputDir, writeDiscoveryRecord(Record), Inv.Check,
                          Diags) ||
      !writeDepfileIfAsked(P.OutputDir, Deps) ||
      (Inv.Touch && !Inv.Check && !touchFile(P.OutputDir, Diags)))
    return 1;
  return Diags.errorCount() ? 1 : 0;
}

/// Check, fakes, emit and write: everything after the frontend.
int Run::generate(const Plan &P, Found F) {
  const std::string &OutAbs = P.OutputDir;
  LibraryOptions LibOpts;
  LibOpts.PythonPackage = Inv.PythonPackage;
  LibOpts.LibraryName = Inv.LibraryName;
  LibOpts.PythonModule = Inv.PythonModule;
  LibOpts.NoPythonPackage = Inv.NoPythonPackage;
  LibOpts.StableAbi = Inv.StableAbi;
  LibOpts.Fragment = Inv.Fragment;
  if (!Inv.Samples.empty())
    // Relative, so the generated directory can move with its sources.
    LibOpts.SamplesPath =
        relativePath(OutAbs + "/tests", absolutePath(Inv.Samples));
  if (!Inv.FakeModule.empty()) {
    auto Text = MemoryBuffer::getFile(Inv.FakeModule);
    if (!Text) {
      Diags.report(DiagId::NoSuchInput, {}, {Inv.FakeModule});
      return 1;
    }
    std::string Display = displayPath(absolutePath(Inv.FakeModule), RootDir);
    Expected<FakeRegistrations> Registered =
        queryFakeRegistrations(environmentPython(), Inv.FakeModule);
    if (!Registered) {
      Diags.report(DiagId::FakeModuleNotRead, {},
                   {toString(Registered.takeError())});
      return 1;
    }
    if (!Registered->SyntaxError.empty()) {
      Diags.report(DiagId::FakeModuleSyntax,
                   SourceLoc{Display, Registered->ErrorLine,
                             Registered->ErrorColumn},
                   {Registered->SyntaxError});
      return 1;
    }
    LibOpts.Fakes = FakeModule{sys::path::stem(Inv.FakeModule).str(), Display,
                               (*Text)->getBuffer().str(),
                               std::move(Registered->Ops)};
  }
  OpLibrary Library =
      assembleLibrary(P.sourcePaths(), F.Result.Functions, LibOpts, Diags);
  if (Diags.errorCount() != 0)
    return 1;

  EmitOptions EmitOpts;
  EmitOpts.OutputDir = OutAbs;
  EmitOpts.Root = RootDir;
  EmitOpts.RuntimeIncludeDir = runtimeIncludeDir();
  Expected<FileSet> Files = emitAll(Library, EmitOpts);
  if (!Files)
    return internalError(Files.takeError());
  std::set<std::string> Deps = F.Result.Dependencies;
  Deps.insert(F.Result.PreambleInputs.begin(), F.Result.PreambleInputs.end());
  if (!writeFiles(OutAbs, *Files, Inv.Check, Diags) ||
      !writeDepfileIfAsked(OutAbs + "/manifest.json", Deps))
    return 1;
  if (Diags.errorCount())
    return 1;
  if (!Inv.Stamp.empty() && !Inv.Check &&
      !touchFile(absolutePath(Inv.Stamp), Diags))
    return 1;
  return 0;
}

/// --build-preamble: builds (or keeps) the preamble -o <file.pch> for the
/// C++ (or else CUDA) sources among the inputs, and writes its manifest and
/// depfile.
int Run::buildPreambleFile(const Plan &P) {
  FrontendOptions Opts = frontendOptions(P);
  Opts.PreambleCache = Inv.PreambleCache;
  const std::string &Pch = P.OutputDir;
  unsigned Errors = Diags.errorCount();
  PreambleResult Result = buildPreamble(Opts, Pch, Diags);
  if (Diags.errorCount() != Errors)
    return 1;
  // What it read, less what it writes (the PCH and its include lines,
  // <file.pch>.h): those would be cycles in the build. A cache entry's
  // include lines stay: when the entry is evicted, the step runs again.
  std::set<std::string> Deps = Result.Inputs;
  Deps.erase(Pch);
  Deps.erase(Pch + ".h");
  Deps.erase(Result.Pch);
  Deps.insert(Opts.Sources.begin(), Opts.Sources.end());
  if (!writeFileIfChanged(Pch + ".json", Result.Manifest, Inv.Check, Diags) ||
      !writeDepfileIfAsked(Pch + ".json", Deps))
    return 1;
  // --pch-header: the header of the compiler's precompiled header, the
  // same include lines; no path in it, so that the PCH (and ccache's hash of
  // every compile using it) is the same in every build directory.
  if (!Inv.PchHeader.empty()) {
    std::vector<TemplateRecord> Lines;
    for (const std::string &Header : Result.Includes)
      Lines.push_back({{"header", Header}});
    Expected<std::string> Text =
        renderTemplate("build_files/pch_header.h", {}, {{"includes", Lines}});
    if (!Text)
      return internalError(Text.takeError());
    if (!writeFileIfChanged(absolutePath(Inv.PchHeader), *Text, Inv.Check,
                            Diags))
      return 1;
  }
  return Diags.errorCount() ? 1 : 0;
}

/// --list-outputs: the Plan for the names given, as JSON. opgen plan
/// (\p WithGraph): with its build graph, and writes the build's own file
/// (the unity unit) into -o, through the Writer, when it changed.
int Run::printPlan(bool WithGraph) {
  if (Inv.PythonPackage.empty()) {
    Diags.report(DiagId::UsageListOutputsPackage, {});
    return 1;
  }
  if (!checkPythonOptions())
    return 1;
  std::optional<Plan> P = makePlan(Inv, /*RequireSources=*/false, Diags);
  if (!P)
    return 1;
  if (!WithGraph) {
    outs() << planToJson(*P);
    return 0;
  }
  std::optional<BuildGraph> G =
      makeBuildGraph(*P, Inv, Inv.Build, executablePath(), Diags);
  if (!G)
    return 1;
  if (!G->UnityText.empty()) {
    // The unity unit is the library's first translation unit.
    const std::string &Unity = G->Library.Sources.front().Path;
    if (!writeFileIfChanged(Unity, G->UnityText, Inv.Check, Diags))
      return 1;
  }
  // The directories the steps write into, made now: not every build tool
  // makes an output's directory before its command runs.
  if (!Inv.Check)
    for (const BuildStep &S : G->Steps)
      for (const std::string &Out : S.Outputs)
        if (std::error_code EC = llvm::sys::fs::create_directories(
                llvm::sys::path::parent_path(Out))) {
          Diags.report(DiagId::CannotWrite, {},
                       {llvm::sys::path::parent_path(Out).str(), EC.message()});
          return 1;
        }
  outs() << planToJson(*P, &*G);
  return 0;
}

/// opgen project's inputs: a directory stands for the compiled sources
/// under it (sorted; opgen's source kinds decide which files those are);
/// with --cxx-only, CUDA sources are left out. Other inputs are kept for
/// makePlan to check.
static std::vector<std::string>
projectInputs(const std::vector<std::string> &Inputs, bool CxxOnly) {
  auto Wanted = [&](StringRef Path, bool FromDirectory) {
    std::optional<SourceKind> Kind = classifySource(Path);
    if (!Kind)
      return !FromDirectory;
    return (Kind->Compiled || !FromDirectory) && !(CxxOnly && Kind->Cuda);
  };
  std::vector<std::string> Out;
  for (const std::string &Input : Inputs) {
    if (!sys::fs::is_directory(Input)) {
      if (Wanted(Input, false))
        Out.push_back(Input);
      continue;
    }
    std::vector<std::string> Found;
    std::error_code EC;
    for (sys::fs::recursive_directory_iterator It(Input, EC), End;
         It != End && !EC; It.increment(EC))
      if (sys::fs::is_regular_file(It->path()) && Wanted(It->path(), true))
        Found.push_back(It->path());
    std::sort(Found.begin(), Found.end());
    Out.insert(Out.end(), Found.begin(), Found.end());
  }
  return Out;
}

/// opgen project: the one-call CMake project of the sources (checked as
/// every mode checks them) in -o, rewritten only when it changes.
int Run::writeProject() {
  Invocation Expanded = Inv;
  Expanded.Inputs = projectInputs(Inv.Inputs, Inv.ProjectOpts.CxxOnly);
  if (Expanded.Inputs.empty()) {
    Diags.report(DiagId::UsageProject, {});
    return 1;
  }
  std::optional<Plan> P = makePlan(Expanded, /*RequireSources=*/true, Diags);
  if (!P)
    return 1;
  const Invocation::ProjectOptions &Opts = Inv.ProjectOpts;
  OneCallProject Project;
  Project.LibraryName = libraryNameOf(Inv.LibraryName, Inv.PythonPackage);
  Project.PythonPackage = Inv.PythonPackage;
  for (const PlannedSource &S : P->Sources) {
    Project.Sources.push_back(S.Path);
    Project.Cuda = Project.Cuda || (S.Compiled && S.Lang == Language::Cuda);
  }
  Project.Plain = Opts.Plain;
  if (!Inv.Samples.empty())
    Project.Samples = absolutePath(Inv.Samples);
  for (const std::string &Dir : Inv.IncludeDirs)
    Project.IncludeDirs.push_back(absolutePath(Dir));
  Project.CompilerArgs = Inv.ExtraArgs;
  Project.OpgenArgs = Inv.Build.StepArgs;
  Project.PythonModule = Inv.PythonModule;
  Project.NoPythonPackage = Inv.NoPythonPackage;
  Project.Fragment = Inv.Fragment;
  Project.NoDefaultOptimization = Opts.NoDefaultOptimization;
  Project.Defines = Opts.Defines;
  Project.OutputName = Opts.OutputName;
  if (!Opts.OutputDirectory.empty())
    Project.OutputDirectory = absolutePath(Opts.OutputDirectory);
  Expected<std::string> Text = emitOneCallProject(Project);
  if (!Text)
    return internalError(Text.takeError());
  return writeFileIfChanged(P->OutputDir + "/CMakeLists.txt", *Text,
                            Inv.Check, Diags)
             ? 0
             : 1;
}

int Run::printCMakeDir() {
  std::string Dir = cmakePackageDir();
  if (Dir.empty()) {
    Diags.report(DiagId::NoCMakePackage, {}, {executablePath()});
    return 1;
  }
  outs() << Dir << "\n";
  return 0;
}

/// opgen init: writes the starter project of templates/init/ into a new or
/// empty directory, through the Writer (each file staged, then all moved
/// into place); refuses anything else before writing.
int Run::runInit() {
  if (Inv.InitDir.empty()) {
    Diags.report(DiagId::InitNoDirectory, {});
    return 1;
  }
  std::string Dir = absolutePath(Inv.InitDir);
  std::string Namespace =
      Inv.InitNamespace ? *Inv.InitNamespace : sys::path::filename(Dir).str();
  if (Error Problem = checkStarterNamespace(Namespace)) {
    Diags.report(DiagId::InitBadNamespace, {},
                 {Namespace, toString(std::move(Problem))});
    return 1;
  }
  if (sys::fs::exists(Dir)) {
    std::error_code EC;
    bool Empty = sys::fs::is_directory(Dir) &&
                 sys::fs::directory_iterator(Dir, EC) ==
                     sys::fs::directory_iterator();
    if (!Empty || EC) {
      Diags.report(DiagId::InitDirNotEmpty, {}, {Inv.InitDir});
      return 1;
    }
  }
  Expected<FileSet> Files = emitStarterProject(Namespace);
  if (!Files)
    return internalError(Files.takeError());
  // compile_commands.json, with torch's headers as the environment's Python
  // reports them (InitNoTorch when it cannot).
  StarterIncludes Includes;
  Includes.RuntimeIncludeDir = runtimeIncludeDir();
  if (std::string Cuda = cudaIncludeDir(); !Cuda.empty())
    Includes.CudaRoot = sys::path::parent_path(Cuda).str();
  Expected<PythonTorch> Torch = queryPythonTorch(environmentPython());
  if (Torch) {
    Includes.TorchIncludeDirs = Torch->IncludeDirs;
    Includes.PythonIncludeDir = Torch->PythonIncludeDir;
  } else {
    Diags.report(DiagId::InitNoTorch, {}, {toString(Torch.takeError())});
  }
  if (Error E = Files->add("compile_commands.json",
                           emitStarterCompileCommands(*Files, Dir, Includes)))
    return internalError(std::move(E));
  if (!writeFiles(Dir, *Files, /*CheckOnly=*/false, Diags))
    return 1;
  outs() << "opgen: created the op library '" << Namespace << "' in "
         << Inv.InitDir << " (see its README.md)\n";
  return 0;
}


/// The table `opgen migrate` ends with (without --diff): every op the
/// sources define, whether it migrates, and for one that is kept the one
/// reason that keeps it (the first of its warnings).
void printOutcomes(const MigrationPlan &Plan) {
  if (Plan.Outcomes.empty())
    return;
  size_t Width = 2, Migrates = 0;
  for (const MigrationPlan::Outcome &O : Plan.Outcomes) {
    Width = std::max(Width, O.Op.size());
    Migrates += O.Migrated;
  }
  outs() << "opgen migrate: " << Plan.Outcomes.size() << " op"
         << (Plan.Outcomes.size() == 1 ? "" : "s") << ", " << Migrates << " migrated, "
         << Plan.Outcomes.size() - Migrates << " kept\n";
  for (const MigrationPlan::Outcome &O : Plan.Outcomes) {
    outs() << "  " << O.Op << std::string(Width - O.Op.size() + 2, ' ');
    if (!O.Migrated)
      outs() << "kept: " << O.Why << "\n";
    else if (O.KeptBeside)
      outs() << "migrated; " << O.KeptBeside << " of its registrations kept beside it\n";
    else
      outs() << "migrated\n";
  }
}

int Run::runMigrate(const Plan &P) {
  std::optional<Comparator> Verifier;
  if (Inv.MigrateVerify && !(Verifier = findComparator()))
    return 1;
  // The sources as the Plan took them: each once, existing and of a kind
  // opgen reads, checked as every mode checks them.
  FrontendOptions Opts;
  Opts.Sources = P.sourcePaths();
  Opts.BuildPath = Inv.BuildPath;
  Opts.ExtraArgs = Inv.ExtraArgs;
  Opts.Root = RootDir;
  RegistrationSet Set = readRegistrations(Opts, Diags);
  if (Diags.errorCount())
    return 1;
  MigrationPlan Plan = planMigration(Set, Diags);
  if (Diags.errorCount())
    return 1;
  // The texts of every file a registration or a kernel is in.
  std::map<std::string, std::string> Texts;
  auto Read = [&](const std::string &File) {
    if (File.empty() || Texts.count(File))
      return;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(File);
    if (!Buf) {
      Diags.report(DiagId::CannotRead, {}, {File, Buf.getError().message()});
      return;
    }
    Texts[File] = (*Buf)->getBuffer().str();
  };
  for (const RegistrationBlock &B : Set.Blocks)
    Read(B.Range.File);
  for (const Registration &R : Set.Registrations)
    Read(R.Stmt.File);
  for (const MigrationKernel &K : Set.Kernels)
    Read(K.InsertAt.File);
  if (Diags.errorCount())
    return 1;
  std::map<std::string, std::string> Changed;
  for (auto &[File, Edits] : migrationEdits(Set, Plan, Texts)) {
    Expected<std::string> Text = applyEdits(Texts.at(File), std::move(Edits));
    if (!Text)
      return internalError(Text.takeError());
    if (*Text != Texts.at(File))
      Changed[File] = std::move(*Text);
  }
  if (Changed.empty()) {
    outs() << "opgen migrate: nothing to migrate";
    if (Plan.Kept)
      outs() << " (" << Plan.Kept << " registration"
             << (Plan.Kept == 1 ? "" : "s") << " kept, see the warnings)";
    outs() << "\n";
    printOutcomes(Plan);
    return 0;
  }
  if (Verifier && !verifyMigration(*Verifier, Changed))
    return 1;
  if (Inv.MigrateDiff) {
    for (const auto &[File, Text] : Changed)
      outs() << unifiedDiff(displayPath(File, RootDir), Texts.at(File), Text);
    return 0;
  }
  if (Inv.MigrateInPlace && !replaceFiles(Changed, Diags))
    return 1;
  outs() << "opgen migrate: " << (Inv.MigrateInPlace ? "migrated " : "would migrate ")
         << Plan.Migrated.size() << " op" << (Plan.Migrated.size() == 1 ? "" : "s")
         << " in " << Changed.size() << " file"
         << (Changed.size() == 1 ? "" : "s");
  if (Plan.Kept)
    outs() << "; " << Plan.Kept << " registration"
           << (Plan.Kept == 1 ? "" : "s") << " kept, see the warnings";
  outs() << (Inv.MigrateInPlace ? "\n" : " (--diff shows the changes, --in-place makes them)\n");
  for (const std::string &Line : Plan.Migrated)
    outs() << "  " << Line << "\n";
  for (const auto &[File, Text] : Changed)
    outs() << "  " << (Inv.MigrateInPlace ? "wrote " : "would change ")
           << displayPath(File, RootDir) << "\n";
  printOutcomes(Plan);
  return 0;
}

/// The comparator beside opgen's CMake package and the environment's
/// Python (looked for before anything is parsed); nullopt, reported, when
/// either is missing.
std::optional<Run::Comparator> Run::findComparator() {
  Expected<std::string> Script = migrateVerifyScript();
  if (!Script) {
    Diags.report(DiagId::MigrateVerifyNoComparator, {},
                 {toString(Script.takeError())});
    return std::nullopt;
  }
  std::string Python = environmentPython();
  if (Python.empty() || !sys::fs::can_execute(Python)) {
    Diags.report(DiagId::MigrateVerifyNoPython, {},
                 {Python.empty() ? "" : ": '" + Python + "' is not executable"});
    return std::nullopt;
  }
  return Comparator{*Script, Python};
}

/// opgen migrate --verify: the comparator on the project tree RootDir and a
/// copy of it with \p Changed written, in a temporary directory removed
/// afterwards. Its lines go to the terminal as it prints them. True when it
/// passed.
bool Run::verifyMigration(const Comparator &C,
                          const std::map<std::string, std::string> &Changed) {
  for (const auto &[File, Text] : Changed)
    if (!StringRef(File).startswith(RootDir + "/")) {
      Diags.report(DiagId::MigrateOutsideRoot, {}, {File, RootDir});
      return false;
    }
  SmallString<128> Temp;
  if (std::error_code EC =
          sys::fs::createUniqueDirectory("opgen-migrate-verify", Temp)) {
    Diags.report(DiagId::CannotWrite, {}, {Temp.str().str(), EC.message()});
    return false;
  }
  std::string Migrated = (Temp + "/migrated").str();
  auto Cleanup = make_scope_exit([&] { sys::fs::remove_directories(Temp); });
  if (!copyTreeWith(RootDir, Changed, Migrated, Diags))
    return false;
  // The comparator builds with the Python that runs it (its --python).
  std::vector<std::string> Args = {C.Python, C.Script, RootDir, Migrated,
                                   "--opgen=" + executablePath()};
  Args.insert(Args.end(), Inv.MigrateVerifyArgs.begin(),
              Inv.MigrateVerifyArgs.end());
  std::vector<StringRef> ArgRefs(Args.begin(), Args.end());
  outs().flush();
  errs().flush();
  std::string Error;
  int Status = sys::ExecuteAndWait(C.Python, ArgRefs, std::nullopt, {}, 0, 0,
                                   &Error);
  if (Status == 0)
    return true;
  Diags.report(DiagId::MigrateVerifyFailed, {},
               {Status < 0   ? "the comparator did not run: " + Error
                : Status == 1 ? std::string("the libraries differ")
                              : "the comparator failed, exit status " +
                                    std::to_string(Status)});
  return false;
}

int Run::run() {
  std::optional<Mode> M = selectMode(Inv, Diags);
  if (!M)
    return 1;
  switch (*M) {
  case Mode::Init:
    return runInit();
  case Mode::Migrate: {
    std::optional<Plan> P = makePlan(Inv, /*RequireSources=*/true, Diags);
    return P ? runMigrate(*P) : 1;
  }
  case Mode::CMakeDir:
    return printCMakeDir();
  case Mode::ListOutputs:
    return printPlan(/*WithGraph=*/false);
  case Mode::PlanBuild:
    return printPlan(/*WithGraph=*/true);
  case Mode::PchCache:
    return runPchCache({Inv.PchCacheDir, Inv.PchBuildDir, Inv.PchCompiler,
                        Inv.PchDefineSymbol},
                       Inv.ExtraArgs, Diags);
  case Mode::Project:
    return checkPythonOptions() ? writeProject() : 1;
  case Mode::Combine: {
    if (!checkPythonOptions())
      return 1;
    std::optional<Found> F = readRecords();
    if (!F)
      return 1;
    Invocation FromRecords = Inv;
    FromRecords.Inputs = F->Sources;
    std::optional<Plan> P =
        makePlan(FromRecords, /*RequireSources=*/false, Diags);
    if (!P)
      return 1;
    // The functions source by source, in parse order.
    std::map<std::string, size_t> Rank;
    for (size_t I = 0; I < P->Sources.size(); ++I)
      Rank[P->Sources[I].Path] = I;
    std::stable_sort(F->Result.Functions.begin(), F->Result.Functions.end(),
                     [&](const AnnotatedFunction &A, const AnnotatedFunction &B) {
                       return Rank.at(A.Impl.HostSource) <
                              Rank.at(B.Impl.HostSource);
                     });
    F->Sources = P->sourcePaths();
    return generate(*P, std::move(*F));
  }
  case Mode::BuildPreamble: {
    std::optional<Plan> P = makePlan(Inv, /*RequireSources=*/true, Diags);
    return P ? buildPreambleFile(*P) : 1;
  }
  case Mode::Discover:
  case Mode::Generate: {
    if (*M == Mode::Generate && !checkPythonOptions())
      return 1;
    std::optional<Plan> P = makePlan(Inv, /*RequireSources=*/true, Diags);
    if (!P)
      return 1;
    std::optional<Found> F = parseSources(*P);
    if (!F)
      return 1;
    if (*M == Mode::Discover)
      return writeRecord(*P, std::move(*F));
    return generate(*P, std::move(*F));
  }
  }
  return 1;
}

} // namespace

int runInvocation(const Invocation &Inv, DiagSink &Diags) {
  Diags.setWarningsAsErrors(Inv.WarningsAsErrors);
  return Run(Inv, Diags).run();
}

int runInvocation(const Invocation &Inv) {
  std::unique_ptr<DiagSink> Diags =
      createClangDiagSink(absolutePath(Inv.Root.empty() ? "." : Inv.Root));
  return runInvocation(Inv, *Diags);
}

} // namespace opgen
