//===- PlanOnly.cpp - The frontend of opgen-plan: none ---------------------===//
//
// opgen-plan is opgen's driver and pipeline without the Clang frontend: it
// answers `--list-outputs` (the Plan, computed by the same Plan.cpp as
// opgen's) and nothing that parses. opgen's own tree builds it at configure
// time for add_custom_op()'s Plans (cmake/OpgenOutputs.cmake), as LLVM
// builds its host TableGen: without frontend/ and analysis/, the heaviest
// half of opgen to compile. Diagnostics print as opgen's do (the same
// ClangDiagnostics.cpp); a mode that parses is an internal error here, since
// only add_custom_op() runs this executable, and only with --list-outputs.
//===----------------------------------------------------------------------===//
#include "opgen/frontend/Frontend.h"
#include "opgen/frontend/Migrate.h"

#include "llvm/Support/ErrorHandling.h"

namespace opgen {

[[noreturn]] static void parsesNothing(const char *Mode) {
  llvm::report_fatal_error(
      llvm::Twine("opgen-plan prints Plans only (--list-outputs); ") + Mode +
          " needs opgen itself (build/bin/opgen)",
      /*gen_crash_diag=*/false);
}

PreambleResult buildPreamble(const FrontendOptions &, const std::string &,
                             DiagSink &) {
  parsesNothing("--build-preamble");
}

FrontendResult runFrontend(const FrontendOptions &, DiagSink &) {
  parsesNothing("parsing a source");
}

RegistrationSet readRegistrations(const FrontendOptions &, DiagSink &) {
  parsesNothing("opgen migrate");
}

} // namespace opgen
