//===- PlanTest.cpp - Tests for the Plan of a run -------------------------===//

#include "opgen/model/SourceKind.h"
#include "opgen/pipeline/Plan.h"
#include "opgen/support/Quote.h"
#include "opgen/support/TorchTarget.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>

using namespace opgen;

namespace {

const PlannedSource &sourceNamed(const Plan &P, const std::string &Suffix) {
  for (const PlannedSource &S : P.Sources)
    if (llvm::StringRef(S.Path).endswith(Suffix))
      return S;
  ADD_FAILURE() << "no source " << Suffix;
  static PlannedSource None;
  return None;
}

const PlannedOutput *outputAt(const Plan &P, const std::string &Path) {
  for (const PlannedOutput &O : P.Outputs)
    if (O.Path == Path)
      return &O;
  return nullptr;
}

TEST(PlanTest, SourcesLanguageShardPreambleRecord) {
  Invocation Inv;
  Inv.ListOutputs = true;
  Inv.PythonPackage = "mylib";
  Inv.Inputs = {"/r/b.h", "/r/k.cu", "/r/a.cpp", "/r/x/a.cpp", "/r/t.cuh",
                "/r/a.cpp"};
  RecordingDiagSink Diags;
  std::optional<Plan> P = makePlan(Inv, /*RequireSources=*/false, Diags);
  ASSERT_TRUE(P);
  EXPECT_TRUE(Diags.Records.empty());
  // Compiled first, then by path; each source once.
  std::vector<std::string> Order;
  for (const PlannedSource &S : P->Sources)
    Order.push_back(S.Path);
  EXPECT_EQ(Order, (std::vector<std::string>{"/r/a.cpp", "/r/k.cu",
                                             "/r/x/a.cpp", "/r/b.h",
                                             "/r/t.cuh"}));

  const PlannedSource &A = sourceNamed(*P, "/r/a.cpp");
  EXPECT_EQ(A.Lang, Language::Cxx);
  EXPECT_TRUE(A.Compiled);
  // Two a.cpp: each shard named by the shortest trailing path that tells
  // them apart; a record of their own each.
  EXPECT_EQ(A.Shard, "shards/r/a.cpp");
  EXPECT_EQ(A.PreambleGroup, Language::Cxx);
  EXPECT_EQ(A.Record, "discover/a.cpp.json");
  const PlannedSource &XA = sourceNamed(*P, "/x/a.cpp");
  EXPECT_EQ(XA.Shard, "shards/x/a.cpp");
  EXPECT_NE(XA.Record, A.Record);
  const PlannedSource &K = sourceNamed(*P, "k.cu");
  EXPECT_EQ(K.Shard, "shards/k.cu");
  EXPECT_EQ(K.Lang, Language::Cuda);
  EXPECT_EQ(K.PreambleGroup, Language::Cuda);
  const PlannedSource &T = sourceNamed(*P, "t.cuh");
  EXPECT_EQ(T.Lang, Language::Cuda);
  EXPECT_FALSE(T.Compiled);
  EXPECT_EQ(T.Shard, "");
  EXPECT_EQ(T.PreambleGroup, std::nullopt);
  EXPECT_EQ(sourceNamed(*P, "b.h").Lang, Language::Cxx);

  ASSERT_EQ(P->Preambles.size(), 2u);
  EXPECT_EQ(P->Preambles[0].Lang, Language::Cxx);
  EXPECT_EQ(P->Preambles[0].Path, "preamble/cxx.pch");
  EXPECT_EQ(P->Preambles[0].Sources,
            (std::vector<std::string>{"/r/a.cpp", "/r/x/a.cpp"}));
  EXPECT_EQ(P->Preambles[1].Path, "preamble/cuda.pch");
  EXPECT_EQ(clangLanguageName(Language::Cxx), "c++");
  EXPECT_EQ(clangLanguageName(Language::Cuda), "cuda");
}

TEST(PlanTest, OutputsKindsAndInstall) {
  Invocation Inv;
  Inv.PythonPackage = "mylib";
  Inv.FakeModule = "dir/my_fakes.py";
  Inv.Inputs = {"/r/a.cpp"};
  RecordingDiagSink Diags;
  std::optional<Plan> P = makePlan(Inv, /*RequireSources=*/false, Diags);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->FakeModule, "my_fakes");
  const PlannedOutput *Fakes = outputAt(*P, "python/mylib/my_fakes.py");
  ASSERT_TRUE(Fakes);
  EXPECT_EQ(Fakes->Install, InstallRoot::Python);
  EXPECT_EQ(Fakes->InstallDir, "mylib");
  const PlannedOutput *Ops = outputAt(*P, "include/mylib/ops.h");
  ASSERT_TRUE(Ops);
  EXPECT_EQ(Ops->Install, InstallRoot::Include);
  EXPECT_EQ(Ops->InstallDir, "mylib");
  const PlannedOutput *Shard = outputAt(*P, "shards/a.cpp");
  ASSERT_TRUE(Shard);
  EXPECT_EQ(Shard->Kind, OutputKind::Compiled);
  EXPECT_EQ(Shard->Source, "/r/a.cpp");
  EXPECT_EQ(Shard->Install, InstallRoot::None);
  EXPECT_EQ(P->StableTargetTorch, DefaultStableTargetTorch.str());

