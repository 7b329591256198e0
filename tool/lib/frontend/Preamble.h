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
/// Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_PREAMBLE_H
#define OPGEN_LIB_PREAMBLE_H

#include "opgen/frontend/Frontend.h"

#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// Called with a source's final compile command (after opgen's own
/// adjustments), to change it.
using ArgumentsHook =
    std::function<void(clang::tooling::CommandLineArguments &, llvm::StringRef)>;

/// opgen's adjustment of a compile command for its syntax-only parse (nvcc
/// flags dropped, language mode, CUDA prelude, `--` arguments).
clang::tooling::CommandLineArguments
adjustArguments(const clang::tooling::CommandLineArguments &Args,
                llvm::StringRef File, const FrontendOptions &Opts);

/// The text of opgen's CUDA prelude, which every CUDA parse (and a CUDA
/// preamble) includes first, and the (virtual) path it is included by.
llvm::StringRef cudaPrelude();
llvm::StringRef cudaPreludePath();

/// The compile database of \p Opts (`-p`, or opgen's default flags); null
/// after reporting why it cannot be read.
std::unique_ptr<clang::tooling::CompilationDatabase>
loadDatabase(const FrontendOptions &Opts, DiagSink &Diags);

/// Sets \p Tool up as every opgen parse is: the CUDA prelude, then
/// adjustArguments, then \p Hook.
void configureTool(clang::tooling::ClangTool &Tool, const FrontendOptions &Opts,
                   ArgumentsHook Hook);

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

#endif // OPGEN_LIB_PREAMBLE_H
