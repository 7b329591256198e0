//===- Pipeline.h - Run one opgen invocation --------------------*- C++ -*-===//
///
/// \file
/// The phases in order, for the mode an Invocation names, from its Plan
/// (Plan.h): discover + lower (the frontend, through Frontend.h) ->
/// check/infer -> emit -> write. A phase runs only when the ones before it
/// reported no error. What may depend on it: see Plan.h.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_PIPELINE_PIPELINE_H
#define OPGEN_PIPELINE_PIPELINE_H

#include "opgen/frontend/Frontend.h"
#include "opgen/pipeline/Plan.h"

namespace opgen {

/// Runs \p Inv, reporting through \p Diags; its normal output (--list-outputs'
/// Plan, --cmake-dir's directory, init's message) goes to stdout. Returns
/// the process's exit status.
int runInvocation(const Invocation &Inv, DiagSink &Diags);

/// runInvocation, reporting through Clang's renderer (createClangDiagSink,
/// paths relative to --root): what the opgen executable runs.
int runInvocation(const Invocation &Inv);

/// runFrontend over \p Opts' sources in \p Threads threads, a source at a
/// time. The results are merged and the diagnostics (opgen's and Clang's
/// own text) replayed in source order, so everything is as if the sources
/// had been parsed one after another. Returns nullopt when a source failed
/// to compile or an error was reported.
std::optional<FrontendResult> runFrontendInThreads(const FrontendOptions &Opts,
                                                   unsigned Threads,
                                                   DiagSink &Diags);

} // namespace opgen

#endif // OPGEN_PIPELINE_PIPELINE_H
