//===- FakesTest.cpp - Tests for deciding where each fake comes from ------===//
///
/// \file
/// assignFakes on hand-built ops: the order of the sources of a fake (the
/// author's C++ fake, the author's Python module, none needed, a composite
/// kernel, a synthesised fake) and the note that says why none could be
/// synthesised.
//===----------------------------------------------------------------------===//

#include "opgen/check/Fakes.h"

#include <gtest/gtest.h>

using namespace opgen;

namespace {

Type tensor() { return Type::scalar(BaseType::Tensor); }

/// `ns::<Name>(Tensor x) -> Tensor` with one CPU kernel at k.cpp:<Line>.
Op op(const std::string &Name, unsigned Line = 10) {
  Op O;
  O.Schema.Namespace = "ns";
  O.Schema.Name = Name;
  O.Schema.Arguments.push_back({"x", tensor()});
  O.Schema.Returns.push_back({"", tensor()});
  Kernel K;
  K.Loc = {"k.cpp", Line, 12};
  O.Kernels.push_back(K);
  O.Loc = {"k.cpp", Line - 1, 3};
  return O;
}

/// A synthesis that makes one output like argument \p Like.
FakeSynthesis allocatesLike(const std::string &Like) {
  FakeSynthesis S;
  S.Ok = true;
  FakeOutput Out;
  Out.K = FakeOutput::Kind::EmptyLike;
  Out.Like = Like;
  Out.Factory = "at::empty_like";
  S.Outputs.push_back(Out);
  return S;
}

FakeSynthesis refused(const std::string &Why, SourceLoc Where) {
  FakeSynthesis S;
  S.Why = Why;
  S.WhyLoc = Where;
  return S;
}

TEST(FakesTest, PythonModuleRegistrationsAreFound) {
  std::set<std::string> Ops = pythonFakeOps(
      "@torch.library.register_fake(\"ns::a\")\n"
      "register_fake( 'ns::b.default' )\n"
      "helper.register_fake(\"ns::c.out\")\n"
      "# register_fake(ns::not_a_string)\n");
  EXPECT_EQ(Ops, (std::set<std::string>{"ns::a", "ns::b", "ns::c.out"}));
}

TEST(FakesTest, SourcesAreTriedInOrder) {
  OpLibrary L;
  L.PythonPackage = "pkg";
  L.Fakes = FakeModule{"my_fakes", "kernels/my_fakes.py",
                       "register_fake(\"ns::python\")"};

  Op Cpp = op("cpp");
  Cpp.Fake = FakeKind::Cpp;
  Cpp.FakeWhere = "k.cpp:3";
  Op Python = op("python");
  Python.Kernels[0].Synthesis = allocatesLike("x"); // the module wins
  Op MutatesOnly = op("mutates_only");
  MutatesOnly.Schema.Returns.clear();
  MutatesOnly.Schema.Arguments[0].Ty.ElementAlias = AliasInfo{{"a"}, {}, true};
  Op Composite = op("composite");
  Composite.Kernels[0].Key = DispatchKey::CompositeExplicitAutograd;
  Op Synth = op("synth", 20);
  Synth.Kernels[0].Synthesis = allocatesLike("x");
  L.Ops = {Cpp, Python, MutatesOnly, Composite, Synth};

  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_TRUE(Diags.Records.empty());
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Cpp);
  EXPECT_EQ(L.Ops[0].FakeWhere, "k.cpp:3");
  EXPECT_EQ(L.Ops[1].Fake, FakeKind::Python);
  EXPECT_EQ(L.Ops[1].FakeWhere, "kernels/my_fakes.py");
  EXPECT_EQ(L.Ops[2].Fake, FakeKind::NotNeeded);
  EXPECT_EQ(L.Ops[3].Fake, FakeKind::Composite);
  EXPECT_EQ(L.Ops[3].FakeWhere, "k.cpp:10");
  EXPECT_EQ(L.Ops[4].Fake, FakeKind::Synthesized);
  EXPECT_EQ(L.Ops[4].FakeWhere, "k.cpp:20");
  ASSERT_EQ(L.Ops[4].SynthesizedFake.size(), 1u);
  EXPECT_EQ(L.Ops[4].SynthesizedFake[0].str(), "(empty-like x)");
}