  // The author's package: no __init__.py, the fakes module _opgen_fakes.
  Inv.FakeModule.clear();
  Inv.PythonModule = "mylib.meta";
  Inv.NoPythonPackage = true;
  P = makePlan(Inv, /*RequireSources=*/false, Diags);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->FakeModule, "_opgen_fakes");
  EXPECT_FALSE(outputAt(*P, "python/mylib/__init__.py"));
  EXPECT_TRUE(outputAt(*P, "python/mylib/_opgen_fakes.py"));
}

TEST(PlanTest, JsonRoundTrip) {
  Invocation Inv;
  Inv.PythonPackage = "p";
  Inv.OutputDir = "/out";
  Inv.Inputs = {"/r/a.cpp", "/r/h.h"};
  RecordingDiagSink Diags;
  std::optional<Plan> P = makePlan(Inv, /*RequireSources=*/false, Diags);
  ASSERT_TRUE(P);
  llvm::Expected<llvm::json::Value> J = llvm::json::parse(planToJson(*P));
  ASSERT_TRUE(bool(J)) << llvm::toString(J.takeError());
  const llvm::json::Object *O = J->getAsObject();
  ASSERT_TRUE(O);
  EXPECT_EQ(O->getString("output_dir"), llvm::StringRef("/out"));
  const llvm::json::Array *Sources = O->getArray("sources");
  ASSERT_TRUE(Sources && Sources->size() == 2);
  const llvm::json::Object *H = (*Sources)[1].getAsObject();
  EXPECT_EQ(H->getString("language"), llvm::StringRef("C++"));
  EXPECT_EQ(H->get("shard")->kind(), llvm::json::Value::Null);
  EXPECT_EQ(H->get("preamble")->kind(), llvm::json::Value::Null);
  const llvm::json::Array *Outputs = O->getArray("outputs");
  ASSERT_TRUE(Outputs);
  EXPECT_EQ(Outputs->size(), P->Outputs.size());
}

