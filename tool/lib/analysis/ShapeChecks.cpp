//===- ShapeChecks.cpp - What a kernel checks of its arguments ------------===//
//
// A kernel like
//
//   at::Tensor rms_norm(const at::Tensor& x, const at::Tensor& weight) {
//     TORCH_CHECK(weight.dim() == 1 && weight.size(0) == x.size(-1), ...);
//
// says how its arguments' shapes relate. TORCH_CHECK (and the stable ABI's
// STD_TORCH_CHECK, which throws std::runtime_error) expands to
// `if (C10_UNLIKELY_OR_CONST(!(cond))) { <throw or [[noreturn]] call> }`, so
// this file looks for exactly that shape, written by a macro or by hand: an
// `if` without `else` among the body's own statements (or in a
// `do { ... } while (0)` of a macro), whose branch always fails. Each
// conjunct of the condition that must hold is lowered with the fake
// synthesiser's expression lowering (FakeSynthesis.h).
//===----------------------------------------------------------------------===//
#include "analysis/ShapeChecks.h"

#include "analysis/FakeSynthesis.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Builtins.h"

#include <set>

using namespace clang;

namespace opgen {

namespace {

const Expr *bare(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (auto *C = dyn_cast<ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (auto *Cast = dyn_cast<ExplicitCastExpr>(E))
      E = Cast->getSubExpr();
    else if (auto *Call = dyn_cast<CallExpr>(E);
             Call && Call->getBuiltinCallee() == Builtin::BI__builtin_expect)
      E = Call->getArg(0); // C10_UNLIKELY
    else
      return E;
  }
  return E;
}

/// The statement always throws: a `throw`, or a call of a `[[noreturn]]`
/// function such as c10::detail::torchCheckFail, among its statements.
bool alwaysFails(const Stmt *S) {
  if (!S)
    return false;
  if (auto *C = dyn_cast<CompoundStmt>(S)) {
    for (const Stmt *Child : C->body())
      if (alwaysFails(Child))
        return true;
    return false;
  }
  auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  E = bare(E);
  if (isa<CXXThrowExpr>(E))
    return true;
  if (auto *Call = dyn_cast<CallExpr>(E))
    if (const FunctionDecl *F = Call->getDirectCallee())
      return F->isNoReturn();
  return false;
}

/// `!(a op b)` as `a op' b` for comparisons.
std::optional<std::string> negatedComparison(const std::string &Op) {
  static const std::pair<const char *, const char *> Pairs[] = {
      {"==", "!="}, {"!=", "=="}, {"<", ">="}, {">=", "<"}, {">", "<="},
      {"<=", ">"}};
  for (auto [A, B] : Pairs)
    if (Op == A)
      return std::string(B);
  return std::nullopt;
}

class Reader {
public:
  Reader(const ArgumentLowering &Lower) : Lower(Lower) {}

  void statements(const Stmt *S) {
    if (auto *C = dyn_cast_or_null<CompoundStmt>(S)) {
      for (const Stmt *Child : C->body())
        statements(Child);
      return;
    }
    if (auto *Do = dyn_cast_or_null<DoStmt>(S)) {
      // `do { ... } while (0)` around a macro's statements.
      Expr::EvalResult R;
      auto *Cond = Do->getCond();
      if (Cond && !Cond->isValueDependent() &&
          Cond->EvaluateAsInt(R, *Ctx) && R.Val.getInt() == 0)
        statements(Do->getBody());
      return;
    }
    auto *If = dyn_cast_or_null<IfStmt>(S);
    if (!If || If->getElse() || If->getConditionVariable() || If->getInit() ||
        If->isConstexpr() || !alwaysFails(If->getThen()))
      return;
    // The branch runs when the condition is true: what must hold is !cond.
    conjuncts(If->getCond(), /*Negated=*/true);
  }

  const ASTContext *Ctx = nullptr;
  std::vector<FakeExpr> Facts;

private:
  void conjuncts(const Expr *E, bool Negated) {
    E = bare(E);
    if (auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_LNot)
      return conjuncts(U->getSubExpr(), !Negated);
    if (auto *B = dyn_cast<BinaryOperator>(E)) {
      if ((B->getOpcode() == BO_LAnd && !Negated) ||
          (B->getOpcode() == BO_LOr && Negated)) {
        conjuncts(B->getLHS(), Negated);
        conjuncts(B->getRHS(), Negated);
        return;
      }
    }
    std::optional<FakeExpr> Fact = sizesComparison(E);
    if (!Fact)
      Fact = Lower.Integer(E);
    if (!Fact || !readsArguments(*Fact))
      return;
    if (Negated) {
      std::optional<std::string> Op;
      if (Fact->K == FakeExpr::Kind::Binary)
        Op = negatedComparison(Fact->Text);
      if (Op) {
        Fact->Text = *Op;
      } else {
        FakeExpr Not;
        Not.K = FakeExpr::Kind::Unary;
        Not.Text = "!";
        Not.Ops.push_back(std::move(*Fact));
        Fact = std::move(Not);
      }
    }
    if (Seen.insert(Fact->str()).second)
      Facts.push_back(std::move(*Fact));
  }

  /// `a.sizes() == b.sizes()` (or `!=`): the ArrayRef comparison operator;
  /// `a.sizes().equals(b.sizes())`, as stable ABI kernels write it
  /// (torch::headeronly::HeaderOnlyArrayRef has no operator==).
  std::optional<FakeExpr> sizesComparison(const Expr *E) {
    if (auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *M = Call->getMethodDecl();
      if (!M || !M->getDeclName().isIdentifier() || M->getName() != "equals" ||
          Call->getNumArgs() != 1)
        return std::nullopt;
      std::optional<FakeExpr> L = Lower.Sizes(Call->getImplicitObjectArgument());
      std::optional<FakeExpr> R = L ? Lower.Sizes(Call->getArg(0)) : std::nullopt;
      if (!R)
        return std::nullopt;
      FakeExpr Out;
      Out.K = FakeExpr::Kind::Binary;
      Out.Text = "==";
      Out.Ops = {std::move(*L), std::move(*R)};
      return Out;
    }
    auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
    if (!Op || Op->getNumArgs() != 2 ||
        (Op->getOperator() != OO_EqualEqual &&
         Op->getOperator() != OO_ExclaimEqual))
      return std::nullopt;
    std::optional<FakeExpr> L = Lower.Sizes(Op->getArg(0));
    std::optional<FakeExpr> R = L ? Lower.Sizes(Op->getArg(1)) : std::nullopt;
    if (!R)
      return std::nullopt;
    FakeExpr Out;
    Out.K = FakeExpr::Kind::Binary;
    Out.Text = Op->getOperator() == OO_EqualEqual ? "==" : "!=";
    Out.Ops = {std::move(*L), std::move(*R)};
    return Out;
  }

  static bool readsArguments(const FakeExpr &E) {
    if (!E.Name.empty())
      return true;
    for (const FakeExpr &Op : E.Ops)
      if (readsArguments(Op))
        return true;
    return false;
  }

  const ArgumentLowering &Lower;
  std::set<std::string> Seen;
};

} // namespace

std::vector<FakeExpr> readShapeChecks(ASTContext &Ctx, const FunctionDecl &Def,
                                      const std::vector<Argument> &Args,
                                      const std::string &Root) {
  std::vector<FakeExpr> Facts;
  withArgumentLowering(Ctx, Def, Args, Root, [&](const ArgumentLowering &L) {
    Reader R(L);
    R.Ctx = &Ctx;
    R.statements(Def.getBody());
    Facts = std::move(R.Facts);
  });
  return Facts;
}

} // namespace opgen