TEST(FakesTest, AnAuthorsOwnModuleStopsSynthesis) {
  // --python-module: the author's module registers its fakes after the
  // library's Meta kernels exist, so opgen synthesises none (and says
  // nothing); C++, not-needed and composite fakes are kept.
  OpLibrary L;
  L.PythonPackage = "vision";
  L.PythonModule = "vision._meta_registrations";
  Op Cpp = op("cpp");
  Cpp.Fake = FakeKind::Cpp;
  Op Synth = op("synth", 20);
  Synth.Kernels[0].Synthesis = allocatesLike("x");
  Op Composite = op("composite");
  Composite.Kernels[0].Key = DispatchKey::CompositeExplicitAutograd;
  L.Ops = {Cpp, Synth, Composite};

  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_TRUE(Diags.Records.empty());
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Cpp);
  EXPECT_EQ(L.Ops[1].Fake, FakeKind::None);
  EXPECT_TRUE(L.Ops[1].SynthesizedFake.empty());
  EXPECT_EQ(L.Ops[2].Fake, FakeKind::Composite);
  EXPECT_EQ(L.fakeModuleName(), "vision._meta_registrations");
}

TEST(FakesTest, TheFirstKernelThatSynthesisesWins) {
  OpLibrary L;
  Op O = op("two_kernels");
  O.Kernels[0].Synthesis = refused("it calls helper()", {"k.cpp", 14, 5});
  Kernel Cuda;
  Cuda.Key = DispatchKey::CUDA;
  Cuda.Loc = {"k.cu", 30, 12};
  Cuda.Synthesis = allocatesLike("x");
  O.Kernels.push_back(Cuda);
  L.Ops = {O};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Synthesized);
  EXPECT_EQ(L.Ops[0].FakeWhere, "k.cu:30");
  EXPECT_TRUE(Diags.Records.empty());
}

TEST(FakesTest, TheNoteGivesTheFirstKernelsReasonAndPlace) {
  OpLibrary L;
  Op O = op("refused");
  O.Kernels[0].Synthesis = refused("it calls helper()", {"k.cpp", 14, 5});
  Kernel Cuda;
  Cuda.Key = DispatchKey::CUDA;
  Cuda.Synthesis = refused("another reason", {"k.cu", 40, 5});
  O.Kernels.push_back(Cuda);
  L.Ops = {O};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::None);
  ASSERT_EQ(Diags.Records.size(), 1u);
  EXPECT_EQ(Diags.Records[0].Id, DiagId::FakeNotSynthesized);
  EXPECT_EQ(Diags.Records[0].Loc, (SourceLoc{"k.cpp", 14, 5}));
  EXPECT_EQ(Diags.Records[0].Args,
            (std::vector<std::string>{"ns::refused", "it calls helper()"}));
}

TEST(FakesTest, ReturningAnArgumentNeedsTheSchemasAlias) {
  OpLibrary L;
  Op O = op("returns_x");
  FakeSynthesis S = allocatesLike("x");
  S.Outputs[0].K = FakeOutput::Kind::Argument;
  O.Kernels[0].Synthesis = S;
  L.Ops = {O};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::None);
  ASSERT_EQ(Diags.Records.size(), 1u);
  EXPECT_EQ(Diags.Records[0].Loc, (SourceLoc{"k.cpp", 10, 12}));
  EXPECT_EQ(Diags.Records[0].Args[1],
            "it returns the argument 'x' itself, but the schema does not say the "
            "output aliases it");

  // With `Tensor(a!) x -> Tensor(a!)` the same synthesis is accepted.
  L.Ops[0].Fake = FakeKind::None;
  L.Ops[0].Schema.Arguments[0].Ty.ElementAlias = AliasInfo{{"a"}, {}, true};
  L.Ops[0].Schema.Returns[0].Ty.ElementAlias = AliasInfo{{"a"}, {}, true};
  RecordingDiagSink Accepted;
  assignFakes(L, Accepted);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Synthesized);
}