TEST(PlanTest, RequiredSourcesAreChecked) {
  llvm::SmallString<128> Dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("opgen-plan", Dir));
  std::string A = std::string(Dir) + "/a.cpp";
  std::string Other = std::string(Dir) + "/sub";
  ASSERT_FALSE(llvm::sys::fs::create_directory(Other));
  std::string B = Other + "/a.cpp";
  for (const std::string &F : {A, B, std::string(Dir) + "/notes.txt"})
    std::ofstream(F) << "\n";
  Invocation Inv;
  Inv.Inputs = {A, std::string(Dir) + "/missing.cpp",
                std::string(Dir) + "/notes.txt", B};
  RecordingDiagSink Diags;
  EXPECT_FALSE(makePlan(Inv, /*RequireSources=*/true, Diags));
  ASSERT_EQ(Diags.Records.size(), 2u);
  EXPECT_EQ(Diags.Records[0].Id, DiagId::NoSuchInput);
  EXPECT_EQ(Diags.Records[1].Id, DiagId::UnsupportedInput);

  // Two sources of one file name: each shard is named by its trailing path.
  Inv.Inputs = {B, A};
  std::optional<Plan> P = makePlan(Inv, /*RequireSources=*/true, Diags);
  ASSERT_TRUE(P);
  ASSERT_EQ(P->Sources.size(), 2u);
  std::string DirName = llvm::sys::path::filename(Dir).str();
  EXPECT_EQ(P->Sources[0].Shard, "shards/" + DirName + "/a.cpp");
  EXPECT_EQ(P->Sources[1].Shard, "shards/sub/a.cpp");

  // --shard names the one compiled source's shard (a discovery's).
  Inv.Inputs = {B};
  Inv.Shard = "shards/sub/a.cpp";
  P = makePlan(Inv, /*RequireSources=*/true, Diags);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Sources[0].Shard, "shards/sub/a.cpp");
  Inv.Inputs = {A, B};
  EXPECT_FALSE(makePlan(Inv, /*RequireSources=*/true, Diags));
  EXPECT_EQ(Diags.Records.back().Id, DiagId::UsageShardNeedsOneSource);
  llvm::sys::fs::remove_directories(Dir);
}

TEST(PlanTest, ModeMatrix) {
  RecordingDiagSink Diags;
  Invocation Inv;
  Inv.ListOutputs = true;
  Inv.Discover = true;
  EXPECT_FALSE(selectMode(Inv, Diags));
  ASSERT_EQ(Diags.Records.size(), 1u);
  EXPECT_EQ(Diags.Records[0].Id, DiagId::UsageExclusiveModes);

  Inv = Invocation();
  Inv.BuildPreamble = true;
  Inv.Check = true;
  EXPECT_FALSE(selectMode(Inv, Diags));
  EXPECT_EQ(Diags.Records.back().Args[1], "--check");

  Inv = Invocation();
  Inv.PreambleCache = "/c";
  EXPECT_FALSE(selectMode(Inv, Diags));
  EXPECT_EQ(Diags.Records.back().Id, DiagId::UsagePreambleCacheWithoutBuild);

  Inv = Invocation();
  EXPECT_FALSE(selectMode(Inv, Diags));
  EXPECT_EQ(Diags.Records.back().Id, DiagId::UsageNoInputs);

  Inv.Inputs = {"a.cpp"};
  Inv.OutputDir = "out";
  EXPECT_EQ(selectMode(Inv, Diags), Mode::Generate);
  Inv.Combine = true;
  EXPECT_EQ(selectMode(Inv, Diags), Mode::Combine);
  Inv.Discover = true;
  EXPECT_FALSE(selectMode(Inv, Diags));
  Inv.Init = true;
  EXPECT_EQ(selectMode(Inv, Diags), Mode::Init);
}

TEST(PlanTest, StableTargetVersionMacro) {
  EXPECT_EQ(DefaultStableTargetTorch.str(), "2.10");
  EXPECT_EQ(DefaultStableTargetTorch.targetVersionMacro(), "0x020a000000000000");
  EXPECT_EQ((TorchVersion{2, 9}).targetVersionMacro(), "0x0209000000000000");
}

/// The step of \p G of \p Kind whose argv names \p Source, or null.
const BuildStep *stepFor(const BuildGraph &G, const std::string &Kind,
                         const std::string &Source = "") {
  for (const BuildStep &S : G.Steps)
    if (S.Kind == Kind &&
        (Source.empty() || std::find(S.Argv.begin(), S.Argv.end(), Source) !=
                               S.Argv.end()))
      return &S;
  return nullptr;
}

