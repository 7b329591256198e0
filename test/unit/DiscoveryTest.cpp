//===- DiscoveryTest.cpp - Tests for the discovery record -----------------===//

#include "opgen/model/Discovery.h"

#include <gtest/gtest.h>

using namespace opgen;

namespace {

FakeExpr expr(FakeExpr::Kind K, std::string Name, std::string Text,
              std::vector<FakeExpr> Ops = {}) {
  FakeExpr E;
  E.K = K;
  E.Name = std::move(Name);
  E.Text = std::move(Text);
  E.Ops = std::move(Ops);
  return E;
}

/// A function with every field set to something other than its default.
AnnotatedFunction function() {
  AnnotatedFunction F;
  F.Attr.Kind = AnnotationKind::Backward;
  F.Attr.Loc = {"kernels/k.cpp", 3, 3};
  F.Attr.Name = {"mylib::scale", {"kernels/k.cpp", 3, 22}};
  // `device` a backward takes; `mutates` it does not (kept for the check
  // phase's diagnostic).
  F.Attr.addKey("device", {"default", {"kernels/k.cpp", 3, 45}});
  F.Attr.addKey("mutates", {"out", {"kernels/k.cpp", 3, 64}});
  F.Inferred = llvm::cantFail(parseSchema(
      "_(Tensor x, SymInt[2] dims=[1, 2], str mode=\"a\", float eps=0.1, "
      "Tensor? w=None, ScalarType? dtype=None, int[] stride=[1, 1], int x2=0) "
      "-> (Tensor, Tensor)"));
  F.Inferred.Name.clear();
  // A C++ parameter name the check phase rejects as a schema name.
  F.Inferred.Arguments.back().Name = "in";
  Kernel &K = F.Impl;
  K.Key = DispatchKey::CompositeExplicitAutograd;
  K.Lang = Language::Cuda;
  K.Abi = KernelAbi::Stable;
  K.Callee = "::mylib::scale";
  K.HostSource = "/src/kernels/k.cpp";
  K.Loc = {"kernels/k.cpp", 4, 12};
  CppParam P;
  P.Name = "dims";
  P.Spelling = "std::vector<int64_t>";
  P.Container = CppContainer::OptionalArrayRef;
  P.StdOptional = P.StdString = P.MutableRef = P.ConcreteInt = true;
  P.Loc = {"kernels/k.cpp", 4, 40};
  CppParam Sizes; // A stable ABI list.
  Sizes.Container = CppContainer::HeaderOnlyArrayRef;
  K.Params = {P, Sizes};
  K.Ret = {"std::tuple<at::Tensor, at::Tensor>", true};
  FakeSynthesis Syn;
  Syn.Ok = true;
  FakeOutput Empty;
  Empty.K = FakeOutput::Kind::Empty;
  Empty.Like = "x";
  Empty.Sizes = expr(FakeExpr::Kind::SetItem, "", "",
                     {expr(FakeExpr::Kind::Sizes, "x", ""),
                      expr(FakeExpr::Kind::Literal, "", "-1"),
                      expr(FakeExpr::Kind::Binary, "", "*",
                           {expr(FakeExpr::Kind::ArgItem, "dims", "",
                                 {expr(FakeExpr::Kind::Literal, "", "0")}),
                            expr(FakeExpr::Kind::Size, "x", "",
                                 {expr(FakeExpr::Kind::Literal, "", "1")})})});
  Empty.Dtype = expr(FakeExpr::Kind::Literal, "", "at::ScalarType::Long");
  Empty.Factory = "at::empty";
  Empty.Loc = {"kernels/k.cpp", 7, 14};
  FakeOutput Like;
  Like.K = FakeOutput::Kind::EmptyLike;
  Like.Like = "x";
  Like.MemoryFormat = "at::MemoryFormat::Contiguous";
  Like.LikeContiguous = "at::MemoryFormat::ChannelsLast";
  Like.Factory = "at::empty_like";
  Syn.Outputs = {Empty, Like};
  Syn.Why = "kept for the record";
  Syn.WhyLoc = {"kernels/k.cpp", 9, 5};
  K.Synthesis = Syn;
  ParamEffects Written;
  Written.Writes = {{"'add_()'", {"kernels/k.cpp", 11, 7}}};
  ParamEffects Escaping;
  Escaping.Escapes = true;
  K.Params[0].Effects = Written;
  K.Params[1].Effects = Escaping;
  MetaSafety Unsafe;
  Unsafe.Why = "calls 'data_ptr', which reads or writes data on the host";
  Unsafe.WhyLoc = {"kernels/k.cpp", 12, 9};
  K.MetaSafe = Unsafe;
  K.Checks = {expr(FakeExpr::Kind::Binary, "", "==",
                   {expr(FakeExpr::Kind::Size, "w", "",
                         {expr(FakeExpr::Kind::Literal, "", "0")}),
                    expr(FakeExpr::Kind::Size, "x", "",
                         {expr(FakeExpr::Kind::Literal, "", "-1")})}),
              expr(FakeExpr::Kind::Binary, "", "==",
                   {expr(FakeExpr::Kind::Dim, "w", ""),
                    expr(FakeExpr::Kind::Literal, "", "1")})};
  return F;
}

DiscoveryRecord record() {
  DiscoveryRecord R;
  R.Root = "/src";
  R.Sources = {"/src/kernels/k.cpp"};
  R.Functions = {function(), AnnotatedFunction{}};
  R.Functions[1].Inferred.Returns.clear();
  R.Dependencies = {"/src/kernels/k.cpp", "/src/kernels/k.h"};
  return R;
}

/// readDiscoveryRecord into \p Back; a failure carries its error message
/// (what a failed ASSERT_TRUE prints).
::testing::AssertionResult readRecord(const std::string &Text,
                                      const std::string &Root,
                                      DiscoveryRecord &Back) {
  llvm::Expected<DiscoveryRecord> Read = readDiscoveryRecord(Text, Root);
  if (!Read)
    return ::testing::AssertionFailure() << llvm::toString(Read.takeError());
  Back = std::move(*Read);
  return ::testing::AssertionSuccess();
}

TEST(DiscoveryTest, RoundTripsEveryField) {
  std::string Text = writeDiscoveryRecord(record());
  DiscoveryRecord Back;
  ASSERT_TRUE(readRecord(Text, "/src", Back));
  EXPECT_EQ(writeDiscoveryRecord(Back), Text);

  AnnotatedFunction Want = function();
  ASSERT_EQ(Back.Functions.size(), 2u);
  const AnnotatedFunction &F = Back.Functions[0];
  EXPECT_EQ(F.Inferred, Want.Inferred);
  // A list default of equal items stays a list (torch would print `=1`,
  // which only parses back for a fixed-size list).
  const Argument &Stride = F.Inferred.Arguments[6];
  ASSERT_TRUE(Stride.Default.has_value());
  EXPECT_EQ(std::get<DefaultValue::IntList>(Stride.Default->Value),
            (DefaultValue::IntList{1, 1}));
  EXPECT_EQ(F.Inferred.Arguments.back().Name, "in");
  EXPECT_TRUE(F.Inferred.Name.empty());
  EXPECT_EQ(F.Attr.Kind, AnnotationKind::Backward);
  ASSERT_EQ(F.Attr.Keys.size(), 1u);
  EXPECT_EQ(F.Attr.Keys[0].first, AnnotationKey::Device);
  EXPECT_EQ(F.Attr.Keys[0].second.Text, "default");
  EXPECT_EQ(F.Attr.Keys[0].second.Loc, (SourceLoc{"kernels/k.cpp", 3, 45}));
  ASSERT_EQ(F.Attr.UnknownKeys.size(), 1u);
  EXPECT_EQ(F.Attr.UnknownKeys[0].first, "mutates");
  EXPECT_EQ(F.Attr.UnknownKeys[0].second.Loc,
            (SourceLoc{"kernels/k.cpp", 3, 64}));
  EXPECT_EQ(F.Impl.Key, DispatchKey::CompositeExplicitAutograd);
  EXPECT_EQ(F.Impl.Lang, Language::Cuda);
  EXPECT_EQ(F.Impl.Abi, KernelAbi::Stable);
  EXPECT_EQ(F.Impl.Params[0].Container, CppContainer::OptionalArrayRef);
  EXPECT_TRUE(F.Impl.Params[0].ConcreteInt);
  EXPECT_FALSE(F.Impl.Params[1].MutableRef);
  EXPECT_EQ(F.Impl.Params[1].Container, CppContainer::HeaderOnlyArrayRef);
  EXPECT_TRUE(F.Impl.Ret.Reference);
  ASSERT_TRUE(F.Impl.Synthesis.has_value());
  EXPECT_EQ(F.Impl.Synthesis->Outputs[0].str(), Want.Impl.Synthesis->Outputs[0].str());
  EXPECT_EQ(F.Impl.Synthesis->Outputs[1].str(), Want.Impl.Synthesis->Outputs[1].str());
  EXPECT_FALSE(F.Impl.Synthesis->Outputs[1].Sizes.has_value());
  EXPECT_EQ(F.Impl.Synthesis->WhyLoc, (SourceLoc{"kernels/k.cpp", 9, 5}));
  ASSERT_TRUE(F.Impl.Params[0].Effects.has_value());
  EXPECT_EQ(*F.Impl.Params[0].Effects, *Want.Impl.Params[0].Effects);
  ASSERT_TRUE(F.Impl.Params[1].Effects.has_value());
  EXPECT_EQ(*F.Impl.Params[1].Effects, *Want.Impl.Params[1].Effects);
  ASSERT_EQ(F.Impl.Checks.size(), 2u);
  EXPECT_EQ(F.Impl.Checks[0].str(), Want.Impl.Checks[0].str());
  EXPECT_EQ(F.Impl.Checks[1].str(), Want.Impl.Checks[1].str());
  EXPECT_TRUE(Back.Functions[1].Impl.Checks.empty());
  EXPECT_FALSE(Back.Functions[1].Impl.Synthesis.has_value());
  ASSERT_TRUE(F.Impl.MetaSafe.has_value());
  EXPECT_FALSE(F.Impl.MetaSafe->Safe);
  EXPECT_EQ(F.Impl.MetaSafe->Why, Want.Impl.MetaSafe->Why);
  EXPECT_EQ(F.Impl.MetaSafe->WhyLoc, (SourceLoc{"kernels/k.cpp", 12, 9}));
  EXPECT_FALSE(Back.Functions[1].Impl.MetaSafe.has_value());
  EXPECT_EQ(F.Impl.Synthesis->Outputs[1].LikeContiguous, "at::MemoryFormat::ChannelsLast");
  EXPECT_FALSE(Back.Functions[1].Attr.Loc.valid());
  EXPECT_EQ(Back.Dependencies, record().Dependencies);
}

TEST(DiscoveryTest, KeepsUnseenBodiesUnset) {
  // A body opgen did not see says nothing about any parameter.
  DiscoveryRecord R = record();
  for (CppParam &P : R.Functions[0].Impl.Params)
    P.Effects.reset();
  std::string Text = writeDiscoveryRecord(R);
  DiscoveryRecord Back;
  ASSERT_TRUE(readRecord(Text, "/src", Back));
  ASSERT_EQ(Back.Functions[0].Impl.Params.size(), 2u);
  for (const CppParam &P : Back.Functions[0].Impl.Params)
    EXPECT_FALSE(P.Effects.has_value());
}

TEST(DiscoveryTest, IsDeterministicAndReadable) {
  std::string Text = writeDiscoveryRecord(record());
  EXPECT_EQ(Text, writeDiscoveryRecord(record()));
  EXPECT_NE(Text.find("\"format\": \"opgen-discovery\""), std::string::npos);
  EXPECT_NE(Text.find("\"inferred_schema\": \"_(Tensor a0, SymInt[2] a1=[1, 2], "),
            std::string::npos)
      << Text;
  EXPECT_NE(Text.find("\"key\": \"CompositeExplicitAutograd\""), std::string::npos);
}

TEST(DiscoveryTest, RebasesLocationsOntoTheReadersRoot) {
  DiscoveryRecord Back;
  ASSERT_TRUE(readRecord(writeDiscoveryRecord(record()), "/src/kernels", Back));
  EXPECT_EQ(Back.Functions[0].Impl.Loc, (SourceLoc{"k.cpp", 4, 12}));
  ASSERT_TRUE(readRecord(writeDiscoveryRecord(record()), "/elsewhere", Back));
  EXPECT_EQ(Back.Functions[0].Attr.Loc.File, "/src/kernels/k.cpp");
}

TEST(DiscoveryTest, SaysWhatIsWrong) {
  DiscoveryRecord Back;
  std::string Error;
  auto Fails = [&](std::string Text) {
    ::testing::AssertionResult Read = readRecord(Text, "/src", Back);
    Error = Read.message();
    return !Read;
  };
  EXPECT_TRUE(Fails("[1, 2"));
  EXPECT_EQ(Error.rfind("not JSON: ", 0), 0u) << Error;
  EXPECT_TRUE(Fails("{\"format\": \"other\"}"));
  EXPECT_EQ(Error, "not a discovery record");
  EXPECT_TRUE(Fails("{\"format\": \"opgen-discovery\", \"version\": 99}"));
  EXPECT_NE(Error.find("format 99, this opgen reads 6"), std::string::npos) << Error;

  // The good record with one edit.
  std::string Good = writeDiscoveryRecord(record());
  auto FailsEdited = [&](const std::string &From, const std::string &To) {
    std::string Bad = Good;
    size_t At = Bad.find(From);
    EXPECT_NE(At, std::string::npos) << From;
    return Fails(Bad.replace(At, From.size(), To));
  };
  EXPECT_TRUE(FailsEdited("\"CompositeExplicitAutograd\"", "\"Vulkan\""));
  EXPECT_EQ(Error, "functions[0].kernel.key: unknown value 'Vulkan'");
  EXPECT_TRUE(FailsEdited("_(Tensor a0", "_(Tensor a0 y"));
  EXPECT_EQ(Error.rfind("functions[0].inferred_schema: not a schema", 0), 0u) << Error;
  EXPECT_TRUE(FailsEdited("\"std_string\": true", "\"std_string\": 1"));
  EXPECT_EQ(Error, "functions[0].kernel.params[0].std_string: expected a boolean");
  EXPECT_TRUE(FailsEdited("\"in\"\n", "\"in\", \"extra\""));
  EXPECT_EQ(Error, "functions[0].argument_names: expected one name per argument");
}

} // namespace
