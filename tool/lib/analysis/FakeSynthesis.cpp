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

#include "analysis/Synthesizer.h"

#include "frontend/ast/Locations.h"
#include "frontend/ast/TypeMapper.h"

#include "clang/AST/ASTContext.h"
#include "llvm/Support/Error.h"

using namespace clang;

namespace opgen {

char fake::Refusal::ID;

using fake::Refusal;
using fake::Synthesizer;

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
