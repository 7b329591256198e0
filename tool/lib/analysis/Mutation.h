//===- Mutation.h - Which tensor parameters a kernel body writes -*- C++ -*-===//
///
/// \file
/// Part of the frontend: reads the body of a kernel and, per parameter,
/// records where it is certainly written (an in-place method such as
/// `x.add_()`, `x.copy_(y)` or `x[i] = v` on it or on a view of it, a store
/// through its `data_ptr`/`mutable_data_ptr`/accessor, its data pointer
/// passed to a non-const pointer parameter, e.g. of a CUDA kernel launch,
/// or the tensor passed as the `Tensor&` argument of an ATen op) and whether
/// it escapes where opgen cannot follow it (then it may be written). The
/// check phase compares that with `mutates`. docs/annotation.md#mutates
/// lists what is seen and what is not.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_ANALYSIS_MUTATION_H
#define OPGEN_LIB_ANALYSIS_MUTATION_H

#include "opgen/model/Model.h"

#include "clang/AST/Decl.h"

#include <string>
#include <vector>

namespace opgen {

/// One ParamEffects per parameter of \p Def (a definition), in order.
/// \p Root is the directory locations are shown relative to.
std::vector<ParamEffects> analyzeMutation(clang::ASTContext &Ctx,
                                          const clang::FunctionDecl &Def,
                                          const std::string &Root);

} // namespace opgen

#endif // OPGEN_LIB_ANALYSIS_MUTATION_H
