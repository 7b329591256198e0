//===- Check.h - Lowered functions → checked ops ----------------*- C++ -*-===//
///
/// \file
/// The check/infer phase: turns the frontend's AnnotatedFunctions into
/// checked ops. Applies the op name and each annotation key (one check per
/// key, tool/lib/check/keys/), unifies int/SymInt across kernels of one op,
/// attaches C++ fakes, links backwards and reports every problem through the
/// catalogue. Clang-free.
///
/// Its input is never changed: the lowered functions are read as they are
/// (from the frontend or a discovery record), and the result is a new
/// model. Failure follows the DiagSink convention (docs/design.md, "One way
/// to fail"): everything is reported through the sink, and an error was
/// found when the sink's error count grew.
///
/// What may depend on check/: the driver and the pipeline (through
/// Assemble.h), and unit tests. check/ depends on model/ and support/, and
/// on emit/api/ for what Python can spell (Fakes.cpp); never on frontend/,
/// analysis/, emit/dest/ or write/.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_CHECK_H
#define OPGEN_CHECK_H

#include "opgen/model/Model.h"
#include "opgen/support/Diagnostics.h"

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

/// The ops of \p Functions, checked, sorted by full name. \p Functions are
/// left as they are. Errors are reported on \p Diags (the caller compares
/// its error count); the ops merged so far are returned all the same.
std::vector<Op> checkOps(const std::vector<AnnotatedFunction> &Functions,
                         DiagSink &Diags,
                         CheckScope Scope = CheckScope::Library);

} // namespace opgen

#endif // OPGEN_CHECK_H
