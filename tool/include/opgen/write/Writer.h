//===- Writer.h - Write generated files atomically --------------*- C++ -*-===//
///
/// \file
/// The write phase: replaces only the files whose content changed (each via
/// a temporary file and rename), removes files an earlier run generated that
/// this run does not, and in --check mode only reports stale files.
///
/// What may depend on write/: the driver and the tests. write/ depends on
/// emit/Emit.h (FileSet, whose paths are each there once: FileSet::add
/// refuses a second file for a path) and support/ only: no Clang, no model
/// beyond the files' text.
///
/// Failures: everything here is the user's file system, so each function
/// reports by catalogue id through the DiagSink (CannotWrite, StaleOutput)
/// and returns whether it succeeded; nothing aborts.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_WRITER_H
#define OPGEN_WRITER_H

#include "opgen/support/Diagnostics.h"
#include "opgen/emit/Emit.h"

#include <map>
#include <set>
#include <string>

namespace opgen {

/// Writes \p Files under \p Dir. With \p CheckOnly nothing is written and
/// each stale or missing file is reported. Returns false on any error.
bool writeFiles(const std::string &Dir, const FileSet &Files, bool CheckOnly,
                DiagSink &Diags);

/// Writes one file \p Path with \p Text (via a temporary file and rename),
/// unless it already holds exactly that. With \p CheckOnly nothing is
/// written and a stale file is reported. Returns false on any error.
bool writeFileIfChanged(const std::string &Path, const std::string &Text,
                        bool CheckOnly, DiagSink &Diags);

/// Sets the modification time of \p Path to now, creating it empty when
/// it does not exist (a build's stamp; a step's output for a build tool
/// that compares times). Returns false on an error, reported.
bool touchFile(const std::string &Path, DiagSink &Diags);

/// Replaces each file of \p Files (absolute path -> text) that differs,
/// all together: every new text is staged beside its file first, and only
/// when all are staged are they moved into place (opgen migrate
/// --in-place). Returns false on any error, reported.
bool replaceFiles(const std::map<std::string, std::string> &Files,
                  DiagSink &Diags);

/// Copies the directory \p Root into the new directory \p Dir (every file
/// but those under a `.git`), with each file of \p Files (absolute path
/// under \p Root -> text) written at its place in the copy instead: the
/// tree as replaceFiles would leave it (opgen migrate --verify). Returns
/// false on any error, reported.
bool copyTreeWith(const std::string &Root,
                  const std::map<std::string, std::string> &Files,
                  const std::string &Dir, DiagSink &Diags);

/// Writes a Make-style depfile `Target: deps...` (for CMake's DEPFILE).
bool writeDepfile(const std::string &Path, const std::string &Target,
                  const std::set<std::string> &Deps, DiagSink &Diags);

} // namespace opgen

#endif // OPGEN_WRITER_H
