//===- BodyExprs.cpp - Reading a kernel body's expressions ----------------===//
#include "analysis/BodyExprs.h"

#include "clang/AST/DeclCXX.h"

using namespace clang;

namespace opgen {
namespace fake {

const std::set<std::string> &metadataMutators() {
  static const std::set<std::string> Names = {
      "resize_",  "resize_as_", "set_",      "as_strided_", "squeeze_",
      "unsqueeze_", "transpose_", "t_",      "swapdims_",   "swapaxes_",
      "unsafeGetTensorImpl"};
  return Names;
}

const std::set<std::string> &listMutators() {
  static const std::set<std::string> Names = {
      "push_back", "emplace_back", "pop_back", "insert", "emplace", "erase",
      "resize",    "clear",        "assign",   "swap",   "append"};
  return Names;
}

const Expr *strip(const Expr *E) {
  while (E) {
    const Expr *Next = nullptr;
    if (auto *C = dyn_cast<ExprWithCleanups>(E))
      Next = C->getSubExpr();
    else if (auto *M = dyn_cast<MaterializeTemporaryExpr>(E))
      Next = M->getSubExpr();
    else if (auto *B = dyn_cast<CXXBindTemporaryExpr>(E))
      Next = B->getSubExpr();
    else if (auto *P = dyn_cast<ParenExpr>(E))
      Next = P->getSubExpr();
    else if (auto *I = dyn_cast<ImplicitCastExpr>(E))
      Next = I->getSubExpr();
    else if (auto *Cast = dyn_cast<ExplicitCastExpr>(E))
      Next = Cast->getSubExpr();
    else if (auto *L = dyn_cast<CXXStdInitializerListExpr>(E))
      Next = L->getSubExpr();
    else if (auto *Ctor = dyn_cast<CXXConstructExpr>(E)) {
      // Copies, moves and converting constructors (std::optional<T>(v),
      // ArrayRef from a vector or an initializer list, SymInt from int).
      if (Ctor->getNumArgs() == 1 && !isa<CXXTemporaryObjectExpr>(Ctor))
        Next = Ctor->getArg(0);
      else if (Ctor->getNumArgs() == 1 && Ctor->isListInitialization())
        Next = Ctor->getArg(0);
    } else if (auto *Call = dyn_cast<CallExpr>(E)) {
      if (const FunctionDecl *F = Call->getDirectCallee())
        if (F->isInStdNamespace() && F->getName() == "move" &&
            Call->getNumArgs() == 1)
          Next = Call->getArg(0);
    }
    if (!Next)
      return E;
    E = Next;
  }
  return E;
}

std::string calleeName(const CallExpr &Call) {
  if (const FunctionDecl *F = Call.getDirectCallee())
    return F->getQualifiedNameAsString();
  return "";
}

std::string methodName(const CXXMemberCallExpr &Call) {
  if (const CXXMethodDecl *M = Call.getMethodDecl())
    if (M->getDeclName().isIdentifier())
      return M->getName().str();
  return "";
}

std::vector<const Expr *> givenArgs(const Expr *const *Args, unsigned N) {
  std::vector<const Expr *> Out;
  for (unsigned I = 0; I < N; ++I)
    if (!isa<CXXDefaultArgExpr>(Args[I]))
      Out.push_back(Args[I]);
  return Out;
}

bool isTensorType(QualType T) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const CXXRecordDecl *D = T->getAsCXXRecordDecl();
  if (!D)
    return false;
  std::string Name = D->getQualifiedNameAsString();
  return Name == "at::Tensor" || Name == "at::TensorBase" ||
         Name == "torch::stable::Tensor";
}

bool isContiguousCall(const Expr *E, const Expr *&Tensor,
                      const Expr *&Format) {
  Format = nullptr;
  if (auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    if (methodName(*Call) != "contiguous" ||
        !isTensorType(Call->getImplicitObjectArgument()->getType()))
      return false;
    Tensor = Call->getImplicitObjectArgument();
    std::vector<const Expr *> A = givenArgs(Call->getArgs(), Call->getNumArgs());
    Format = A.empty() ? nullptr : A[0];
    return A.size() <= 1;
  }
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    if (calleeName(*Call) != "torch::stable::contiguous")
      return false;
    std::vector<const Expr *> A = givenArgs(Call->getArgs(), Call->getNumArgs());
    if (A.empty() || A.size() > 2)
      return false;
    Tensor = A[0];
    Format = A.size() == 2 ? A[1] : nullptr;
    return true;
  }
  return false;
}

bool isNulloptArg(const Expr *E) {
  E = strip(E);
  if (auto *Ctor = dyn_cast<CXXConstructExpr>(E))
    return Ctor->getNumArgs() == 0;
  if (auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl()->getName() == "nullopt" &&
           Ref->getDecl()->isInStdNamespace();
  return false;
}

} // namespace fake
} // namespace opgen
