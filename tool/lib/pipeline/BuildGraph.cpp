//===- BuildGraph.cpp - The build of an op library, as opgen plans it -----===//
#include "opgen/pipeline/BuildGraph.h"
#include "opgen/emit/Emit.h"
#include "opgen/pipeline/Plan.h"
#include "opgen/support/PythonTorch.h"
#include "opgen/support/TorchTarget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <set>

namespace opgen {

namespace {

/// The macros and options torch's own extension builds give nvcc
/// (torch.utils.cpp_extension's COMMON_NVCC_FLAGS): c10::Half and
/// c10::BFloat16 compare and convert through their own operators, not also
/// through CUDA's __half ones (which makes `h > x` ambiguous), and constexpr
/// functions of the standard library are callable in device code. The
/// library's CUDA sources compile with them, and opgen parses them with the
/// same macros, so that what it discovers is what nvcc compiles.
const char *const TorchNvccDefines[] = {
    "__CUDA_NO_HALF_OPERATORS__", "__CUDA_NO_HALF_CONVERSIONS__",
    "__CUDA_NO_BFLOAT16_CONVERSIONS__", "__CUDA_NO_HALF2_OPERATORS__"};
const char *const TorchNvccOptions[] = {"--expt-relaxed-constexpr"};

/// The unity unit of the generated files, in the output directory.
constexpr llvm::StringLiteral UnityName = "unity.cpp";

/// `MAJOR.MINOR`, or nullopt.
std::optional<TorchVersion> parseTorchVersion(llvm::StringRef Text) {
  auto [Major, Minor] = Text.split('.');
  unsigned M = 0, N = 0;
  if (Major.empty() || Minor.empty() || Major.getAsInteger(10, M) ||
      Minor.getAsInteger(10, N) || M > 255 || N > 255)
    return std::nullopt;
  return TorchVersion{M, N};
}

/// Builds the steps and the library of one Plan.
class GraphBuilder {
public:
  GraphBuilder(const Plan &P, const Invocation &Inv, const BuildOptions &B,
               std::string Opgen)
      : P(P), Inv(Inv), B(B), Opgen(std::move(Opgen)),
        Root(absolutePath(Inv.Root.empty() ? "." : Inv.Root)) {}

  std::optional<BuildGraph> build(DiagSink &Diags);

private:
  /// The library's name: --library-name, else the combine's default.
  std::string libraryName() const {
    return libraryNameOf(Inv.LibraryName, P.PythonPackage);
  }
  std::string gen(const std::string &Relative) const {
    return P.OutputDir + "/" + Relative;
  }
  /// The compiler arguments of a parse of \p Lang.
  std::vector<std::string> parseArgs(Language Lang) const;
  /// The options every step ends with, before `--`.
  void appendStepArgs(std::vector<std::string> &Argv) const;
  void addPreambles();
  void addDiscoveries();
  void addCombine();
  void addLibrary();
  /// The library's compile options and launchers, as the build options say.
  void addCompileSettings();
  /// The Python package in the build, its targets, tests and installs.
  void addPackage();
  void addInstalls();
  /// The launcher given (--cxx-launcher), with ccache's sloppiness for
  /// PCHs where it is ccache.
  std::vector<std::string> pchSloppyLauncher() const;
  /// \p Launcher with `opgen pch-cache` outermost, where there is a PCH
  /// cache (\p DefineSymbol: the target's own define).
  std::vector<std::string> withPchCache(std::vector<std::string> Launcher,
                                        const std::string &DefineSymbol) const;

