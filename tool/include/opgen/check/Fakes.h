//===- Fakes.h - Decide where each op's fake kernel comes from --*- C++ -*-===//
///
/// \file
/// Part of the check/infer phase: marks ops that need no fake (they only
/// mutate and return nothing), ops whose fake the author's Python module
/// registers (found by scanning it for `register_fake("ns::op")`) and ops
/// whose fake opgen synthesises from a kernel's allocations.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_FAKES_H
#define OPGEN_FAKES_H

#include "opgen/support/Diagnostics.h"
#include "opgen/model/Model.h"

#include <set>
#include <string>

namespace opgen {


/// The op's CPU kernel when its body is meta-safe (Kernel::MetaSafe) and
/// the op is not tagged data_dependent_output: it then serves as the fake,
/// registered for Meta as well.
const Kernel *metaSafeKernel(const Op &O);

/// Sets Op::Fake for every op of \p Library that has no C++ fake yet, in
/// this order: the author's Python module, none needed (mutates only), a
/// CompositeExplicitAutograd kernel, a `device="meta"` kernel, a meta-safe
/// CPU kernel (metaSafeKernel), a fake synthesised from a kernel's
/// allocations. When none applies, a note
/// on \p Diags says why no fake could be synthesised.
void assignFakes(OpLibrary &Library, DiagSink &Diags);

} // namespace opgen

#endif // OPGEN_FAKES_H
