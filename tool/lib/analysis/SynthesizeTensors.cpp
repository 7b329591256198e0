//===- SynthesizeTensors.cpp - Returned tensors, their allocations --------===//
//
// The synthesiser's tensors: each returned tensor followed back to its
// allocation (at::, the stable ABI's, tensor methods), its options, and the
// arguments and locals it reads.
//===----------------------------------------------------------------------===//
#include "analysis/Synthesizer.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"

using namespace clang;

namespace opgen {
namespace fake {

llvm::Expected<std::vector<FakeOutput>>
Synthesizer::outputs(const Expr *E, size_t NumReturns) {
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

llvm::Expected<FakeOutput> Synthesizer::tensor(const Expr *E) {
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

llvm::Expected<FakeOutput> Synthesizer::factory(const CallExpr &Call) {
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

llvm::Expected<FakeOutput> Synthesizer::stableFactory(const CallExpr &Call,
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

llvm::Expected<FakeOutput> Synthesizer::method(const CXXMemberCallExpr &Call) {
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

llvm::Error Synthesizer::options(const Expr *E, FakeOutput &Out) {
  if (llvm::Error Err = optionsOf(E, Out)) {
    // Whatever failed inside, the options as a whole are what to change.
    llvm::consumeError(std::move(Err));
    return refuse(strip(E), CannotFollowOptions);
  }
  return llvm::Error::success();
}

llvm::Error Synthesizer::optionsOf(const Expr *E, FakeOutput &Out) {
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

const Argument *Synthesizer::argument(const Expr *E, std::string *Name) {
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

std::optional<std::string> Synthesizer::tensorArg(const Expr *E) {
  std::string Name;
  const Argument *A = argument(E, &Name);
  if (A && A->Ty.isPlainTensor())
    return Name;
  return std::nullopt;
}

llvm::Expected<std::string> Synthesizer::requireTensorArg(const Expr *E) {
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

const Expr *Synthesizer::unboundSource(const Expr *E) {
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

llvm::Error Synthesizer::refuseLocalTensor(const Expr *E, const VarDecl &V,
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

llvm::Error Synthesizer::likeTensor(const Expr *E, FakeOutput &Out) {
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

} // namespace fake
} // namespace opgen
