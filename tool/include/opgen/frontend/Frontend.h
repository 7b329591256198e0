//===- Frontend.h - Discover and lower annotated functions ------*- C++ -*-===//
///
/// \file
/// The only part of opgen that sees Clang: it parses each source with
/// LibTooling, reads `[[custom_op(...)]]` annotations from the token stream,
/// attaches each to the declaration that follows it and lowers the function
/// into an AnnotatedFunction (Model.h).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_FRONTEND_H
#define OPGEN_FRONTEND_H

#include "opgen/support/Diagnostics.h"
#include "opgen/model/Model.h"

#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

struct FrontendOptions {
  /// Input files (absolute paths).
  std::vector<std::string> Sources;
  /// Directory holding compile_commands.json (`-p`), or empty.
  std::string BuildPath;
  /// Arguments appended to every compile command (after `--`).
  std::vector<std::string> ExtraArgs;
  /// Directory that provenance and diagnostics are printed relative to.
  std::string Root;
  /// Where Clang's own output goes (its diagnostics, "N errors generated.",
  /// "Error while processing <file>."); null: stderr. When set, the process's
  /// working directory is left alone too, so that runFrontend may run in
  /// several threads at once (opgen -j).
  llvm::raw_ostream *ClangOutput = nullptr;
};

struct FrontendResult {
  std::vector<AnnotatedFunction> Functions;
  /// Every user (non-system) file read while parsing, for the depfile.
  std::set<std::string> Dependencies;
};

/// Parses every source and lowers its annotated functions. Reports through
/// \p Diags; returns false when any source failed to compile.
bool runFrontend(const FrontendOptions &Opts, DiagSink &Diags,
                 FrontendResult &Result);

/// Runs the frontend on one in-memory C++ source: \p Code named \p FileName
/// (an absolute path), parsed with \p Args (e.g. `-std=c++17`) and nothing
/// but \p Files (path, contents) visible: the real file system, system
/// headers included, is not. Clang's own diagnostics are counted but not
/// printed. For the fuzzers (test/fuzz) and tests. Returns false when the
/// source failed to compile.
bool runFrontendOnCode(
    const std::string &Code, const std::string &FileName,
    const std::vector<std::pair<std::string, std::string>> &Files,
    const std::vector<std::string> &Args, DiagSink &Diags,
    FrontendResult &Result);

/// A DiagSink that renders through Clang's DiagnosticsEngine and
/// TextDiagnosticPrinter, so opgen's diagnostics look like the compiler's
/// (`file:line:col: error: ... [Id]`, the source line and a caret).
std::unique_ptr<DiagSink> createClangDiagSink(const std::string &Root);

} // namespace opgen

#endif // OPGEN_FRONTEND_H
