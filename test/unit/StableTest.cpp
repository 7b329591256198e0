//===- StableTest.cpp - The stable-ABI flavour: check decisions, emitters -===//
///
/// \file
/// Hand-built libraries: which flavour the check phase gives a library
/// (OpLibrary::Abi), what it refuses in a stable one, and what the stable
/// emitters write (no ATen, STABLE_TORCH_LIBRARY, TORCH_BOX, Python fakes
/// and autograd).
//===----------------------------------------------------------------------===//

#include "opgen/check/Assemble.h"
#include "EmitFixtures.h"
#include "opgen/emit/Emit.h"
#include "opgen/model/Model.h"

#include <gtest/gtest.h>

using namespace opgen;
using namespace opgen::test;

namespace {

/// `[[custom_op(Name)]] Tensor f(Tensor x)` written against \p Abi.
AnnotatedFunction kernel(const std::string &Name, KernelAbi Abi, unsigned Line,
                         std::vector<std::pair<std::string, std::string>> Keys = {}) {
  AnnotatedFunction Fn;
  Fn.Attr.Loc = {"k.cpp", Line - 1, 3};
  Fn.Attr.Name = {Name, {"k.cpp", Line - 1, 13}};
  for (auto &[Key, Value] : Keys)
    Fn.Attr.addKey(Key, {Value, {"k.cpp", Line - 1, 30}});
  Argument X;
  X.Name = "x";
  X.Ty = Type::scalar(BaseType::Tensor);
  Fn.Inferred.Arguments.push_back(X);
  Fn.Inferred.Returns.push_back({"", Type::scalar(BaseType::Tensor)});
  CppParam P;
  P.Name = "x";
  P.Loc = {"k.cpp", Line, 20};
  Fn.Impl.Params.push_back(P);
  Fn.Impl.Loc = {"k.cpp", Line, 12};
  Fn.Impl.Abi = Abi;
  Fn.Impl.Callee = "::ns::" + Name.substr(Name.find("::") + 2);
  Fn.Impl.HostSource = "/src/k.cpp";
  return Fn;
}

struct Result {
  bool Ok;
  OpLibrary L;
  RecordingDiagSink Diags;
};

std::unique_ptr<Result> assemble(std::vector<AnnotatedFunction> Fns,
                                 LibraryOptions Opts = {}) {
  auto R = std::make_unique<Result>();
  R->L = assembleLibrary({"/src/k.cpp"}, Fns, Opts, R->Diags);
  R->Ok = R->Diags.errorCount() == 0;
  return R;
}

bool reported(const Result &R, DiagId Id) {
  for (const auto &Rec : R.Diags.Records)
    if (Rec.Id == Id)
      return true;
  return false;
}

TEST(StableCheckTest, ClassicLibraryStaysClassic) {
  auto R = assemble({kernel("ns::f", KernelAbi::Classic, 10),
                     kernel("ns::g", KernelAbi::Either, 20)});
  ASSERT_TRUE(R->Ok);
  EXPECT_EQ(R->L.Abi, KernelAbi::Classic);
}

TEST(StableCheckTest, OneStableKernelMakesTheLibraryStable) {
  auto R = assemble({kernel("ns::f", KernelAbi::Stable, 10),
                     kernel("ns::g", KernelAbi::Either, 20)});
  ASSERT_TRUE(R->Ok);
  EXPECT_EQ(R->L.Abi, KernelAbi::Stable);
}

TEST(StableCheckTest, FlagMakesAnEitherLibraryStable) {
  LibraryOptions Opts;
  Opts.StableAbi = true;
  auto R = assemble({kernel("ns::g", KernelAbi::Either, 20)}, Opts);
  ASSERT_TRUE(R->Ok);
  EXPECT_EQ(R->L.Abi, KernelAbi::Stable);
}

TEST(StableCheckTest, MixingFlavoursNamesOneKernelOfEach) {
  auto R = assemble({kernel("ns::f", KernelAbi::Stable, 10),
                     kernel("ns::g", KernelAbi::Classic, 20)});
  EXPECT_FALSE(R->Ok);
  ASSERT_GE(R->Diags.Records.size(), 2u);
  EXPECT_EQ(R->Diags.Records[0].Id, DiagId::StableAbiMixed);
  EXPECT_EQ(R->Diags.Records[0].Args, (std::vector<std::string>{"ns::f", "ns::g"}));
  EXPECT_EQ(R->Diags.Records[0].Loc.Line, 10u);
  EXPECT_EQ(R->Diags.Records[1].Id, DiagId::StableAbiMixedOther);
  EXPECT_EQ(R->Diags.Records[1].Loc.Line, 20u);
}

TEST(StableCheckTest, FlagWithAClassicKernelIsAnError) {
  LibraryOptions Opts;
  Opts.StableAbi = true;
  auto R = assemble({kernel("ns::g", KernelAbi::Classic, 20)}, Opts);
  EXPECT_FALSE(R->Ok);
  EXPECT_TRUE(reported(*R, DiagId::StableAbiClassicKernel));
}

TEST(StableCheckTest, RefusesWhatTheStableApiCannotGive) {
  auto Autocast = assemble(
      {kernel("ns::f", KernelAbi::Stable, 10, {{"autocast", "float32"}})});
  EXPECT_FALSE(Autocast->Ok);
  EXPECT_TRUE(reported(*Autocast, DiagId::StableAbiUnsupported));

  auto Tags = assemble(
      {kernel("ns::f", KernelAbi::Stable, 10, {{"tags", "pt2_compliant_tag"}})});
  EXPECT_FALSE(Tags->Ok);
  EXPECT_TRUE(reported(*Tags, DiagId::StableAbiUnsupported));

  LibraryOptions NoPackage;
  NoPackage.NoPythonPackage = true;
  NoPackage.PythonModule = "pkg.fakes";
  auto R = assemble({kernel("ns::f", KernelAbi::Stable, 10)}, NoPackage);
  EXPECT_FALSE(R->Ok);
  EXPECT_TRUE(reported(*R, DiagId::StableAbiUnsupported));

  // The same keys are fine in a classic library.
  auto Classic = assemble(
      {kernel("ns::f", KernelAbi::Classic, 10, {{"autocast", "float32"}})});
  EXPECT_TRUE(Classic->Ok);
}

TEST(StableCheckTest, NoMetaSafeKernelAsFakeInAStableLibrary) {
  AnnotatedFunction Fn = kernel("ns::f", KernelAbi::Stable, 10);
  Fn.Impl.MetaSafe = MetaSafety{true, "", {}};
  FakeSynthesis S;
  S.Ok = true;
  FakeOutput Out;
  Out.K = FakeOutput::Kind::EmptyLike;
  Out.Like = "x";
  Out.Factory = "torch::stable::empty_like";
  S.Outputs.push_back(Out);
  Fn.Impl.Synthesis = S;
  auto R = assemble({Fn});
  ASSERT_TRUE(R->Ok);
  EXPECT_EQ(R->L.Ops[0].Fake, FakeKind::Synthesized);
}

EmitOptions options() { return test::emitOptions(); }

TEST(StableEmitTest, RegistrationIsStableAndIncludesNoATen) {
  AnnotatedFunction Fn = kernel("ns::f", KernelAbi::Stable, 10);
  FakeSynthesis S;
  S.Ok = true;
  FakeOutput Out;
  Out.K = FakeOutput::Kind::Empty;
  Out.Like = "x";
  FakeExpr Sizes;
  Sizes.K = FakeExpr::Kind::Sizes;
  Sizes.Name = "x";
  Out.Sizes = Sizes;
  Out.Factory = "torch::stable::new_empty";
  S.Outputs.push_back(Out);
  Fn.Impl.Synthesis = S;
  auto R = assemble({Fn});
  ASSERT_TRUE(R->Ok);
  FileSet Files = emitted(R->L, options());
  const std::string &Reg = Files.at("registration.cpp");
  EXPECT_NE(Reg.find("STABLE_TORCH_LIBRARY(ns, m)"), std::string::npos) << Reg;
  EXPECT_NE(Reg.find("m.def(\"f(Tensor x) -> Tensor\");"), std::string::npos) << Reg;
  EXPECT_NE(Reg.find("STABLE_TORCH_LIBRARY_IMPL(ns, CPU, m)"), std::string::npos);
  EXPECT_NE(Reg.find("m.impl(\"f\", &opgen_generated::ns_f__CPU);"),
            std::string::npos) << Reg;
  const std::string &Shard = Files.at("shards/k.cpp");
  EXPECT_NE(Shard.find("TORCH_BOX(&::ns::f)(stack, num_args, num_outputs);"),
            std::string::npos) << Shard;
  for (const auto &[Path, Text] : Files) {
    if (Path.size() < 2 || (Path.substr(Path.size() - 2) != ".h" &&
                            Path.substr(Path.size() - 4) != ".cpp"))
      continue;
    EXPECT_EQ(Text.find("#include <ATen"), std::string::npos) << Path;
    EXPECT_EQ(Text.find("torch/library.h"), std::string::npos) << Path;
    EXPECT_EQ(Text.find("opgen/runtime"), std::string::npos) << Path;
  }
  EXPECT_EQ(Files.at("CMakeLists.txt").find("PRIVATE torch)"), std::string::npos);
  const std::string &Fakes = Files.at("python/ns/fakes.py");
  EXPECT_NE(Fakes.find("@torch.library.register_fake(\"ns::f\")\n"
                       "def _ns_f_fake(x):\n"
                       "    return x.new_empty(list(x.size()))\n"),
            std::string::npos) << Fakes;
}

/// An empty stable library `ns` of one source.
OpLibrary stableLibrary() {
  OpLibrary L;
  L.PythonPackage = "ns";
  L.LibraryName = "ns_ops";
  L.Sources = {"/src/k.cpp"};
  L.Abi = KernelAbi::Stable;
  return L;
}

TEST(StableEmitTest, AutogradIsRegisteredInPython) {
  OpLibrary L = stableLibrary();
  Op F;
  F.Schema = llvm::cantFail(parseSchema("ns::f(Tensor x, Tensor? y, int n) -> Tensor"));
  F.Fake = FakeKind::Python;
  AutogradInfo A;
  A.Backward = llvm::cantFail(parseSchema("ns::f_backward(Tensor grad, Tensor x, int n, bool[2] output_mask) -> (Tensor, Tensor)"));
  A.Inputs = {{BackwardInput::Kind::Grad, 0, "grad"},
              {BackwardInput::Kind::Input, 0, "x"},
              {BackwardInput::Kind::Input, 2, "n"},
              {BackwardInput::Kind::OutputMask, 2, "output_mask"}};
  A.Differentiable = {true};
  A.GradInputs = {0, 1};
  A.Loc = {"k.cpp", 30, 1};
  F.Autograd = A;
  Op B;
  B.Schema = A.Backward;
  B.Fake = FakeKind::Python;
  B.BackwardOf = "ns::f";
  L.Ops = {F, B};
  FileSet Files = emitted(L, options());
  const std::string &Py = Files.at("python/ns/fakes.py");
  EXPECT_NE(Py.find("def _ns_f_setup_context(ctx, inputs, output):\n"
                    "    x, y, n = inputs\n"
                    "    outputs = (output,)\n"
                    "    ctx.save_for_backward(x)\n"
                    "    ctx.opgen_saved = {\"n\": n, \"opgen_present_y\": y is not None}\n"),
            std::string::npos) << Py;
  EXPECT_NE(Py.find("input_grads = torch.ops.ns.f_backward.default(grads[0], saved[0], "
                    "ctx.opgen_saved[\"n\"], [ctx.needs_input_grad[0], "
                    "ctx.needs_input_grad[1]])"),
            std::string::npos) << Py;
  EXPECT_NE(Py.find("return (input_grads[0], (input_grads[1] if "
                    "ctx.opgen_saved[\"opgen_present_y\"] else None), None)"),
            std::string::npos) << Py;
  EXPECT_NE(Py.find("torch.library.register_autograd(\"ns::f_backward\""),
            std::string::npos);
  EXPECT_NE(Py.find("cannot be differentiated twice"), std::string::npos);
  EXPECT_EQ(Files.at("autograd.cpp").find("torch::autograd"), std::string::npos);
  // Every op there has a backward or is one: no no-backward registration.
  EXPECT_EQ(Py.find("has no backward, so it cannot be differentiated;"), std::string::npos);
}

TEST(StableEmitTest, AnOpWithoutBackwardRaisesInPython) {
  OpLibrary L = stableLibrary();
  Op F, M;
  F.Schema = llvm::cantFail(parseSchema("ns::f(Tensor x) -> Tensor"));
  F.Fake = FakeKind::Python;
  M.Schema = llvm::cantFail(parseSchema("ns::m_(Tensor(a!) x, float s) -> ()"));
  M.Fake = FakeKind::Python;
  L.Ops = {F, M};
  const std::string Py = fileText(emitted(L, options()), "python/ns/fakes.py");
  const std::string Message =
      "has no backward, so it cannot be differentiated; write one with "
      "[[custom_op_backward(\\\"ns::f\\\")]]";
  // A functional op: register_autograd with a backward that raises, as a
  // torch.library.custom_op without one.
  EXPECT_NE(Py.find("def _ns_f_backward(ctx, *grads):\n"
                    "    raise RuntimeError(\"ns::f " + Message),
            std::string::npos)
      << Py;
  EXPECT_NE(Py.find("torch.library.register_autograd(\"ns::f\", _ns_f_backward,"),
            std::string::npos);
  // A mutating op, which register_autograd refuses: the Python Autograd
  // kernel, whose helpers come once.
  EXPECT_NE(Py.find("_opgen_register_no_backward(\"ns::m_\", \"ns::m_ has no backward"),
            std::string::npos)
      << Py;
  EXPECT_EQ(Py.find("register_autograd(\"ns::m_\""), std::string::npos);
  size_t Helper = Py.find("def _opgen_register_no_backward(");
  ASSERT_NE(Helper, std::string::npos);
  EXPECT_EQ(Py.find("def _opgen_register_no_backward(", Helper + 1), std::string::npos);
}

} // namespace
