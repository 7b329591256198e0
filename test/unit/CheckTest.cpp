//===- CheckTest.cpp - Tests for the check/infer phase --------------------===//
///
/// \file
/// Builds AnnotatedFunctions by hand (as the frontend would) and checks the
/// schemas and diagnostics the check phase derives from them.
//===----------------------------------------------------------------------===//

#include "opgen/check/Check.h"
#include "opgen/model/Discovery.h"
#include "opgen/model/SourceKind.h"

#include <gtest/gtest.h>

using namespace opgen;

namespace {

/// A parameter of the kernel under construction.
struct Param {
  std::string Name;
  Type Ty;
  bool MutableRef = false;
};

AnnotatedFunction function(const std::string &OpName, std::vector<Param> Params,
                           std::vector<Return> Returns = {},
                           std::vector<std::pair<std::string, std::string>> Keys = {},
                           const std::string &File = "k.cpp", unsigned Line = 10) {
  AnnotatedFunction Fn;
  Fn.Attr.Loc = {File, Line - 1, 3};
  Fn.Attr.Name = {OpName, {File, Line - 1, 13}};
  for (auto &[Key, Value] : Keys)
    Fn.Attr.addKey(Key, {Value, {File, Line - 1, 40}});
  for (const Param &P : Params) {
    Argument A;
    A.Name = P.Name;
    A.Ty = P.Ty;
    Fn.Inferred.Arguments.push_back(A);
    CppParam C;
    C.Name = P.Name;
    C.MutableRef = P.MutableRef;
    C.Loc = {File, Line, 20};
    Fn.Impl.Params.push_back(C);
  }
  Fn.Inferred.Returns = std::move(Returns);
  Fn.Impl.Loc = {File, Line, 12};
  // As the frontend does: the declaring file's kind gives the language.
  Fn.Impl.Lang = classifySource(File)->Cuda ? Language::Cuda : Language::Cxx;
  Fn.Impl.Callee = "::kernel";
  Fn.Impl.HostSource = "/src/" + File;
  return Fn;
}

/// checkOps into \p L.Ops; false when it reported an error.
bool runCheck(const std::vector<AnnotatedFunction> &Functions,
              RecordingDiagSink &Diags, OpLibrary &L) {
  unsigned Before = Diags.errorCount();
  L.Ops = checkOps(Functions, Diags);
  return Diags.errorCount() == Before;
}

Type tensor() { return Type::scalar(BaseType::Tensor); }
Type optionalTensor() {
  Type T = tensor();
  T.Optional = true;
  return T;
}
Return tensorReturn() { return {"", tensor()}; }
Type tensorList() { return Type::list(BaseType::Tensor); }

std::vector<DiagId> ids(const RecordingDiagSink &Sink) {
  std::vector<DiagId> Out;
  for (const auto &R : Sink.Records)
    Out.push_back(R.Id);
  return Out;
}

TEST(CheckTest, AppliesNameAndKeepsInferredSignature) {
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck({function("mylib::crop",
                                 {{"pic", tensor()}, {"box", Type::list(BaseType::Int)}},
                                 {tensorReturn()})},
                       Diags, L));
  ASSERT_EQ(L.Ops.size(), 1u);
  EXPECT_EQ(printSchema(L.Ops[0].Schema),
            "mylib::crop(Tensor pic, int[] box) -> Tensor");
  EXPECT_EQ(L.Ops[0].Kernels.size(), 1u);
  EXPECT_EQ(L.Ops[0].Kernels[0].Key, DispatchKey::CPU);
}

