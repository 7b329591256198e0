//===- Mutation.cpp - Which tensor parameters a kernel body writes ---------===//
//
// Every use of a tensor-valued parameter (at::Tensor, std::optional of one,
// a list of them) is followed upwards through the expression that holds it:
//
//   * through views and elements (`x.narrow(...)`, `x[i]`, `list[i]`,
//     `*opt`, `opt->`, `opt.value()`) and plain copies of the handle
//     (`at::Tensor y = x;`, a range-for variable): still the parameter;
//   * through `x.contiguous()`, `x.reshape(...)`, `x.to(...)`, ...: maybe
//     the parameter (they may or may not copy), so a write there only makes
//     the parameter escape;
//   * to an in-place method (`x.add_()`, `x.copy_()`, `x.index_put_()`, a
//     compound assignment, `x[i] = v`): a write;
//   * to `data_ptr`/`mutable_data_ptr`/an accessor, whose pointer is then
//     stored through (`p[i] = v`, `*p += v`) or passed to a non-const
//     pointer parameter (a CUDA kernel launch, a helper): a write;
//   * to the `Tensor&` argument of an ATen function (`at::add_out(out, ...)`):
//     a write;
//   * for the stable ABI's torch::stable::Tensor, the same through the free
//     functions of torch/csrc/stable/ops.h: `fill_(x, v)`, `zero_(x)`,
//     `copy_(x, y)`, `sum_out(out, ...)` write; `narrow(x, ...)`,
//     `transpose`, `select`, ... are views; `contiguous`, `reshape`, `to`,
//     `flatten` maybe; `x.get()` (the raw handle) escapes;
//   * to reads (`x.size(0)`, `x.options()`, `const_data_ptr`, ATen's
//     functional ops, `return x`): nothing;
//   * anywhere else (a helper function of the project, a pointer copied to
//     another variable, a lambda taking it as `auto`): an escape.
//
// The check phase warns about a write to a parameter that `mutates` does not
// list, and about a `mutates` entry that is neither written nor escapes.
//===----------------------------------------------------------------------===//
#include "analysis/Mutation.h"

#include "frontend/ast/Locations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <map>
#include <set>

using namespace clang;

namespace opgen {

namespace {

/// at::Tensor, or at::TensorBase (where data_ptr, sizes, ... are members),
/// or the stable ABI's torch::stable::Tensor.
bool isTensor(QualType T) {
  const auto *R = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!R)
    return false;
  std::string Name = R->getQualifiedNameAsString();
  return Name == "at::Tensor" || Name == "at::TensorBase" ||
         Name == "torch::stable::Tensor";
}

/// A tensor, or a type built from one (optional, ArrayRef, vector, List,
/// HeaderOnlyArrayRef).
bool holdsTensor(QualType T) {
  std::string S = T.getNonReferenceType().getCanonicalType().getAsString();
  return S.find("at::Tensor") != std::string::npos ||
         S.find("torch::stable::Tensor") != std::string::npos;
}

/// Functions of the stable ABI (torch/csrc/stable/ops.h) whose result is a
/// view of their first argument. (`narrow` takes it as `Tensor&`: not a
/// write.)
const std::set<std::string> &stableViews() {
  static const std::set<std::string> Names = {
      "narrow", "transpose", "select", "squeeze", "unsqueeze", "view"};
  return Names;
}

/// Functions of the stable ABI whose result may or may not share their first
/// argument's storage.
const std::set<std::string> &stableMaybeAliases() {
  static const std::set<std::string> Names = {"contiguous", "reshape",
                                              "flatten", "to"};
  return Names;
}

/// Methods of at::Tensor whose result is a view of the receiver.
const std::set<std::string> &viewMethods() {
  static const std::set<std::string> Names = {
      "view",     "view_as",   "narrow",   "select",   "slice",  "transpose",
      "t",        "permute",   "squeeze",  "unsqueeze", "expand", "expand_as",
      "diagonal", "as_strided", "unflatten", "unfold",  "alias",  "real",
      "imag",     "movedim",   "swapaxes", "swapdims", "mT",     "mH",
      "T",        "H",         "unbind",   "split",    "chunk",  "index"};
  return Names;
}

/// Methods of at::Tensor whose result may or may not share the receiver's
/// storage.
const std::set<std::string> &maybeAliasMethods() {
  static const std::set<std::string> Names = {
      "contiguous", "reshape", "reshape_as", "flatten", "to",   "type",
      "type_as",    "cpu",     "cuda",       "detach",  "data", "expect_contiguous",
      "variable_data", "tensor_data", "toType"};
  return Names;
}

/// Methods of containers (optional, ArrayRef, vector, List) that give an
/// element, or the value.
const std::set<std::string> &elementMethods() {
  static const std::set<std::string> Names = {"value", "at",  "front", "back",
                                              "get",   "value_or", "operator*",
                                              "operator->", "operator[]"};
  return Names;
}

/// Methods of containers that only read.
const std::set<std::string> &containerReads() {
  static const std::set<std::string> Names = {"size", "empty", "has_value",
                                              "length", "operator bool"};
  return Names;
}

bool inAtenNamespace(const FunctionDecl &FD) {
  std::string Name = FD.getQualifiedNameAsString();
  for (const char *Prefix : {"at::", "c10::", "torch::"})
    if (Name.rfind(Prefix, 0) == 0)
      return true;
  return false;
}

/// The first template argument of a class template specialization (the
/// element type of an accessor), or a null type.
QualType firstTemplateArg(QualType T) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      T.getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return QualType();
  return Spec->getTemplateArgs()[0].getAsType();
}