TEST(FakesTest, DataDependentOutputsAndUnseenBodiesGetTheirOwnNotes) {
  OpLibrary L;
  Op Nonzero = op("nonzero");
  Nonzero.Tags = {"data_dependent_output"};
  Nonzero.Kernels[0].Synthesis = allocatesLike("x");
  Op Declared = op("declared_only");
  L.Ops = {Nonzero, Declared};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::None);
  EXPECT_EQ(L.Ops[1].Fake, FakeKind::None);
  ASSERT_EQ(Diags.Records.size(), 2u);
  EXPECT_EQ(Diags.Records[0].Args[1],
            "its output sizes depend on the data (tag data_dependent_output)");
  EXPECT_EQ(Diags.Records[0].Loc, L.Ops[0].Loc);
  EXPECT_NE(Diags.Records[1].Args[1].find("no kernel body was seen"),
            std::string::npos);
}

} // namespace

TEST(FakesTest, AMetaSafeCpuKernelComesBeforeSynthesis) {
  OpLibrary L;
  MetaSafety Safe;
  Safe.Safe = true;
  MetaSafety Unsafe;
  Unsafe.Why = "calls 'data_ptr', which reads or writes data on the host";
  // Meta-safe CPU kernel: it is the fake, even though synthesis would work.
  Op Kernel = op("kernel", 12);
  Kernel.Kernels[0].MetaSafe = Safe;
  Kernel.Kernels[0].Synthesis = allocatesLike("x");
  // Not meta-safe: synthesis.
  Op Synth = op("synth", 20);
  Synth.Kernels[0].MetaSafe = Unsafe;
  Synth.Kernels[0].Synthesis = allocatesLike("x");
  // A meta-safe CUDA kernel does not count (its wrapper holds a device guard).
  Op Cuda = op("cuda", 30);
  Cuda.Kernels[0].Key = DispatchKey::CUDA;
  Cuda.Kernels[0].MetaSafe = Safe;
  Cuda.Kernels[0].Synthesis = allocatesLike("x");
  // Tagged data-dependent: neither.
  Op Dynamic = op("dynamic", 40);
  Dynamic.Tags = {"data_dependent_output"};
  Dynamic.Kernels[0].MetaSafe = Safe;
  // A device="meta" kernel is the fake; nothing else goes under Meta.
  Op Meta = op("meta", 50);
  Meta.Kernels[0].MetaSafe = Safe;
  ::opgen::Kernel MetaKernel;
  MetaKernel.Key = DispatchKey::Meta;
  MetaKernel.Loc = {"k.cpp", 55, 1};
  Meta.Kernels.push_back(MetaKernel);
  L.Ops = {Kernel, Synth, Cuda, Dynamic, Meta};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Kernel);
  EXPECT_EQ(L.Ops[0].FakeWhere, "k.cpp:12");
  EXPECT_TRUE(L.Ops[0].SynthesizedFake.empty());
  EXPECT_EQ(metaSafeKernel(L.Ops[0]), &L.Ops[0].Kernels[0]);
  EXPECT_EQ(L.Ops[1].Fake, FakeKind::Synthesized);
  EXPECT_EQ(metaSafeKernel(L.Ops[1]), nullptr);
  EXPECT_EQ(L.Ops[2].Fake, FakeKind::Synthesized);
  EXPECT_EQ(L.Ops[3].Fake, FakeKind::None);
  EXPECT_EQ(L.Ops[4].Fake, FakeKind::Cpp);
  EXPECT_EQ(L.Ops[4].FakeWhere, "k.cpp:55");
  ASSERT_EQ(Diags.Records.size(), 1u); // the data-dependent op's note
}
