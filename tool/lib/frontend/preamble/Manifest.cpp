//===- Manifest.cpp - What a preamble was built from ----------------------===//
#include "frontend/preamble/Manifest.h"

#include "frontend/CompileCommands.h"

#include "clang/Basic/Version.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <chrono>

using namespace clang;

namespace opgen {
namespace preamble {

namespace {

constexpr const char *SourcePlaceholder = "<source>";

/// The strings of \p A; none when it is missing or holds something else.
std::optional<std::vector<std::string>> readStrings(const llvm::json::Array *A) {
  if (!A)
    return std::nullopt;
  std::vector<std::string> Out;
  for (const llvm::json::Value &V : *A) {
    std::optional<llvm::StringRef> S = V.getAsString();
    if (!S)
      return std::nullopt;
    Out.push_back(S->str());
  }
  return Out;
}

} // namespace

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

std::optional<std::pair<uint64_t, int64_t>> stamp(const std::string &Path) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St) || !llvm::sys::fs::is_regular_file(St))
    return std::nullopt;
  int64_t Time = std::chrono::duration_cast<std::chrono::nanoseconds>(
                     St.getLastModificationTime().time_since_epoch())
                     .count();
  return std::make_pair(St.getSize(), Time);
}

std::vector<std::string> keyArguments(const tooling::CommandLineArguments &Args,
                                      llvm::StringRef File) {
  std::vector<std::string> Key;
  for (const std::string &A : Args)
    Key.push_back(A == File ? SourcePlaceholder : A);
  return Key;
}

std::optional<std::string> commandDirectory(tooling::CompilationDatabase &DB,
                                            const std::string &Source) {
  std::vector<tooling::CompileCommand> Commands = DB.getCompileCommands(Source);
  if (Commands.size() != 1)
    return std::nullopt;
  return absolutePath(Commands.front().Directory);
}

std::optional<Manifest> readManifest(const std::string &Path) {
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text)
    return std::nullopt;
  llvm::Expected<llvm::json::Value> Parsed =
      llvm::json::parse((*Text)->getBuffer());
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *O = Parsed->getAsObject();
  if (!O || O->getInteger("format") != ManifestFormat)
    return std::nullopt;
  Manifest M;
  std::optional<llvm::StringRef> Clang = O->getString("clang");
  std::optional<llvm::StringRef> Dir = O->getString("directory");
  std::optional<llvm::StringRef> Pch = O->getString("pch");
  std::optional<llvm::StringRef> Language = O->getString("language");
  std::optional<llvm::StringRef> Prelude = O->getString("prelude");
  std::optional<std::vector<std::string>> Args =
      readStrings(O->getArray("arguments"));
  std::optional<std::vector<std::string>> Includes =
      readStrings(O->getArray("includes"));
  if (!Clang || !Dir || !Pch || !Language || !Prelude || !Args || !Includes)
    return std::nullopt;
  M.Args = std::move(*Args);
  M.Includes = std::move(*Includes);
  M.Clang = Clang->str();
  M.Language = Language->str();
  M.Prelude = Prelude->str();
  M.Directory = Dir->str();
  M.Pch = Pch->str();
  const llvm::json::Array *Files = O->getArray("files");
  if (!Files)
    return std::nullopt;
  for (const llvm::json::Value &V : *Files) {
    const llvm::json::Object *F = V.getAsObject();
    if (!F)
      return std::nullopt;
    std::optional<llvm::StringRef> P = F->getString("path");
    std::optional<int64_t> Size = F->getInteger("size");
    std::optional<int64_t> Time = F->getInteger("mtime_ns");
    if (!P || !Size || !Time)
      return std::nullopt;
    M.Files.push_back({P->str(), {static_cast<uint64_t>(*Size), *Time}});
  }
  return M;
}

std::string preludeHash(llvm::StringRef Language) {
  return Language == "cuda" ? llvm::utohexstr(llvm::xxHash64(cudaPrelude()))
                            : std::string();
}

bool upToDate(const Manifest &M) {
  if (M.Clang != getClangFullVersion() || M.Includes.empty() ||
      M.Prelude != preludeHash(M.Language))
    return false;
  for (const auto &[Path, Stamp] : M.Files)
    if (stamp(Path) != std::optional(Stamp))
      return false;
  return true;
}

std::string writeManifest(const Manifest &M) {
  llvm::json::Array Files;
  for (const auto &[Path, Stamp] : M.Files)
    Files.push_back(llvm::json::Object{{"path", Path},
                                       {"size", static_cast<int64_t>(Stamp.first)},
                                       {"mtime_ns", Stamp.second}});
  llvm::json::Object O{
      {"format", ManifestFormat},
      {"clang", M.Clang},
      {"language", M.Language},
      {"prelude", M.Prelude},
      {"directory", M.Directory},
      {"arguments", llvm::json::Array(M.Args)},
      {"includes", llvm::json::Array(M.Includes)},
      {"pch", M.Pch},
      {"files", std::move(Files)}};
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(O))) << '\n';
  return Text;
}

bool sameBuild(const Manifest &Built, const Manifest &M) {
  return Built.Pch == M.Pch && Built.Language == M.Language &&
         Built.Prelude == M.Prelude && Built.Args == M.Args &&
         Built.Directory == M.Directory;
}

} // namespace preamble
} // namespace opgen
