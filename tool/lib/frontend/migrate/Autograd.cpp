//===- Autograd.cpp - torch::autograd::Function classes, read -------------===//
//
// What opgen migrate needs of hand-written autograd, read from the AST and
// lowered to a MigrationFunction: which op a Function's forward calls (below
// autograd, with its arguments in order), what it saves
// (`ctx->saved_data["k"] = ...`, `ctx->save_for_backward({...})`: forward
// arguments, outputs, an argument's sizes), what it returns and marks
// non-differentiable; which op its backward calls with which saved values
// and output gradients, and which of that op's outputs it returns for each
// forward argument (undefined tensors for the others). Statements of other
// kinds make the Function unreadable, with the reason: check/Migrate.cpp
// keeps it. Only the shape is read here; whether opgen's generated autograd
// does the same is decided, and proven, by the check.
//===----------------------------------------------------------------------===//
#include "frontend/migrate/Autograd.h"

#include "frontend/ast/Locations.h"
#include "frontend/ast/Walk.h"

#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <map>
#include <set>

using namespace clang;

namespace opgen {
namespace migrate {

namespace {

/// \p E without what C++ adds around a value: implicit casts, temporaries,
/// converting constructors (`IValue(x)`, a `SymInt` copy), conversion
/// operators and parentheses.
const Expr *strip(const Expr *E) {
  while (E) {
    const Expr *Before = E;
    E = E->IgnoreImplicit()->IgnoreParens();
    if (const auto *C = dyn_cast<CXXConstructExpr>(E))
      if (!isa<CXXTemporaryObjectExpr>(C) && C->getNumArgs() >= 1 &&
          (C->getNumArgs() == 1 || isa<CXXDefaultArgExpr>(C->getArg(1))))
        E = C->getArg(0);
    if (const auto *M = dyn_cast<CXXMemberCallExpr>(E))
      if (isa_and_nonnull<CXXConversionDecl>(M->getMethodDecl()))
        E = M->getImplicitObjectArgument();
    // std::move(x), std::forward<T>(x): x, passed on.
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = Call->getDirectCallee();
          FD && Call->getNumArgs() == 1 && FD->isInStdNamespace() &&
          FD->getDeclName().isIdentifier() &&
          (FD->getName() == "move" || FD->getName() == "forward"))
        E = Call->getArg(0);
    if (E == Before)
      return E;
  }
  return E;
}

/// Whether \p S changes nothing a caller of the op can see, so that reading
/// a body may pass over it: the whole statement one macro's expansion, a
/// check of the arguments (`TORCH_CHECK(...)`, `TORCH_INTERNAL_ASSERT`,
/// `STD_TORCH_CHECK`, `TORCH_WARN`) or a `C10_` statement macro, API-usage
/// logging above all (`C10_LOG_API_USAGE_ONCE("...")`, which torchvision's
/// C++ API starts with).
bool sideEffectFree(const Stmt *S, const ASTContext &Ctx) {
  if (isa_and_nonnull<NullStmt>(S)) // the `;` after a macro that has its own
    return true;
  if (!S || !S->getBeginLoc().isMacroID())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  CharSourceRange Invocation = SM.getExpansionRange(S->getBeginLoc());
  Token Tok;
  if (Lexer::getRawToken(Invocation.getBegin(), Tok, SM, LO, /*IgnoreWhiteSpace=*/true) ||
      !Tok.is(tok::raw_identifier))
    return false;
  // The statement is that one invocation, or it and the `;` after it.
  SourceLocation End = SM.getExpansionRange(S->getEndLoc()).getEnd();
  if (End != Invocation.getEnd()) {
    std::optional<Token> Next = Lexer::findNextToken(Invocation.getEnd(), SM, LO);
    if (!Next || !Next->is(tok::semi) || Next->getLocation() != End)
      return false;
  }
  llvm::StringRef Macro = Tok.getRawIdentifier();
  for (llvm::StringRef Prefix : {"TORCH_CHECK", "TORCH_INTERNAL_ASSERT", "TORCH_WARN",
                                 "STD_TORCH_CHECK", "AT_ASSERT", "C10_"})
    if (Macro.startswith(Prefix))
      return true;
  return false;
}

/// \p Body's statements that sideEffectFree does not pass over.
std::vector<const Stmt *> effectful(const CompoundStmt &Body, const ASTContext &Ctx) {
  std::vector<const Stmt *> Out;
  for (const Stmt *S : Body.body())
    if (!sideEffectFree(S, Ctx))
      Out.push_back(S);
  return Out;
}

/// The integer \p E is, when a constant.
std::optional<int64_t> constant(const ASTContext &Ctx, const Expr *E) {
  if (!E || E->isValueDependent())
    return std::nullopt;
  if (std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx))
    return V->getExtValue();
  return std::nullopt;
}

/// The object and index of `a[i]` (built-in or an operator[]).
std::optional<std::pair<const Expr *, const Expr *>> subscript(const Expr *E) {
  if (const auto *A = dyn_cast_or_null<ArraySubscriptExpr>(E))
    return std::make_pair(A->getBase(), A->getIdx());
  if (const auto *O = dyn_cast_or_null<CXXOperatorCallExpr>(E))
    if (O->getOperator() == OO_Subscript && O->getNumArgs() == 2)
      return std::make_pair(O->getArg(0), O->getArg(1));
  return std::nullopt;
}

/// The op a typed dispatcher handle's initialiser finds
/// (`findSchemaOrThrow("ns::op", "overload")`), or empty.
std::string handleOp(const Stmt *S) {
  return firstIn(S, [](const Stmt *S) -> std::string {
    const auto *M = dyn_cast<CXXMemberCallExpr>(S);
    if (methodName(M) != "findSchemaOrThrow" || M->getNumArgs() != 2)
      return "";
    const auto *Name = dyn_cast<StringLiteral>(strip(M->getArg(0)));
    const auto *Overload = dyn_cast<StringLiteral>(strip(M->getArg(1)));
    if (!Name || !Overload)
      return "";
    return Name->getString().str() +
           (Overload->getLength() ? "." + Overload->getString().str()
                                  : std::string());
  });
}

/// `handle.call(...)` of a typed dispatcher handle: the op it calls.
std::string handleCall(const Expr *E) {
  const auto *M = dyn_cast_or_null<CXXMemberCallExpr>(E);
  if (methodName(M) != "call")
    return "";
  const auto *Ref =
      dyn_cast<DeclRefExpr>(strip(M->getImplicitObjectArgument()));
  const auto *VD = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  return VD ? handleOp(VD->getInit()) : "";
}

/// Whether \p Args are \p FD's parameters from \p First on, in order.
bool passesParams(llvm::ArrayRef<const Expr *> Args, const FunctionDecl &FD,
                  unsigned First) {
  if (Args.size() + First != FD.getNumParams())
    return false;
  for (size_t I = 0; I < Args.size(); ++I) {
    const auto *Ref = dyn_cast<DeclRefExpr>(strip(Args[I]));
    if (!Ref || Ref->getDecl() != FD.getParamDecl(I + First))
      return false;
  }
  return true;
}

/// The items of the braced list in \p E (`{a, b}` as a variable_list or an
/// initializer_list argument).
std::optional<std::vector<const Expr *>> bracedItems(const Stmt *S) {
  using Items = std::optional<std::vector<const Expr *>>;
  return firstIn(S, [](const Stmt *S) -> Items {
    const auto *L = dyn_cast<InitListExpr>(S);
    if (!L)
      return std::nullopt;
    return std::vector<const Expr *>(L->inits().begin(), L->inits().end());
  });
}

/// The index and the tuple of `std::get<i>(tuple)`.
std::optional<std::pair<size_t, const Expr *>> tupleGet(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  const TemplateArgumentList *TA =
      FD ? FD->getTemplateSpecializationArgs() : nullptr;
  if (!TA || !FD->isInStdNamespace() || !FD->getDeclName().isIdentifier() ||
      FD->getName() != "get" || Call->getNumArgs() != 1 || TA->size() < 1 ||
      (*TA)[0].getKind() != TemplateArgument::Integral)
    return std::nullopt;
  return std::make_pair(size_t((*TA)[0].getAsIntegral().getExtValue()),
                        Call->getArg(0));
}

/// The Function class applied by call \p E (`F::apply(...)`).
const CXXRecordDecl *applied(const Expr *E) {
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  const auto *MD =
      Call ? dyn_cast_or_null<CXXMethodDecl>(Call->getDirectCallee()) : nullptr;
  if (!MD || !MD->isStatic() || !MD->getDeclName().isIdentifier() ||
      MD->getName() != "apply")
    return nullptr;
  const auto *Spec = dyn_cast<ClassTemplateSpecializationDecl>(MD->getParent());
  if (!Spec ||
      Spec->getQualifiedNameAsString() != "torch::autograd::Function" ||
      Spec->getTemplateArgs().size() != 1)
    return nullptr;
  const TemplateArgument &A = Spec->getTemplateArgs()[0];
  return A.getKind() == TemplateArgument::Type
             ? A.getAsType()->getAsCXXRecordDecl()
             : nullptr;
}

/// Whether \p S only throws: `throw`, TORCH_CHECK(false, ...) (an `if` of a
/// constant-true condition around a `torchCheckFail`).
bool throws(const ASTContext &Ctx, const Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreImplicit();
    if (isa<CXXThrowExpr>(E))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = Call->getDirectCallee())
        return FD->getDeclName().isIdentifier() &&
               FD->getName().endswith("CheckFail");
    return false;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    bool Value = false;
    return If->getCond() &&
           If->getCond()->EvaluateAsBooleanCondition(Value, Ctx) && Value &&
           throws(Ctx, If->getThen());
  }
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return throws(Ctx, Do->getBody());
  if (const auto *C = dyn_cast<CompoundStmt>(S))
    return !C->body_empty() && throws(Ctx, C->body_front());
  return false;
}