TEST(BuildGraphTest, StepsAndLibrary) {
  RecordingDiagSink Diags;
  Invocation Inv;
  Inv.PlanBuild = true;
  Inv.PythonPackage = "mylib";
  Inv.LibraryName = "mylib_ops";
  Inv.OutputDir = "/b/gen";
  Inv.Root = "/r";
  Inv.Inputs = {"/r/b.cpp", "/r/k.cu", "/r/a.cpp", "/r/h.h"};
  Inv.ExtraArgs = {"-std=c++17"};
  BuildOptions B;
  B.Executable = "/x/opgen";
  B.Python = "/x/python";
  B.CxxCompilerId = "GNU";
  std::optional<Plan> P = makePlan(Inv, /*RequireSources=*/false, Diags);
  ASSERT_TRUE(P);
  std::optional<BuildGraph> G = makeBuildGraph(*P, Inv, B, "/self", Diags);
  ASSERT_TRUE(G);
  EXPECT_TRUE(Diags.Records.empty());
  EXPECT_EQ(G->WorkingDirectory, "/r");
  EXPECT_EQ(G->Environment.at("OPGEN_PYTHON"), "/x/python");
  // Two preambles, four discoveries, one combine.
  ASSERT_EQ(G->Steps.size(), 7u);
  const BuildStep *Cuda = stepFor(*G, "discover", "/r/k.cu");
  ASSERT_TRUE(Cuda);
  EXPECT_EQ(Cuda->Argv.front(), "/x/opgen");
  EXPECT_EQ(Cuda->Argv.back(), "-D__CUDA_NO_HALF2_OPERATORS__");
  EXPECT_NE(std::find(Cuda->Inputs.begin(), Cuda->Inputs.end(),
                      "/b/gen/preamble/cuda.pch.json"),
            Cuda->Inputs.end());
  EXPECT_EQ(Cuda->Byproducts,
            (std::vector<std::string>{"/b/gen/shards/k.cu", "/b/gen/shards/k.cu.h"}));
  const BuildStep *Header = stepFor(*G, "discover", "/r/h.h");
  ASSERT_TRUE(Header);
  EXPECT_TRUE(Header->Byproducts.empty());
  EXPECT_EQ(Header->Comment, "opgen: discovering ops in h.h");
  const BuildStep *Combine = stepFor(*G, "combine");
  ASSERT_TRUE(Combine);
  EXPECT_EQ(Combine->Outputs, std::vector<std::string>{"/b/gen/opgen.stamp"});
  // The combine does not claim what the discoveries write.
  for (const std::string &File : Combine->Byproducts)
    EXPECT_EQ(File.find("/shards/"), std::string::npos) << File;
  // Two C++ sources, GCC: the compiler PCH; the unity unit first.
  const BuildLibrary &L = G->Library;
  EXPECT_EQ(L.PchHeader, "/b/gen/preamble/cxx.pch.cxx.h");
  ASSERT_FALSE(L.Sources.empty());
  EXPECT_EQ(L.Sources.front().Path, "/b/gen/unity.cpp");
  EXPECT_EQ(L.Unity, "/b/gen/unity.cpp");
  EXPECT_TRUE(L.PrecompileGenerated);
  EXPECT_EQ(L.Sources.size(), 4u); // unity, a.cpp, b.cpp, k.cu
  EXPECT_NE(G->UnityText.find("#include \"registration.cpp\"\n"
                              "#include \"autograd.cpp\"\n"),
            std::string::npos)
      << G->UnityText;
  // No build type: optimized, as torch.utils.cpp_extension's builds are;
  // NDEBUG compiles, it does not parse.
  EXPECT_EQ(L.Defines, std::vector<std::string>{"NDEBUG"});
  EXPECT_EQ(L.CxxOptions, (std::vector<std::string>{"-Wno-attributes", "-O3"}));
  EXPECT_EQ(Cuda->Argv.end(),
            std::find(Cuda->Argv.begin(), Cuda->Argv.end(), "-DNDEBUG"));
  B.BuildType = "Debug";
  G = makeBuildGraph(*P, Inv, B, "/self", Diags);
  ASSERT_TRUE(G);
  EXPECT_TRUE(G->Library.Defines.empty());
  EXPECT_EQ(G->Library.CxxOptions, std::vector<std::string>{"-Wno-attributes"});

  // A stable library for 2.9; a version that is not MAJOR.MINOR, or a
  // target without --stable-abi, is a usage error.
  Inv.StableAbi = true;
  B.TargetTorch = "2.9";
  G = makeBuildGraph(*P, Inv, B, "/self", Diags);
  ASSERT_TRUE(G);
  EXPECT_EQ(G->Library.Defines,
            std::vector<std::string>{"TORCH_TARGET_VERSION=0x0209000000000000"});
  B.BuildType = "";
  EXPECT_FALSE(G->Library.PrecompileGenerated);
  B.TargetTorch = "2";
  EXPECT_FALSE(makeBuildGraph(*P, Inv, B, "/self", Diags));
  EXPECT_EQ(Diags.Records.back().Id, DiagId::UsageBadTargetTorch);
  Inv.StableAbi = false;
  B.TargetTorch = "2.9";
  EXPECT_FALSE(makeBuildGraph(*P, Inv, B, "/self", Diags));
  EXPECT_EQ(Diags.Records.back().Id, DiagId::UsageTargetTorchWithoutStable);
}

