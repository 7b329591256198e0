//===- Migrate.h - Which registrations become annotations -------*- C++ -*-===//
///
/// \file
/// The check/infer phase of `opgen migrate` (docs/migrate.md): for each
/// `m.def` of the sources, the `[[custom_op]]` keys that reproduce its
/// schema on each kernel its `m.impl`s name, proven by opgen's own check
/// (checkOps) and schema printer: an op is migrated only when the schema
/// opgen would register is the registered one, printed alike. Everything
/// else is kept, with a warning at its line saying why. Clang-free.
///
/// What may depend on it: the pipeline and unit tests. It depends on
/// model/, support/ and check/ (Check.h).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_CHECK_MIGRATE_H
#define OPGEN_CHECK_MIGRATE_H

#include "opgen/model/Migration.h"
#include "opgen/support/Diagnostics.h"

namespace opgen {

/// The plan for \p Set. Bad input (a schema that does not parse, an impl of
/// an op no def defines) is an error on \p Diags; each registration kept is
/// a MigrateKept warning. The caller compares the error count.
MigrationPlan planMigration(const RegistrationSet &Set, DiagSink &Diags);

} // namespace opgen

#endif // OPGEN_CHECK_MIGRATE_H