using VK = AutogradValue::Kind;

/// A Function's forward or backward, read statement by statement.
class Reader {
public:
  Reader(ASTContext &Ctx, const Identify &Id, FunctionRead &Out)
      : Ctx(Ctx), Id(Id), Out(Out), F(Out.F) {}

  void forward(const CXXMethodDecl &M);
  void backward(const CXXMethodDecl &M);

private:
  /// What a local variable or an expression holds.
  struct Val {
    enum Kind {
      Bad,
      Plain,     ///< V.
      OpResult,  ///< The op's result (forward) or the backward op's.
      SavedList, ///< ctx->get_saved_variables().
      GradList,  ///< The backward's grad_output.
      SizesList, ///< A saved `sizes()` of forward argument V.Index.
    };
    Kind K = Bad;
    AutogradValue V;
  };

  void fail(const Stmt *S, const std::string &Part, const std::string &Why) {
    if (!F.Why.empty())
      return;
    F.Why = "its " + Part + " " + Why;
    if (S)
      F.Why += " (line " +
               std::to_string(Ctx.getSourceManager().getExpansionLineNumber(
                   S->getBeginLoc())) +
               ")";
  }
  std::optional<std::string> savedKey(const Expr *E) const;
  /// The variables \p DS declares; a declaration of anything else is
  /// refused.
  std::vector<const VarDecl *> locals(const DeclStmt &DS,
                                      const std::string &Part);
  /// When \p VD is initialised by an op call (the part's one: a second is
  /// refused), its arguments; \p VD then holds the op's result.
  std::optional<std::vector<const Expr *>>
  opLocal(const Stmt *S, const VarDecl &VD, const std::string &Part,
          OpCallee &Callee, std::string &Wrapper);
  /// The items of the braced list \p R returns; another return is refused
  /// (a list of \p What is what the part returns).
  std::optional<std::vector<const Expr *>>
  returned(const ReturnStmt &R, const std::string &Part,
           const std::string &What);
  /// The op call \p E is, with its arguments: through a handle, or a
  /// function (a wrapper, resolved later).
  std::optional<std::vector<const Expr *>>
  opCall(const Expr *E, OpCallee &Callee, std::string &Wrapper);
  Val value(const Expr *E);