TEST(CheckTest, MutatesGivesAliasSetsInParameterOrder) {
  // docs/annotation.md: rotary_embedding with mutates="query,key".
  Type Cache = tensor();
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck(
      {function("ns::rotary_embedding",
                {{"positions", tensor(), true},
                 {"query", tensor(), true},
                 {"key", optionalTensor()},
                 {"head_size", Type::scalar(BaseType::Int)},
                 {"cache", tensor(), true},
                 {"is_neox", Type::scalar(BaseType::Bool)}},
                {}, {{"mutates", "key, query"}})},
      Diags, L));
  EXPECT_EQ(printSchema(L.Ops[0].Schema),
            "ns::rotary_embedding(Tensor positions, Tensor(a!) query, "
            "Tensor(b!)? key, int head_size, Tensor cache, bool is_neox) -> ()");
  // positions and cache are non-const references but not in mutates.
  EXPECT_EQ(ids(Diags), (std::vector<DiagId>{DiagId::UnmarkedMutableTensor,
                                              DiagId::UnmarkedMutableTensor}));
  EXPECT_EQ(Diags.Records[0].Args[0], "positions");
  EXPECT_EQ(Diags.Records[1].Args[0], "cache");
}

TEST(CheckTest, UnmarkedMutableTensorHintNamesTheKernelsApi) {
  // The hint's const reference: at::Tensor's, or torch::stable::Tensor's
  // in a stable ABI kernel (docs/types.md#stable-abi-types).
  for (KernelAbi Abi : {KernelAbi::Classic, KernelAbi::Stable}) {
    AnnotatedFunction Fn = function("ns::f", {{"x", tensor(), true}});
    Fn.Impl.Abi = Abi;
    RecordingDiagSink Diags;
    OpLibrary L;
    ASSERT_TRUE(runCheck({Fn}, Diags, L));
    ASSERT_EQ(ids(Diags), (std::vector<DiagId>{DiagId::UnmarkedMutableTensor}));
    EXPECT_EQ(Diags.Records[0].Args,
              (std::vector<std::string>{
                  "x", Abi == KernelAbi::Stable ? "const torch::stable::Tensor&"
                                                : "const at::Tensor&"}));
  }
}

TEST(CheckTest, OutVariantReturnAliasesTheMutatedTensorAndKwonly) {
  AnnotatedFunction Fn = function(
      "mylib::muladd.out",
      {{"a", tensor()}, {"b", tensor()}, {"c", Type::scalar(BaseType::Float)},
       {"out", tensor(), true}},
      {tensorReturn()}, {{"mutates", "out"}, {"kwonly", "out"}});
  Fn.Impl.Ret.Reference = true;
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck({Fn}, Diags, L));
  EXPECT_EQ(printSchema(L.Ops[0].Schema),
            "mylib::muladd.out(Tensor a, Tensor b, float c, *, Tensor(a!) out) "
            "-> Tensor(a!)");
  EXPECT_TRUE(Diags.Records.empty());
}

TEST(CheckTest, ReturnedReferenceNeedsExactlyOneMutatedTensor) {
  AnnotatedFunction Fn =
      function("mylib::f", {{"a", tensor()}}, {tensorReturn()});
  Fn.Impl.Ret.Reference = true;
  RecordingDiagSink Diags;
  OpLibrary L;
  EXPECT_FALSE(runCheck({Fn}, Diags, L));
  EXPECT_EQ(ids(Diags), std::vector<DiagId>{DiagId::ReturnRefNeedsOneMutated});
  EXPECT_EQ(Diags.Records[0].Args[0], "0");
}

TEST(CheckTest, TupleOfReferencesReturnsTheMutatedTensorsInOrder) {
  AnnotatedFunction Fn = function(
      "mylib::topk.out",
      {{"x", tensor()}, {"values", tensor(), true}, {"maybe", optionalTensor(), true},
       {"indices", tensor(), true}},
      {tensorReturn(), tensorReturn()}, {{"mutates", "indices, maybe, values"}});
  Fn.Impl.Ret.Reference = true;
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck({Fn}, Diags, L));
  // The optional tensor has a set but no tuple element returns it.
  EXPECT_EQ(printSchema(L.Ops[0].Schema),
            "mylib::topk.out(Tensor x, Tensor(a!) values, Tensor(b!)? maybe, "
            "Tensor(c!) indices) -> (Tensor(a!), Tensor(c!))");
  EXPECT_TRUE(Diags.Records.empty());
}