  const Plan &P;
  const Invocation &Inv;
  const BuildOptions &B;
  std::string Opgen;
  std::string Root;
  BuildGraph G;
  /// The manifest of each language's preamble, and whether the C++ sources
  /// get the compiler PCHs.
  std::map<Language, std::string> Preambles;
  bool Precompile = false;
  /// The outputs the discoveries write (the shards and their headers).
  std::set<std::string> ShardFiles;
  /// TORCH_TARGET_VERSION of a stable-ABI library.
  std::string TargetVersion = DefaultStableTargetTorch.targetVersionMacro();
  std::string UnityError;
};

std::vector<std::string> GraphBuilder::parseArgs(Language Lang) const {
  std::vector<std::string> Args = Inv.ExtraArgs;
  for (const std::string &D : G.Library.Defines)
    Args.push_back("-D" + D);
  if (Lang == Language::Cuda)
    for (const char *D : TorchNvccDefines)
      Args.push_back(std::string("-D") + D);
  return Args;
}

void GraphBuilder::appendStepArgs(std::vector<std::string> &Argv) const {
  Argv.insert(Argv.end(), B.StepArgs.begin(), B.StepArgs.end());
  if (Inv.WarningsAsErrors)
    Argv.push_back("--Werror");
}

void GraphBuilder::addPreambles() {
  if (B.NoPreamble)
    return;
  for (const PlannedPreamble &Pre : P.Preambles) {
    std::string Pch = gen(Pre.Path);
    BuildStep S;
    S.Kind = "preamble";
    S.Argv = {Opgen, "--build-preamble"};
    S.Argv.insert(S.Argv.end(), Pre.Sources.begin(), Pre.Sources.end());
    S.Argv.insert(S.Argv.end(), {"-o", Pch, "--depfile", Pch + ".d"});
    std::string Cache = B.PreambleCacheGiven ? Inv.PreambleCache
                                             : defaultCacheDir("preambles");
    if (!Cache.empty())
      S.Argv.insert(S.Argv.end(), {"--preamble-cache", Cache});
    if (Pre.Lang == Language::Cxx) {
      size_t Count = Pre.Sources.size();
      Precompile = B.Precompile == PrecompileMode::On ||
                   (B.Precompile == PrecompileMode::Auto && Count >= 2 &&
                    B.CxxCompilerId == "GNU");
      if (Precompile) {
        G.Library.PchHeader = Pch + ".cxx.h";
        S.Argv.insert(S.Argv.end(), {"--pch-header", G.Library.PchHeader});
        S.Byproducts.push_back(G.Library.PchHeader);
      }
    }
    appendStepArgs(S.Argv);
    S.Argv.push_back("--");
    std::vector<std::string> Args = parseArgs(Pre.Lang);
    S.Argv.insert(S.Argv.end(), Args.begin(), Args.end());
    // The PCH and its include lines are not outputs: when no preamble fits
    // (a source begins with a user header) they are not written, and the
    // step would run on every build. Discoveries depend on the manifest,
    // which says whether there is one.
    S.Outputs = {Pch + ".json"};
    S.Inputs = Pre.Sources;
    S.Inputs.push_back(Opgen);
    S.Depfile = Pch + ".d";
    S.Clean = {Pch, Pch + ".h"};
    S.Comment = "opgen: precompiling the common system headers of the " +
                std::string(enumName(Pre.Lang)) + " sources";
    Preambles[Pre.Lang] = Pch;
    G.Steps.push_back(std::move(S));
  }
}

void GraphBuilder::addDiscoveries() {
  for (const PlannedSource &Src : P.Sources) {
    std::string Record = gen(Src.Record);
    BuildStep S;
    S.Kind = "discover";
    S.Argv = {Opgen,  "--discover", Src.Path,     "-o", Record,
              "--root", Root,       "--depfile", Record + ".d"};
    // The discovery sees this source alone: it is told the shard the Plan
    // names (a trailing path where two sources share a file name), and
    // writes it and its declarations header, which depend on this source
    // alone.
    if (!Src.Shard.empty()) {
      S.Argv.insert(S.Argv.end(),
                    {"--write-shards", P.OutputDir, "--shard", Src.Shard});
      for (const PlannedOutput &O : P.Outputs)
        if (O.Source == Src.Path) {
          S.Byproducts.push_back(gen(O.Path));
          ShardFiles.insert(O.Path);
        }
    }
    if (Inv.StableAbi)
      S.Argv.push_back("--stable-abi");
    S.Inputs = {Src.Path, Opgen};
    if (Src.PreambleGroup)
      if (auto It = Preambles.find(*Src.PreambleGroup);
          It != Preambles.end()) {
        S.Argv.insert(S.Argv.end(), {"--preamble", It->second});
        S.Inputs.push_back(It->second + ".json");
      }
    // Without restat the build tool compares times: the record is touched.
    if (!B.Restat)
      S.Argv.push_back("--touch");
    appendStepArgs(S.Argv);
    S.Argv.push_back("--");
    std::vector<std::string> Args =
        parseArgs(Src.Lang.value_or(Language::Cxx));
    S.Argv.insert(S.Argv.end(), Args.begin(), Args.end());
    S.Outputs = {Record};
    S.Depfile = Record + ".d";
    llvm::SmallString<256> Shown(Src.Path);
    llvm::sys::path::replace_path_prefix(Shown, Root + "/", "");
    S.Comment = "opgen: discovering ops in " + Shown.str().str();
    G.Steps.push_back(std::move(S));
  }
}

void GraphBuilder::addCombine() {
  BuildStep S;
  S.Kind = "combine";
  S.Argv = {Opgen, "--combine"};
  for (const PlannedSource &Src : P.Sources)
    S.Argv.push_back(gen(Src.Record));
  S.Argv.insert(S.Argv.end(),
                {"-o", P.OutputDir, "--python-package", P.PythonPackage});
  if (!Inv.LibraryName.empty())
    S.Argv.insert(S.Argv.end(), {"--library-name", Inv.LibraryName});
  S.Argv.insert(S.Argv.end(), {"--root", Root});
  if (!Inv.PythonModule.empty())
    S.Argv.insert(S.Argv.end(), {"--python-module", Inv.PythonModule});
  if (Inv.NoPythonPackage)
    S.Argv.push_back("--no-python-package");
  if (Inv.Fragment)
    S.Argv.push_back("--fragment");
  if (Inv.StableAbi)
    S.Argv.push_back("--stable-abi");
  if (!Inv.Samples.empty())
    S.Argv.insert(S.Argv.end(), {"--samples", absolutePath(Inv.Samples)});
  for (const PlannedSource &Src : P.Sources)
    S.Inputs.push_back(gen(Src.Record));
  if (!Inv.FakeModule.empty()) {
    std::string Fake = absolutePath(Inv.FakeModule);
    S.Argv.insert(S.Argv.end(), {"--fake-module", Fake});
    S.Inputs.push_back(Fake);
  }
  S.Inputs.push_back(Opgen);
  G.Stamp = gen("opgen.stamp");
  S.Argv.insert(S.Argv.end(), {"--stamp", G.Stamp});
  appendStepArgs(S.Argv);
  S.Outputs = {G.Stamp};
  for (const PlannedOutput &O : P.Outputs)
    if (!ShardFiles.count(O.Path))
      S.Byproducts.push_back(gen(O.Path));
  S.Comment = "opgen: generating " + libraryName();
  G.Steps.push_back(std::move(S));
}

/// The library's translation units: the Plan's compiled outputs, with the
/// ones that are not shards (registration.cpp, autograd.cpp) replaced by
/// one unity unit that includes them (UnityGenerated), after the first C++
/// shard, which it replaces too (FoldGenerated). A file of opgen's own, not
/// CMake's UNITY_BUILD, whose unity source loses the dependency on the
/// generated files it includes; it names them relative to itself, for
/// ccache across build directories.
void GraphBuilder::addLibrary() {
  BuildLibrary &L = G.Library;
  std::map<std::string, Language> SourceLang;
  for (const PlannedSource &Src : P.Sources)
    SourceLang[Src.Path] = Src.Lang.value_or(Language::Cxx);
  std::vector<LibrarySource> Compiled;
  std::vector<std::string> Generated;
  std::string Host;
  for (const PlannedOutput &O : P.Outputs) {
    if (O.Kind != OutputKind::Compiled)
      continue;
    LibrarySource TU{gen(O.Path),
                     O.Source.empty() ? Language::Cxx : SourceLang[O.Source],
                     {}};
    if (TU.Lang == Language::Cxx) {
      if (O.Source.empty())
        Generated.push_back(O.Path);
      else if (B.FoldGenerated && Host.empty())
        Host = O.Path;
    }
    Compiled.push_back(std::move(TU));
  }
  for (const std::string &Path : Generated)
    L.Glue.push_back(gen(Path));
  L.Sources = Compiled;
  L.Stable = Inv.StableAbi;
  L.CudaDefines.assign(std::begin(TorchNvccDefines), std::end(TorchNvccDefines));
  L.CudaOptions.assign(std::begin(TorchNvccOptions), std::end(TorchNvccOptions));
  for (const PlannedSource &Src : P.Sources)
    if (Src.Compiled)
      L.EditorSources.push_back(Src.Path);

  bool Unity = (B.UnityGenerated || B.FoldGenerated) && !Generated.empty() &&
               (Generated.size() >= 2 || !Host.empty());
  if (!Unity)
    return;
  std::vector<std::string> Included;
  if (!Host.empty())
    Included.push_back(Host);
  Included.insert(Included.end(), Generated.begin(), Generated.end());
  LibrarySource TU{gen(std::string(UnityName)), Language::Cxx, {}};
  for (const std::string &Path : Included)
    TU.Includes.push_back(gen(Path));
  L.Sources.clear();
  L.Sources.push_back(TU);
  for (LibrarySource &S : Compiled)
    if (!llvm::is_contained(TU.Includes, S.Path))
      L.Sources.push_back(std::move(S));
  if (Host.empty()) {
    L.Unity = TU.Path;
    L.Glue = {TU.Path};
  } else {
    // The shard's kernels are in it: compiled as the library is.
    L.Glue.clear();
  }
  L.PrecompileGenerated = Precompile && !L.Stable && !L.Unity.empty();
  // What the generated files include: a smaller PCH than the sources',
  // which loads faster (docs/performance.md#6-build-time).
  if (L.PrecompileGenerated)
    L.GeneratedPchHeader = "<opgen/precompiled.h>";
  std::vector<TemplateRecord> Lines;
  for (const std::string &Path : Included)
    Lines.push_back({{"path", Path}});
  llvm::Expected<std::string> Text = renderTemplate(
      "build_files/unity.cpp",
      {{"library", libraryName()},
       {"holds", Host.empty()
                     ? "not shards, compiled as one translation unit "
                       "(OPGEN_UNITY_GENERATED)."
                     : "not shards, compiled as one translation unit with "
                       "its first C++ shard\n// (OPGEN_FOLD_GENERATED)."}},
      {{"includes", Lines}});
  if (!Text)
    UnityError = llvm::toString(Text.takeError());
  else
    G.UnityText = std::move(*Text);
}

/// The macro of a shared library's own exports, as CMake spells it
/// (<target>_EXPORTS, made a C identifier).
std::string exportsSymbol(const std::string &Target) {
  std::string Symbol = Target + "_EXPORTS";
  for (char &C : Symbol)
    if (!llvm::isAlnum(C))
      C = '_';
  if (llvm::isDigit(Symbol.front()))
    Symbol.insert(Symbol.begin(), '_');
  return Symbol;
}

std::vector<std::string> GraphBuilder::pchSloppyLauncher() const {
  std::vector<std::string> Launcher = B.CxxLauncher;
  // ccache caches a compile that uses a PCH only with `sloppiness =
  // pch_defines,time_macros` (its manual, "Precompiled headers"): added to
  // the sloppiness it is configured with. Never a wrong hit: ccache hashes
  // the PCH itself.
  if (!Launcher.empty() && !B.CMake.empty() &&
      llvm::sys::path::filename(Launcher.front()).startswith("ccache")) {
    llvm::Expected<std::string> Config = runProgram(
        Launcher.front(), {"--get-config", "sloppiness"}, "for its sloppiness");
    if (Config) {
      llvm::SmallVector<llvm::StringRef, 8> Items;
      llvm::StringRef(*Config).trim().split(Items, ',', -1, false);
      std::vector<std::string> Kept;
      for (llvm::StringRef Item : Items)
        if (!Item.trim().empty() && !llvm::is_contained(Kept, Item.trim().str()))
          Kept.push_back(Item.trim().str());
      for (const char *Needed : {"pch_defines", "time_macros"})
        if (!llvm::is_contained(Kept, Needed))
          Kept.push_back(Needed);
      Launcher.insert(Launcher.begin(),
                      {B.CMake, "-E", "env",
                       "CCACHE_SLOPPINESS=" + llvm::join(Kept, ",")});
    } else {
      llvm::consumeError(Config.takeError());
    }
  }
  return Launcher;
}

std::vector<std::string>
GraphBuilder::withPchCache(std::vector<std::string> Launcher,
                           const std::string &DefineSymbol) const {
  // GCC only: Clang's PCH records its headers' times and checks them itself.
  std::string Dir =
      B.PchCacheGiven ? B.PchCache : defaultCacheDir("compiler-pch");
  if (Dir.empty() || B.CxxCompilerId != "GNU" || B.BuildDir.empty() ||
      B.CxxCompiler.empty())
    return Launcher;
  std::vector<std::string> Cache{Opgen,        "pch-cache",  "--cache",
                                 Dir,          "--build-dir", B.BuildDir,
                                 "--compiler", B.CxxCompiler};
  if (!DefineSymbol.empty())
    Cache.insert(Cache.end(), {"--define-symbol", DefineSymbol});
  Cache.push_back("--");
  Launcher.insert(Launcher.begin(), Cache.begin(), Cache.end());
  return Launcher;
}

void GraphBuilder::addCompileSettings() {
  BuildLibrary &L = G.Library;
  L.Name = libraryName();
  L.CxxOptions = {"-Wno-attributes"};
  if (!B.CudaCompilerId.empty() && B.CudaCompilerId != "NVIDIA")
    L.CudaOptions.clear();
  // No build type: optimized all the same, as torch.utils.cpp_extension's
  // setup.py builds are (Python's CFLAGS, -DNDEBUG -O2/-O3).
  bool DefaultOptimized =
      B.DefaultOptimization && !B.MultiConfig && B.BuildType.empty();
  if (DefaultOptimized) {
    L.CxxOptions.push_back("-O3");
    L.CudaOptions.push_back("-O3");
    // After the steps are made: the parses never saw NDEBUG.
    L.Defines.push_back("NDEBUG");
  }
  // The glue units at OPGEN_GENERATED_OPTIMIZATION, in an optimized build
  // only: never raising a Debug build's level.
  bool GnuLike = B.CxxCompilerId == "GNU" ||
                 llvm::StringRef(B.CxxCompilerId).contains("Clang");
  if (!L.Glue.empty() && GnuLike && !B.GeneratedOptimization.empty() &&
      (DefaultOptimized || B.MultiConfig ||
       llvm::StringRef(B.BuildType).equals_insensitive("Release") ||
       llvm::StringRef(B.BuildType).equals_insensitive("RelWithDebInfo"))) {
    L.GlueOptions = B.GeneratedOptimization;
    if (B.MultiConfig)
      L.GlueConfigs = {"Release", "RelWithDebInfo"};
  }
  L.CxxLauncher = B.CxxLauncher;
  if (L.PchHeader.empty())
    return;
  // ccache is asked once for both targets with a PCH.
  std::vector<std::string> Sloppy = pchSloppyLauncher();
  L.CxxLauncher = withPchCache(Sloppy, exportsSymbol(L.Name));
  if (L.PrecompileGenerated)
    L.GeneratedCxxLauncher = withPchCache(Sloppy, "");
}

void GraphBuilder::addPackage() {
  BuildLibrary &L = G.Library;
  G.Targets.push_back({L.Name + "_generate", false, {G.Stamp}});
  if (B.Install)
    addInstalls();
  if (B.PythonDir.empty())
    return;
  L.OutputDirectory = B.PythonDir + "/" + P.PythonPackage;
  // The Python package: the Python outputs beside the library, in the
  // directory the Plan installs each into.
  BuildTarget Python{L.Name + "_python", true, {}};
  for (const PlannedOutput &O : P.Outputs) {
    if (O.Install != InstallRoot::Python || B.CMake.empty())
      continue;
    std::string Copy = B.PythonDir + "/" + O.InstallDir + "/" +
                       llvm::sys::path::filename(O.Path).str();
    BuildStep S;
    S.Kind = "copy";
    S.Argv = {B.CMake, "-E", "copy_if_different", gen(O.Path), Copy};
    S.Inputs = {G.Stamp};
    S.Outputs = {Copy};
    S.Comment = "opgen: laying out " + O.InstallDir + "/" +
                llvm::sys::path::filename(O.Path).str();
    G.Steps.push_back(std::move(S));
    Python.Depends.push_back(Copy);
  }
  Python.Depends.push_back(L.Name);
  G.Targets.push_back(std::move(Python));
  if (B.Tests && !B.Python.empty())
    for (const PlannedOutput &O : P.Outputs)
      if (O.Kind == OutputKind::Test)
        G.Tests.push_back({L.Name + "_opcheck",
                           {B.Python, "-m", "pytest", "-q", "-p",
                            "no:cacheprovider", gen(O.Path)},
                           {{"PYTHONPATH", B.PythonDir}}});
}

/// Install rules (docs/packaging.md): the library and the Python outputs
/// into <python dir>/<package>/, the C++ headers (include/<package>/ops.h)
/// into the include directory (<package>/include under scikit-build-core).
void GraphBuilder::addInstalls() {
  std::string PythonDir = B.InstallPythonDir;
  if (PythonDir.empty() && B.SkBuild)
    PythonDir = ".";
  if (PythonDir.empty() && !B.Python.empty()) {
    if (llvm::Expected<std::string> Dir = queryPlatlib(B.Python))
      PythonDir = *Dir;
    else
      llvm::consumeError(Dir.takeError());
  }
  if (PythonDir.empty())
    PythonDir = "lib/python/site-packages";
  G.InstallPythonDir = PythonDir;
  G.InstallLibrary = PythonDir + "/" + P.PythonPackage;
  std::string IncludeDir =
      B.SkBuild ? *G.InstallLibrary + "/include" : B.InstallIncludeDir;
  for (InstallRoot Root : {InstallRoot::Python, InstallRoot::Include})
    for (const PlannedOutput &O : P.Outputs)
      if (O.Install == Root)
        G.Installs.push_back(
            {gen(O.Path), (Root == InstallRoot::Python ? PythonDir
                                                       : IncludeDir) +
                              "/" + O.InstallDir});
}

std::optional<BuildGraph> GraphBuilder::build(DiagSink &Diags) {
  if (!B.TargetTorch.empty()) {
    if (!Inv.StableAbi) {
      Diags.report(DiagId::UsageTargetTorchWithoutStable, {});
      return std::nullopt;
    }
    std::optional<TorchVersion> V = parseTorchVersion(B.TargetTorch);
    if (!V) {
      Diags.report(DiagId::UsageBadTargetTorch, {},
                   {B.TargetTorch, DefaultStableTargetTorch.str()});
      return std::nullopt;
    }
    TargetVersion = V->targetVersionMacro();
  }
  if (Inv.StableAbi)
    G.Library.Defines.push_back("TORCH_TARGET_VERSION=" + TargetVersion);
  G.WorkingDirectory = Root;
  if (!B.Python.empty())
    G.Environment["OPGEN_PYTHON"] = B.Python;
  addPreambles();
  addDiscoveries();
  addCombine();
  addLibrary();
  addCompileSettings();
  addPackage();
  if (!UnityError.empty()) {
    Diags.report(DiagId::InternalError, {}, {UnityError});
    return std::nullopt;
  }
  return std::move(G);
}

} // namespace

std::string defaultCacheDir(llvm::StringRef Leaf) {
  auto Env = [](const char *Name) -> std::optional<std::string> {
    if (const char *V = std::getenv(Name))
      return std::string(V);
    return std::nullopt;
  };
  if (auto Own = Env(Leaf == "preambles" ? "OPGEN_PREAMBLE_CACHE"
                                         : "OPGEN_PCH_CACHE"))
    return *Own;
  std::string Dir;
  if (auto Preambles = Env("OPGEN_PREAMBLE_CACHE"))
    Dir = Preambles->empty()
              ? ""
              : llvm::sys::path::parent_path(*Preambles).str();
  else if (auto Cache = Env("OPGEN_CACHE"); Cache && !Cache->empty())
    Dir = *Cache;
  else if (auto Xdg = Env("XDG_CACHE_HOME"); Xdg && !Xdg->empty())
    Dir = *Xdg + "/opgen";
  else if (auto Home = Env("HOME"); Home && !Home->empty())
    Dir = *Home + "/.cache/opgen";
  return Dir.empty() ? Dir : Dir + "/" + Leaf.str();
}

std::optional<BuildGraph> makeBuildGraph(const Plan &P, const Invocation &Inv,
                                         const BuildOptions &B,
                                         const std::string &SelfPath,
                                         DiagSink &Diags) {
  return GraphBuilder(P, Inv, B, B.Executable.empty() ? SelfPath : B.Executable)
      .build(Diags);
}

} // namespace opgen