  ASTContext &Ctx;
  const Identify &Id;
  FunctionRead &Out;
  MigrationFunction &F;
  std::map<const VarDecl *, Val> Vars;
  std::map<std::string, AutogradValue> Saved;
  std::vector<AutogradValue> SavedTensors;
  bool Backward = false;
  bool Called = false; ///< The part's op call was read.
};

std::vector<const VarDecl *> Reader::locals(const DeclStmt &DS,
                                            const std::string &Part) {
  std::vector<const VarDecl *> Out;
  for (const Decl *D : DS.decls()) {
    if (const auto *VD = dyn_cast<VarDecl>(D))
      Out.push_back(VD);
    else
      fail(&DS, Part, "declares something other than a variable");
  }
  return Out;
}

std::optional<std::vector<const Expr *>>
Reader::opLocal(const Stmt *S, const VarDecl &VD, const std::string &Part,
                OpCallee &Callee, std::string &Wrapper) {
  auto Args = opCall(VD.getInit(), Callee, Wrapper);
  if (!Args)
    return std::nullopt;
  if (Called)
    fail(S, Part, "calls more than one function");
  Called = true;
  Vars[&VD] = {Val::OpResult, {}};
  return Args;
}

std::optional<std::vector<const Expr *>>
Reader::returned(const ReturnStmt &R, const std::string &Part,
                 const std::string &What) {
  auto Items = bracedItems(R.getRetValue());
  if (!Items)
    fail(&R, Part, "does not return a braced list of " + What);
  return Items;
}

