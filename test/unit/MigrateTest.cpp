//===- MigrateTest.cpp - opgen migrate's Clang-free phases ----------------===//
///
/// \file
/// The check (planMigration: derived keys, the schema proof, what is kept)
/// on hand-built registration sets, and the emit side (edits, texts,
/// unified diffs).
//===----------------------------------------------------------------------===//

#include "opgen/check/Migrate.h"
#include "opgen/emit/Migrate.h"

#include <gtest/gtest.h>

using namespace opgen;

namespace {

Argument arg(std::string Name, Type T) {
  Argument A;
  A.Name = std::move(Name);
  A.Ty = T;
  return A;
}

/// A kernel `Name(Tensor a, <int> n) -> Tensor` as the frontend lowers it.
MigrationKernel kernel(const std::string &Name, bool Mutable = false) {
  MigrationKernel K;
  K.Name = Name;
  K.Loc = {"k.cpp", 10, 12};
  AnnotatedFunction Fn;
  Fn.Attr.Kind = AnnotationKind::CustomOp;
  Fn.Impl.Callee = "::" + Name;
  Fn.Impl.Loc = K.Loc;
  Fn.Inferred.Arguments = {arg("a", Type::scalar(BaseType::Tensor)),
                           arg("n", Type::scalar(BaseType::Int))};
  CppParam A, N;
  A.Name = "a";
  A.Spelling = Mutable ? "at::Tensor &" : "const at::Tensor &";
  A.MutableRef = Mutable;
  N.Name = "n";
  N.Spelling = "int64_t";
  N.ConcreteInt = true;
  Fn.Impl.Params = {A, N};
  if (Mutable) {
    Fn.Impl.Params[0].Effects = ParamEffects{{{"'add_()'", K.Loc}}, false};
  } else {
    Fn.Inferred.Returns = {Return{"", Type::scalar(BaseType::Tensor)}};
    Fn.Impl.Ret.Spelling = "at::Tensor";
  }
  K.Fn = Fn;
  K.InsertAt = {"/src/k.cpp", 0, 0};
  return K;
}

RegistrationSet oneOp(const std::string &Schema, const std::string &Key,
                      MigrationKernel K) {
  RegistrationSet S;
  RegistrationBlock Lib;
  Lib.Kind = BlockKind::Library;
  Lib.Namespace = "mylib";
  Lib.Statements = 1;
  Lib.Range = {"/src/ops.cpp", 0, 10};
  RegistrationBlock Impl = Lib;
  Impl.Kind = BlockKind::Impl;
  Impl.Key = Key;
  S.Blocks = {Lib, Impl};
  Registration Def;
  Def.K = Registration::Kind::Def;
  Def.Block = 0;
  Def.Text = Schema;
  Def.Loc = {"ops.cpp", 2, 3};
  Registration Im;
  Im.K = Registration::Kind::Impl;
  Im.Block = 1;
  Im.Text = "op";
  Im.Kernel = 0;
  Im.Loc = {"ops.cpp", 5, 3};
  S.Registrations = {Def, Im};
  S.Kernels = {std::move(K)};
  return S;
}

TEST(MigrateCheck, FunctionalOpNeedsNoKeys) {
  RecordingDiagSink Diags;
  MigrationPlan P = planMigration(
      oneOp("op(Tensor a, int n) -> Tensor", "CPU", kernel("f")), Diags);
  EXPECT_EQ(Diags.errorCount(), 0u);
  ASSERT_EQ(P.Annotate.size(), 1u);
  EXPECT_EQ(annotationText(P.Annotate[0].second), "[[custom_op(\"mylib::op\")]]");
  EXPECT_EQ(P.Remove.size(), 2u);
  EXPECT_EQ(P.Kept, 0u);
}

TEST(MigrateCheck, SymIntAndDevice) {
  RecordingDiagSink Diags;
  MigrationPlan P = planMigration(
      oneOp("op(Tensor a, SymInt n) -> Tensor", "CUDA", kernel("f")), Diags);
  ASSERT_EQ(P.Annotate.size(), 1u);
  EXPECT_EQ(annotationText(P.Annotate[0].second),
            "[[custom_op(\"mylib::op\", device=\"cuda\", symint=\"n\")]]");
}

TEST(MigrateCheck, MutatedArgument) {
  RecordingDiagSink Diags;
  MigrationPlan P = planMigration(
      oneOp("op(Tensor(a!) a, int n) -> ()", "CPU", kernel("f", true)), Diags);
  ASSERT_EQ(P.Annotate.size(), 1u);
  EXPECT_EQ(annotationText(P.Annotate[0].second),
            "[[custom_op(\"mylib::op\", mutates=\"a\")]]");
}

TEST(MigrateCheck, KeptWhenTheProofFails) {
  // `Tensor!` has no alias set; opgen's mutates gives `Tensor(a!)`.
  RecordingDiagSink Diags;
  MigrationPlan P = planMigration(
      oneOp("op(Tensor! a, int n) -> ()", "CPU", kernel("f", true)), Diags);
  EXPECT_TRUE(P.Annotate.empty());
  EXPECT_EQ(P.Kept, 2u);
  EXPECT_EQ(Diags.errorCount(), 0u);
  ASSERT_FALSE(Diags.Records.empty());
  EXPECT_EQ(Diags.Records[0].Id, DiagId::MigrateKept);
}

TEST(MigrateCheck, KeptForAnAutogradKey) {
  RecordingDiagSink Diags;
  MigrationPlan P = planMigration(
      oneOp("op(Tensor a, int n) -> Tensor", "Autograd", kernel("f")), Diags);
  EXPECT_TRUE(P.Annotate.empty());
  EXPECT_EQ(P.Kept, 2u);
}

TEST(MigrateCheck, ArgumentNamedOtherwise) {
  RegistrationSet S =
      oneOp("op(Tensor x, int n) -> Tensor", "CPU", kernel("f"));
  RecordingDiagSink Diags;
  MigrationPlan P = planMigration(S, Diags);
  ASSERT_EQ(P.Annotate.size(), 1u);
  EXPECT_EQ(annotationText(P.Annotate[0].second),
            "[[custom_op(\"mylib::op\", args=\"x=a\")]]");
  EXPECT_TRUE(Diags.Records.empty());
}

TEST(MigrateCheck, ArgumentsRenamedOntoEachOtherAreKept) {
  // args="n=a, a=n" gives each parameter the other's name: opgen's check
  // refuses it, and the proof keeps the op with its reason.
  RegistrationSet S =
      oneOp("op(Tensor n, int a) -> Tensor", "CPU", kernel("f"));
  RecordingDiagSink Diags;
  MigrationPlan P = planMigration(S, Diags);
  EXPECT_TRUE(P.Annotate.empty());
  ASSERT_FALSE(Diags.Records.empty());
  EXPECT_NE(Diags.Records[0].Args[1].find("opgen's check refuses"),
            std::string::npos);
}

TEST(MigrateCheck, KeptWriteWithoutAliasSetSaysSo) {
  RecordingDiagSink Diags;
  planMigration(oneOp("op(Tensor! a, int n) -> ()", "CPU", kernel("f", true)),
                Diags);
  ASSERT_FALSE(Diags.Records.empty());
  EXPECT_NE(Diags.Records[0].Args[1].find("'Tensor!' in the schema"),
            std::string::npos);
}

TEST(MigrateCheck, BadSchemaIsAnError) {
  RegistrationSet S = oneOp("op(Tensor a, int) -> Tensor", "CPU", kernel("f"));
  S.Registrations[0].TextLoc = {"ops.cpp", 2, 10};
  RecordingDiagSink Diags;
  planMigration(S, Diags);
  ASSERT_EQ(Diags.errorCount(), 1u);
  EXPECT_EQ(Diags.Records[0].Id, DiagId::MigrateBadSchema);
  EXPECT_GT(Diags.Records[0].Loc.Column, 10u);
}

TEST(MigrateCheck, ImplOfUnknownOpIsAnError) {
  RegistrationSet S = oneOp("op(Tensor a, int n) -> Tensor", "CPU", kernel("f"));
  S.Registrations[1].Text = "other";
  RecordingDiagSink Diags;
  planMigration(S, Diags);
  ASSERT_EQ(Diags.errorCount(), 1u);
  EXPECT_EQ(Diags.Records[0].Id, DiagId::MigrateImplUnknownOp);
  EXPECT_EQ(Diags.Records[0].Args[0], "mylib::other");
}

TEST(MigrateEmit, ApplyEditsRefusesOverlaps) {
  EXPECT_EQ(*applyEdits("abcdef", {{{"f", 1, 3}, "X"}, {{"f", 4, 4}, "Y"}}),
            "aXdYef");
  llvm::Expected<std::string> Bad =
      applyEdits("abcdef", {{{"f", 1, 3}, ""}, {{"f", 2, 4}, ""}});
  EXPECT_FALSE(static_cast<bool>(Bad));
  llvm::consumeError(Bad.takeError());
}

TEST(MigrateEmit, UnifiedDiff) {
  std::string Old = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";
  std::string New = "1\n2\n3\nfour\n5\n6\n7\n8\n9\n10\n11\n";
  // Changes 6 lines apart share a hunk, as in GNU diff -u.
  EXPECT_EQ(unifiedDiff("x.cpp", Old, New),
            "--- a/x.cpp\n+++ b/x.cpp\n"
            "@@ -1,10 +1,11 @@\n 1\n 2\n 3\n-4\n+four\n 5\n 6\n 7\n"
            " 8\n 9\n 10\n+11\n");
  // 7 apart, two hunks.
  Old += "11\n";
  New = "1\n2\n3\nfour\n5\n6\n7\n8\n9\n10\n11\n12\n";
  EXPECT_EQ(unifiedDiff("x.cpp", Old, New),
            "--- a/x.cpp\n+++ b/x.cpp\n"
            "@@ -1,7 +1,7 @@\n 1\n 2\n 3\n-4\n+four\n 5\n 6\n 7\n"
            "@@ -9,3 +9,4 @@\n 9\n 10\n 11\n+12\n");
  EXPECT_EQ(unifiedDiff("x.cpp", Old, Old), "");
}

TEST(MigrateEmit, EditsRemoveWholeLinesAndAddTheInclude) {
  std::string Ops = "#include <torch/library.h>\n\nat::Tensor f();\n\n"
                    "TORCH_LIBRARY(mylib, m) {\n  m.def(\"op\");\n}\n";
  RegistrationSet S;
  RegistrationBlock B;
  B.Statements = 2;
  B.Range = {"/ops.cpp", unsigned(Ops.find("TORCH")), unsigned(Ops.size() - 1)};
  S.Blocks = {B};
  Registration R;
  R.Stmt = {"/ops.cpp", unsigned(Ops.find("m.def")),
            unsigned(Ops.find(");\n}") + 2)};
  S.Registrations = {R};
  MigrationKernel K;
  K.InsertAt = {"/ops.cpp", unsigned(Ops.find("at::")), unsigned(Ops.find("at::"))};
  S.Kernels = {K};
  MigrationPlan P;
  P.Remove = {0};
  Annotation A;
  A.Name.Text = "mylib::op";
  P.Annotate = {{0, A}};
  auto Edits = migrationEdits(S, P, {{"/ops.cpp", Ops}});
  EXPECT_EQ(*applyEdits(Ops, Edits["/ops.cpp"]),
            "#include <opgen/opgen.h>\n#include <torch/library.h>\n\n"
            "[[custom_op(\"mylib::op\")]]\nat::Tensor f();\n\n"
            "TORCH_LIBRARY(mylib, m) {\n}\n");
  // The whole block, when every statement goes, with the blank line before.
  S.Blocks[0].Statements = 1;
  Edits = migrationEdits(S, P, {{"/ops.cpp", Ops}});
  EXPECT_EQ(*applyEdits(Ops, Edits["/ops.cpp"]),
            "#include <opgen/opgen.h>\n#include <torch/library.h>\n\n"
            "[[custom_op(\"mylib::op\")]]\nat::Tensor f();\n");
}

} // namespace
