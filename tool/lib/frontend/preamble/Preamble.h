//===- Preamble.h - Shared precompiled preambles ----------------*- C++ -*-===//
///
/// \file
/// A preamble is a PCH of the system headers that sources of one language
/// (C++ or CUDA) include first (`#include <ATen/ATen.h>`), built once
/// (`opgen --build-preamble`) and loaded by every parse it fits
/// (`--preamble`), so that those headers are not lexed and parsed again for
/// each source. Beside the PCH lies its manifest (`<pch>.json`): what it was
/// built from — the language, the include lines, the exact compile command,
/// the Clang version (and CUDA prelude) — and the size and time of every
/// file it read. A preamble is used for a source only when all of that
/// still holds; otherwise the source is parsed without it, with the same
/// result.
///
/// `frontend/preamble/`, one file per concern: `Manifest` (what a preamble
/// was built from, its JSON codec, up-to-date checks), `Cache` (the
/// `--preamble-cache` entries, their locks and eviction), `Includes` (the
/// leading include lines of a source, a source's preamble language),
/// `Build` (`buildPreamble`) and `Fit` (`PreambleUse`: which sources a
/// preamble fits, and its `-include-pch`). It depends on
/// `frontend/CompileCommands.h` and `frontend/AnnotationScanner.h`; only
/// `frontend/Tooling.cpp` (and the driver, through
/// opgen/frontend/Frontend.h) may depend on it (scripts/check-layers.py).
/// Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_FRONTEND_PREAMBLE_PREAMBLE_H
#define OPGEN_LIB_FRONTEND_PREAMBLE_PREAMBLE_H

#include "frontend/CompileCommands.h"

#include "opgen/frontend/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// A preamble that exists and is up to date, ready to be used by the
/// sources it fits.
class PreambleUse {
public:
  /// The preamble at \p PchPath, when its manifest is readable and nothing
  /// it was built from has changed since.
  static std::optional<PreambleUse> load(const std::string &PchPath,
                                         clang::tooling::CompilationDatabase &DB);

  /// Whether it can fit \p Source: the source is of its language, its
  /// include lines begin the source, and its command runs where the
  /// preamble's did.
  bool fits(const std::string &Source) const;

  /// Adds `-include-pch` to \p Out, the final command of \p File, when it
  /// is the one the preamble was built with (its name aside), recording the
  /// manifest in \p Result.PreambleInputs; false when it is not.
  bool apply(clang::tooling::CommandLineArguments &Out, llvm::StringRef File,
             FrontendResult &Result) const;

private:
  /// The PCH to load: <file.pch>, or the cache's (--preamble-cache).
  std::string PchPath;
  /// <file.pch>.json, which the sources' records then depend on.
  std::string ManifestPath;
  /// "c++" or "cuda": the sources it can be for.
  std::string Language;
  std::vector<std::string> Includes;
  std::string Directory;
  std::vector<std::string> Args;
  clang::tooling::CompilationDatabase *DB = nullptr;
  /// A shared lock on the cache entry the PCH lies in, if it does: held
  /// while this (or a copy) lives, so that no build removes or rebuilds
  /// the entry under the parses that read it.
  std::shared_ptr<void> Lock;
};

/// For \p Source: a hook that uses the first of \p Preambles (one per
/// language, say) that fits it; an empty hook when none can. The preambles
/// must outlive the hook.
ArgumentsHook preambleHook(const std::vector<PreambleUse> &Preambles,
                           const std::string &Source, FrontendResult &Result);

} // namespace opgen

#endif // OPGEN_LIB_FRONTEND_PREAMBLE_PREAMBLE_H
