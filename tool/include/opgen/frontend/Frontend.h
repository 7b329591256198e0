//===- Frontend.h - Discover and lower annotated functions ------*- C++ -*-===//
///
/// \file
/// The only part of opgen that sees Clang: it parses each source with
/// LibTooling, reads `[[custom_op(...)]]` annotations from the token stream,
/// attaches each to the declaration that follows it and lowers the function
/// into an AnnotatedFunction (Model.h).
///
/// `frontend/` (with `analysis/`, library opgenFrontend) is the top of the
/// Clang side, in layers that depend one way (scripts/check-layers.py):
/// `frontend/ast/` (Clang locations and types → model values) below
/// `analysis/` (kernel bodies) below the rest: `AnnotationScanner`/`Attach`,
/// `Lower`, `ClangDiagnostics`, `CompileCommands` (every parse's command,
/// the CUDA prelude), `preamble/` (precompiled preambles) and `Tooling`
/// (runFrontend), which alone uses them all. Only the driver (and the
/// fuzzers) may depend on this header; nothing of opgenModel (model/,
/// support/, check/, emit/, write/) includes any frontend header.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_FRONTEND_H
#define OPGEN_FRONTEND_H

#include "opgen/support/Diagnostics.h"
#include "opgen/model/Model.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

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
  /// Precompiled preambles (`--preamble`, each built by buildPreamble; one
  /// per language, say): a source uses the first that fits it and is up to
  /// date; none: each source is parsed in full.
  std::vector<std::string> Preambles;
  /// `--build-preamble --preamble-cache <dir>`: where preambles are kept
  /// across build directories and clean builds, keyed by what they are
  /// built from; empty: the PCH is written beside its manifest.
  std::string PreambleCache;
};

struct FrontendResult {
  std::vector<AnnotatedFunction> Functions;
  /// Every user (non-system) file read while parsing, for the depfile.
  std::set<std::string> Dependencies;
  /// The manifest of each preamble a parse used (for the depfile only: the
  /// discovery record is the same with and without a preamble).
  std::set<std::string> PreambleInputs;
};

/// What buildPreamble made.
struct PreambleResult {
  /// The manifest's text, for `<pch>.json`: exactly the existing one when
  /// the preamble was up to date and is kept.
  std::string Manifest;
  /// Every file the preamble was built from (its own `<pch>.h` included).
  std::set<std::string> Inputs;
  /// The include lines it holds (none: no preamble fits these sources).
  std::vector<std::string> Includes;
  /// Where the PCH lies: <pch>, or an entry of the preamble cache.
  std::string Pch;
};

/// `opgen --build-preamble`: a PCH at \p PchPath of the system headers that
/// every C++ source of \p Opts, or when there is none every CUDA source
/// (parsed as opgen parses CUDA, with its prelude), includes first, with
/// their common compile command: a preamble is for one language, and
/// headers get none. Headers that carry annotations, user headers and headers
/// without include guards are never put in it. Keeps an up-to-date preamble
/// as it is. With \p Opts.PreambleCache, the PCH (and the header of its
/// include lines) lie in an entry of that cache, found again by every
/// build directory whose sources, command and headers are the same, and
/// the manifest at `<pch>.json` names it. A preamble that cannot be built
/// is an empty one (the parses then report why). Fails, with an error
/// reported to \p Diags (the caller compares its error count), only when
/// the compile database cannot be read.
PreambleResult buildPreamble(const FrontendOptions &Opts,
                             const std::string &PchPath, DiagSink &Diags);

/// `opgen pch-cache`: the compiler PCH cache of add_custom_op()
/// (OPGEN_PCH_CACHE), a compiler launcher on the preamble cache's entry
/// locks (frontend/preamble/PchCache.cpp has how it keys, shares and
/// evicts).
struct PchCacheOptions {
  std::string Cache;        ///< --cache: the cache directory
  std::string BuildDir;     ///< --build-dir: its path is keyed as a placeholder
  std::string Compiler;     ///< --compiler: the C++ compiler in the command
  std::string DefineSymbol; ///< --define-symbol: the library's own define
};

/// Runs \p Command, the compile CMake runs: a PCH's through the cache, any
/// other as it is. Returns its exit status. A cache entry it cannot use is
/// a warning to \p Diags (PchCacheBusy, PchCacheUnwritable), and the PCH is
/// compiled as it would be without the cache.
int runPchCache(const PchCacheOptions &Opts,
                const std::vector<std::string> &Command, DiagSink &Diags);

/// The header names of the `#include <...>` lines that begin \p Text (after
/// comments and blank lines), up to the first other line.
std::vector<std::string> leadingSystemIncludes(llvm::StringRef Text);

/// Parses every source and lowers its annotated functions. Reports through
/// \p Diags, every failure as an error (a source that does not compile is
/// SourceDoesNotCompile; no compile database, NoCompileDatabase): the caller
/// compares the sink's error count, as after every phase.
FrontendResult runFrontend(const FrontendOptions &Opts, DiagSink &Diags);

/// Runs the frontend on one in-memory C++ source: \p Code named \p FileName
/// (an absolute path), parsed with \p Args (e.g. `-std=c++17`) and nothing
/// but \p Files (path, contents) visible: the real file system, system
/// headers included, is not. Clang's own diagnostics are counted but not
/// printed. For the fuzzers (test/fuzz) and tests. Returns the annotated
/// functions, reported through \p Diags as runFrontend does; an error when
/// the source did not compile (Clang's errors are not shown).
llvm::Expected<FrontendResult> runFrontendOnCode(
    const std::string &Code, const std::string &FileName,
    const std::vector<std::pair<std::string, std::string>> &Files,
    const std::vector<std::string> &Args, DiagSink &Diags);

/// A DiagSink that renders through Clang's DiagnosticsEngine and
/// TextDiagnosticPrinter, so opgen's diagnostics look like the compiler's
/// (`file:line:col: error: ... [Id]`, the source line and a caret).
std::unique_ptr<DiagSink> createClangDiagSink(const std::string &Root);

} // namespace opgen

#endif // OPGEN_FRONTEND_H
