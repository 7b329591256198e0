//===- FakeSynthesis.cpp - Fakes from a kernel's allocations --------------===//
//
// A kernel like
//
//   at::Tensor crop(const at::Tensor& pic, c10::IntArrayRef box) {
//     const int64_t channels = pic.size(0);
//     const int64_t out_h = box[3] - box[1], out_w = box[2] - box[0];
//     at::Tensor out = at::empty({channels, out_h, out_w}, pic.options());
//     ... fill out ...
//     return out;
//   }
//
// returns a tensor whose metadata depends on the inputs' metadata only. This
// file follows each `return` back to its allocation, and each size back to
// tensor sizes, integer arguments and literals (through unmodified locals),
// producing the Clang-free FakeOutput/FakeExpr trees of Model.h. The emitter
// prints them as a SymInt-aware Meta kernel.
//
// Anything it cannot follow ends the attempt with a reason and a location;
// the check phase turns that into a note when the op is left without a fake.
//===----------------------------------------------------------------------===//
#include "analysis/FakeSynthesis.h"

#include "frontend/ClangDiagnostics.h"
#include "frontend/TypeMapper.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Error.h"

#include <map>
#include <set>

using namespace clang;

namespace opgen {

namespace {

FakeExpr fx(FakeExpr::Kind K, std::string Name = "", std::string Text = "",
            std::vector<FakeExpr> Ops = {}) {
  FakeExpr E;
  E.K = K;
  E.Name = std::move(Name);
  E.Text = std::move(Text);
  E.Ops = std::move(Ops);
  return E;
}

/// Why no fake can be synthesised, and where: ends the attempt.
class Refusal : public llvm::ErrorInfo<Refusal> {
public:
  static char ID;
  Refusal(std::string Why, SourceLocation Loc)
      : Why(std::move(Why)), Loc(Loc) {}
  void log(llvm::raw_ostream &OS) const override { OS << Why; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

  std::string Why;
  SourceLocation Loc;
};
char Refusal::ID;

/// Tensor methods that change a tensor's shape, strides or storage.
const std::set<std::string> &metadataMutators() {
  static const std::set<std::string> Names = {
      "resize_",  "resize_as_", "set_",      "as_strided_", "squeeze_",
      "unsqueeze_", "transpose_", "t_",      "swapdims_",   "swapaxes_",
      "unsafeGetTensorImpl"};
  return Names;
}

/// std::vector (and similar) methods that change a list's length or items.
const std::set<std::string> &listMutators() {
  static const std::set<std::string> Names = {
      "push_back", "emplace_back", "pop_back", "insert", "emplace", "erase",
      "resize",    "clear",        "assign",   "swap",   "append"};
  return Names;
}

/// Strips the implicit layers Clang wraps values in: casts, temporaries,
/// copies and moves, std::move, parentheses.
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

/// Arguments of a call, without the ones left to their defaults.
std::vector<const Expr *> givenArgs(const Expr *const *Args, unsigned N) {
  std::vector<const Expr *> Out;
  for (unsigned I = 0; I < N; ++I)
    if (!isa<CXXDefaultArgExpr>(Args[I]))
      Out.push_back(Args[I]);
  return Out;
}

/// at::Tensor (at::TensorBase) or the stable ABI's torch::stable::Tensor.
bool isTensorType(QualType T) {
  T = T.getNonReferenceType().getCanonicalType().getUnqualifiedType();
  const CXXRecordDecl *D = T->getAsCXXRecordDecl();
  if (!D)
    return false;
  std::string Name = D->getQualifiedNameAsString();
  return Name == "at::Tensor" || Name == "at::TensorBase" ||
         Name == "torch::stable::Tensor";
}

/// `x.contiguous([fmt])`, or the stable ABI's `torch::stable::contiguous(x[,
/// fmt])`: \p Tensor is `x`, \p Format the format argument or null.
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

/// `std::nullopt` (or `{}`) passed for an optional argument.
bool isNulloptArg(const Expr *E) {
  E = strip(E);
  if (auto *Ctor = dyn_cast<CXXConstructExpr>(E))
    return Ctor->getNumArgs() == 0;
  if (auto *Ref = dyn_cast<DeclRefExpr>(E))
    return Ref->getDecl()->getName() == "nullopt" &&
           Ref->getDecl()->isInStdNamespace();
  return false;
}


/// Finds every write to a local variable in a body: assignments, `++`,
/// metadata-changing tensor methods, length-changing list methods, and
/// item writes (`v[i] = e`, `v.back() = e`). Returns inside lambdas belong
/// to the lambdas; writes inside them count (they run in the body).
class WriteCollector : public RecursiveASTVisitor<WriteCollector> {
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

class Synthesizer {
public:
  Synthesizer(ASTContext &Ctx, const FunctionDecl &Def,
              const std::vector<Argument> &Args, const std::string &Root)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Def(Def), Args(Args),
        Root(Root) {}

