//===- Plan.cpp - What one opgen run reads, writes and how ----------------===//
#include "opgen/pipeline/Plan.h"
#include "opgen/emit/Emit.h"
#include "opgen/model/Model.h"
#include "opgen/model/SourceKind.h"
#include "opgen/support/TorchTarget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <map>
#include <set>
#include <tuple>

namespace opgen {

namespace {

/// Compiled sources first: an annotated function seen from several inputs
/// gets its wrapper in the shard of the first, which must be compiled.
bool sourceOrder(const PlannedSource &A, const PlannedSource &B) {
  return std::make_tuple(!A.Compiled, std::cref(A.Path)) <
         std::make_tuple(!B.Compiled, std::cref(B.Path));
}

/// Where \p File is installed: Python files into the package directory,
/// the C++ entry points (`include/<package>/...`) into the include
/// directory.
void setInstall(PlannedOutput &File) {
  llvm::StringRef Dir = llvm::sys::path::parent_path(File.Path);
  if (File.Kind == OutputKind::Python && Dir.consume_front("python/")) {
    File.Install = InstallRoot::Python;
    File.InstallDir = Dir.str();
  } else if (File.Kind == OutputKind::Header && Dir.consume_front("include/")) {
    File.Install = InstallRoot::Include;
    File.InstallDir = Dir.str();
  }
}

std::string preamblePath(Language L) {
  return L == Language::Cuda ? "preamble/cuda.pch" : "preamble/cxx.pch";
}

} // namespace

std::string absolutePath(const std::string &Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::optional<Mode> selectMode(const Invocation &Inv, DiagSink &Diags) {
  if (Inv.Init)
    return Mode::Init;
  if (Inv.Migrate) {
    if (Inv.MigrateDiff && Inv.MigrateInPlace) {
      Diags.report(DiagId::UsageExclusiveModes, {}, {"--diff", "--in-place"});
      return std::nullopt;
    }
    if (Inv.Inputs.empty()) {
      Diags.report(DiagId::MigrateNoInputs, {});
      return std::nullopt;
    }
    return Mode::Migrate;
  }
  if (Inv.CMakeDir)
    return Mode::CMakeDir;
  if (Inv.ListOutputs && (Inv.Discover || Inv.Combine)) {
    Diags.report(DiagId::UsageExclusiveModes, {},
                 {"--list-outputs", Inv.Discover ? "--discover" : "--combine"});
    return std::nullopt;
  }
  // --check would have to build the preamble to compare it.
  if (Inv.BuildPreamble &&
      (Inv.ListOutputs || Inv.Discover || Inv.Combine || Inv.Check)) {
    Diags.report(DiagId::UsageExclusiveModes, {},
                 {"--build-preamble", Inv.ListOutputs ? "--list-outputs"
                                      : Inv.Discover  ? "--discover"
                                      : Inv.Combine   ? "--combine"
                                                      : "--check"});
    return std::nullopt;
  }
  if (Inv.PchCache) {
    if (Inv.PchCacheDir.empty() || Inv.PchBuildDir.empty() ||
        Inv.PchCompiler.empty() || Inv.ExtraArgs.empty()) {
      Diags.report(DiagId::UsagePchCache, {});
      return std::nullopt;
    }
    return Mode::PchCache;
  }
  if (Inv.PlanBuild) {
    if (Inv.OutputDir.empty()) {
      Diags.report(DiagId::UsagePlanNeedsOutputDir, {});
      return std::nullopt;
    }
    return Mode::PlanBuild;
  }
  if (Inv.Project) {
    if (Inv.OutputDir.empty() || Inv.PythonPackage.empty() ||
        Inv.Inputs.empty()) {
      Diags.report(DiagId::UsageProject, {});
      return std::nullopt;
    }
    return Mode::Project;
  }
  if (!Inv.PreambleCache.empty() && !Inv.BuildPreamble) {
    Diags.report(DiagId::UsagePreambleCacheWithoutBuild, {});
    return std::nullopt;
  }
  if (Inv.ListOutputs)
    return Mode::ListOutputs;
  if (Inv.OutputDir.empty() || Inv.Inputs.empty()) {
    Diags.report(DiagId::UsageNoInputs, {});
    return std::nullopt;
  }
  if (Inv.Discover && Inv.Combine) {
    Diags.report(DiagId::UsageExclusiveModes, {}, {"--discover", "--combine"});
    return std::nullopt;
  }
  if (Inv.Combine)
    return Mode::Combine;
  if (Inv.BuildPreamble)
    return Mode::BuildPreamble;
  if (Inv.Discover)
    return Mode::Discover;
  return Mode::Generate;
}

std::vector<std::string> Plan::sourcePaths() const {
  std::vector<std::string> Out;
  for (const PlannedSource &S : Sources)
    Out.push_back(S.Path);
  return Out;
}

std::optional<Plan> makePlan(const Invocation &Inv, bool RequireSources,
                             DiagSink &Diags) {
  Plan P;
  if (!Inv.OutputDir.empty())
    P.OutputDir = absolutePath(Inv.OutputDir);
  P.PythonPackage = Inv.PythonPackage;
  P.GeneratePackage = !Inv.NoPythonPackage;
  P.StableTargetTorch = DefaultStableTargetTorch.str();

  // The sources, made absolute and checked, each once.
  unsigned Errors = Diags.errorCount();
  std::set<std::string> Seen;
  for (const std::string &Given : Inv.Inputs) {
    PlannedSource S;
    S.Given = Given;
    S.Path = absolutePath(Given);
    if (RequireSources && !llvm::sys::fs::exists(S.Path)) {
      Diags.report(DiagId::NoSuchInput, {}, {Given});
      continue;
    }
    std::optional<SourceKind> Kind = classifySource(S.Path);
    if (!Kind && RequireSources) {
      Diags.report(DiagId::UnsupportedInput, {},
                   {Given, supportedExtensions()});
      continue;
    }
    if (!Seen.insert(S.Path).second)
      continue;
    if (Kind) {
      S.Lang = sourceLanguage(*Kind);
      S.Compiled = Kind->Compiled;
      if (S.Compiled)
        S.PreambleGroup = S.Lang;
    }
    P.Sources.push_back(std::move(S));
  }
  if (Diags.errorCount() != Errors)
    return std::nullopt;
  std::sort(P.Sources.begin(), P.Sources.end(), sourceOrder);

  // Shards by file name, by trailing path where names repeat (or as
  // --shard names the one compiled source's: a discovery sees one source).
  std::map<std::string, std::string> Shards = shardPaths(P.sourcePaths());
  if (!Inv.Shard.empty()) {
    if (Shards.size() != 1) {
      Diags.report(DiagId::UsageShardNeedsOneSource, {},
                   {std::to_string(Shards.size())});
      return std::nullopt;
    }
    Shards.begin()->second = Inv.Shard;
  }
  for (PlannedSource &S : P.Sources)
    if (auto It = Shards.find(S.Path); It != Shards.end())
      S.Shard = It->second;

  // Discovery records by file name, numbered when a name repeats.
  std::set<std::string> Records;
  for (PlannedSource &S : P.Sources) {
    std::string Name = llvm::sys::path::filename(S.Path).str();
    S.Record = "discover/" + Name + ".json";
    if (!Records.insert(S.Record).second) {
      S.Record = "discover/" + Name + "." + std::to_string(Records.size()) +
                 ".json";
      Records.insert(S.Record);
    }
  }

  // One preamble per language that has compiled sources.
  for (Language L : {Language::Cxx, Language::Cuda}) {
    PlannedPreamble Pre{L, preamblePath(L), {}};
    for (const PlannedSource &S : P.Sources)
      if (S.PreambleGroup == L)
        Pre.Sources.push_back(S.Path);
    if (!Pre.Sources.empty())
      P.Preambles.push_back(std::move(Pre));
  }

  // The outputs, named as the emitters name them (OpLibrary's rule for the
  // fake module).
  OpLibrary Named;
  Named.PythonPackage = Inv.PythonPackage;
  if (!Inv.FakeModule.empty())
    Named.Fakes =
        FakeModule{llvm::sys::path::stem(Inv.FakeModule).str(), "", "", {}};
  Named.GeneratePackage = P.GeneratePackage;
  Named.Sources = P.sourcePaths();
  OutputNames Names = outputNames(Named);
  Names.Shards = Shards;
  P.FakeModule = Names.FakeModule;
  for (const OutputFile &File : listOutputs(Names)) {
    PlannedOutput Out{File.Path, File.Kind, File.Id, File.Source,
                      InstallRoot::None, ""};
    setInstall(Out);
    P.Outputs.push_back(std::move(Out));
  }
  return P;
}

namespace {

/// \p Key: \p Value, or null when it is empty.
void stringOrNull(llvm::json::OStream &J, llvm::StringRef Key,
                  const std::string &Value) {
  if (Value.empty())
    J.attribute(Key, nullptr);
  else
    J.attribute(Key, Value);
}

void stringArray(llvm::json::OStream &J, llvm::StringRef Key,
                 const std::vector<std::string> &Values) {
  J.attributeArray(Key, [&] {
    for (const std::string &V : Values)
      J.value(V);
  });
}

/// An environment, as the `NAME=value` strings of `cmake -E env`.
void environmentArray(llvm::json::OStream &J, llvm::StringRef Key,
                      const std::map<std::string, std::string> &Env) {
  J.attributeArray(Key, [&] {
    for (const auto &[Name, Value] : Env)
      J.value(Name + "=" + Value);
  });
}

/// The `build` object of `opgen plan` (docs/cli.md#the-build-graph).
void graphToJson(llvm::json::OStream &J, const BuildGraph &G) {
  J.attributeObject("build", [&] {
    J.attribute("working_directory", G.WorkingDirectory);
    environmentArray(J, "environment", G.Environment);
    J.attribute("stamp", G.Stamp);
    J.attributeArray("steps", [&] {
      for (const BuildStep &S : G.Steps)
        J.object([&] {
          J.attribute("kind", S.Kind);
          stringArray(J, "argv", S.Argv);
          stringArray(J, "inputs", S.Inputs);
          stringArray(J, "outputs", S.Outputs);
          stringArray(J, "byproducts", S.Byproducts);
          stringOrNull(J, "depfile", S.Depfile);
          stringArray(J, "clean", S.Clean);
          J.attribute("comment", S.Comment);
        });
    });
    const BuildLibrary &L = G.Library;
    J.attributeObject("library", [&] {
      J.attributeArray("sources", [&] {
        for (const LibrarySource &S : L.Sources)
          J.object([&] {
            J.attribute("path", S.Path);
            J.attribute("language", std::string(enumName(S.Lang)));
            stringArray(J, "includes", S.Includes);
          });
      });
      stringOrNull(J, "unity", L.Unity);
      J.attribute("precompile_generated", L.PrecompileGenerated);
      stringArray(J, "glue", L.Glue);
      stringOrNull(J, "pch_header", L.PchHeader);
      stringOrNull(J, "generated_pch_header", L.GeneratedPchHeader);
      stringArray(J, "defines", L.Defines);
      stringArray(J, "cuda_defines", L.CudaDefines);
      stringArray(J, "cuda_options", L.CudaOptions);
      J.attribute("stable", L.Stable);
      stringArray(J, "editor_sources", L.EditorSources);
      J.attribute("name", L.Name);
      stringOrNull(J, "output_directory", L.OutputDirectory);
      stringArray(J, "cxx_options", L.CxxOptions);
      stringArray(J, "glue_options", L.GlueOptions);
      stringArray(J, "glue_configs", L.GlueConfigs);
      stringArray(J, "cxx_launcher", L.CxxLauncher);
      stringArray(J, "generated_cxx_launcher", L.GeneratedCxxLauncher);
    });
    J.attributeArray("targets", [&] {
      for (const BuildTarget &T : G.Targets)
        J.object([&] {
          J.attribute("name", T.Name);
          J.attribute("all", T.All);
          stringArray(J, "depends", T.Depends);
        });
    });
    J.attributeArray("tests", [&] {
      for (const BuildTest &T : G.Tests)
        J.object([&] {
          J.attribute("name", T.Name);
          stringArray(J, "argv", T.Argv);
          environmentArray(J, "environment", T.Environment);
        });
    });
    if (!G.InstallLibrary) {
      J.attribute("install", nullptr);
      return;
    }
    J.attributeObject("install", [&] {
      J.attribute("python_dir", G.InstallPythonDir);
      J.attribute("library", *G.InstallLibrary);
      J.attributeArray("files", [&] {
        for (const InstallFile &F : G.Installs)
          J.object([&] {
            J.attribute("path", F.Path);
            J.attribute("destination", F.Destination);
          });
      });
    });
  });
}

} // namespace

std::string planToJson(const Plan &P, const BuildGraph *Graph) {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  llvm::json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("version", Graph ? 2 : 1);
    stringOrNull(J, "output_dir", P.OutputDir);
    J.attribute("python_package", P.PythonPackage);
    J.attribute("fake_module", P.FakeModule);
    J.attribute("python_package_generated", P.GeneratePackage);
    J.attribute("stable_target_torch", P.StableTargetTorch);
    J.attributeArray("languages", [&] {
      std::vector<Language> Seen;
      for (const PlannedSource &S : P.Sources)
        if (S.Lang && !llvm::is_contained(Seen, *S.Lang)) {
          Seen.push_back(*S.Lang);
          J.value(std::string(enumName(*S.Lang)));
        }
    });
    J.attributeArray("sources", [&] {
      for (const PlannedSource &S : P.Sources)
        J.object([&] {
          J.attribute("path", S.Path);
          if (S.Lang)
            J.attribute("language", std::string(enumName(*S.Lang)));
          else
            J.attribute("language", nullptr);
          J.attribute("compiled", S.Compiled);
          stringOrNull(J, "shard", S.Shard);
          if (S.PreambleGroup)
            J.attribute("preamble", std::string(enumName(*S.PreambleGroup)));
          else
            J.attribute("preamble", nullptr);
          J.attribute("record", S.Record);
        });
    });
    J.attributeArray("preambles", [&] {
      for (const PlannedPreamble &Pre : P.Preambles)
        J.object([&] {
          J.attribute("language", std::string(enumName(Pre.Lang)));
          J.attribute("path", Pre.Path);
          J.attributeArray("sources", [&] {
            for (const std::string &S : Pre.Sources)
              J.value(S);
          });
        });
    });
    J.attributeArray("outputs", [&] {
      for (const PlannedOutput &O : P.Outputs)
        J.object([&] {
          J.attribute("path", O.Path);
          J.attribute("kind", std::string(outputKindName(O.Kind)));
          stringOrNull(J, "source", O.Source);
          if (O.Install == InstallRoot::None) {
            J.attribute("install", nullptr);
          } else {
            J.attributeObject("install", [&] {
              J.attribute("root", std::string(enumName(O.Install)));
              J.attribute("dir", O.InstallDir);
            });
          }
        });
    });
    if (Graph)
      graphToJson(J, *Graph);
  });
  OS << '\n';
  return OS.str();
}

} // namespace opgen
