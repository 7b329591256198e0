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

/// What checkOps sees: the whole library, or one source's functions alone
/// (to write that source's shard before the other sources are parsed).
enum class CheckScope {
  Library,
  /// One source: a C++ fake or a backward whose op is not in it is no
  /// error; the fake becomes the Meta kernel of an op of its own schema.
  Source,
};

/// Checks \p Functions and fills \p Library.Ops (sorted by full name).
/// Returns false when an error was reported.
bool checkOps(std::vector<AnnotatedFunction> Functions, DiagSink &Diags,
              OpLibrary &Library, CheckScope Scope = CheckScope::Library);

} // namespace opgen

#endif // OPGEN_CHECK_H