  /// Reads the body's statements and writes; false when it has no body.
  bool prepare() {
    auto *Body = dyn_cast_or_null<CompoundStmt>(Def.getBody());
    if (!Body)
      return false;
    TopLevel.insert(Body->body_begin(), Body->body_end());
    Writes.TraverseStmt(Body);
    return true;
  }

  /// integer() and sizes() for other analyses: the lowered expression, or
  /// nothing when it reads what a fake cannot.
  std::optional<FakeExpr> integerOrNone(const Expr *E) {
    return valueOrNone(integer(E));
  }
  std::optional<FakeExpr> sizesOrNone(const Expr *E) {
    return valueOrNone(sizes(E));
  }

  llvm::Expected<std::vector<FakeOutput>> run(size_t NumReturns) {
    if (!prepare())
      return refuse(Def.getLocation(), "its body was not parsed");
    if (Writes.Returns.empty())
      return refuse(Def.getLocation(), "it never returns");
    std::vector<FakeOutput> First;
    std::string FirstKey;
    for (const ReturnStmt *R : Writes.Returns) {
      if (!R->getRetValue())
        return refuse(R->getReturnLoc(), "a return statement has no value");
      llvm::Expected<std::vector<FakeOutput>> Outs =
          outputs(R->getRetValue(), NumReturns);
      if (!Outs)
        return Outs.takeError();
      std::string Key;
      for (const FakeOutput &O : *Outs)
        Key += O.str() + ";";
      if (First.empty()) {
        First = std::move(*Outs);
        FirstKey = Key;
      } else if (Key != FirstKey) {
        return refuse(R->getReturnLoc(),
                      "this return statement returns other tensors than the "
                      "first one");
      }
    }
    return First;
  }

private:
  static std::optional<FakeExpr> valueOrNone(llvm::Expected<FakeExpr> E) {
    if (E)
      return std::move(*E);
    llvm::consumeError(E.takeError());
    return std::nullopt;
  }

  //===--- returns and tensors ---------------------------------------------===//

  llvm::Expected<std::vector<FakeOutput>> outputs(const Expr *E,
                                                  size_t NumReturns) {
    E = strip(E);
    std::vector<const Expr *> Elems;
    if (NumReturns == 1) {
      Elems.push_back(E);
    } else {
      if (auto *Call = dyn_cast<CallExpr>(E)) {
        std::string Name = calleeName(*Call);
        if (Name == "std::make_tuple" || Name == "std::forward_as_tuple" ||
            Name == "std::tie")
          Elems.assign(Call->arg_begin(), Call->arg_end());
      } else if (auto *Ctor = dyn_cast<CXXConstructExpr>(E)) {
        Elems.assign(Ctor->arg_begin(), Ctor->arg_end());
      } else if (auto *Init = dyn_cast<InitListExpr>(E)) {
        Elems.assign(Init->inits().begin(), Init->inits().end());
      }
      if (Elems.size() != NumReturns)
        return refuse(E, "cannot tell the " + std::to_string(NumReturns) +
                             " returned tensors apart in '%s'; return "
                             "std::make_tuple(a, b, ...)");
    }
    std::vector<FakeOutput> Out;
    for (const Expr *Elem : Elems) {
      llvm::Expected<FakeOutput> T = tensor(Elem);
      if (!T)
        return T.takeError();
      Out.push_back(std::move(*T));
    }
    return Out;
  }