std::optional<std::string> Reader::savedKey(const Expr *E) const {
  auto Sub = subscript(strip(E));
  if (!Sub)
    return std::nullopt;
  const auto *Member = dyn_cast<MemberExpr>(strip(Sub->first));
  const auto *Key = dyn_cast<StringLiteral>(strip(Sub->second));
  if (!Member || !Key ||
      !Member->getMemberDecl()->getDeclName().isIdentifier() ||
      Member->getMemberDecl()->getName() != "saved_data")
    return std::nullopt;
  return Key->getString().str();
}

std::optional<std::vector<const Expr *>>
Reader::opCall(const Expr *E, OpCallee &Callee, std::string &Wrapper) {
  E = strip(E);
  if (std::string Op = handleCall(E); !Op.empty()) {
    Callee.Op = Op;
    return explicitArgs(*cast<CallExpr>(E));
  }
  const auto *Call = dyn_cast_or_null<CallExpr>(E);
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || isa<CXXMethodDecl>(FD) || !FD->getDeclName().isIdentifier() ||
      FD->isInStdNamespace())
    return std::nullopt;
  Callee.Wrapper = FD->getQualifiedNameAsString();
  Wrapper = Id(*FD);
  return explicitArgs(*Call);
}

Reader::Val Reader::value(const Expr *E) {
  E = strip(E);
  Val Out;
  if (const auto *Ref = dyn_cast_or_null<DeclRefExpr>(E)) {
    if (const auto *P = dyn_cast<ParmVarDecl>(Ref->getDecl())) {
      unsigned I = P->getFunctionScopeIndex();
      if (!Backward && I > 0) {
        Out.K = Val::Plain;
        Out.V = {VK::Input, I - 1, 0};
      } else if (Backward && I == 1) {
        Out.K = Val::GradList;
      }
      return Out;
    }
    if (const auto *VD = dyn_cast<VarDecl>(Ref->getDecl()))
      if (auto It = Vars.find(VD); It != Vars.end())
        return It->second;
    return Out;
  }
  if (auto Sub = subscript(E)) {
    Val List = value(Sub->first);
    std::optional<int64_t> I = constant(Ctx, Sub->second);
    if (!I || *I < 0)
      return Out;
    if (List.K == Val::GradList) {
      Out.K = Val::Plain;
      Out.V = {VK::Grad, size_t(*I), 0};
    } else if (List.K == Val::SavedList && size_t(*I) < SavedTensors.size()) {
      Out.K = Val::Plain;
      Out.V = SavedTensors[*I];
    } else if (List.K == Val::SizesList) {
      Out.K = Val::Plain;
      Out.V = {VK::Size, List.V.Index, *I};
    }
    return Out;
  }
  // std::get<i>(result): output i of the op's result.
  if (auto Get = tupleGet(E); Get && value(Get->second).K == Val::OpResult) {
    Out.K = Val::Plain;
    Out.V = {VK::Output, Get->first, 0};
    return Out;
  }
  std::string Method = methodName(E);
  if (Method.empty())
    return Out;
  const auto *M = cast<CXXMemberCallExpr>(E);
  const Expr *Object = M->getImplicitObjectArgument();
  // Saved values: ctx->saved_data["k"].toDouble(), .toList(), ...;
  // a saved list's element: list[i].get().toSymInt().
  static const std::set<std::string> Getters = {
      "toDouble",       "toInt",     "toBool",     "toSymInt",
      "toSymFloat",     "toTensor",  "toList",     "toIntVector",
      "toSymIntVector", "toIntList", "toDimVector"};
  bool Element = Method == "get" &&
                 Object->getType().getAsString().find("ListElementReference") !=
                     std::string::npos;
  if (Getters.count(Method) || Element) {
    if (std::optional<std::string> Key = savedKey(Object)) {
      auto It = Saved.find(*Key);
      if (It == Saved.end())
        return Out;
      Out.V = It->second;
      Out.K = It->second.K == VK::Sizes && Method == "toList" ? Val::SizesList
                                                              : Val::Plain;
      return Out;
    }
    return value(Object);
  }
  // A forward argument's sizes: x.sizes(), x.sym_sizes(), x.size(i).
  Val Of = value(Object);
  if (Of.K != Val::Plain || Of.V.K != VK::Input)
    return Out;
  if (Method == "sizes" || Method == "sym_sizes") {
    Out.K = Val::Plain;
    Out.V = {VK::Sizes, Of.V.Index, 0};
  } else if ((Method == "size" || Method == "sym_size") &&
             M->getNumArgs() == 1) {
    if (std::optional<int64_t> D = constant(Ctx, M->getArg(0))) {
      Out.K = Val::Plain;
      Out.V = {VK::Size, Of.V.Index, *D};
    }
  }
  return Out;
}

