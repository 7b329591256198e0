//===- Check.h - Apply annotations, merge kernels, validate -----*- C++ -*-===//
///
/// \file
/// The check/infer phase: turns the frontend's AnnotatedFunctions into a
/// checked OpLibrary. Applies the op name, `mutates` (alias sets a, b, c...),
/// `kwonly`, `tags` and `device`, unifies int/SymInt across kernels of one op
/// and reports every problem through the catalogue. Clang-free.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_CHECK_H
#define OPGEN_CHECK_H

#include "opgen/support/Diagnostics.h"
#include "opgen/model/Model.h"

#include <vector>

namespace opgen {

/// Every at::Tag name of the pinned torch (ATen/core/enum_tag.h).
const std::vector<std::string> &knownTags();

/// Checks \p Functions and fills \p Library.Ops (sorted by full name).
/// Returns false when an error was reported.
bool checkOps(std::vector<AnnotatedFunction> Functions, DiagSink &Diags,
              OpLibrary &Library);

} // namespace opgen

#endif // OPGEN_CHECK_H