  /// A returned tensor: an allocation, a local holding one, or an argument.
  llvm::Expected<FakeOutput> tensor(const Expr *E) {
    E = strip(E);
    if (const VarDecl *V = local(E)) {
      const auto *Ctor = dyn_cast_or_null<CXXConstructExpr>(
          V->getInit() ? strip(V->getInit()) : nullptr);
      if (!V->getInit() || (Ctor && Ctor->getNumArgs() == 0))
        return refuse(E, "'%s' is not initialized by an allocation where it "
                         "is declared");
      if (llvm::Error Err = requireUnwritten(V, /*AllowItems=*/false).takeError())
        return Err;
      return tensor(V->getInit());
    }
    if (std::optional<std::string> Param = tensorArg(E)) {
      FakeOutput Out;
      Out.K = FakeOutput::Kind::Argument;
      Out.Like = *Param;
      Out.Loc = loc(E);
      return Out;
    }
    if (auto *Member = dyn_cast<CXXMemberCallExpr>(E))
      return method(*Member);
    if (auto *Call = dyn_cast<CallExpr>(E))
      return factory(*Call);
    return refuse(E, NotAnAllocation);
  }

  /// `at::empty(sizes, x.options())`, `at::empty_like(x)` and friends.
  llvm::Expected<FakeOutput> factory(const CallExpr &Call) {
    std::string Name = calleeName(Call);
    llvm::StringRef Short(Name);
    if (Short.consume_front("torch::stable::"))
      return stableFactory(Call, Name, Short);
    if (!Short.consume_front("at::") && !Short.consume_front("torch::"))
      return refuse(&Call, NotAnAllocation);
    std::vector<const Expr *> A = givenArgs(Call.getArgs(), Call.getNumArgs());
    FakeOutput Out;
    Out.Factory = Name;
    Out.Loc = loc(&Call);
    if (Short == "empty_like" || Short == "zeros_like" ||
        Short == "ones_like" || Short == "full_like" || Short == "rand_like" ||
        Short == "randn_like") {
      size_t Extra = Short == "full_like" ? 1 : 0;
      if (A.empty())
        return refuse(&Call, "cannot follow '%s'");
      Out.K = FakeOutput::Kind::EmptyLike;
      if (llvm::Error Err = likeTensor(A[0], Out))
        return Err;
      if (A.size() > 1 + Extra + 1)
        return refuse(&Call, "cannot follow the options of '%s'; pass at most "
                             "a memory format");
      if (A.size() == 2 + Extra)
        if (llvm::Error Err =
                assign(Out.MemoryFormat, memoryFormat(A[1 + Extra])))
          return Err;
      return Out;
    }
    if (Short == "empty" || Short == "zeros" || Short == "ones" ||
        Short == "full" || Short == "rand" || Short == "randn" ||
        Short == "empty_symint" || Short == "zeros_symint" ||
        Short == "ones_symint" || Short == "full_symint") {
      size_t Extra = Short.startswith("full") ? 1 : 0;
      if (A.size() != 2 + Extra)
        return refuse(&Call, "cannot follow '%s'; write it as " + Name +
                                 "(sizes, " + (Extra ? "value, " : "") +
                                 "x.options())");
      Out.K = FakeOutput::Kind::Empty;
      if (llvm::Error Err = assign(Out.Sizes, sizes(A[0])))
        return Err;
      if (llvm::Error Err = options(A[1 + Extra], Out))
        return Err;
      return Out;
    }
    return refuse(&Call, NotAnAllocation);
  }