void Reader::forward(const CXXMethodDecl &M) {
  Backward = false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(M.getBody());
  if (!Body) {
    fail(nullptr, "forward", "has no body");
    return;
  }
  bool Guard = false;
  Called = false;
  const std::string Part = "forward";
  for (const Stmt *S : effectful(*Body, Ctx)) {
    if (!F.Why.empty())
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const VarDecl *VD : locals(*DS, Part)) {
        if (const CXXRecordDecl *RD = VD->getType()->getAsCXXRecordDecl())
          if (RD->getName() == "AutoDispatchBelowADInplaceOrView" ||
              RD->getName() == "AutoDispatchBelowAutograd") {
            Guard = true;
            continue;
          }
        std::string Wrapper;
        OpCallee Callee;
        if (auto Args = opLocal(S, *VD, Part, Callee, Wrapper)) {
          if (!Guard)
            fail(S, Part,
                 "calls the op without a guard that dispatches "
                 "below autograd (at::AutoDispatchBelowADInplaceOrView)");
          if (!passesParams(*Args, M, 1))
            fail(S, Part,
                 "does not pass its arguments to '" +
                     (Callee.Op.empty() ? Callee.Wrapper : Callee.Op) +
                     "' in order");
          F.Forward = Callee;
          Out.ForwardWrapper = Wrapper;
          continue;
        }
        Val V = value(VD->getInit());
        if (V.K == Val::Bad)
          fail(S, Part,
               "computes '" + VD->getName().str() +
                   "', which is not the op's result or an output of it");
        Vars[VD] = V;
      }
      continue;
    }
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      auto Items = returned(*R, Part, "outputs");
      if (!Items)
        continue;
      for (const Expr *I : *Items) {
        Val V = value(I);
        if (V.K == Val::OpResult)
          F.Outputs.push_back({VK::Result, 0, 0});
        else if (V.K == Val::Plain && V.V.K == VK::Output)
          F.Outputs.push_back(V.V);
        else
          fail(S, Part, "returns something other than the op's outputs");
      }
      continue;
    }
    const auto *E = dyn_cast<Expr>(S);
    const Expr *Stripped = E ? strip(E) : nullptr;
    if (const auto *Assign = dyn_cast_or_null<CXXOperatorCallExpr>(Stripped))
      if (Assign->getOperator() == OO_Equal && Assign->getNumArgs() == 2)
        if (std::optional<std::string> Key = savedKey(Assign->getArg(0))) {
          Val V = value(Assign->getArg(1));
          if (V.K != Val::Plain ||
              (V.V.K != VK::Input && V.V.K != VK::Size && V.V.K != VK::Sizes))
            fail(S, Part,
                 "saves '" + *Key + "', which is not an argument or its sizes");
          else
            Saved[*Key] = V.V;
          continue;
        }
    std::string Method = methodName(Stripped);
    if (Method == "save_for_backward" || Method == "mark_non_differentiable") {
      auto Items = bracedItems(Stripped);
      if (!Items) {
        fail(S, Part, "calls " + Method + " without a braced list");
        continue;
      }
      for (const Expr *I : *Items) {
        Val V = value(I);
        if (V.K == Val::OpResult)
          V = {Val::Plain, {VK::Result, 0, 0}};
        bool Output =
            V.K == Val::Plain && (V.V.K == VK::Output || V.V.K == VK::Result);
        if (Method == "save_for_backward" &&
            (Output || (V.K == Val::Plain && V.V.K == VK::Input)))
          SavedTensors.push_back(V.V);
        else if (Method == "mark_non_differentiable" && Output)
          F.NonDifferentiable.insert(V.V.K == VK::Result ? 0 : V.V.Index);
        else
          fail(S, Part,
               "passes " + Method +
                   " something other than arguments and outputs");
      }
      continue;
    }
    fail(S, Part, "does more than call the op and save values");
  }
  if (F.Why.empty() && !Called)
    fail(nullptr, Part, "calls no op");
  if (F.Why.empty() && F.Outputs.empty())
    fail(nullptr, Part, "returns no output");
}