TEST(CheckTest, TupleOfReferencesNeedsOneMutatedTensorPerElement) {
  for (const char *Mutates : {"a", "a, b, c"}) {
    AnnotatedFunction Fn = function(
        "mylib::f", {{"a", tensor(), true}, {"b", tensor(), true}, {"c", tensor(), true}},
        {tensorReturn(), tensorReturn()}, {{"mutates", Mutates}});
    Fn.Impl.Ret.Reference = true;
    RecordingDiagSink Diags;
    OpLibrary L;
    EXPECT_FALSE(runCheck({Fn}, Diags, L)) << Mutates;
    ASSERT_FALSE(Diags.Records.empty());
    EXPECT_EQ(Diags.Records.back().Id, DiagId::ReturnRefTupleMismatch);
    EXPECT_EQ(Diags.Records.back().Args[0], "2");
  }
}

TEST(CheckTest, TupleOfReferencesMustReturnInTheOrderTheBodyShows) {
  for (bool Swapped : {false, true}) {
    AnnotatedFunction Fn = function(
        "mylib::f", {{"a", tensor(), true}, {"b", tensor(), true}},
        {tensorReturn(), tensorReturn()}, {{"mutates", "a, b"}});
    Fn.Impl.Ret.Reference = true;
    FakeSynthesis Body;
    Body.Ok = true;
    for (const char *Name : {"a", "b"}) {
      FakeOutput Out;
      Out.K = FakeOutput::Kind::Argument;
      Out.Like = Name;
      Body.Outputs.push_back(Out);
    }
    if (Swapped)
      std::swap(Body.Outputs[0], Body.Outputs[1]);
    Fn.Impl.Synthesis = Body;
    RecordingDiagSink Diags;
    OpLibrary L;
    EXPECT_EQ(runCheck({Fn}, Diags, L), !Swapped);
    if (Swapped) {
      ASSERT_EQ(ids(Diags), std::vector<DiagId>{DiagId::ReturnRefTupleOrder});
      EXPECT_EQ(Diags.Records[0].Args,
                (std::vector<std::string>{"0", "b", "a", "a, b"}));
    } else {
      EXPECT_EQ(printSchema(L.Ops[0].Schema),
                "mylib::f(Tensor(a!) a, Tensor(b!) b) -> (Tensor(a!), Tensor(b!))");
    }
  }
}

TEST(CheckTest, AliasesMakesTheReturnAViewAfterTheMutatedSets) {
  AnnotatedFunction Fn = function(
      "mylib::narrow_into", {{"buf", tensor(), true}, {"x", tensor()}},
      {tensorReturn()}, {{"mutates", "buf"}, {"aliases", "x"}});
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck({Fn}, Diags, L));
  EXPECT_EQ(printSchema(L.Ops[0].Schema),
            "mylib::narrow_into(Tensor(a!) buf, Tensor(b) x) -> Tensor(b)");
  EXPECT_FALSE(L.Ops[0].Schema.Returns[0].Ty.alias()->IsWrite);
  EXPECT_TRUE(Diags.Records.empty());
}

TEST(CheckTest, ListLevelAliasSets) {
  // `x[]` puts the set on the list: vLLM's copy_blocks and shm_gather.
  AnnotatedFunction Fn = function(
      "mylib::copy_blocks",
      {{"keys", tensorList()}, {"values", tensorList()}, {"mapping", tensor()}},
      {}, {{"mutates", "keys, values []"}});
  Type Maybe = tensorList();
  Maybe.Optional = true;
  AnnotatedFunction Gather = function("mylib::gather", {{"outs", Maybe}}, {},
                                      {{"mutates", "outs[]"}}, "k.cpp", 20);
  // `aliases="xs[]"`: a returned list that is the argument's list.
  AnnotatedFunction View = function("mylib::firsts", {{"xs", tensorList()}},
                                    {{"", tensorList()}}, {{"aliases", "xs[]"}},
                                    "k.cpp", 30);
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck({Fn, Gather, View}, Diags, L));
  ASSERT_EQ(L.Ops.size(), 3u);
  EXPECT_EQ(printSchema(L.Ops[0].Schema),
            "mylib::copy_blocks(Tensor(a!)[] keys, Tensor[](b!) values, "
            "Tensor mapping) -> ()");
  EXPECT_TRUE(L.Ops[0].Schema.Arguments[1].Ty.isWritten());
  EXPECT_EQ(printSchema(L.Ops[1].Schema),
            "mylib::firsts(Tensor[](a) xs) -> Tensor[](a)");
  EXPECT_EQ(printSchema(L.Ops[2].Schema),
            "mylib::gather(Tensor[](a!)? outs) -> ()");
  for (const Op &O : L.Ops)
    EXPECT_EQ(llvm::cantFail(parseSchema(printSchema(O.Schema))), O.Schema);
}