  /// The stable ABI's allocations (torch/csrc/stable/ops.h):
  /// `empty_like(x)`, `clone(x)`, `new_empty(x, sizes[, dtype])`,
  /// `new_zeros(x, sizes[, dtype])`. `empty` and `full` take their device
  /// and dtype from no input tensor: refused.
  llvm::Expected<FakeOutput> stableFactory(const CallExpr &Call,
                                           const std::string &Name,
                                           llvm::StringRef Short) {
    std::vector<const Expr *> A = givenArgs(Call.getArgs(), Call.getNumArgs());
    FakeOutput Out;
    Out.Factory = Name;
    Out.Loc = loc(&Call);
    if (Short == "empty_like" || Short == "clone") {
      if (A.size() != 1)
        return refuse(&Call, "cannot follow '%s'");
      // aten::empty_like and aten::clone with their default
      // memory_format=preserve_format.
      Out.K = FakeOutput::Kind::EmptyLike;
      if (llvm::Error Err = likeTensor(A[0], Out))
        return Err;
      return Out;
    }
    if (Short == "new_empty" || Short == "new_zeros") {
      if (A.size() < 2)
        return refuse(&Call, "cannot follow '%s'");
      // layout, device, pin_memory: only their defaults (self's).
      for (size_t I = 3; I < A.size(); ++I)
        if (!isNulloptArg(A[I]))
          return refuse(A[I], "cannot follow '%s' (opgen follows " + Name +
                                  "(x, sizes[, dtype]), with x's layout "
                                  "and device)");
      Out.K = FakeOutput::Kind::Empty;
      if (llvm::Error Err = assign(Out.Like, requireTensorArg(A[0])))
        return Err;
      if (llvm::Error Err = assign(Out.Sizes, sizes(A[1])))
        return Err;
      if (A.size() >= 3 && !isNulloptArg(A[2]))
        if (llvm::Error Err = assign(Out.Dtype, integer(A[2])))
          return Err;
      return Out;
    }
    if (Short == "empty" || Short == "full")
      return refuse(&Call, "cannot follow '%s': its device does not come from "
                           "an input tensor; allocate with "
                           "torch::stable::new_empty(x, sizes, dtype) or "
                           "torch::stable::empty_like(x)");
    if (Short == "contiguous" || Short == "view" || Short == "reshape" ||
        Short == "narrow" || Short == "to" || Short == "select" ||
        Short == "transpose" || Short == "squeeze" || Short == "unsqueeze" ||
        Short == "flatten")
      return refuse(&Call, "'%s' may return a view of, or the same tensor "
                           "as, its input; opgen follows fresh allocations "
                           "only");
    return refuse(&Call, NotAStableAllocation);
  }

