//===- SynthesizeSizes.cpp - The sizes and integers of a fake -------------===//
//
// The synthesiser's integers and sizes: tensor sizes, dims and numels,
// integer arguments, literals, unmodified locals, arithmetic and
// comparisons, lowered into FakeExprs.
//===----------------------------------------------------------------------===//
#include "analysis/Synthesizer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace opgen {
namespace fake {

llvm::Expected<FakeExpr> Synthesizer::sizes(const Expr *E) {
  E = strip(E);
  if (auto *Init = dyn_cast<InitListExpr>(E)) {
    FakeExpr L = fx(FakeExpr::Kind::List);
    for (const Expr *Item : Init->inits())
      if (llvm::Error Err = appendInteger(L, Item))
        return Err;
    return L;
  }
  if (auto *Ctor = dyn_cast<CXXConstructExpr>(E)) {
    if (Ctor->getNumArgs() == 0) {
      return fx(FakeExpr::Kind::List);
    }
  }
  if (auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    std::string Name = methodName(*Call);
    const Expr *Object = Call->getImplicitObjectArgument();
    if ((Name == "sizes" || Name == "sym_sizes") && Call->getNumArgs() == 0)
      return ofTensor(FakeExpr::Kind::Sizes, Object);
    if (Name == "vec" && Call->getNumArgs() == 0)
      return sizes(Object);
  }
  std::string Name;
  if (const Argument *A = argument(E, &Name)) {
    if (A->Ty.IsList && !A->Ty.Optional &&
        (A->Ty.Base == BaseType::Int || A->Ty.Base == BaseType::SymInt))
      return fx(FakeExpr::Kind::ListArg, Name);
    return refuse(E, "'%s' is not a list of sizes");
  }
  if (const VarDecl *V = local(E)) {
    if (!V->getInit())
      return refuse(E, "'%s' is not initialized where it is declared");
    llvm::Expected<FakeExpr> Out = sizes(V->getInit());
    if (!Out)
      return Out.takeError();
    llvm::Expected<std::vector<WriteCollector::Write>> Items =
        requireUnwritten(V, true);
    if (!Items)
      return Items.takeError();
    for (const WriteCollector::Write &W : *Items) {
      if (!SM.isBeforeInTranslationUnit(W.Loc, E->getExprLoc()))
        continue;
      FakeExpr Set = fx(FakeExpr::Kind::SetItem);
      Set.Ops.push_back(std::move(*Out));
      if (W.Back)
        Set.Ops.push_back(fx(FakeExpr::Kind::Literal, "", "-1"));
      else if (llvm::Error Err = appendInteger(Set, W.Index))
        return Err;
      if (llvm::Error Err = appendInteger(Set, W.Value))
        return Err;
      *Out = std::move(Set);
    }
    return Out;
  }
  return refuse(E, "cannot follow the sizes '%s'; use {a, b, ...}, "
                   "x.sizes() or an int[] argument");
}

llvm::Expected<FakeExpr> Synthesizer::integer(const Expr *E) {
  if (++Depth > 64)
    return refuse(E, "'%s' is too deeply nested to follow");
  llvm::Expected<FakeExpr> Out = integerImpl(E);
  --Depth;
  return Out;
}

llvm::Error Synthesizer::appendInteger(FakeExpr &Out, const Expr *E) {
  llvm::Expected<FakeExpr> Op = integer(E);
  if (!Op)
    return Op.takeError();
  Out.Ops.push_back(std::move(*Op));
  return llvm::Error::success();
}

llvm::Expected<FakeExpr> Synthesizer::ofTensor(FakeExpr::Kind K,
                                               const Expr *Tensor,
                                               std::vector<FakeExpr> Ops) {
  llvm::Expected<std::string> Name = requireTensorArg(Tensor);
  if (!Name)
    return Name.takeError();
  return fx(K, *Name, "", std::move(Ops));
}

llvm::Expected<FakeExpr> Synthesizer::integerImpl(const Expr *E) {
  E = strip(E);
  if (auto *Lit = dyn_cast<IntegerLiteral>(E))
    return fx(FakeExpr::Kind::Literal, "", llvm::toString(Lit->getValue(), 10, false));
  if (auto *B = dyn_cast<CXXBoolLiteralExpr>(E))
    return fx(FakeExpr::Kind::Literal, "", B->getValue() ? "true" : "false");
  if (auto *U = dyn_cast<UnaryOperator>(E)) {
    if (U->getOpcode() == UO_Minus || U->getOpcode() == UO_LNot ||
        U->getOpcode() == UO_Plus) {
      if (U->getOpcode() == UO_Plus)
        return integer(U->getSubExpr());
      FakeExpr Out = fx(FakeExpr::Kind::Unary, "",
                        U->getOpcode() == UO_Minus ? "-" : "!");
      if (llvm::Error Err = appendInteger(Out, U->getSubExpr()))
        return Err;
      return Out;
    }
  }
  if (auto *B = dyn_cast<BinaryOperator>(E)) {
    switch (B->getOpcode()) {
    case BO_Add: case BO_Sub: case BO_Mul: case BO_Div: case BO_Rem:
    case BO_LT: case BO_GT: case BO_LE: case BO_GE: case BO_EQ: case BO_NE:
    case BO_LAnd: case BO_LOr:
      return binary(B->getOpcodeStr().str(), B->getLHS(), B->getRHS());
    default:
      break;
    }
  }
  if (auto *C = dyn_cast<ConditionalOperator>(E)) {
    FakeExpr Out = fx(FakeExpr::Kind::Cond);
    for (const Expr *Op : {C->getCond(), C->getTrueExpr(), C->getFalseExpr()})
      if (llvm::Error Err = appendInteger(Out, Op))
        return Err;
    return Out;
  }
  if (std::optional<std::string> Constant = enumConstant(E))
    return fx(FakeExpr::Kind::Literal, "", *Constant);
  std::string Name;
  if (const Argument *A = argument(E, &Name)) {
    if (!A->Ty.IsList && !A->Ty.Optional &&
        (A->Ty.Base == BaseType::Int || A->Ty.Base == BaseType::SymInt ||
         A->Ty.Base == BaseType::Bool || A->Ty.Base == BaseType::ScalarType))
      return fx(FakeExpr::Kind::Arg, Name);
    return refuse(E, "'%s' is not an integer argument");
  }
  if (auto *Sub = dyn_cast<CXXOperatorCallExpr>(E)) {
    if (Sub->getOperator() == OO_Subscript && Sub->getNumArgs() == 2)
      return item(Sub->getArg(0), Sub->getArg(1), E);
    if (Sub->getNumArgs() == 2) {
      // Comparisons and arithmetic on SymInt and similar class types.
      static const std::map<OverloadedOperatorKind, const char *> Ops = {
          {OO_Plus, "+"},  {OO_Minus, "-"},      {OO_Star, "*"},
          {OO_Slash, "/"}, {OO_Percent, "%"},    {OO_Less, "<"},
          {OO_Greater, ">"}, {OO_LessEqual, "<="}, {OO_GreaterEqual, ">="},
          {OO_EqualEqual, "=="}, {OO_ExclaimEqual, "!="}};
      auto It = Ops.find(Sub->getOperator());
      if (It != Ops.end())
        return binary(It->second, Sub->getArg(0), Sub->getArg(1));
    }
  }
  if (auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
    std::string Name = methodName(*Call);
    const Expr *Object = Call->getImplicitObjectArgument();
    unsigned N = Call->getNumArgs();
    if ((Name == "size" || Name == "sym_size") && N == 1 &&
        isTensorType(Object->getType())) {
      // The dimension is followed before the tensor.
      llvm::Expected<FakeExpr> Dim = integer(Call->getArg(0));
      if (!Dim)
        return Dim.takeError();
      return ofTensor(FakeExpr::Kind::Size, Object, {std::move(*Dim)});
    }
    if ((Name == "dim" || Name == "ndimension") && N == 0)
      return ofTensor(FakeExpr::Kind::Dim, Object);
    if ((Name == "numel" || Name == "sym_numel") && N == 0)
      return ofTensor(FakeExpr::Kind::Numel, Object);
    if ((Name == "scalar_type" || Name == "dtype") && N == 0 &&
        isTensorType(Object->getType()))
      return ofTensor(FakeExpr::Kind::ScalarTypeOf, Object);
    if ((Name == "expect_int" || Name == "guard_int") && argument(Object))
      return integer(Object);
    if (Name == "size" && N == 0) {
      std::string List;
      const Argument *A = argument(Object, &List);
      if (A && A->Ty.IsList && !A->Ty.Optional)
        return fx(FakeExpr::Kind::ArgLength, List);
    }
    if (Name == "at" && N == 1) {
      llvm::Expected<FakeExpr> Index = integer(Call->getArg(0));
      if (!Index)
        return Index.takeError();
      return itemOf(Object, std::move(*Index), E);
    }
    if ((Name == "back" || Name == "front") && N == 0)
      return itemOf(Object,
                    fx(FakeExpr::Kind::Literal, "",
                       Name == "back" ? "-1" : "0"),
                    E);
  }
  if (auto *Sub = dyn_cast<ArraySubscriptExpr>(E))
    return item(Sub->getBase(), Sub->getIdx(), E);
  if (const VarDecl *V = local(E)) {
    if (!V->getInit())
      return refuse(E, "'%s' is not initialized where it is declared");
    if (llvm::Error Err = requireUnwritten(V, false).takeError())
      return Err;
    return integer(V->getInit());
  }
  return refuse(E, "the size '%s' depends on something opgen cannot follow "
                   "(it follows tensor sizes, integer arguments and "
                   "constants)");
}

llvm::Expected<FakeExpr> Synthesizer::binary(std::string Op, const Expr *L,
                                             const Expr *R) {
  FakeExpr Out = fx(FakeExpr::Kind::Binary, "", std::move(Op));
  if (llvm::Error Err = appendInteger(Out, L))
    return Err;
  if (llvm::Error Err = appendInteger(Out, R))
    return Err;
  return Out;
}

llvm::Expected<FakeExpr> Synthesizer::item(const Expr *List, const Expr *Index,
                                           const Expr *Whole) {
  llvm::Expected<FakeExpr> I = integer(Index);
  if (!I)
    return I.takeError();
  return itemOf(List, std::move(*I), Whole);
}

llvm::Expected<FakeExpr> Synthesizer::itemOf(const Expr *List, FakeExpr Index,
                                             const Expr *Whole) {
  std::string Name;
  if (const Argument *A = argument(List, &Name)) {
    if (A->Ty.IsList && !A->Ty.Optional &&
        (A->Ty.Base == BaseType::Int || A->Ty.Base == BaseType::SymInt))
      return fx(FakeExpr::Kind::ArgItem, Name, "", {std::move(Index)});
    return refuse(Whole, "'%s' is not an item of an int[] argument");
  }
  llvm::Expected<FakeExpr> L = sizes(List);
  if (!L)
    return L.takeError();
  if (L->K == FakeExpr::Kind::Sizes)
    return fx(FakeExpr::Kind::Size, L->Name, "", {std::move(Index)});
  return refuse(Whole, "cannot follow '%s'; read sizes as x.size(i) or "
                       "from an int[] argument");
}

std::optional<std::string> Synthesizer::enumConstant(const Expr *E) {
  QualType T = E->getType().getCanonicalType();
  const auto *ET = T->getAs<EnumType>();
  if (!ET)
    return std::nullopt;
  const EnumDecl *Enum = ET->getDecl();
  std::string EnumName = Enum->getQualifiedNameAsString();
  if (EnumName != "c10::ScalarType" && EnumName != "c10::MemoryFormat" &&
      EnumName != "c10::Layout")
    return std::nullopt;
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  for (const EnumConstantDecl *C : Enum->enumerators())
    if (llvm::APSInt::isSameValue(C->getInitVal(), R.Val.getInt()))
      return "at::" + Enum->getName().str() + "::" + C->getName().str();
  return std::nullopt;
}

llvm::Expected<std::string> Synthesizer::memoryFormat(const Expr *E) {
  E = strip(E);
  if (std::optional<std::string> C = enumConstant(E))
    return *C;
  return refuse(E, "cannot follow the memory format '%s'; use a constant "
                   "such as at::MemoryFormat::Contiguous");
}

const VarDecl *Synthesizer::local(const Expr *E) {
  auto *D = dyn_cast<DeclRefExpr>(strip(E));
  auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || isa<ParmVarDecl>(V))
    return nullptr;
  return V;
}

llvm::Expected<std::vector<WriteCollector::Write>>
Synthesizer::requireUnwritten(const VarDecl *V, bool AllowItems) {
  std::vector<WriteCollector::Write> Items;
  auto It = Writes.Writes.find(V);
  if (It == Writes.Writes.end())
    return Items;
  for (const WriteCollector::Write &W : It->second) {
    bool Item = W.Value && (W.Index || W.Back);
    if (AllowItems && Item && TopLevel.count(W.S)) {
      Items.push_back(W);
      continue;
    }
    return refuse(W.Loc, "'" + V->getName().str() + "' is " +
                             (AllowItems && Item
                                  ? "changed inside a branch, loop or "
                                    "lambda here"
                                  : "changed here after its declaration"));
  }
  return Items;
}

} // namespace fake
} // namespace opgen
