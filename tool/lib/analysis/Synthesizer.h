//===- Synthesizer.h - Fakes from a kernel's allocations --------*- C++ -*-===//
///
/// \file
/// The fake synthesis (FakeSynthesis.h) as one object over a kernel body,
/// its members in three files: FakeSynthesis.cpp (the entry points, the
/// refusals), SynthesizeTensors.cpp (returns, allocations and their
/// options, the arguments they read) and SynthesizeSizes.cpp (integers,
/// sizes and the locals they flow through). Private to analysis/.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_ANALYSIS_SYNTHESIZER_H
#define OPGEN_LIB_ANALYSIS_SYNTHESIZER_H

#include "analysis/BodyExprs.h"

#include "frontend/ast/Locations.h"

#include "opgen/model/Model.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace opgen {
namespace fake {

using namespace clang;

inline FakeExpr fx(FakeExpr::Kind K, std::string Name = "", std::string Text = "",
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
                                                  size_t NumReturns);

  /// A returned tensor: an allocation, a local holding one, or an argument.
  llvm::Expected<FakeOutput> tensor(const Expr *E);

  /// `at::empty(sizes, x.options())`, `at::empty_like(x)` and friends.
  llvm::Expected<FakeOutput> factory(const CallExpr &Call);

  /// The stable ABI's allocations (torch/csrc/stable/ops.h):
  /// `empty_like(x)`, `clone(x)`, `new_empty(x, sizes[, dtype])`,
  /// `new_zeros(x, sizes[, dtype])`. `empty` and `full` take their device
  /// and dtype from no input tensor: refused.
  llvm::Expected<FakeOutput> stableFactory(const CallExpr &Call,
                                           const std::string &Name,
                                           llvm::StringRef Short);

  /// `x.new_empty(sizes)`, `x.new_zeros(sizes, opts)`, `x.clone()`.
  llvm::Expected<FakeOutput> method(const CXXMemberCallExpr &Call);

  /// `x.options()` optionally followed by `.dtype(d)`.
  llvm::Error options(const Expr *E, FakeOutput &Out);

  llvm::Error optionsOf(const Expr *E, FakeOutput &Out);

  //===--- arguments -------------------------------------------------------===//

  /// The schema argument a parameter reference names.
  const Argument *argument(const Expr *E, std::string *Name = nullptr);

  /// The name of the plain tensor argument (not optional, not a list) \p E
  /// refers to directly.
  std::optional<std::string> tensorArg(const Expr *E);

  /// Like tensorArg, for the metadata reads (`sizes()`, `options()`): also
  /// through unmodified locals bound to the argument or to `x.contiguous()`
  /// (same sizes, dtype and device); refuses otherwise.
  llvm::Expected<std::string> requireTensorArg(const Expr *E);

  /// Where following the initialiser \p E of a local (through
  /// `.contiguous()` and other tensor locals) stops short of a
  /// tensor argument: the expression that is none, or null when it reaches
  /// one.
  const Expr *unboundSource(const Expr *E);

  /// Refuses the read through \p E of the local tensor \p V that comes from
  /// \p From, no argument: names the read (`output.sizes()`), not the
  /// local's initialiser.
  llvm::Error refuseLocalTensor(const Expr *E, const VarDecl &V,
                                const Expr *From);

  /// The tensor whose strides an `empty_like`/`clone` copies (with the
  /// preserve_format rules): an input tensor, or `x.contiguous([fmt])` of
  /// one, directly or through an unmodified local. The fake makes the same
  /// call on the same expression of the fake input, so its strides are the
  /// kernel's. Anything else (a view, a transpose, a reshape) is refused:
  /// its strides are not the input's.
  llvm::Error likeTensor(const Expr *E, FakeOutput &Out);

  //===--- integers and sizes ----------------------------------------------===//

  llvm::Expected<FakeExpr> sizes(const Expr *E);

  llvm::Expected<FakeExpr> integer(const Expr *E);

  /// Appends integer(\p E) to the operands of \p Out.
  llvm::Error appendInteger(FakeExpr &Out, const Expr *E);

  /// A FakeExpr of kind \p K on the tensor argument \p Tensor, with
  /// \p Ops as its operands.
  llvm::Expected<FakeExpr> ofTensor(FakeExpr::Kind K, const Expr *Tensor,
                                    std::vector<FakeExpr> Ops = {});

  llvm::Expected<FakeExpr> integerImpl(const Expr *E);

  /// `L op R` on integers.
  llvm::Expected<FakeExpr> binary(std::string Op, const Expr *L,
                                  const Expr *R);

  /// `list[i]`: an item of an `int[]` argument, or a size of a tensor.
  llvm::Expected<FakeExpr> item(const Expr *List, const Expr *Index,
                                const Expr *Whole);

  llvm::Expected<FakeExpr> itemOf(const Expr *List, FakeExpr Index,
                                  const Expr *Whole);

  /// `at::kLong`, `at::ScalarType::Long`, `at::MemoryFormat::Contiguous`.
  std::optional<std::string> enumConstant(const Expr *E);

  llvm::Expected<std::string> memoryFormat(const Expr *E);

  //===--- locals ----------------------------------------------------------===//

  const VarDecl *local(const Expr *E);

  /// Refuses when \p V is written after its declaration; with
  /// \p AllowItems, item writes in the body's own statements (not in a
  /// branch, loop or lambda) are returned instead, in source order.
  llvm::Expected<std::vector<WriteCollector::Write>>
  requireUnwritten(const VarDecl *V, bool AllowItems);

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

} // namespace fake
} // namespace opgen

#endif // OPGEN_LIB_ANALYSIS_SYNTHESIZER_H