  /// `x.new_empty(sizes)`, `x.new_zeros(sizes, opts)`, `x.clone()`.
  llvm::Expected<FakeOutput> method(const CXXMemberCallExpr &Call) {
    std::string Name = methodName(Call);
    std::vector<const Expr *> A = givenArgs(Call.getArgs(), Call.getNumArgs());
    const Expr *Object = Call.getImplicitObjectArgument();
    FakeOutput Out;
    Out.Factory = "Tensor::" + Name;
    Out.Loc = loc(&Call);
    if (Name == "new_empty" || Name == "new_zeros" || Name == "new_ones" ||
        Name == "new_full" || Name == "new_empty_symint" ||
        Name == "new_zeros_symint" || Name == "new_ones_symint" ||
        Name == "new_full_symint") {
      size_t Extra = llvm::StringRef(Name).startswith("new_full") ? 1 : 0;
      if (A.size() < 1 + Extra || A.size() > 2 + Extra)
        return refuse(&Call, "cannot follow '%s'");
      Out.K = FakeOutput::Kind::Empty;
      if (llvm::Error Err = assign(Out.Like, requireTensorArg(Object)))
        return Err;
      if (llvm::Error Err = assign(Out.Sizes, sizes(A[0])))
        return Err;
      if (A.size() == 2 + Extra) {
        FakeOutput Opts;
        if (llvm::Error Err = options(A[1 + Extra], Opts))
          return Err;
        if (Opts.Like != Out.Like)
          return refuse(A[1 + Extra], "the options '%s' come from another "
                                      "tensor than the one new_* is called "
                                      "on");
        Out.Dtype = Opts.Dtype;
      }
      return Out;
    }
    if (Name == "clone") {
      if (A.size() > 1)
        return refuse(&Call, "cannot follow '%s'");
      Out.K = FakeOutput::Kind::EmptyLike;
      if (llvm::Error Err = likeTensor(Object, Out))
        return Err;
      if (A.size() == 1)
        if (llvm::Error Err = assign(Out.MemoryFormat, memoryFormat(A[0])))
          return Err;
      return Out;
    }
    if (Name == "contiguous" || Name == "view" || Name == "reshape" ||
        Name == "narrow" || Name == "to" || Name == "slice" ||
        Name == "select" || Name == "expand" || Name == "permute" ||
        Name == "transpose")
      return refuse(&Call, "'%s' may return a view of, or the same tensor "
                           "as, its input; opgen follows fresh allocations "
                           "only");
    return refuse(&Call, NotAnAllocation);
  }

  /// `x.options()` optionally followed by `.dtype(d)`.
  llvm::Error options(const Expr *E, FakeOutput &Out) {
    if (llvm::Error Err = optionsOf(E, Out)) {
      // Whatever failed inside, the options as a whole are what to change.
      llvm::consumeError(std::move(Err));
      return refuse(strip(E), CannotFollowOptions);
    }
    return llvm::Error::success();
  }

  llvm::Error optionsOf(const Expr *E, FakeOutput &Out) {
    E = strip(E);
    if (auto *Call = dyn_cast<CXXMemberCallExpr>(E)) {
      std::string Name = methodName(*Call);
      if (Name == "options" && Call->getNumArgs() == 0)
        return assign(Out.Like,
                      requireTensorArg(Call->getImplicitObjectArgument()));
      if (Name == "dtype" && Call->getNumArgs() == 1) {
        if (llvm::Error Err = optionsOf(Call->getImplicitObjectArgument(), Out))
          return Err;
        // at::kLong, a ScalarType argument, y.scalar_type()
        return assign(Out.Dtype, integer(Call->getArg(0)));
      }
    }
    if (const VarDecl *V = local(E)) {
      if (llvm::Error Err = requireUnwritten(V, false).takeError())
        return Err;
      if (V->getInit())
        return optionsOf(V->getInit(), Out);
    }
    return refuse(E, CannotFollowOptions);
  }

  //===--- arguments -------------------------------------------------------===//

  /// The schema argument a parameter reference names.
  const Argument *argument(const Expr *E, std::string *Name = nullptr) {
    auto *D = dyn_cast<DeclRefExpr>(strip(E));
    auto *P = D ? dyn_cast<ParmVarDecl>(D->getDecl()) : nullptr;
    if (!P || P->getDeclContext() != &Def)
      return nullptr;
    unsigned I = P->getFunctionScopeIndex();
    if (I >= Args.size() || Args[I].Name.empty())
      return nullptr;
    if (Name)
      *Name = Args[I].Name;
    return &Args[I];
  }

  /// The name of the plain tensor argument (not optional, not a list) \p E
  /// refers to directly.
  std::optional<std::string> tensorArg(const Expr *E) {
    std::string Name;
    const Argument *A = argument(E, &Name);
    if (A && A->Ty.isPlainTensor())
      return Name;
    return std::nullopt;
  }