class Analyzer {
public:
  Analyzer(ASTContext &Ctx, const FunctionDecl &Def, const std::string &Root)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Root(Root) {
    struct Collect : RecursiveASTVisitor<Collect> {
      std::map<const ValueDecl *, std::vector<const DeclRefExpr *>> &Refs;
      explicit Collect(decltype(Refs) R) : Refs(R) {}
      bool shouldVisitLambdaBody() const { return true; }
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        Refs[E->getDecl()].push_back(E);
        return true;
      }
    } C(Refs);
    C.TraverseStmt(Def.getBody());
  }

  ParamEffects analyze(const ParmVarDecl &P) {
    ParamEffects Effects;
    Current = &Effects;
    Visiting.clear();
    if (holdsTensor(P.getType()))
      for (const DeclRefExpr *E : Refs[&P])
        tensorUse(E, true);
    return Effects;
  }

private:
  ASTContext &Ctx;
  SourceManager &SM;
  const std::string &Root;
  std::map<const ValueDecl *, std::vector<const DeclRefExpr *>> Refs;
  ParamEffects *Current = nullptr;
  std::set<const VarDecl *> Visiting;

  template <typename T> const T *parent(const Stmt *S) {
    auto Parents = Ctx.getParents(*S);
    return Parents.empty() ? nullptr : Parents[0].get<T>();
  }

  /// The local variable \p E initializes, if that is where its value goes.
  const VarDecl *initializedVar(const Expr *E) {
    for (const auto &Parent : Ctx.getParents(*E))
      if (const auto *V = Parent.get<VarDecl>())
        return V;
    return nullptr;
  }

  void write(SourceLocation L, std::string How, bool Definite) {
    if (!Definite) {
      Current->Escapes = true;
      return;
    }
    Current->Writes.push_back({std::move(How), toSourceLoc(SM, SM.getFileLoc(L), Root)});
  }
  void escape() { Current->Escapes = true; }

  /// Skips what does not change the value: casts the compiler added,
  /// parentheses, temporaries; with \p StopAtLoad, not the load of a
  /// scalar (an element read).
  const Stmt *up(const Expr *&Cur, bool StopAtLoad = false) {
    while (true) {
      const Stmt *P = parent<Stmt>(Cur);
      if (P && isa<ImplicitCastExpr, ParenExpr, MaterializeTemporaryExpr,
                   CXXBindTemporaryExpr, ExprWithCleanups>(P)) {
        if (const auto *IC = dyn_cast<ImplicitCastExpr>(P))
          if (StopAtLoad && IC->getCastKind() == CK_LValueToRValue)
            return P;
        Cur = cast<Expr>(P);
        continue;
      }
      return P;
    }
  }

  /// The uses of local \p V, which holds the tracked tensor (or maybe does).
  void localTensor(const VarDecl &V, bool Definite) {
    if (!Visiting.insert(&V).second)
      return;
    // `for (auto &t : list)`: the hidden range variable; the loop variable
    // holds the elements.
    if (V.isImplicit()) {
      for (const auto &Parent : Ctx.getParents(V))
        if (const auto *DS = Parent.get<DeclStmt>())
          if (const auto *For = parent<CXXForRangeStmt>(DS))
            if (For->getRangeStmt() == DS) {
              localTensor(*For->getLoopVariable(), Definite);
              return;
            }
      escape();
      return;
    }
    if (!holdsTensor(V.getType())) {
      escape();
      return;
    }
    for (const DeclRefExpr *E : Refs[&V])
      tensorUse(E, Definite);
  }

  /// \p E has the tracked tensor (or an element or view of it) as value.
  void tensorUse(const Expr *E, bool Definite) {
    const Expr *Cur = E;
    while (true) {
      const Stmt *P = up(Cur);
      if (!P) {
        if (const VarDecl *V = initializedVar(Cur))
          return localTensor(*V, Definite);
        return escape();
      }
      if (const auto *CE = dyn_cast<CXXConstructExpr>(P)) {
        // A copy of the handle shares the storage.
        if (CE->getNumArgs() == 1 && isTensor(CE->getType())) {
          Cur = CE;
          continue;
        }
        return escape();
      }
      if (isa<CXXFunctionalCastExpr, ConditionalOperator>(P)) {
        Cur = cast<Expr>(P);
        continue;
      }
      if (const auto *ME = dyn_cast<MemberExpr>(P)) {
        const auto *Call = parent<CXXMemberCallExpr>(ME);
        if (!Call || !Call->getMethodDecl())
          return escape();
        QualType T = Cur->getType();
        if (ME->isArrow() && T->isPointerType())
          T = T->getPointeeType();
        return methodUse(*Call, *ME, isTensor(T), Definite);
      }
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P))
        return operatorUse(*OC, Cur, Definite);
      if (const auto *Call = dyn_cast<CallExpr>(P))
        return argumentUse(*Call, Cur, Definite);
      if (isa<ReturnStmt, LambdaExpr>(P))
        return; // Returned (out= variants), or captured: the body is seen.
      if (isa<InitListExpr>(P) || isa<CXXConstructExpr>(P)) {
        // `return {a, b};`: a tuple of handles, returned.
        Cur = cast<Expr>(P);
        continue;
      }
      return escape();
    }
  }

  void methodUse(const CXXMemberCallExpr &Call, const MemberExpr &ME,
                 bool OnTensor, bool Definite) {
    std::string M = Call.getMethodDecl()->getNameAsString();
    if (!OnTensor) {
      if (elementMethods().count(M))
        return tensorUse(&Call, Definite);
      if (containerReads().count(M))
        return;
      return escape();
    }
    if (!M.empty() && M.back() == '_' && M != "requires_grad_")
      return write(ME.getMemberLoc(), "'" + M + "()'", Definite);
    if (viewMethods().count(M))
      return tensorUse(&Call, Definite);
    if (maybeAliasMethods().count(M))
      return tensorUse(&Call, false);
    if (M == "data_ptr" || M == "mutable_data_ptr")
      return pointerUse(&Call, Definite, "a store through its " + M + "()");
    // torch::stable::Tensor::get(): the raw handle, for the C shim
    // (aoti_torch_*), which opgen does not follow.
    if (M == "get")
      return escape();
    if (M.find("accessor") != std::string::npos)
      return accessorUse(&Call, Definite, M);
    // const_data_ptr, sizes, options, functional methods: reads.
  }

  void operatorUse(const CXXOperatorCallExpr &OC, const Expr *Cur,
                   bool Definite) {
    bool First = OC.getNumArgs() > 0 && OC.getArg(0) == Cur;
    OverloadedOperatorKind K = OC.getOperator();
    bool OnTensor = isTensor(Cur->getType());
    if (First && (K == OO_Subscript || K == OO_Star || K == OO_Arrow))
      return tensorUse(&OC, Definite);
    if (First && OnTensor && OC.isAssignmentOp()) {
      // `x[i] = v` fills a view; `x = y` on the parameter itself rebinds
      // its handle, which writes nothing the caller sees.
      if (K != OO_Equal || !Cur->isLValue())
        return write(OC.getOperatorLoc(),
                     "'" + std::string(getOperatorSpelling(K)) + "'", Definite);
      return escape();
    }
    if (OC.isAssignmentOp() || K == OO_Call || K == OO_Amp)
      return escape();
    // Arithmetic and comparisons read.
  }

  void argumentUse(const CallExpr &Call, const Expr *Cur, bool Definite) {
    const FunctionDecl *FD = Call.getDirectCallee();
    if (!FD)
      return escape();
    std::string Name = FD->getQualifiedNameAsString();
    if (Name == "std::move" || Name == "std::forward")
      return tensorUse(&Call, Definite);
    unsigned Index = 0;
    while (Index < Call.getNumArgs() && Call.getArg(Index) != Cur)
      ++Index;
    if (Index == Call.getNumArgs() || Index >= FD->getNumParams())
      return escape();
    const ParmVarDecl *Param = FD->getParamDecl(Index);
    QualType T = Param->getType();
    if (!inAtenNamespace(*FD))
      return escape();
    if (Index == 0 && !isa<CXXMemberCallExpr>(Call) &&
        llvm::StringRef(Name).startswith("torch::stable::")) {
      std::string Short = FD->getNameAsString();
      if (stableViews().count(Short))
        return tensorUse(&Call, Definite);
      if (stableMaybeAliases().count(Short))
        return tensorUse(&Call, false);
    }
    bool MutableRef = T->isLValueReferenceType() &&
                      !T.getNonReferenceType().isConstQualified();
    // `at::relu_(x)`: a free in-place function writes its first argument.
    bool InPlace = !isa<CXXMemberCallExpr>(Call) && Index == 0 &&
                   !FD->getName().empty() && FD->getName().back() == '_';
    if (MutableRef || InPlace)
      return write(Cur->getBeginLoc(),
                   "passed as '" + Param->getNameAsString() + "' of '" + Name + "'",
                   Definite);
  }

  /// \p E is a pointer to the tracked tensor's data.
  void pointerUse(const Expr *E, bool Definite, const std::string &How) {
    const Expr *Cur = E;
    while (true) {
      if (Cur->getType()->isPointerType() &&
          Cur->getType()->getPointeeType().isConstQualified())
        return; // Read through a pointer to const.
      const Stmt *P = up(Cur);
      if (!P) {
        const VarDecl *V = initializedVar(Cur);
        if (!V)
          return escape();
        bool ToConst = V->getType()->isPointerType() &&
                       V->getType()->getPointeeType().isConstQualified();
        if (!ToConst && Visiting.insert(V).second)
          for (const DeclRefExpr *Ref : Refs[V])
            pointerUse(Ref, Definite, How);
        return;
      }
      if (isa<ExplicitCastExpr>(P)) {
        Cur = cast<Expr>(P);
        continue;
      }
      if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
        if (BO->isAdditiveOp() && Cur->getType()->isPointerType()) {
          Cur = BO; // `p + offset`
          continue;
        }
        if (BO->isAssignmentOp() && BO->getLHS() == Cur) // `p = ...`
          return escape();
        return; // Comparisons, differences: reads.
      }
      if (isa<ArraySubscriptExpr>(P) ||
          (isa<UnaryOperator>(P) && cast<UnaryOperator>(P)->getOpcode() == UO_Deref))
        return elementUse(cast<Expr>(P), Definite, How);
      if (const auto *Call = dyn_cast<CallExpr>(P))
        return pointerArgument(*Call, Cur, Definite);
      if (isa<ImplicitCastExpr>(P))
        return; // Loaded: a read of the pointer itself.
      return escape();
    }
  }

  /// \p E is an element of the tracked tensor's data (`p[i]`, `*p`,
  /// `acc[i][j]`).
  void elementUse(const Expr *E, bool Definite, const std::string &How) {
    const Expr *Cur = E;
    const Stmt *P = up(Cur, /*StopAtLoad=*/true);
    if (!P)
      return escape();
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->isAssignmentOp() && BO->getLHS() == Cur)
        return write(BO->getOperatorLoc(), How, Definite);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P)) {
      if (UO->isIncrementDecrementOp())
        return write(UO->getOperatorLoc(), How, Definite);
      if (UO->getOpcode() == UO_AddrOf)
        return pointerUse(UO, Definite, How);
      return;
    }
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
      // A class element (c10::Half, c10::complex): its operators.
      if (OC->getNumArgs() > 0 && OC->getArg(0) == Cur && OC->isAssignmentOp())
        return write(OC->getOperatorLoc(), How, Definite);
      return;
    }
    if (isa<ImplicitCastExpr>(P))
      return; // Loaded.
    if (const auto *Call = dyn_cast<CallExpr>(P)) {
      // Bound to a reference parameter.
      const FunctionDecl *FD = Call->getDirectCallee();
      for (unsigned I = 0; FD && I < Call->getNumArgs() && I < FD->getNumParams(); ++I)
        if (Call->getArg(I) == Cur) {
          QualType T = FD->getParamDecl(I)->getType();
          if (!T->isLValueReferenceType() || T.getNonReferenceType().isConstQualified())
            return;
        }
    }
    escape();
  }

  /// \p Cur, a pointer into the tracked tensor, is an argument of \p Call.
  void pointerArgument(const CallExpr &Call, const Expr *Cur, bool Definite) {
    const FunctionDecl *FD = Call.getDirectCallee();
    unsigned Index = 0;
    while (Index < Call.getNumArgs() && Call.getArg(Index) != Cur)
      ++Index;
    if (!FD || Index == Call.getNumArgs() || Index >= FD->getNumParams())
      return escape();
    QualType T = FD->getParamDecl(Index)->getType();
    if (T->isPointerType() && T->getPointeeType().isConstQualified())
      return;
    if (T->isPointerType())
      return write(Cur->getBeginLoc(),
                   "its data passed to '" + FD->getParamDecl(Index)->getNameAsString() +
                       "' of '" + FD->getQualifiedNameAsString() + "'",
                   Definite);
    escape();
  }

  /// \p E is an accessor of the tracked tensor.
  void accessorUse(const Expr *E, bool Definite, const std::string &Method) {
    QualType Element = firstTemplateArg(E->getType());
    if (!Element.isNull() && Element.isConstQualified())
      return;
    std::string How = "a store through its " + Method + "()";
    const Expr *Cur = E;
    while (true) {
      const Stmt *P = up(Cur);
      if (!P) {
        const VarDecl *V = initializedVar(Cur);
        if (!V)
          return escape();
        if (Visiting.insert(V).second)
          for (const DeclRefExpr *Ref : Refs[V])
            accessorUse(Ref, Definite, Method);
        return;
      }
      if (isa<CXXConstructExpr>(P)) {
        Cur = cast<Expr>(P);
        continue;
      }
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(P)) {
        if (OC->getOperator() == OO_Subscript && OC->getArg(0) == Cur) {
          // `acc[i]` is a smaller accessor, or at the last dimension the
          // element itself (a reference).
          if (OC->getType()->isRecordType() && !OC->isLValue()) {
            Cur = OC;
            continue;
          }
          return elementUse(OC, Definite, How);
        }
        return escape();
      }
      if (const auto *ME = dyn_cast<MemberExpr>(P)) {
        if (const auto *Call = parent<CXXMemberCallExpr>(ME))
          if (Call->getMethodDecl()) {
            std::string M = Call->getMethodDecl()->getNameAsString();
            if (M == "size" || M == "stride" || M == "sizes" || M == "strides")
              return;
            if (M == "data")
              return pointerUse(Call, Definite, How);
          }
        return escape();
      }
      if (const auto *Call = dyn_cast<CallExpr>(P)) {
        // Passed to a kernel or helper: by the accessor type it takes.
        const FunctionDecl *FD = Call->getDirectCallee();
        for (unsigned I = 0; FD && I < Call->getNumArgs() && I < FD->getNumParams(); ++I)
          if (Call->getArg(I) == Cur) {
            QualType T = firstTemplateArg(FD->getParamDecl(I)->getType());
            if (!T.isNull() && T.isConstQualified())
              return;
            if (!T.isNull())
              return write(Cur->getBeginLoc(),
                           "its " + Method + "() passed to '" +
                               FD->getQualifiedNameAsString() + "'",
                           Definite);
          }
        return escape();
      }
      return escape();
    }
  }
};

} // namespace

std::vector<ParamEffects> analyzeMutation(ASTContext &Ctx,
                                          const FunctionDecl &Def,
                                          const std::string &Root) {
  std::vector<ParamEffects> Effects;
  if (!Def.hasBody())
    return Effects;
  Analyzer A(Ctx, Def, Root);
  for (const ParmVarDecl *P : Def.parameters())
    Effects.push_back(A.analyze(*P));
  return Effects;
}

} // namespace opgen