/// Sets (or, with nullopt, unsets) an environment variable for a scope.
struct ScopedEnv {
  std::string Name;
  std::optional<std::string> Old;
  ScopedEnv(const char *N, const std::optional<std::string> &Value) : Name(N) {
    if (const char *V = std::getenv(N))
      Old = V;
    put(Value);
  }
  ~ScopedEnv() { put(Old); }
  void put(const std::optional<std::string> &Value) const {
    if (Value)
      setenv(Name.c_str(), Value->c_str(), 1);
    else
      unsetenv(Name.c_str());
  }
};

TEST(BuildGraphTest, DefaultCachesFromTheEnvironment) {
  ScopedEnv Preambles("OPGEN_PREAMBLE_CACHE", std::nullopt);
  ScopedEnv Pchs("OPGEN_PCH_CACHE", std::nullopt);
  ScopedEnv Cache("OPGEN_CACHE", std::nullopt);
  ScopedEnv Xdg("XDG_CACHE_HOME", std::nullopt);
  ScopedEnv Home("HOME", "/home/u");
  EXPECT_EQ(defaultCacheDir("preambles"), "/home/u/.cache/opgen/preambles");
  EXPECT_EQ(defaultCacheDir("compiler-pch"), "/home/u/.cache/opgen/compiler-pch");
  {
    ScopedEnv X("XDG_CACHE_HOME", "/xdg");
    EXPECT_EQ(defaultCacheDir("preambles"), "/xdg/opgen/preambles");
    ScopedEnv C("OPGEN_CACHE", "/c");
    EXPECT_EQ(defaultCacheDir("compiler-pch"), "/c/compiler-pch");
    // A preamble cache the environment names places the PCHs beside it;
    // an empty one is none, and so no PCH cache either.
    ScopedEnv P("OPGEN_PREAMBLE_CACHE", "/p/pre");
    EXPECT_EQ(defaultCacheDir("preambles"), "/p/pre");
    EXPECT_EQ(defaultCacheDir("compiler-pch"), "/p/compiler-pch");
    ScopedEnv Own("OPGEN_PCH_CACHE", "/own");
    EXPECT_EQ(defaultCacheDir("compiler-pch"), "/own");
  }
  ScopedEnv Empty("OPGEN_PREAMBLE_CACHE", "");
  EXPECT_EQ(defaultCacheDir("preambles"), "");
  EXPECT_EQ(defaultCacheDir("compiler-pch"), "");
}

TEST(QuoteTest, ReplaceAllNeverInsideAReplacement) {
  std::string S = "/b/x /b/y";
  replaceAll(S, "/b", "<build>/b"); // the replacement holds the pattern
  EXPECT_EQ(S, "<build>/b/x <build>/b/y");
  replaceAll(S, "", "z"); // nothing to find
  EXPECT_EQ(S, "<build>/b/x <build>/b/y");
  replaceAll(S, " ", "\\ ");
  EXPECT_EQ(S, "<build>/b/x\\ <build>/b/y");
}

TEST(QuoteTest, BothStyles) {
  const std::string S = "a\"b\\c\nd\te'f\rg\x01h\xc3\xa9";
  EXPECT_EQ(quoteString(S, QuoteStyle::TorchSchema),
            "\"a\\\"b\\\\c\\nd\\te\\'f\\015g\\001h\\303\\251\"");
  EXPECT_EQ(quoteString(S, QuoteStyle::Literal),
            "\"a\\\"b\\\\c\\nd\\te'f\\u000dg\\u0001h\xc3\xa9\"");
}

} // namespace