void Reader::backward(const CXXMethodDecl &M) {
  Backward = true;
  Vars.clear();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(M.getBody());
  const std::string Part = "backward";
  if (!Body || M.getNumParams() != 2) {
    fail(nullptr, Part, "is not backward(ctx, grad_output)");
    return;
  }
  if (throws(Ctx, Body)) {
    F.BackwardThrows = true;
    return;
  }
  Called = false;
  const VarDecl *Result = nullptr;
  for (const Stmt *S : effectful(*Body, Ctx)) {
    if (!F.Why.empty())
      return;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const VarDecl *VD : locals(*DS, Part)) {
        if (methodName(strip(VD->getInit())) == "get_saved_variables") {
          Vars[VD] = {Val::SavedList, {}};
          continue;
        }
        std::string Wrapper;
        OpCallee Callee;
        if (auto Args = opLocal(S, *VD, Part, Callee, Wrapper)) {
          F.Backward = Callee;
          Out.BackwardWrapper = Wrapper;
          for (const Expr *A : *Args) {
            Val V = value(A);
            if (V.K != Val::Plain)
              fail(A, Part,
                   "passes the backward op a value that is not a "
                   "saved one or an output's gradient");
            F.BackwardArgs.push_back(V.V);
          }
          Result = VD;
          continue;
        }
        Val V = value(VD->getInit());
        if (V.K == Val::Bad || V.K == Val::OpResult)
          fail(S, Part,
               "computes '" + VD->getName().str() +
                   "', which is not a saved value or a gradient");
        Vars[VD] = V;
      }
      continue;
    }
    if (const auto *R = dyn_cast<ReturnStmt>(S)) {
      auto Items = returned(*R, Part, "gradients");
      if (!Items)
        continue;
      for (const Expr *I : *Items) {
        const Expr *E = strip(I);
        if (const auto *C = dyn_cast<CXXConstructExpr>(E);
            C && C->getNumArgs() == 0) {
          F.Gradients.push_back(std::nullopt);
          continue;
        }
        if (const auto *Ref = dyn_cast<DeclRefExpr>(E);
            Ref && Result && Ref->getDecl() == Result) {
          F.Gradients.push_back(0);
          continue;
        }
        if (auto Get = tupleGet(E)) {
          const auto *Arg = dyn_cast<DeclRefExpr>(strip(Get->second));
          if (Arg && Result && Arg->getDecl() == Result) {
            F.Gradients.push_back(Get->first);
            continue;
          }
        }
        // A local the backward op's output was bound to first
        // (`auto grad_input = std::get<0>(grads);`).
        if (Val V = value(E); Result && V.K == Val::Plain && V.V.K == VK::Output) {
          F.Gradients.push_back(V.V.Index);
          continue;
        }
        fail(S, Part,
             "returns something other than the backward op's "
             "outputs and undefined tensors");
      }
      continue;
    }
    fail(S, Part, "does more than call the backward op with saved values");
  }
  if (F.Why.empty() && !Called)
    fail(nullptr, Part, "calls no backward op");
}

} // namespace