TEST(CheckTest, AliasesOptionalOutArguments) {
  // FBGEMM's permute_2D_sparse_preallocated_out: optional out arguments,
  // returned by value, keep their write sets.
  AnnotatedFunction Fn = function(
      "mylib::permute_out",
      {{"x", tensor()}, {"a", optionalTensor()}, {"b", optionalTensor()}},
      {tensorReturn(), {"", optionalTensor()}},
      {{"mutates", "a, b"}, {"aliases", "a, b"}});
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck({Fn}, Diags, L));
  EXPECT_EQ(printSchema(L.Ops[0].Schema),
            "mylib::permute_out(Tensor x, Tensor(a!)? a, Tensor(b!)? b) -> "
            "(Tensor(a!), Tensor(b!)?)");
}

TEST(CheckTest, ReturnsNamesTheOutputs) {
  AnnotatedFunction Fn = function(
      "mylib::pack", {{"x", tensor()}}, {tensorReturn(), {"", optionalTensor()}},
      {{"returns", " packed_segments ,presence_mask"}});
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck({Fn}, Diags, L));
  EXPECT_EQ(printSchema(L.Ops[0].Schema),
            "mylib::pack(Tensor x) -> (Tensor packed_segments, Tensor? presence_mask)");
  EXPECT_EQ(llvm::cantFail(parseSchema(printSchema(L.Ops[0].Schema))),
            L.Ops[0].Schema);
}

TEST(CheckTest, ReportsMisusedAliasesAndReturns) {
  struct Case {
    std::vector<std::pair<std::string, std::string>> Keys;
    std::vector<Return> Returns;
    DiagId Expected;
  } Cases[] = {
      {{{"aliases", "nope"}}, {tensorReturn()}, DiagId::AliasesUnknownParam},
      {{{"aliases", "n"}}, {tensorReturn()}, DiagId::AliasesInvalid},
      {{{"aliases", "maybe"}}, {tensorReturn()}, DiagId::AliasesInvalid},
      {{{"aliases", "x, y"}}, {tensorReturn()}, DiagId::AliasesInvalid},
      {{{"aliases", "y"}, {"mutates", "y"}}, {tensorReturn()}, DiagId::AliasesInvalid},
      {{{"aliases", "x"}}, {}, DiagId::AliasesBadReturn},
      {{{"aliases", "x"}}, {{"", optionalTensor()}}, DiagId::AliasesBadReturn},
      {{{"aliases", "x"}}, {tensorReturn(), tensorReturn()}, DiagId::AliasesBadReturn},
      {{{"mutates", "y, x[]"}}, {}, DiagId::ListAliasNotList},
      {{{"aliases", "x[]"}}, {{"", tensorList()}}, DiagId::ListAliasNotList},
      {{{"aliases", "xs[]"}}, {tensorReturn()}, DiagId::AliasesBadReturn},
      {{{"aliases", "xs"}}, {{"", tensorList()}}, DiagId::AliasesInvalid},
      {{{"aliases", "xs[], x"}}, {{"", tensorList()}}, DiagId::AliasesInvalid},
      // A written plain tensor is returned as `at::Tensor&`, not by value.
      {{{"mutates", "x, maybe"}, {"aliases", "x, maybe"}},
       {tensorReturn(), {"", optionalTensor()}},
       DiagId::AliasesInvalid},
      // An optional output needs an optional out argument.
      {{{"aliases", "x, n"}}, {tensorReturn(), {"", optionalTensor()}},
       DiagId::AliasesInvalid},
      {{{"mutates", "maybe"}, {"aliases", "x, maybe"}},
       {tensorReturn(), {"", tensorList()}},
       DiagId::AliasesBadReturn},
      {{{"returns", "a"}}, {tensorReturn(), tensorReturn()}, DiagId::ReturnsInvalid},
      {{{"returns", "a,b"}}, {tensorReturn()}, DiagId::ReturnsInvalid},
      {{{"returns", "a,a"}}, {tensorReturn(), tensorReturn()}, DiagId::ReturnsInvalid},
      {{{"returns", "in"}}, {tensorReturn()}, DiagId::ReturnsInvalid},
      {{{"returns", "1st"}}, {tensorReturn()}, DiagId::ReturnsInvalid},
      {{{"returns", "a"}}, {}, DiagId::ReturnsInvalid},
  };
  for (const Case &C : Cases) {
    RecordingDiagSink Diags;
    OpLibrary L;
    EXPECT_FALSE(runCheck({function("mylib::f",
                                    {{"x", tensor()}, {"y", tensor(), true},
                                     {"maybe", optionalTensor()},
                                     {"n", Type::scalar(BaseType::Int)},
                                     {"xs", tensorList()}},
                                    C.Returns, C.Keys)},
                          Diags, L))
        << C.Keys[0].second;
    ASSERT_FALSE(Diags.Records.empty()) << C.Keys[0].second;
    EXPECT_EQ(Diags.Records.back().Id, C.Expected) << C.Keys[0].second;
  }
}

