//===- Writer.cpp - Write generated files atomically ----------------------===//
#include "opgen/write/Writer.h"

#include "llvm/Support/JSON.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unistd.h>

namespace fs = std::filesystem;

namespace opgen {

namespace {

std::optional<std::string> readFile(const fs::path &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return std::nullopt;
  std::ostringstream SS;
  SS << In.rdbuf();
  return SS.str();
}

/// The "files" list of an earlier run's manifest.json: what opgen owns. A
/// manifest that does not parse, or lists something other than plain
/// relative paths, owns nothing: no file is removed on its word.
std::set<std::string> previouslyGenerated(const fs::path &Dir) {
  std::set<std::string> Out;
  std::optional<std::string> Manifest = readFile(Dir / "manifest.json");
  if (!Manifest)
    return Out;
  llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse(*Manifest);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    return Out;
  }
  const llvm::json::Object *Root = Parsed->getAsObject();
  const llvm::json::Array *Files = Root ? Root->getArray("files") : nullptr;
  if (!Files)
    return Out;
  for (const llvm::json::Value &V : *Files) {
    std::optional<llvm::StringRef> Name = V.getAsString();
    // Only plain relative paths; never follow anything that leaves Dir.
    if (Name && !Name->empty() && !Name->startswith("/") && !Name->contains(".."))
      Out.insert(Name->str());
  }
  return Out;
}

/// Writes \p Text to a temporary file beside \p Path; returns its name.
std::optional<fs::path> stage(const fs::path &Path, const std::string &Text,
                              DiagSink &Diags) {
  std::error_code EC;
  // A directory in the way would make its rename fail after others
  // succeeded; refuse before anything is replaced.
  if (fs::is_directory(Path, EC)) {
    Diags.report(DiagId::CannotWrite, SourceLoc{},
                 {Path.string(), "a directory is in the way"});
    return std::nullopt;
  }
  fs::create_directories(Path.parent_path(), EC);
  fs::path Tmp = Path;
  Tmp += ".opgen-tmp." + std::to_string(::getpid());
  std::ofstream Out(Tmp, std::ios::binary | std::ios::trunc);
  if (EC || !Out || !(Out << Text) || (Out.close(), !Out)) {
    Diags.report(DiagId::CannotWrite, SourceLoc{},
                 {Path.string(), EC ? EC.message() : std::strerror(errno)});
    std::error_code Ignored;
    fs::remove(Tmp, Ignored);
    return std::nullopt;
  }
  return Tmp;
}

/// Moves a staged file into place.
bool commit(const fs::path &Tmp, const fs::path &Final, DiagSink &Diags) {
  std::error_code EC;
  fs::rename(Tmp, Final, EC);
  if (EC)
    Diags.report(DiagId::CannotWrite, SourceLoc{}, {Final.string(), EC.message()});
  return !EC;
}

// Every file staged first, so that a failure leaves the previous files as
// they were; then all moved into place.
bool stageAndCommit(
    const std::vector<std::pair<fs::path, std::string>> &Changed,
    DiagSink &Diags) {
  std::vector<std::pair<fs::path, fs::path>> Staged;
  auto Unstage = [&Staged] {
    std::error_code Ignored;
    for (const auto &[Tmp, Final] : Staged)
      fs::remove(Tmp, Ignored);
  };
  for (const auto &[Path, Text] : Changed) {
    std::optional<fs::path> Tmp = stage(Path, Text, Diags);
    if (!Tmp) {
      Unstage();
      return false;
    }
    Staged.push_back({*Tmp, Path});
  }
  for (const auto &[Tmp, Final] : Staged)
    if (!commit(Tmp, Final, Diags)) {
      Unstage();
      return false;
    }
  return true;
}

} // namespace

bool writeFileIfChanged(const std::string &PathName, const std::string &Text,
                        bool CheckOnly, DiagSink &Diags) {
  fs::path Path(PathName);
  if (std::optional<std::string> Old = readFile(Path); Old && *Old == Text)
    return true;
  if (CheckOnly) {
    Diags.report(DiagId::StaleOutput, SourceLoc{}, {Path.string()});
    return false;
  }
  std::optional<fs::path> Tmp = stage(Path, Text, Diags);
  if (!Tmp)
    return false;
  if (!commit(*Tmp, Path, Diags)) {
    std::error_code Ignored;
    fs::remove(*Tmp, Ignored);
    return false;
  }
  return true;
}

