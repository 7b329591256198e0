//===- Migrate.h - Read hand-written registrations --------------*- C++ -*-===//
///
/// \file
/// The frontend of `opgen migrate` (docs/migrate.md): parses each source as
/// opgen parses it (compile database, CUDA setup) and reads its
/// `TORCH_LIBRARY`, `TORCH_LIBRARY_FRAGMENT` and `TORCH_LIBRARY_IMPL`
/// blocks from the AST, so that project macros expanding to them (vLLM's
/// `TORCH_LIBRARY_EXPAND`, FBGEMM's `DISPATCH_TO_CUDA`) read the same; and
/// lowers each kernel an `m.impl` names, from its definition in any of the
/// sources. Only the driver's pipeline includes it (as Frontend.h).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_FRONTEND_MIGRATE_H
#define OPGEN_FRONTEND_MIGRATE_H

#include "opgen/frontend/Frontend.h"
#include "opgen/model/Migration.h"

namespace opgen {

/// The registrations of \p Opts' sources, and the kernels they name.
/// Reports through \p Diags (a source that does not compile is
/// SourceDoesNotCompile; an impl naming a function no source defines,
/// MigrateKernelNotFound): the caller compares the error count.
RegistrationSet readRegistrations(const FrontendOptions &Opts,
                                  DiagSink &Diags);

} // namespace opgen

#endif // OPGEN_FRONTEND_MIGRATE_H