TEST(CheckTest, ReportsBadKeysAndNames) {
  struct Case {
    std::string Name;
    std::vector<std::pair<std::string, std::string>> Keys;
    DiagId Expected;
  } Cases[] = {
      {"crop", {}, DiagId::BadOpName},
      {"my-lib::crop", {}, DiagId::BadOpName},
      {"mylib::crop.2x", {}, DiagId::BadOpName},
      {"mylib::crop", {{"mutate", "pic"}}, DiagId::AttrUnknownKey},
      {"mylib::crop", {{"mutates", "picture"}}, DiagId::MutatesUnknownParam},
      {"mylib::crop", {{"mutates", "n"}}, DiagId::MutatesNonTensor},
      {"mylib::crop", {{"mutates", "pic,pic"}}, DiagId::MutatesDuplicate},
      {"mylib::crop", {{"kwonly", "m"}}, DiagId::KwonlyUnknownParam},
      {"mylib::crop", {{"tags", "pt2_compliant"}}, DiagId::UnknownTag},
      {"mylib::crop", {{"device", "gpu"}}, DiagId::UnknownDevice},
      {"mylib::crop", {{"device", "autocastcpu"}}, DiagId::DeviceIsAutocast},
      {"mylib::crop", {{"device", "AutocastXPU"}}, DiagId::DeviceIsAutocast},
      {"mylib::crop", {{"device", "autocast"}}, DiagId::DeviceIsAutocast},
      {"mylib::crop", {{"device", "autocastmeta"}}, DiagId::UnknownDevice},
  };
  for (const Case &C : Cases) {
    RecordingDiagSink Diags;
    OpLibrary L;
    EXPECT_FALSE(runCheck({function(C.Name,
                                    {{"pic", tensor()},
                                     {"n", Type::scalar(BaseType::Int)}},
                                    {tensorReturn()}, C.Keys)},
                          Diags, L))
        << C.Name;
    ASSERT_FALSE(Diags.Records.empty()) << C.Name;
    EXPECT_EQ(Diags.Records[0].Id, C.Expected) << C.Name;
  }
}

TEST(CheckTest, TagsAndDevices) {
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck(
      {function("mylib::f", {{"x", tensor()}}, {tensorReturn()},
                {{"tags", "pt2_compliant_tag, needs_fixed_stride_order"},
                 {"device", "default"}}),
       function("mylib::g", {{"x", tensor()}}, {tensorReturn()}, {},
                "g.cu")},
      Diags, L));
  ASSERT_EQ(L.Ops.size(), 2u);
  EXPECT_EQ(L.Ops[0].Tags, (std::vector<std::string>{
                               "pt2_compliant_tag", "needs_fixed_stride_order"}));
  EXPECT_EQ(L.Ops[0].Kernels[0].Key, DispatchKey::CompositeExplicitAutograd);
  EXPECT_EQ(L.Ops[1].Kernels[0].Key, DispatchKey::CUDA);
}

