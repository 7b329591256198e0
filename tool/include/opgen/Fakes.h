//===- Fakes.h - Decide where each op's fake kernel comes from --*- C++ -*-===//
///
/// \file
/// Part of the check/infer phase: marks ops that need no fake (they only
/// mutate and return nothing) and ops whose fake the author's Python module
/// registers (found by scanning it for `register_fake("ns::op")`).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_FAKES_H
#define OPGEN_FAKES_H

#include "opgen/Model.h"

#include <set>
#include <string>

namespace opgen {

/// Op names (`ns::op` or `ns::op.overload`) that \p PythonText registers a
/// fake for with `register_fake("...")`.
std::set<std::string> pythonFakeOps(const std::string &PythonText);

/// Sets Op::Fake for every op of \p Library that has no C++ fake yet.
void assignFakes(OpLibrary &Library);

} // namespace opgen

#endif // OPGEN_FAKES_H
