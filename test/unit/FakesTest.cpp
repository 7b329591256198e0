//===- FakesTest.cpp - Tests for deciding where each fake comes from ------===//
///
/// \file
/// assignFakes on hand-built ops: the order of the sources of a fake (the
/// author's C++ fake, the author's Python module, none needed, a composite
/// kernel, a synthesised fake), the note that says why none could be
/// synthesised, and which ops a Python fakes module registers (read by
/// Python's parser).
//===----------------------------------------------------------------------===//

#include "opgen/check/Fakes.h"
#include "opgen/support/PythonTorch.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

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

TEST(FakesTest, PythonModuleRegistrationsAreReadByPython) {
  std::string Python = environmentPython();
  if (Python.empty())
    GTEST_SKIP() << "no Python interpreter";
  llvm::SmallString<128> Path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("fakes", "py", Path));
  auto Remove = llvm::make_scope_exit([&] { llvm::sys::fs::remove(Path); });
  auto Write = [&](llvm::StringRef Text) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Path, EC);
    ASSERT_FALSE(EC);
    OS << Text;
  };
  Write("import torch\n"
        "from torch.library import register_fake as rf, register_fake\n"
        "@torch.library.register_fake(\"ns::a\")\n"
        "def _(x): return x\n"
        "register_fake( 'ns::b.default' )(lambda x: x)\n"
        "helper.register_fake(\"ns::c.out\")\n"
        "torch.library.register_fake(torch.ops.ns.d.default)\n"
        "torch.library.register_fake(torch.ops.ns.e.out)\n"
        "# register_fake(\"ns::commented_out\")\n"
        "s = 'register_fake(\"ns::in_a_string\")'\n"
        "register_fake(name_in_a_variable)\n");
  llvm::Expected<FakeRegistrations> Found = queryFakeRegistrations(Python, Path);
  ASSERT_TRUE(static_cast<bool>(Found)) << llvm::toString(Found.takeError());
  EXPECT_EQ(Found->Ops, (std::set<std::string>{"ns::a", "ns::b", "ns::c.out",
                                               "ns::d", "ns::e.out"}));
  EXPECT_TRUE(Found->SyntaxError.empty());

  Write("import torch\n\ndef f(:\n    pass\n");
  Found = queryFakeRegistrations(Python, Path);
  ASSERT_TRUE(static_cast<bool>(Found)) << llvm::toString(Found.takeError());
  EXPECT_EQ(Found->SyntaxError, "invalid syntax");
  EXPECT_EQ(Found->ErrorLine, 3u);
  EXPECT_TRUE(Found->Ops.empty());

  Found = queryFakeRegistrations("", Path);
  ASSERT_FALSE(static_cast<bool>(Found));
  EXPECT_NE(llvm::toString(Found.takeError()).find("no Python interpreter"),
            std::string::npos);
}

TEST(FakesTest, SourcesAreTriedInOrder) {
  OpLibrary L;
  L.PythonPackage = "pkg";
  L.Fakes = FakeModule{"my_fakes", "kernels/my_fakes.py",
                       "register_fake(\"ns::python\")", {"ns::python"}};

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

/// \p O with a CUDA kernel at k.cu:<Line> whose body synthesises \p S.
Op withCuda(Op O, std::optional<FakeSynthesis> S, unsigned Line = 30) {
  Kernel Cuda;
  Cuda.Key = DispatchKey::CUDA;
  Cuda.Callee = "::ns::" + O.Schema.Name + "_cuda";
  Cuda.Loc = {"k.cu", Line, 12};
  Cuda.Synthesis = std::move(S);
  O.Kernels.push_back(Cuda);
  return O;
}

/// A synthesis that makes one output `at::empty(x.sizes(), x.options())`.
FakeSynthesis allocatesSizesOf(const std::string &Like) {
  FakeSynthesis S = allocatesLike(Like);
  S.Outputs[0].K = FakeOutput::Kind::Empty;
  S.Outputs[0].Factory = "at::empty";
  FakeExpr Sizes;
  Sizes.K = FakeExpr::Kind::Sizes;
  Sizes.Name = Like;
  S.Outputs[0].Sizes = Sizes;
  return S;
}

/// A synthesis that makes one output `at::empty_like(x.contiguous())`.
FakeSynthesis allocatesContiguousLike(const std::string &Like) {
  FakeSynthesis S = allocatesLike(Like);
  S.Outputs[0].LikeContiguous = "at::MemoryFormat::Contiguous";
  return S;
}

MetaSafety metaSafe() {
  MetaSafety M;
  M.Safe = true;
  return M;
}

TEST(FakesTest, KernelsThatAllocateAlikeShareOneFake) {
  // at::empty_like(x.contiguous()) on the CPU and at::empty(x.sizes(),
  // x.options()) on CUDA make the same metadata: one synthesised fake.
  OpLibrary L;
  Op O = op("alike");
  O.Kernels[0].Synthesis = allocatesContiguousLike("x");
  L.Ops = {withCuda(O, allocatesSizesOf("x"))};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_TRUE(Diags.Records.empty());
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Synthesized);
  EXPECT_EQ(L.Ops[0].FakeWhere, "k.cpp:10");
  ASSERT_EQ(L.Ops[0].KernelFacts.size(), 2u);
  EXPECT_EQ(L.Ops[0].KernelFacts[1].first, DispatchKey::CUDA);
}