  /// Like tensorArg, for the metadata reads (`sizes()`, `options()`): also
  /// through unmodified locals bound to the argument or to `x.contiguous()`
  /// (same sizes, dtype and device); refuses otherwise.
  llvm::Expected<std::string> requireTensorArg(const Expr *E) {
    const Expr *S = strip(E);
    if (std::optional<std::string> Name = tensorArg(S))
      return *Name;
    const Expr *Of, *Format;
    if (isContiguousCall(S, Of, Format))
      return requireTensorArg(Of);
    if (const VarDecl *V = local(S))
      if (V->getInit() && isTensorType(V->getType())) {
        if (llvm::Error Err = requireUnwritten(V, false).takeError())
          return Err;
        if (const Expr *From = unboundSource(V->getInit()))
          return refuseLocalTensor(E, *V, From);
        return requireTensorArg(V->getInit());
      }
    return refuse(E, "'%s' is not a tensor argument of the op");
  }

  /// Where following the initialiser \p E of a local (through
  /// `.contiguous()` and other tensor locals) stops short of a
  /// tensor argument: the expression that is none, or null when it reaches
  /// one.
  const Expr *unboundSource(const Expr *E) {
    for (unsigned Depth = 0; Depth < 32; ++Depth) {
      const Expr *S = strip(E);
      const Expr *Of, *Format;
      while (isContiguousCall(S, Of, Format))
        S = strip(Of);
      if (tensorArg(S))
        return nullptr;
      const VarDecl *V = local(S);
      if (!V || !V->getInit() || !isTensorType(V->getType()))
        return S;
      E = V->getInit();
    }
    return nullptr;
  }

  /// Refuses the read through \p E of the local tensor \p V that comes from
  /// \p From, no argument: names the read (`output.sizes()`), not the
  /// local's initialiser.
  llvm::Error refuseLocalTensor(const Expr *E, const VarDecl &V,
                                const Expr *From) {
    const Expr *Read = E;
    for (const Expr *At = E;;) {
      auto Parents = Ctx.getParents(*At);
      if (Parents.size() != 1)
        break;
      const Expr *P = Parents[0].get<Expr>();
      if (!P || !(isa<ImplicitCastExpr>(P) || isa<ParenExpr>(P) ||
                  isa<MemberExpr>(P) || isa<CXXMemberCallExpr>(P)))
        break;
      if (auto *Call = dyn_cast<CXXMemberCallExpr>(P)) {
        if (strip(Call->getImplicitObjectArgument()) == strip(E))
          Read = Call;
        break;
      }
      At = P;
    }
    std::string Why = "'%s' reads '" + V.getNameAsString() +
                      "', a local tensor that comes from '" + text(From) +
                      "', not a tensor argument of the op; opgen reads "
                      "sizes and options from tensor arguments and from "
                      "unchanged locals bound to one";
    return refuse(Read, std::move(Why));
  }

  /// The tensor whose strides an `empty_like`/`clone` copies (with the
  /// preserve_format rules): an input tensor, or `x.contiguous([fmt])` of
  /// one, directly or through an unmodified local. The fake makes the same
  /// call on the same expression of the fake input, so its strides are the
  /// kernel's. Anything else (a view, a transpose, a reshape) is refused:
  /// its strides are not the input's.
  llvm::Error likeTensor(const Expr *E, FakeOutput &Out) {
    const Expr *S = strip(E);
    if (std::optional<std::string> Name = tensorArg(S)) {
      Out.Like = *Name;
      return llvm::Error::success();
    }
    const Expr *Of, *Format;
    if (isContiguousCall(S, Of, Format)) {
      if (!Out.LikeContiguous.empty())
        return refuse(S, "cannot tell the strides of '%s' (.contiguous() of "
                         "a .contiguous() tensor)");
      Out.LikeContiguous = "at::MemoryFormat::Contiguous";
      if (Format)
        if (llvm::Error Err = assign(Out.LikeContiguous, memoryFormat(Format)))
          return Err;
      return likeTensor(Of, Out);
    }
    if (isa<CXXMemberCallExpr>(S))
      return refuse(S, "cannot tell the strides of '%s' (opgen follows an "
                       "input tensor or its .contiguous() here)");
    if (const VarDecl *V = local(S))
      if (V->getInit() && isTensorType(V->getType())) {
        if (llvm::Error Err = requireUnwritten(V, false).takeError())
          return Err;
        return likeTensor(V->getInit(), Out);
      }
    return refuse(E, "'%s' is not a tensor argument of the op");
  }

