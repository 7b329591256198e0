//===- Migrate.h - opgen migrate's edits, texts and diffs -------*- C++ -*-===//
///
/// \file
/// Pure functions from a MigrationPlan (check/Migrate.h) to text: the
/// `[[custom_op(...)]]` line each kernel gets, the edits of each file
/// (annotations inserted, `#include <opgen/opgen.h>` added, registrations
/// and emptied blocks removed, a TORCH_LIBRARY kept as a fragment), the new
/// texts and a unified diff. docs/migrate.md.
///
/// What may depend on it: write/, the pipeline and the tests; it depends on
/// model/ only.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_EMIT_MIGRATE_H
#define OPGEN_EMIT_MIGRATE_H

#include "opgen/model/Migration.h"

#include "llvm/Support/Error.h"

#include <map>
#include <string>

namespace opgen {

/// `[[custom_op("ns::op", key="value", ...)]]`, the keys in \p A's order.
std::string annotationText(const Annotation &A);

/// The edits of each file (absolute path) that \p Plan makes, given the
/// files' texts \p Texts (each file an edit touches must be there).
std::map<std::string, std::vector<TextEdit>>
migrationEdits(const RegistrationSet &Set, const MigrationPlan &Plan,
               const std::map<std::string, std::string> &Texts);

/// \p Text with \p Edits applied. Fails (a bug of opgen's) when two edits
/// overlap or one lies outside the text.
llvm::Expected<std::string> applyEdits(const std::string &Text,
                                       std::vector<TextEdit> Edits);

/// A unified diff (`--- a/<Name>`, `+++ b/<Name>`, hunks of three lines of
/// context) from \p Old to \p New; empty when they are equal.
std::string unifiedDiff(const std::string &Name, const std::string &Old,
                        const std::string &New);

} // namespace opgen

#endif // OPGEN_EMIT_MIGRATE_H
