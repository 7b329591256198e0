//===- Manifest.h - What a preamble was built from --------------*- C++ -*-===//
///
/// \file
/// A preamble's manifest (`<pch>.json`, and `manifest.json` in a cache
/// entry): what it was built from — the language, the include lines, the
/// exact compile command, the Clang version (and CUDA prelude) — and the
/// size and time of every file it read; its JSON codec, and whether all of
/// that still holds. Private to preamble/.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_FRONTEND_PREAMBLE_MANIFEST_H
#define OPGEN_LIB_FRONTEND_PREAMBLE_MANIFEST_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace opgen {
namespace preamble {

/// Bumped whenever what a preamble holds or how it is used changes, so that
/// an older opgen's preamble is rebuilt rather than used.
constexpr int64_t ManifestFormat = 2;

/// \p Path made absolute, without `.` and `..`.
std::string absolutePath(llvm::StringRef Path);

/// Size and modification time (ns) of a file, or nothing.
std::optional<std::pair<uint64_t, int64_t>> stamp(const std::string &Path);

/// The compile command's arguments that a preamble must share with a
/// source: all of them, the source's own name replaced.
std::vector<std::string>
keyArguments(const clang::tooling::CommandLineArguments &Args,
             llvm::StringRef File);

/// The directory a source's compile command runs in, absolute.
std::optional<std::string>
commandDirectory(clang::tooling::CompilationDatabase &DB,
                 const std::string &Source);

/// What a manifest says, as read back.
struct Manifest {
  std::string Clang;
  /// "c++" or "cuda".
  std::string Language;
  /// For CUDA, a hash of opgen's CUDA prelude (which the PCH holds);
  /// empty for C++.
  std::string Prelude;
  std::string Directory;
  std::vector<std::string> Args;
  std::vector<std::string> Includes;
  std::string Pch;
  std::vector<std::pair<std::string, std::pair<uint64_t, int64_t>>> Files;
};

/// The manifest at \p Path; none when it is missing, unreadable or of
/// another format.
std::optional<Manifest> readManifest(const std::string &Path);

/// The text of \p M, as `<pch>.json` holds it.
std::string writeManifest(const Manifest &M);

/// What a preamble of \p Language holds besides its headers: for CUDA, a
/// hash of opgen's CUDA prelude; nothing for C++.
std::string preludeHash(llvm::StringRef Language);

/// Whether everything \p M was built from is as it was: the same Clang (and
/// CUDA prelude), and every file (the PCH included) with its recorded size
/// and time.
bool upToDate(const Manifest &M);

/// Whether the preamble \p Built was made where, and by the command with
/// which, \p M is asked to be: the same PCH path, language, prelude,
/// command and directory (its include lines and files aside).
bool sameBuild(const Manifest &Built, const Manifest &M);

} // namespace preamble
} // namespace opgen

#endif // OPGEN_LIB_FRONTEND_PREAMBLE_MANIFEST_H