TEST(CheckTest, EveryDeviceValueNamesItsKey) {
  const std::pair<const char *, DispatchKey> Devices[] = {
      {"cpu", DispatchKey::CPU},
      {"cuda", DispatchKey::CUDA},
      {"meta", DispatchKey::Meta},
      {"quantizedcpu", DispatchKey::QuantizedCPU},
      {"quantizedcuda", DispatchKey::QuantizedCUDA},
      {"xpu", DispatchKey::XPU},
      {"mps", DispatchKey::MPS},
      {"privateuse1", DispatchKey::PrivateUse1},
      {"default", DispatchKey::CompositeExplicitAutograd},
      {"compositeimplicit", DispatchKey::CompositeImplicitAutograd}};
  for (auto [Device, Key] : Devices) {
    RecordingDiagSink Diags;
    OpLibrary L;
    ASSERT_TRUE(runCheck({function("mylib::f", {{"x", tensor()}}, {tensorReturn()},
                                   {{"device", Device}})},
                         Diags, L))
        << Device;
    ASSERT_EQ(L.Ops.size(), 1u);
    EXPECT_EQ(L.Ops[0].Kernels[0].Key, Key) << Device;
    EXPECT_EQ(dispatchKeyName(Key), dispatchKeyName(*deviceKey(Device)));
  }
  EXPECT_EQ(deviceNames(), "cpu, cuda, meta, quantizedcpu, quantizedcuda, xpu, "
                           "mps, privateuse1, default, compositeimplicit");
}

TEST(CheckTest, CompositeImplicitKernelIsTheOpsOnlyRegistration) {
  RecordingDiagSink Diags;
  OpLibrary L;
  EXPECT_FALSE(runCheck(
      {function("mylib::f", {{"x", tensor()}}, {tensorReturn()},
                {{"device", "compositeimplicit"}}, "a.cpp", 5),
       function("mylib::f", {{"x", tensor()}}, {tensorReturn()}, {}, "b.cu", 9)},
      Diags, L));
  ASSERT_EQ(ids(Diags), (std::vector<DiagId>{DiagId::CompositeImplicitNotAlone,
                                              DiagId::CompositeImplicitNotAloneOther}));
  EXPECT_EQ(Diags.Records[0].Loc.File, "b.cu");
  EXPECT_EQ(Diags.Records[0].Args[1], "a CUDA kernel");
  EXPECT_EQ(Diags.Records[1].Loc.File, "a.cpp");
}

TEST(CheckTest, AutocastIsOneDtypePerOp) {
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck(
      {function("mylib::f", {{"x", tensor()}}, {tensorReturn()}, {}, "f.cpp"),
       function("mylib::f", {{"x", tensor()}}, {tensorReturn()},
                {{"autocast", "bfloat16"}}, "f.cu")},
      Diags, L));
  ASSERT_EQ(L.Ops.size(), 1u);
  ASSERT_TRUE(L.Ops[0].Autocast);
  EXPECT_EQ(*L.Ops[0].Autocast, AutocastDtype::BFloat16);
  EXPECT_EQ(autocastScalarType(*L.Ops[0].Autocast), "at::kBFloat16");
  EXPECT_EQ(L.Ops[0].AutocastLoc.File, "f.cu");

  RecordingDiagSink Bad;
  OpLibrary L2;
  EXPECT_FALSE(runCheck(
      {function("mylib::f", {{"x", tensor()}}, {tensorReturn()},
                {{"autocast", "float32"}}, "f.cpp"),
       function("mylib::f", {{"x", tensor()}}, {tensorReturn()},
                {{"autocast", "float64"}}, "f.cu"),
       function("mylib::g", {{"x", tensor()}}, {tensorReturn()},
                {{"autocast", "half"}}, "g.cpp"),
       function("mylib::h", {{"n", Type::scalar(BaseType::Int)}}, {tensorReturn()},
                {{"autocast", "float32"}}, "h.cpp"),
       function("mylib::w", {{"out", tensor(), true}}, {},
                {{"mutates", "out"}, {"autocast", "float32"}}, "w.cpp")},
      Bad, L2));
  EXPECT_EQ(ids(Bad), (std::vector<DiagId>{
                          DiagId::AutocastConflict, DiagId::AutocastConflictOther,
                          DiagId::AutocastBadDtype, DiagId::AutocastNoTensorInput,
                          DiagId::AutocastMutatingOp}));
}

