//===- ShapeChecks.h - What a kernel checks of its arguments ----*- C++ -*-===//
///
/// \file
/// Part of the frontend: reads the argument checks at the top level of a
/// kernel's body (`TORCH_CHECK(cond, ...)`, or any `if (!cond)` whose branch
/// always throws) and lowers each condition that reads only argument
/// metadata (sizes, dims, numels, integer arguments, list lengths) into a
/// FakeExpr. The generated tests derive sample shapes that satisfy them
/// (docs/cli.md#derived-samples). Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_ANALYSIS_SHAPECHECKS_H
#define OPGEN_LIB_ANALYSIS_SHAPECHECKS_H

#include "opgen/model/Model.h"

#include "clang/AST/Decl.h"

#include <string>
#include <vector>

namespace opgen {

/// The conditions \p Def (a definition) checks of its arguments \p Args
/// (named by position, like the annotated declaration's), each a bool
/// FakeExpr that holds whenever the kernel does not throw, in source order.
/// Conjunctions are split; conditions that read anything else are left out.
std::vector<FakeExpr> readShapeChecks(clang::ASTContext &Ctx,
                                      const clang::FunctionDecl &Def,
                                      const std::vector<Argument> &Args,
                                      const std::string &Root);

} // namespace opgen

#endif // OPGEN_LIB_ANALYSIS_SHAPECHECKS_H
