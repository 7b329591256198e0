//===- FakeSynthesis.h - Fakes from a kernel's allocations ------*- C++ -*-===//
///
/// \file
/// Part of the frontend: reads the body of an op's kernel and, when every
/// returned tensor is a fresh allocation (`at::empty(sizes, x.options())`,
/// `at::empty_like(x)`, `x.new_empty(sizes)`, `at::zeros...`, `x.clone()`)
/// whose sizes are computed from input sizes and integer arguments, lowers
/// those allocations into FakeOutputs (Model.h). Otherwise it says why not,
/// and where. Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_FAKESYNTHESIS_H
#define OPGEN_LIB_FAKESYNTHESIS_H

#include "opgen/model/Model.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>

namespace opgen {

/// Lowers the allocations of \p Def (a definition) into a fake for an op
/// whose inferred arguments and returns are \p Args and \p Returns, named
/// by position (the annotated declaration's names). \p Root is the
/// directory locations are shown relative to.
FakeSynthesis synthesizeFake(clang::ASTContext &Ctx,
                             const clang::FunctionDecl &Def,
                             const std::vector<Argument> &Args,
                             const std::vector<Return> &Returns,
                             const std::string &Root);

/// Lowers expressions of \p Def's body over its arguments \p Args the way
/// the sizes of a synthesised fake are lowered (tensor sizes, dims and
/// numels, integer arguments, literals, unmodified locals, arithmetic and
/// comparisons), for other analyses of the body (analysis/ShapeChecks).
/// Each lowering gives std::nullopt where the expression reads something
/// else.
struct ArgumentLowering {
  llvm::function_ref<std::optional<FakeExpr>(const clang::Expr *)> Integer;
  llvm::function_ref<std::optional<FakeExpr>(const clang::Expr *)> Sizes;
};
void withArgumentLowering(clang::ASTContext &Ctx,
                          const clang::FunctionDecl &Def,
                          const std::vector<Argument> &Args,
                          const std::string &Root,
                          llvm::function_ref<void(const ArgumentLowering &)> Fn);

} // namespace opgen

#endif // OPGEN_LIB_FAKESYNTHESIS_H