TEST(FakesTest, KernelsThatAllocateDifferentlyGetAFakePerDevice) {
  // at::empty_like(x) keeps x's strides; at::empty_like(x.contiguous())
  // does not: each device's fake follows its own kernel.
  OpLibrary L;
  Op O = op("differ");
  O.Kernels[0].Synthesis = allocatesLike("x");
  L.Ops = {withCuda(O, allocatesContiguousLike("x"))};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_TRUE(Diags.Records.empty());
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::PerDevice);
  EXPECT_EQ(L.Ops[0].FakeWhere, "CPU: k.cpp:10, CUDA: k.cu:30");
  ASSERT_EQ(L.Ops[0].KernelFacts.size(), 2u);
  EXPECT_EQ(L.Ops[0].KernelFacts[0].second[0].str(), "(empty-like x)");
  EXPECT_EQ(L.Ops[0].KernelFacts[1].second[0].str(),
            "(empty-like x contiguous=at::MemoryFormat::Contiguous)");

  // The same in a stable-ABI library, whose fakes are Python anyway.
  L.Abi = KernelAbi::Stable;
  L.Ops[0].Fake = FakeKind::None;
  assignFakes(L, Diags);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::PerDevice);
}

TEST(FakesTest, AMetaSafeKernelServesOtherDevicesOnlyWhereTheyAllocateAlike) {
  // Issue #49's op: CPU `(a + b).clamp(lo, hi)` (meta-safe, its metadata
  // not followed), CUDA `at::empty_like(a.contiguous())`. Making the CPU
  // kernel every device's fake would be wrong on CUDA for transposed
  // inputs: a fake per device, the CPU's branch the kernel itself, the
  // CUDA's the CUDA kernel's allocation.
  OpLibrary L;
  Op O = op("clampadd");
  O.Kernels[0].Callee = "::ns::clampadd";
  O.Kernels[0].MetaSafe = metaSafe();
  O.Kernels[0].Synthesis = refused("'(a + b).clamp(lo, hi)' is not an allocation",
                                   {"k.cpp", 11, 10});
  FakeSynthesis Contiguous = allocatesContiguousLike("x");
  Contiguous.Outputs[0].Loc = {"k.cu", 31, 10};
  L.Ops = {withCuda(O, Contiguous)};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_TRUE(Diags.Records.empty());
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::PerDevice);
  EXPECT_EQ(L.Ops[0].FakeRunsKernel, DispatchKey::CPU);
  EXPECT_EQ(L.Ops[0].FakeWhere, "CPU: k.cpp:10 (the kernel itself), CUDA: k.cu:30");

  // A CUDA kernel opgen cannot follow: nothing says what it makes, so the
  // CPU kernel cannot serve it, and there is no fake; a note names both.
  L.Ops = {withCuda(O, refused("'make(x)' is not an allocation", {"k.cu", 31, 10}))};
  RecordingDiagSink Unknown;
  assignFakes(L, Unknown);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::None);
  EXPECT_FALSE(L.Ops[0].FakeRunsKernel);
  ASSERT_EQ(Unknown.Records.size(), 1u);
  EXPECT_EQ(Unknown.Records[0].Id, DiagId::FakeKernelsDiffer);
  EXPECT_EQ(Unknown.Records[0].Loc, (SourceLoc{"k.cu", 30, 12}));
  EXPECT_EQ(Unknown.Records[0].Args,
            (std::vector<std::string>{
                "ns::clampadd", "CPU kernel 'ns::clampadd' (k.cpp:10)",
                "returns what its ATen calls compute, whose metadata (strides "
                "above all) opgen cannot follow",
                "CUDA kernel 'ns::clampadd_cuda' (k.cu:30)",
                "makes its outputs in a way opgen cannot follow: 'make(x)' is not an "
                "allocation (k.cu:31)"}));

  // A CUDA kernel whose allocation is the CPU kernel's own: the CPU kernel
  // serves both.
  L.Ops = {withCuda(O, allocatesLike("x"))};
  L.Ops[0].Kernels[0].Synthesis = allocatesLike("x");
  RecordingDiagSink Alike;
  assignFakes(L, Alike);
  EXPECT_TRUE(Alike.Records.empty());
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Kernel);

  // Alone, the meta-safe kernel is exact.
  L.Ops = {O};
  L.Ops[0].Kernels.resize(1);
  RecordingDiagSink Alone;
  assignFakes(L, Alone);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Kernel);
}

