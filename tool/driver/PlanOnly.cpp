//===- PlanOnly.cpp - The frontend of opgen-plan: none ---------------------===//
//
// opgen-plan is opgen's driver and pipeline without the Clang frontend: it
// answers `--list-outputs` (the Plan, computed by the same Plan.cpp as
// opgen's) and nothing that parses. opgen's own tree builds it at configure
// time for add_custom_op()'s Plans (cmake/OpgenPlanTool.cmake), as LLVM
// builds its host TableGen: without frontend/ and analysis/, the heaviest
// half of opgen to compile. Diagnostics print as opgen's do (the same
// ClangDiagnostics.cpp); a mode that parses is an internal error here
// (reported as every other, never an abort), since only add_custom_op()
// runs this executable, and only with --list-outputs and plan.
//===----------------------------------------------------------------------===//
#include "opgen/frontend/Frontend.h"
#include "opgen/frontend/Migrate.h"

namespace opgen {

static void parsesNothing(const char *Mode, DiagSink &Diags) {
  Diags.report(DiagId::InternalError, {},
               {std::string("opgen-plan prints Plans only (--list-outputs, "
                            "plan); ") +
                Mode + " needs opgen itself (build/bin/opgen)"});
}

PreambleResult buildPreamble(const FrontendOptions &, const std::string &,
                             DiagSink &Diags) {
  parsesNothing("--build-preamble", Diags);
  return {};
}

FrontendResult runFrontend(const FrontendOptions &, DiagSink &Diags) {
  parsesNothing("parsing a source", Diags);
  return {};
}

RegistrationSet readRegistrations(const FrontendOptions &, DiagSink &Diags) {
  parsesNothing("opgen migrate", Diags);
  return {};
}

int runPchCache(const PchCacheOptions &, const std::vector<std::string> &,
                DiagSink &Diags) {
  parsesNothing("pch-cache", Diags);
  return 1;
}

} // namespace opgen
