//===- BodyExprs.h - Reading a kernel body's expressions --------*- C++ -*-===//
///
/// \file
/// What the fake synthesis reads off a kernel body's expressions: the
/// implicit layers Clang wraps values in, callee names, tensor types, and
/// the calls that change a tensor's metadata or a list; and every write to
/// a local (WriteCollector). Private to analysis/.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_ANALYSIS_BODYEXPRS_H
#define OPGEN_LIB_ANALYSIS_BODYEXPRS_H

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace opgen {
namespace fake {

using namespace clang;

/// Tensor methods that change a tensor's shape, strides or storage.
const std::set<std::string> &metadataMutators();

/// std::vector (and similar) methods that change a list's length or items.
const std::set<std::string> &listMutators();

/// Strips the implicit layers Clang wraps values in: casts, temporaries,
/// copies and moves, std::move, parentheses.
const Expr *strip(const Expr *E);

std::string calleeName(const CallExpr &Call);

std::string methodName(const CXXMemberCallExpr &Call);

/// Arguments of a call, without the ones left to their defaults.
std::vector<const Expr *> givenArgs(const Expr *const *Args, unsigned N);

/// at::Tensor (at::TensorBase) or the stable ABI's torch::stable::Tensor.
bool isTensorType(QualType T);

/// `x.contiguous([fmt])`, or the stable ABI's `torch::stable::contiguous(x[,
/// fmt])`: \p Tensor is `x`, \p Format the format argument or null.
bool isContiguousCall(const Expr *E, const Expr *&Tensor,
                      const Expr *&Format);

/// `std::nullopt` (or `{}`) passed for an optional argument.
bool isNulloptArg(const Expr *E);

/// Finds every write to a local variable in a body: assignments, `++`,
/// metadata-changing tensor methods, length-changing list methods, and
/// item writes (`v[i] = e`, `v.back() = e`). Returns inside lambdas belong
/// to the lambdas; writes inside them count (they run in the body).
class WriteCollector : public clang::RecursiveASTVisitor<WriteCollector> {
public:
  struct Write {
    const Stmt *S;
    SourceLocation Loc;
    const Expr *Index = nullptr; ///< Item writes: the index (null: back()).
    bool Back = false;
    const Expr *Value = nullptr; ///< Item writes: the value written.
  };
  std::map<const VarDecl *, std::vector<Write>> Writes;
  std::vector<const ReturnStmt *> Returns;

  bool TraverseLambdaExpr(LambdaExpr *L) {
    ++InLambda;
    bool R = RecursiveASTVisitor::TraverseLambdaExpr(L);
    --InLambda;
    return R;
  }

  bool VisitReturnStmt(ReturnStmt *R) {
    if (!InLambda)
      Returns.push_back(R);
    return true;
  }

  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      lhsWrite(B, B->getLHS(), B->getOperatorLoc(),
               B->getOpcode() == BO_Assign ? B->getRHS() : nullptr);
    return true;
  }

  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      lhsWrite(U, U->getSubExpr(), U->getOperatorLoc(), nullptr);
    return true;
  }

  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    if (C->isAssignmentOp() && C->getNumArgs() == 2)
      lhsWrite(C, C->getArg(0), C->getOperatorLoc(), nullptr);
    return true;
  }

  bool VisitCXXMemberCallExpr(CXXMemberCallExpr *C) {
    std::string Name = methodName(*C);
    if (metadataMutators().count(Name) || listMutators().count(Name))
      if (const VarDecl *V = localVar(C->getImplicitObjectArgument()))
        Writes[V].push_back({C, C->getExprLoc()});
    return true;
  }

  bool VisitCallExpr(CallExpr *C) {
    // A local passed by non-const reference may be changed by the callee;
    // tensors are handles (the callee writes data, not metadata).
    const FunctionDecl *F = C->getDirectCallee();
    if (!F || isa<CXXOperatorCallExpr>(C))
      return true;
    for (unsigned I = 0; I < C->getNumArgs() && I < F->getNumParams(); ++I) {
      QualType T = F->getParamDecl(I)->getType();
      if (!T->isLValueReferenceType() || T.getNonReferenceType().isConstQualified() ||
          isTensorType(T))
        continue;
      if (const VarDecl *V = localVar(C->getArg(I)))
        Writes[V].push_back({C, C->getArg(I)->getExprLoc()});
    }
    return true;
  }

private:
  static const VarDecl *localVar(const Expr *E) {
    auto *D = dyn_cast_or_null<DeclRefExpr>(strip(E));
    auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    return V && V->isLocalVarDecl() ? V : nullptr;
  }

  void lhsWrite(const Stmt *S, const Expr *LHS, SourceLocation Loc,
                const Expr *Value) {
    LHS = strip(LHS);
    if (const VarDecl *V = localVar(LHS)) {
      Writes[V].push_back({S, Loc});
      return;
    }
    // v[i] = e, v.back() = e, v.at(i) = e.
    if (auto *Sub = dyn_cast<CXXOperatorCallExpr>(LHS)) {
      if (Sub->getOperator() == OO_Subscript && Sub->getNumArgs() == 2)
        if (const VarDecl *V = localVar(Sub->getArg(0)))
          Writes[V].push_back({S, Loc, Sub->getArg(1), false, Value});
      return;
    }
    if (auto *Member = dyn_cast<CXXMemberCallExpr>(LHS)) {
      std::string Name = methodName(*Member);
      if (const VarDecl *V = localVar(Member->getImplicitObjectArgument())) {
        if (Name == "back" && Member->getNumArgs() == 0)
          Writes[V].push_back({S, Loc, nullptr, true, Value});
        else if (Name == "at" && Member->getNumArgs() == 1)
          Writes[V].push_back({S, Loc, Member->getArg(0), false, Value});
        else
          Writes[V].push_back({S, Loc});
      }
    }
  }

  int InLambda = 0;
};

} // namespace fake
} // namespace opgen

#endif // OPGEN_LIB_ANALYSIS_BODYEXPRS_H