std::optional<std::string> wrappedOp(const FunctionDecl &FD) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD.getBody());
  if (!Body)
    return std::nullopt;
  std::vector<const Stmt *> Stmts = effectful(*Body, FD.getASTContext());
  if (Stmts.size() != 2)
    return std::nullopt;
  const auto *Decl = dyn_cast<DeclStmt>(Stmts.front());
  const auto *Ret = dyn_cast<ReturnStmt>(Stmts.back());
  if (!Decl || !Decl->isSingleDecl() || !Ret)
    return std::nullopt;
  const auto *Handle = dyn_cast<VarDecl>(Decl->getSingleDecl());
  std::string Op = handleCall(strip(Ret->getRetValue()));
  if (!Handle || Op.empty() ||
      !passesParams(explicitArgs(*cast<CallExpr>(strip(Ret->getRetValue()))),
                    FD, 0))
    return std::nullopt;
  return Op;
}

const CXXRecordDecl *appliedFunction(const FunctionDecl &Kernel) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Kernel.getBody());
  if (!Body || Body->body_empty())
    return nullptr;
  const auto *Ret = dyn_cast<ReturnStmt>(Body->body_back());
  if (!Ret)
    return nullptr;
  auto Check = [&](const Expr *Call) -> const CXXRecordDecl * {
    const CXXRecordDecl *Class = applied(Call);
    if (!Class || !passesParams(explicitArgs(*cast<CallExpr>(Call)), Kernel, 0))
      return nullptr;
    return Class;
  };
  const Expr *Value = strip(Ret->getRetValue());
  // return F::apply(...)[0];
  if (Body->size() == 1) {
    auto Sub = subscript(Value);
    std::optional<int64_t> I;
    if (Sub && (I = constant(Kernel.getASTContext(), Sub->second)) && *I == 0)
      return Check(strip(Sub->first));
    return nullptr;
  }
  // auto r = F::apply(...); return std::make_tuple(r[0], r[1], ...);
  const auto *Decl =
      Body->size() == 2 ? dyn_cast<DeclStmt>(Body->body_front()) : nullptr;
  const auto *Result = Decl && Decl->isSingleDecl()
                           ? dyn_cast<VarDecl>(Decl->getSingleDecl())
                           : nullptr;
  const auto *Tuple = dyn_cast_or_null<CallExpr>(Value);
  const FunctionDecl *Make = Tuple ? Tuple->getDirectCallee() : nullptr;
  if (!Result || !Make || !Make->isInStdNamespace() ||
      !Make->getDeclName().isIdentifier() || Make->getName() != "make_tuple")
    return nullptr;
  for (unsigned I = 0; I < Tuple->getNumArgs(); ++I) {
    auto Sub = subscript(strip(Tuple->getArg(I)));
    const auto *Ref = Sub ? dyn_cast<DeclRefExpr>(strip(Sub->first)) : nullptr;
    std::optional<int64_t> K =
        Sub ? constant(Kernel.getASTContext(), Sub->second) : std::nullopt;
    if (!Ref || Ref->getDecl() != Result || !K || *K != I)
      return nullptr;
  }
  return Check(strip(Result->getInit()));
}

FunctionRead readFunction(ASTContext &Ctx, const CXXRecordDecl &Class,
                          const Identify &Id) {
  FunctionRead Out;
  MigrationFunction &F = Out.F;
  F.Name = Class.getQualifiedNameAsString();
  const CXXMethodDecl *Forward = nullptr, *Backward = nullptr;
  for (const CXXMethodDecl *M : Class.methods())
    if (M->isStatic() && M->getDeclName().isIdentifier() &&
        M->doesThisDeclarationHaveABody()) {
      if (M->getName() == "forward")
        Forward = M;
      else if (M->getName() == "backward")
        Backward = M;
    }
  if (!Forward || !Backward) {
    F.Why = "it has no static forward and backward defined in the class";
    return Out;
  }
  Reader R(Ctx, Id, Out);
  R.forward(*Forward);
  if (F.Why.empty())
    R.backward(*Backward);
  return Out;
}

} // namespace migrate
} // namespace opgen
