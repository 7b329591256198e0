//===- Backward.h - [[custom_op_backward]]: naming, linking -*- C++ -*-===//
///
/// \file
/// A backward function becomes the op `ns::op_backward` (or its `name`),
/// merged like any kernel; once every op is merged, it is linked to its
/// forward op: each backward parameter matched to a gradient, a forward
/// input or output, or saved metadata (`bind`), and the gradients it
/// returns (`grads`) counted. Private to check/.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_CHECK_BACKWARD_H
#define OPGEN_CHECK_BACKWARD_H

#include "opgen/model/Model.h"
#include "opgen/support/Diagnostics.h"

#include <set>
#include <string>
#include <vector>

namespace opgen {
namespace check {

/// A backward function, named as an op; the link to its forward op is
/// checked once every op is merged.
struct BackwardLink {
  std::string Forward;         ///< The forward op's full name.
  OpSchema Backward;           ///< The backward op's name fields.
  const AnnotatedFunction *Fn; ///< As lowered (parameter names, locations).
};

/// Names every backward function of \p Functions (reporting its unknown
/// keys, a bad `name`, a conflict with another backward of the same op or a
/// clash with an op of \p ForwardNames). A backward that failed has no link.
std::vector<BackwardLink>
nameBackwards(const std::vector<const AnnotatedFunction *> &Functions,
              const std::set<std::string> &ForwardNames, DiagSink &Diags);

/// Checks backward function \p Fn against its forward op \p F and records
/// the glue on it (Op::Autograd); \p B is the merged backward op.
void linkBackward(Op &F, Op &B, const AnnotatedFunction &Fn, DiagSink &Diags);

} // namespace check
} // namespace opgen

#endif // OPGEN_CHECK_BACKWARD_H