TEST(CheckTest, KernelsOfOneOpMergeAndUnifySymInt) {
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck(
      {function("mylib::pad", {{"x", tensor()}, {"n", Type::scalar(BaseType::Int)}},
                {tensorReturn()}, {}, "pad.cpp"),
       function("mylib::pad", {{"x", tensor()}, {"n", Type::scalar(BaseType::SymInt)}},
                {tensorReturn()}, {}, "pad.cu")},
      Diags, L));
  ASSERT_EQ(L.Ops.size(), 1u);
  EXPECT_EQ(printSchema(L.Ops[0].Schema),
            "mylib::pad(Tensor x, SymInt n) -> Tensor");
  ASSERT_EQ(L.Ops[0].Kernels.size(), 2u);
  EXPECT_EQ(L.Ops[0].Kernels[0].Key, DispatchKey::CPU);
  EXPECT_EQ(L.Ops[0].Kernels[1].Key, DispatchKey::CUDA);
}

TEST(CheckTest, ConflictingKernelsReportBothLocations) {
  RecordingDiagSink Diags;
  OpLibrary L;
  EXPECT_FALSE(runCheck(
      {function("mylib::pad", {{"x", tensor()}}, {tensorReturn()}, {}, "a.cpp", 5),
       function("mylib::pad", {{"y", tensor()}}, {tensorReturn()}, {}, "b.cu", 7)},
      Diags, L));
  ASSERT_EQ(ids(Diags), (std::vector<DiagId>{DiagId::ConflictingSchemas,
                                              DiagId::ConflictingSchemasOther}));
  EXPECT_EQ(Diags.Records[0].Loc.File, "b.cu");
  EXPECT_EQ(Diags.Records[1].Loc.File, "a.cpp");

  RecordingDiagSink Dup;
  OpLibrary L2;
  EXPECT_FALSE(runCheck(
      {function("mylib::pad", {{"x", tensor()}}, {tensorReturn()}, {}, "a.cpp", 5),
       function("mylib::pad", {{"x", tensor()}}, {tensorReturn()}, {}, "b.cpp", 9)},
      Dup, L2));
  EXPECT_EQ(ids(Dup), (std::vector<DiagId>{DiagId::DuplicateKernel,
                                            DiagId::DuplicateKernelOther}));
}

TEST(CheckTest, OneFunctionSeenFromTwoTranslationUnitsIsOneKernel) {
  AnnotatedFunction Fn = function("mylib::f", {{"x", tensor()}}, {tensorReturn()});
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck({Fn, Fn}, Diags, L));
  ASSERT_EQ(L.Ops.size(), 1u);
  EXPECT_EQ(L.Ops[0].Kernels.size(), 1u);
}

/// `[[custom_op_backward("mylib::scale", Keys...)]] Tensor
/// scale_bwd(Tensor grad, int64_t n, double s)`, for the forward
/// `mylib::scale(Tensor x, float s) -> Tensor`.
AnnotatedFunction backwardOfScale(
    std::vector<std::pair<std::string, std::string>> Keys) {
  AnnotatedFunction Fn = function(
      "mylib::scale",
      {{"grad", tensor()},
       {"n", Type::scalar(BaseType::Int)},
       {"s", Type::scalar(BaseType::Float)}},
      {tensorReturn()}, {}, "k.cpp", 20);
  Fn.Attr.Kind = AnnotationKind::Backward;
  for (auto &[Key, Value] : Keys)
    Fn.Attr.addKey(Key, {Value, {"k.cpp", 19, 40}});
  return Fn;
}

AnnotatedFunction scale() {
  return function("mylib::scale",
                  {{"x", tensor()}, {"s", Type::scalar(BaseType::Float)}},
                  {tensorReturn()});
}