  //===--- integers and sizes ----------------------------------------------===//

  llvm::Expected<FakeExpr> sizes(const Expr *E) {
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

  llvm::Expected<FakeExpr> integer(const Expr *E) {
    if (++Depth > 64)
      return refuse(E, "'%s' is too deeply nested to follow");
    llvm::Expected<FakeExpr> Out = integerImpl(E);
    --Depth;
    return Out;
  }

  /// Appends integer(\p E) to the operands of \p Out.
  llvm::Error appendInteger(FakeExpr &Out, const Expr *E) {
    llvm::Expected<FakeExpr> Op = integer(E);
    if (!Op)
      return Op.takeError();
    Out.Ops.push_back(std::move(*Op));
    return llvm::Error::success();
  }

  /// A FakeExpr of kind \p K on the tensor argument \p Tensor, with
  /// \p Ops as its operands.
  llvm::Expected<FakeExpr> ofTensor(FakeExpr::Kind K, const Expr *Tensor,
                                    std::vector<FakeExpr> Ops = {}) {
    llvm::Expected<std::string> Name = requireTensorArg(Tensor);
    if (!Name)
      return Name.takeError();
    return fx(K, *Name, "", std::move(Ops));
  }

  llvm::Expected<FakeExpr> integerImpl(const Expr *E) {
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

  /// `L op R` on integers.
  llvm::Expected<FakeExpr> binary(std::string Op, const Expr *L,
                                  const Expr *R) {
    FakeExpr Out = fx(FakeExpr::Kind::Binary, "", std::move(Op));
    if (llvm::Error Err = appendInteger(Out, L))
      return Err;
    if (llvm::Error Err = appendInteger(Out, R))
      return Err;
    return Out;
  }

  /// `list[i]`: an item of an `int[]` argument, or a size of a tensor.
  llvm::Expected<FakeExpr> item(const Expr *List, const Expr *Index,
                                const Expr *Whole) {
    llvm::Expected<FakeExpr> I = integer(Index);
    if (!I)
      return I.takeError();
    return itemOf(List, std::move(*I), Whole);
  }

  llvm::Expected<FakeExpr> itemOf(const Expr *List, FakeExpr Index,
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

  /// `at::kLong`, `at::ScalarType::Long`, `at::MemoryFormat::Contiguous`.
  std::optional<std::string> enumConstant(const Expr *E) {
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

  llvm::Expected<std::string> memoryFormat(const Expr *E) {
    E = strip(E);
    if (std::optional<std::string> C = enumConstant(E))
      return *C;
    return refuse(E, "cannot follow the memory format '%s'; use a constant "
                     "such as at::MemoryFormat::Contiguous");
  }

  //===--- locals ----------------------------------------------------------===//

  const VarDecl *local(const Expr *E) {
    auto *D = dyn_cast<DeclRefExpr>(strip(E));
    auto *V = D ? dyn_cast<VarDecl>(D->getDecl()) : nullptr;
    if (!V || !V->isLocalVarDecl() || isa<ParmVarDecl>(V))
      return nullptr;
    return V;
  }

  /// Refuses when \p V is written after its declaration; with
  /// \p AllowItems, item writes in the body's own statements (not in a
  /// branch, loop or lambda) are returned instead, in source order.
  llvm::Expected<std::vector<WriteCollector::Write>>
  requireUnwritten(const VarDecl *V, bool AllowItems) {
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

  //===--- refusals --------------------------------------------------------===//

  static constexpr const char *NotAnAllocation =
      "'%s' is not an allocation opgen can follow (at::empty, "
      "at::empty_like, x.new_empty, at::zeros, x.clone(), ...)";
  static constexpr const char *NotAStableAllocation =
      "'%s' is not an allocation opgen can follow "
      "(torch::stable::empty_like, torch::stable::new_empty, "
      "torch::stable::new_zeros, torch::stable::clone)";
  static constexpr const char *CannotFollowOptions =
      "cannot follow the options '%s'; use x.options() of an input tensor x, "
      "optionally with .dtype(...)";

  std::string text(const Expr *E) {
    CharSourceRange R = CharSourceRange::getTokenRange(
        SM.getExpansionRange(E->getSourceRange()).getAsRange());
    std::string T =
        Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    std::string Flat;
    for (char C : T) {
      if (C == '\n' || C == '\t' || C == '\r')
        C = ' ';
      if (C == ' ' && !Flat.empty() && Flat.back() == ' ')
        continue;
      Flat += C;
    }
    if (Flat.size() > 60)
      Flat = Flat.substr(0, 57) + "...";
    return Flat;
  }

  llvm::Error refuse(SourceLocation Loc, std::string Why) {
    return llvm::make_error<Refusal>(std::move(Why), Loc);
  }

  /// Refuses at \p E; a `%s` in \p Why is replaced by the text of \p E.
  llvm::Error refuse(const Expr *E, std::string Why) {
    size_t At = Why.find("%s");
    if (At != std::string::npos)
      Why.replace(At, 2, text(E));
    return refuse(E->getBeginLoc(), std::move(Why));
  }

  /// Stores the value of \p From in \p To, or passes its error on.
  template <typename T, typename U>
  static llvm::Error assign(T &To, llvm::Expected<U> From) {
    if (!From)
      return From.takeError();
    To = std::move(*From);
    return llvm::Error::success();
  }

  SourceLoc loc(const Expr *E) { return toSourceLoc(SM, E->getExprLoc(), Root); }

  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl &Def;
  const std::vector<Argument> &Args;
  const std::string &Root;
  WriteCollector Writes;
  std::set<const Stmt *> TopLevel;
  int Depth = 0;
};

} // namespace

FakeSynthesis synthesizeFake(ASTContext &Ctx, const FunctionDecl &Def,
                             const std::vector<Argument> &Args,
                             const std::vector<Return> &Returns,
                             const std::string &Root) {
  FakeSynthesis Out;
  for (const Return &R : Returns)
    if (!R.Ty.isPlainTensor()) {
      Out.Why = "it returns something other than tensors (" +
                printType(Ctx, Def.getReturnType()) +
                "); opgen synthesises fakes for tensor and tuple-of-tensor "
                "returns";
      Out.WhyLoc = toSourceLoc(Ctx.getSourceManager(),
                               Def.getReturnTypeSourceRange().getBegin(), Root);
      return Out;
    }
  Synthesizer S(Ctx, Def, Args, Root);
  llvm::Expected<std::vector<FakeOutput>> Outputs = S.run(Returns.size());
  if (Outputs) {
    Out.Outputs = std::move(*Outputs);
    Out.Ok = true;
    return Out;
  }
  llvm::handleAllErrors(Outputs.takeError(), [&](const Refusal &R) {
    Out.Why = R.Why;
    Out.WhyLoc = toSourceLoc(Ctx.getSourceManager(), R.Loc, Root);
  });
  return Out;
}

void withArgumentLowering(ASTContext &Ctx, const FunctionDecl &Def,
                          const std::vector<Argument> &Args,
                          const std::string &Root,
                          llvm::function_ref<void(const ArgumentLowering &)> Fn) {
  Synthesizer S(Ctx, Def, Args, Root);
  if (!S.prepare())
    return;
  auto Integer = [&](const Expr *E) { return S.integerOrNone(E); };
  auto Sizes = [&](const Expr *E) { return S.sizesOrNone(E); };
  Fn(ArgumentLowering{Integer, Sizes});
}

} // namespace opgen
