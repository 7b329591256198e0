//===- Merge.h - Kernels of one op into one schema --------------*- C++ -*-===//
#ifndef OPGEN_CHECK_MERGE_H
#define OPGEN_CHECK_MERGE_H

#include "opgen/check/Check.h"

#include <map>
#include <optional>
#include <string>

namespace opgen {
namespace check {

/// \p A and \p B merged when they agree modulo int/SymInt: \p A, widened
/// to SymInt where either says SymInt. std::nullopt when they disagree.
std::optional<OpSchema> unify(const OpSchema &A, const OpSchema &B);

/// `[[custom_op_fake("ns::op")]]`: the function becomes the Meta kernel of
/// its op in \p Ops. Its signature must be the op's, but for
/// int64_t/SymInt; defaults, alias annotations and the kw-only marker come
/// from the op.
void attachCppFake(const AnnotatedFunction &Fn, std::map<std::string, Op> &Ops,
                   DiagSink &Diags, CheckScope Scope);

} // namespace check
} // namespace opgen

#endif // OPGEN_CHECK_MERGE_H