TEST(CheckTest, BackwardKeysNameGradsAndBind) {
  std::vector<AnnotatedFunction> Fns = {
      scale(), backwardOfScale({{"name", "mylib::scale_grad"},
                                {"grads", "x"},
                                {"bind", "n = x.size(-1)"},
                                {"device", "default"}})};
  RecordingDiagSink Diags;
  OpLibrary L;
  ASSERT_TRUE(runCheck(Fns, Diags, L));
  ASSERT_EQ(L.Ops.size(), 2u);
  const Op &F = L.Ops[0], &B = L.Ops[1];
  EXPECT_EQ(F.Schema.fullName(), "mylib::scale");
  EXPECT_EQ(B.Schema.fullName(), "mylib::scale_grad");
  EXPECT_EQ(B.BackwardOf, "mylib::scale");
  EXPECT_EQ(B.Kernels.at(0).Key, DispatchKey::CompositeExplicitAutograd);
  ASSERT_TRUE(F.Autograd.has_value());
  EXPECT_EQ(F.Autograd->GradInputs, (std::vector<size_t>{0}));
  ASSERT_EQ(F.Autograd->Inputs.size(), 3u);
  EXPECT_EQ(F.Autograd->Inputs[0].K, BackwardInput::Kind::Grad);
  EXPECT_EQ(F.Autograd->Inputs[1].K, BackwardInput::Kind::Bound);
  EXPECT_EQ(F.Autograd->Inputs[1].Metadata, BoundMetadata::Size);
  EXPECT_EQ(F.Autograd->Inputs[1].Dim, -1);
  EXPECT_EQ(F.Autograd->Inputs[2].K, BackwardInput::Kind::Input);
  EXPECT_EQ(F.Autograd->Inputs[2].Index, 1u);
}

TEST(CheckTest, ReportsBadBackwardKeys) {
  struct Case {
    std::vector<std::pair<std::string, std::string>> Keys;
    DiagId Expected;
  } Cases[] = {
      // A key of [[custom_op]] is no key of a backward.
      {{{"mutates", "grad"}}, DiagId::BackwardKey},
      {{{"name", "other::scale_grad"}}, DiagId::BackwardNameNamespace},
      {{{"name", "scale_grad"}}, DiagId::BadOpName},
      {{{"grads", "s"}}, DiagId::GradsNotTensorInput},
      {{{"grads", "x,x"}}, DiagId::GradsDuplicate},
      {{{"bind", "n = x.size"}}, DiagId::BindSyntax},
      {{{"bind", "m = x.size(0)"}}, DiagId::BindUnknownParam},
      {{{"bind", "n = s.size(0)"}}, DiagId::BindNotTensor},
      {{{"bind", "n = x.scalar_type()"}}, DiagId::BindType},
      {{}, DiagId::BackwardParamUnmatched}, // `n` is no forward argument.
  };
  for (const Case &C : Cases) {
    RecordingDiagSink Diags;
    OpLibrary L;
    std::string What = C.Keys.empty() ? "(none)" : C.Keys[0].second;
    EXPECT_FALSE(runCheck({scale(), backwardOfScale(C.Keys)}, Diags, L))
        << What;
    ASSERT_FALSE(Diags.Records.empty()) << What;
    EXPECT_EQ(Diags.Records[0].Id, C.Expected) << What;
  }
}

TEST(CheckTest, LeavesItsInputAsItWas) {
  // The check makes a new model: the lowered functions (and so a
  // discovery record written from them) stay as the frontend made them.
  DiscoveryRecord R;
  R.Functions = {scale(),
                 backwardOfScale({{"name", "mylib::scale_grad"},
                                  {"grads", "x"},
                                  {"bind", "n = x.size(0)"},
                                  {"unknown", "1"}}),
                 function("mylib::pad", {{"x", tensor()}}, {tensorReturn()},
                          {{"mutates", "x"}, {"device", "cuda"}})};
  std::string Before = writeDiscoveryRecord(R);
  RecordingDiagSink Diags;
  OpLibrary L;
  EXPECT_FALSE(runCheck(R.Functions, Diags, L)); // The unknown key.
  EXPECT_EQ(writeDiscoveryRecord(R), Before);
}

} // namespace