TEST(FakesTest, AKernelNotFollowedStopsAnotherKernelsFake) {
  // The CUDA kernel's synthesis cannot serve the CPU kernel, whose outputs
  // opgen could not follow (it used to: the first kernel that synthesised
  // won, for every device).
  OpLibrary L;
  Op O = op("two_kernels");
  O.Kernels[0].Callee = "::ns::two_kernels";
  O.Kernels[0].Synthesis = refused("it calls helper()", {"k.cpp", 14, 5});
  L.Ops = {withCuda(O, allocatesLike("x"))};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::None);
  ASSERT_EQ(Diags.Records.size(), 1u);
  EXPECT_EQ(Diags.Records[0].Id, DiagId::FakeKernelsDiffer);
  EXPECT_EQ(Diags.Records[0].Loc, (SourceLoc{"k.cpp", 10, 12}));
  EXPECT_EQ(Diags.Records[0].Args[1], "CUDA kernel 'ns::two_kernels_cuda' (k.cu:30)");
  EXPECT_EQ(Diags.Records[0].Args[4],
            "makes its outputs in a way opgen cannot follow: it calls helper() "
            "(k.cpp:14)");
}

TEST(FakesTest, AnOpThatReturnsAndWritesNothingHasAnEmptyFake) {
  OpLibrary L;
  Op O = op("log_it");
  O.Schema.Returns.clear();
  L.Ops = {O};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_TRUE(Diags.Records.empty());
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Synthesized);
  EXPECT_TRUE(L.Ops[0].SynthesizedFake.empty());
}

TEST(FakesTest, APythonFakeNeverGuessesAConstant) {
  // A stable-ABI library writes its fakes in Python: a constant Python
  // cannot spell means no fake and a note, never a fake that raises while
  // the manifest says "synthesized".
  OpLibrary L;
  L.Abi = KernelAbi::Stable;
  Op O = op("odd_dtype");
  FakeSynthesis S = allocatesSizesOf("x");
  FakeExpr Dtype;
  Dtype.Text = "at::ScalarType::QInt8";
  S.Outputs[0].Dtype = Dtype;
  O.Kernels[0].Synthesis = S;
  L.Ops = {O};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::None);
  ASSERT_EQ(Diags.Records.size(), 1u);
  EXPECT_EQ(Diags.Records[0].Id, DiagId::FakeNotSynthesized);
  EXPECT_NE(Diags.Records[0].Args[1].find("cannot spell the C++ constant "
                                          "'at::ScalarType::QInt8'"),
            std::string::npos);

  // A classic library's synthesised fake is C++: the constant is fine.
  L.Abi = KernelAbi::Classic;
  L.Ops[0].Fake = FakeKind::None;
  RecordingDiagSink Classic;
  assignFakes(L, Classic);
  EXPECT_EQ(L.Ops[0].Fake, FakeKind::Synthesized);
}

TEST(FakesTest, TheNoteSaysWhyTheKernelIsNotItsOwnFake) {
  OpLibrary L;
  Op O = op("lastdim");
  MetaSafety M;
  M.Why = "reads concrete sizes ('size()')";
  M.WhyLoc = {"k.cpp", 11, 12};
  O.Kernels[0].MetaSafe = M;
  O.Kernels[0].Synthesis = refused("'x * n' is not an allocation", {"k.cpp", 12, 12});
  L.Ops = {O};
  RecordingDiagSink Diags;
  assignFakes(L, Diags);
  ASSERT_EQ(Diags.Records.size(), 1u);
  EXPECT_EQ(Diags.Records[0].Args[1],
            "the kernel is not its own fake (reads concrete sizes ('size()'), at "
            "k.cpp:11), and none could be synthesised: 'x * n' is not an "
            "allocation");
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