bool touchFile(const std::string &PathName, DiagSink &Diags) {
  fs::path Path(PathName);
  std::error_code EC;
  if (!fs::exists(Path, EC)) {
    if (!Path.parent_path().empty())
      fs::create_directories(Path.parent_path(), EC);
    std::ofstream Out(Path);
    if (!Out) {
      Diags.report(DiagId::CannotWrite, SourceLoc{},
                   {Path.string(), "cannot create it"});
      return false;
    }
    return true;
  }
  fs::last_write_time(Path, fs::file_time_type::clock::now(), EC);
  if (EC) {
    Diags.report(DiagId::CannotWrite, SourceLoc{}, {Path.string(), EC.message()});
    return false;
  }
  return true;
}

bool writeFiles(const std::string &DirName, const FileSet &Files,
                bool CheckOnly, DiagSink &Diags) {
  fs::path Dir(DirName);
  std::vector<std::pair<fs::path, std::string>> Changed;
  for (const auto &[Name, Text] : Files) {
    std::optional<std::string> Old = readFile(Dir / Name);
    if (Old && *Old == Text)
      continue;
    if (CheckOnly) {
      Diags.report(DiagId::StaleOutput, SourceLoc{}, {(Dir / Name).string()});
      continue;
    }
    Changed.push_back({Dir / Name, Text});
  }
  std::set<std::string> Stale = previouslyGenerated(Dir);
  for (const auto &[Name, Text] : Files)
    Stale.erase(Name);
  if (CheckOnly) {
    for (const std::string &Name : Stale)
      if (fs::exists(Dir / Name))
        Diags.report(DiagId::StaleOutput, SourceLoc{}, {(Dir / Name).string()});
    return Diags.errorCount() == 0;
  }

  if (!stageAndCommit(Changed, Diags))
    return false;
  for (const std::string &Name : Stale) {
    std::error_code EC;
    fs::remove(Dir / Name, EC);
  }
  return true;
}

bool replaceFiles(const std::map<std::string, std::string> &Files,
                  DiagSink &Diags) {
  std::vector<std::pair<fs::path, std::string>> Changed;
  for (const auto &[Path, Text] : Files)
    if (std::optional<std::string> Old = readFile(Path); !Old || *Old != Text)
      Changed.push_back({Path, Text});
  return stageAndCommit(Changed, Diags);
}

bool copyTreeWith(const std::string &Root,
                  const std::map<std::string, std::string> &Files,
                  const std::string &Dir, DiagSink &Diags) {
  std::error_code EC;
  fs::create_directories(Dir, EC);
  for (fs::recursive_directory_iterator It(Root, EC), End; !EC && It != End;
       It.increment(EC)) {
    if (It->path().filename() == ".git") {
      It.disable_recursion_pending();
      continue;
    }
    fs::path To = fs::path(Dir) / fs::relative(It->path(), Root);
    if (It->is_directory())
      fs::create_directories(To, EC);
    else if (It->is_regular_file())
      fs::copy_file(It->path(), To, EC);
    if (EC) {
      Diags.report(DiagId::CannotWrite, SourceLoc{}, {To.string(), EC.message()});
      return false;
    }
  }
  if (EC) {
    Diags.report(DiagId::CannotWrite, SourceLoc{}, {Dir, EC.message()});
    return false;
  }
  for (const auto &[Path, Text] : Files) {
    fs::path To = fs::path(Dir) / fs::relative(Path, Root);
    std::optional<fs::path> Tmp = stage(To, Text, Diags);
    if (!Tmp || !commit(*Tmp, To, Diags))
      return false;
  }
  return true;
}

bool writeDepfile(const std::string &Path, const std::string &Target,
                  const std::set<std::string> &Deps, DiagSink &Diags) {
  auto Escape = [](const std::string &S) {
    std::string Out;
    for (char C : S) {
      if (C == ' ' || C == '#')
        Out += '\\';
      if (C == '$')
        Out += '$';
      Out += C;
    }
    return Out;
  };
  std::string Text = Escape(Target) + ":";
  for (const std::string &D : Deps)
    if (fs::exists(D))
      Text += " \\\n  " + Escape(D);
  Text += "\n";
  return writeFileIfChanged(Path, Text, /*CheckOnly=*/false, Diags);
}

} // namespace opgen
