//===- Preamble.cpp - Shared precompiled preambles ------------------------===//
//
// Building: a preamble is for one language, C++ or CUDA (C++ when there is
// a C++ source; sources of the other are left out: their parses differ in
// language mode, and CUDA's begins with opgen's CUDA prelude). The include
// lines common to the start of every source of that language are written
// to `<pch>.h` and compiled to `<pch>` with the first such source's compile
// command (the source's name replaced by the header's, `-x c++` by
// `-x c++-header`; CUDA stays `-x cuda`, with its prelude, which the PCH
// then holds), skipping every function body, as opgen's parse would
// (no kernel's annotation has been seen when those headers are read). While
// it is built, the preprocessor is watched: an include line whose header is
// a user header, has no include guard (re-including it after the PCH would
// not be a no-op), or holds an annotation (`[[custom_op...`, spelled out or
// through a macro: the token watcher that finds annotations in a parse sees
// every token of the preamble's headers too) ends the preamble before it,
// and it is built again without it.
//
// Using: a source of the preamble's language whose leading include lines
// begin with the preamble's, whose final compile command (its own name
// aside) is the preamble's, gets `-include-pch <pch>`: its own include
// lines then find guarded headers already read and skip them, and the rest
// of the parse is the same. Before that, every file the preamble read must
// still have the size and modification time it had, and so must the PCH;
// Clang checks the same again (and its own version) when it loads it. A
// header read through `-include` (before the include lines) would be held
// by the PCH and not read again (or, unguarded, twice): one, opgen's CUDA
// prelude aside, means no preamble.
//
// The cache (--preamble-cache) is shared by builds running at once: an
// entry is looked up, built and removed only under its exclusive lock
// (flock on <entry>/lock), so a second build of it waits and then takes
// what the first made; its PCH is renamed into place when complete and its
// manifest written last, atomically; a parse reading its PCH holds a shared
// lock, which eviction (a try-lock) respects. A build that cannot use its
// entry says so and builds the preamble beside its manifest instead.
//===----------------------------------------------------------------------===//
#include "frontend/Preamble.h"

#include "frontend/AnnotationScanner.h"

#include "opgen/model/SourceKind.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

using namespace clang;

namespace opgen {

namespace {

/// Bumped whenever what a preamble holds or how it is used changes, so that
/// an older opgen's preamble is rebuilt rather than used.
constexpr int64_t ManifestFormat = 2;

constexpr const char *SourcePlaceholder = "<source>";

std::string absolutePath(llvm::StringRef Path) {
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

/// Size and modification time (ns) of a file, or nothing.
std::optional<std::pair<uint64_t, int64_t>> stamp(const std::string &Path) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(Path, St) || !llvm::sys::fs::is_regular_file(St))
    return std::nullopt;
  int64_t Time = std::chrono::duration_cast<std::chrono::nanoseconds>(
                     St.getLastModificationTime().time_since_epoch())
                     .count();
  return std::make_pair(St.getSize(), Time);
}

/// The compile command's arguments that a preamble must share with a
/// source: all of them, the source's own name replaced.
std::vector<std::string> keyArguments(const tooling::CommandLineArguments &Args,
                                      llvm::StringRef File) {
  std::vector<std::string> Key;
  for (const std::string &A : Args)
    Key.push_back(A == File ? SourcePlaceholder : A);
  return Key;
}

/// The directory a source's compile command runs in, absolute.
std::optional<std::string> commandDirectory(tooling::CompilationDatabase &DB,
                                            const std::string &Source) {
  std::vector<tooling::CompileCommand> Commands = DB.getCompileCommands(Source);
  if (Commands.size() != 1)
    return std::nullopt;
  return absolutePath(Commands.front().Directory);
}

std::optional<std::vector<std::string>> leadingIncludesOf(const std::string &Path) {
  auto Text = llvm::MemoryBuffer::getFile(Path);
  if (!Text)
    return std::nullopt;
  return leadingSystemIncludes((*Text)->getBuffer());
}

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

bool readStrings(const llvm::json::Array *A, std::vector<std::string> &Out) {
  if (!A)
    return false;
  for (const llvm::json::Value &V : *A) {
    std::optional<llvm::StringRef> S = V.getAsString();
    if (!S)
      return false;
    Out.push_back(S->str());
  }
  return true;
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
  if (!Clang || !Dir || !Pch || !Language || !Prelude ||
      !readStrings(O->getArray("arguments"), M.Args) ||
      !readStrings(O->getArray("includes"), M.Includes))
    return std::nullopt;
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

/// What a preamble of \p Language holds besides its headers: for CUDA, a
/// hash of opgen's CUDA prelude; nothing for C++.
std::string preludeHash(llvm::StringRef Language) {
  return Language == "cuda" ? llvm::utohexstr(llvm::xxHash64(cudaPrelude()))
                            : std::string();
}

/// Whether everything \p M was built from is as it was: the same Clang (and
/// CUDA prelude), and every file (the PCH included) with its recorded size
/// and time.
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

/// A whole number from the environment variable \p Name, or \p Default
/// when it is unset or not one.
int64_t envNumber(const char *Name, int64_t Default) {
  const char *V = std::getenv(Name);
  int64_t N;
  if (!V || llvm::StringRef(V).trim().getAsInteger(10, N) || N < 0)
    return Default;
  return N;
}

/// A preamble cache keeps at most this many preambles (one of
/// <ATen/ATen.h> is about 45 MB; OPGEN_PREAMBLE_CACHE_ENTRIES, 24 by
/// default); the least recently used go first.
size_t cacheEntries() {
  return static_cast<size_t>(
      std::max<int64_t>(1, envNumber("OPGEN_PREAMBLE_CACHE_ENTRIES", 24)));
}

/// How long --build-preamble waits for another build's lock on its cache
/// entry (OPGEN_PREAMBLE_LOCK_TIMEOUT, seconds; 300 by default) before it
/// builds its preamble beside its manifest instead.
int64_t lockTimeoutSeconds() {
  return envNumber("OPGEN_PREAMBLE_LOCK_TIMEOUT", 300);
}

/// How long a discovery waits for a shared lock on the cache entry its
/// preamble lies in (while another build checks or rebuilds it) before it
/// parses in full.
constexpr int64_t ReadLockSeconds = 30;

/// A lock (flock) held on a cache entry's `lock` file: exclusive while the
/// entry is looked up, built or removed (--build-preamble, eviction),
/// shared while a parse uses its PCH. Released when destroyed (and by the
/// system when the process ends, however it ends).
class EntryLock {
public:
  explicit EntryLock(int FD) : FD(FD) {}
  EntryLock(const EntryLock &) = delete;
  EntryLock &operator=(const EntryLock &) = delete;
  ~EntryLock() {
    if (FD >= 0)
      ::close(FD);
  }

private:
  int FD;
};

/// Why lockEntry got no lock.
enum class LockFailure { None, Busy, Missing, Error };

/// Locks the cache entry \p Entry (exclusively or shared), waiting up to
/// \p TimeoutSeconds for another process's lock; with \p Create, makes the
/// entry (and its lock file) first. A lock is only taken on the entry
/// that is at \p Entry once it is held: one removed (renamed away) while
/// this waited is looked up again.
std::unique_ptr<EntryLock> lockEntry(const std::string &Entry, bool Exclusive,
                                     int64_t TimeoutSeconds, bool Create,
                                     LockFailure &Failure, std::string &Why) {
  using namespace std::chrono;
  const auto Deadline = steady_clock::now() + seconds(TimeoutSeconds);
  const std::string Path = Entry + "/lock";
  int Retries = 0;
  for (;;) {
    if (Create)
      if (std::error_code EC = llvm::sys::fs::create_directories(Entry)) {
        Failure = LockFailure::Error;
        Why = EC.message();
        return nullptr;
      }
    int FD = ::open(Path.c_str(), (Create ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC,
                    0666);
    if (FD < 0 && errno == ENOENT && Create && Retries++ < 100)
      continue; // The entry was removed between the two: made again.
    if (FD < 0) {
      Failure = errno == ENOENT && !Create ? LockFailure::Missing : LockFailure::Error;
      Why = std::strerror(errno);
      return nullptr;
    }
    auto Lock = std::make_unique<EntryLock>(FD);
    auto Wait = milliseconds(10);
    while (::flock(FD, (Exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0) {
      if (errno != EWOULDBLOCK && errno != EINTR) {
        Failure = LockFailure::Error;
        Why = std::strerror(errno);
        return nullptr;
      }
      if (steady_clock::now() >= Deadline) {
        Failure = LockFailure::Busy;
        return nullptr;
      }
      std::this_thread::sleep_for(Wait);
      Wait = std::min(Wait * 2, milliseconds(200));
    }
    // Still the entry's own lock file, not one of an entry removed (renamed
    // away, then deleted) while this waited.
    struct stat Held, Now;
    if (::fstat(FD, &Held) == 0 && ::stat(Path.c_str(), &Now) == 0 &&
        Held.st_dev == Now.st_dev && Held.st_ino == Now.st_ino)
      return Lock;
    if (!Create) {
      Failure = LockFailure::Missing;
      return nullptr;
    }
  }
}

/// Removes the cache entry \p Entry, whose lock the caller holds: renamed
/// away first (so that no one finds it half-deleted, and a build waiting
/// for its lock makes a new one), then deleted.
void removeLockedEntry(const std::string &Entry) {
  static int Removed = 0;
  std::string Trash = llvm::formatv("{0}/.removed-{1}-{2}-{3}",
                                    llvm::sys::path::parent_path(Entry),
                                    llvm::sys::path::filename(Entry), ::getpid(),
                                    Removed++);
  if (llvm::sys::fs::rename(Entry, Trash))
    return;
  llvm::sys::fs::remove_directories(Trash);
}

/// The entry of the preamble cache \p Cache for the preamble \p M is
/// asked to be: named after a hash of all it is built from but the files
/// it reads (whose sizes and times its manifest holds).
std::string cacheEntry(const std::string &Cache, const Manifest &M) {
  std::string Key = llvm::formatv("{0}\n{1}\n{2}\n{3}\n{4}\n", ManifestFormat,
                                  M.Clang, M.Language, M.Prelude, M.Directory);
  for (const std::string &A : M.Args)
    Key += A + '\0';
  Key += '\n';
  for (const std::string &I : M.Includes)
    Key += I + '\n';
  return absolutePath(Cache) + "/" + M.Language + "-" +
         llvm::utohexstr(llvm::xxHash64(Key), /*LowerCase=*/true);
}

/// Whether the preamble \p Built was made where, and by the command with
/// which, \p M is asked to be: the same PCH path, language, prelude,
/// command and directory (its include lines and files aside).
bool sameBuild(const Manifest &Built, const Manifest &M) {
  return Built.Pch == M.Pch && Built.Language == M.Language &&
         Built.Prelude == M.Prelude && Built.Args == M.Args &&
         Built.Directory == M.Directory;
}

/// Whether the cache entry \p E can serve as the preamble \p M is asked to
/// be: built the same way, from include lines \p M begins with, and up to
/// date.
bool entryServes(const Manifest &E, const Manifest &M) {
  return sameBuild(E, M) && E.Includes.size() <= M.Includes.size() &&
         std::equal(E.Includes.begin(), E.Includes.end(), M.Includes.begin()) &&
         upToDate(E);
}

/// Writes \p Text to \p Path through a temporary file: a build that reads
/// the cache at the same time sees the old file or the new one.
bool writeAtomically(const std::string &Path, llvm::StringRef Text) {
  llvm::Error E = llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    OS << Text;
    return llvm::Error::success();
  });
  bool Ok = !E;
  llvm::consumeError(std::move(E));
  return Ok;
}

/// The time an entry of the cache was last used (its manifest's, touched
/// on each use).
std::optional<int64_t> lastUse(const std::string &Entry) {
  std::optional<std::pair<uint64_t, int64_t>> S = stamp(Entry + "/manifest.json");
  return S ? std::optional(S->second) : std::nullopt;
}

/// Marks the cache entry \p Entry as just used.
void touchEntry(const std::string &Entry) {
  std::string Path = Entry + "/manifest.json";
  ::utimensat(AT_FDCWD, Path.c_str(), nullptr, 0);
}

/// An entry used within this many seconds may be in use by another build
/// (between its lookup and the parses that read its PCH, which hold no
/// lock on it): it is not evicted, even when that leaves the cache above
/// cacheEntries() for a while. OPGEN_PREAMBLE_CACHE_IN_USE_SECONDS, 600
/// by default.
int64_t inUseSeconds() {
  return envNumber("OPGEN_PREAMBLE_CACHE_IN_USE_SECONDS", 600);
}

/// An entry without a manifest is being built by another build (its
/// manifest is written last), unless its directory is older than this: a
/// build that stopped half-way.
constexpr int64_t BuildingSeconds = 3600;

/// Removes the least recently used entries of \p Cache beyond
/// cacheEntries(), \p Keep aside. Only opgen's (c++-* and cuda-*) are
/// counted and removed; never one locked by another process (being looked
/// up or built, or its PCH being read by a parse), one used in the last
/// inUseSeconds(), nor one without a manifest yet (being built by an opgen
/// that takes no lock), so that parallel builds sharing a cache do not
/// take each other's preambles away. An entry is removed under its lock.
void evictEntries(const std::string &Cache, const std::string &Keep) {
  using namespace std::chrono;
  const int64_t Now =
      duration_cast<nanoseconds>(system_clock::now().time_since_epoch()).count();
  auto Ago = [Now](int64_t Seconds) { return Now - Seconds * 1000000000LL; };
  std::vector<std::pair<int64_t, std::string>> Entries;
  size_t Count = 0;
  const int64_t InUse = inUseSeconds();
  std::error_code EC;
  for (llvm::sys::fs::directory_iterator It(absolutePath(Cache), EC), End;
       It != End && !EC;
       It.increment(EC)) {
    llvm::StringRef Name = llvm::sys::path::filename(It->path());
    if (Name.startswith(".removed-")) {
      // Left by a process that ended while removing it.
      llvm::sys::fs::file_status St;
      if (!llvm::sys::fs::status(It->path(), St) &&
          duration_cast<nanoseconds>(St.getLastModificationTime().time_since_epoch())
                  .count() < Ago(BuildingSeconds))
        llvm::sys::fs::remove_directories(It->path());
      continue;
    }
    if (!(Name.startswith("c++-") || Name.startswith("cuda-")))
      continue;
    ++Count;
    if (It->path() == Keep)
      continue;
    std::optional<int64_t> Used = lastUse(It->path());
    if (!Used) {
      llvm::sys::fs::file_status St;
      int64_t Made = llvm::sys::fs::status(It->path(), St)
                         ? 0
                         : duration_cast<nanoseconds>(
                               St.getLastModificationTime().time_since_epoch())
                               .count();
      if (Made > Ago(BuildingSeconds))
        continue; // being built
      Used = 0;
    }
    if (*Used > Ago(InUse))
      continue; // maybe in use
    Entries.push_back({*Used, It->path()});
  }
  const size_t Limit = cacheEntries();
  if (Count <= Limit)
    return;
  // The oldest first, as many as the cache is over its bound; one another
  // process holds a lock on is passed over.
  std::sort(Entries.begin(), Entries.end());
  size_t Over = Count - Limit;
  for (size_t I = 0; I < Entries.size() && Over; ++I) {
    LockFailure Failure = LockFailure::None;
    std::string Why;
    std::unique_ptr<EntryLock> Lock =
        lockEntry(Entries[I].second, /*Exclusive=*/true, /*TimeoutSeconds=*/0,
                  /*Create=*/false, Failure, Why);
    if (!Lock && Failure != LockFailure::Missing)
      continue; // In use, or not opgen's to remove.
    if (!Lock && llvm::sys::fs::exists(Entries[I].second + "/lock"))
      continue; // Removed (and maybe made again) meanwhile.
    // Still its last use (another build may have taken it meanwhile).
    std::optional<int64_t> Used = lastUse(Entries[I].second);
    if (Used && *Used > Ago(InUse))
      continue;
    removeLockedEntry(Entries[I].second);
    --Over;
  }
}

/// What one build of a preamble saw.
struct BuildLog {
  std::set<std::string> Files;
  /// The first include line (0-based) that must not be in the preamble.
  size_t FirstUnfit = SIZE_MAX;
  /// Line -1: before the first include line (a file of `-include`): no
  /// preamble at all.
  void unfit(int Line) {
    FirstUnfit = std::min(FirstUnfit, static_cast<size_t>(std::max(Line, 0)));
  }
};

/// Watches the preamble header's include lines and the files they read.
class PreambleWatcher : public PPCallbacks {
public:
  PreambleWatcher(const SourceManager &SM, BuildLog &Log,
                  std::vector<OptionalFileEntryRef> &TopFiles, int &Line)
      : SM(SM), Log(Log), TopFiles(TopFiles), Line(Line) {}

  void InclusionDirective(SourceLocation HashLoc, const Token &, StringRef,
                          bool, CharSourceRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *,
                          SrcMgr::CharacteristicKind) override {
    // Not isInMainFile: that includes the predefines buffer (`-include`).
    if (!SM.isWrittenInMainFile(HashLoc))
      return;
    ++Line;
    TopFiles.push_back(File);
  }

  void FileChanged(SourceLocation Loc, FileChangeReason Reason,
                   SrcMgr::CharacteristicKind Kind, FileID) override {
    if (Reason != EnterFile)
      return;
    FileID FID = SM.getFileID(Loc);
    if (FID == SM.getMainFileID())
      return;
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(FID);
    if (!Entry)
      return; // Built-in and command-line buffers.
    llvm::SmallString<256> Abs(Entry->getName());
    SM.getFileManager().makeAbsolutePath(Abs);
    llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    if (Abs == cudaPreludePath())
      return; // opgen's own (virtual), first in every CUDA parse.
    Log.Files.insert(std::string(Abs));
    if (Kind == SrcMgr::C_User)
      Log.unfit(Line); // Only system headers are precompiled.
    // Included by the command line (`-include`): the PCH would hold it, and
    // the source's parse not read it again, or read it twice.
    SourceLocation From = SM.getIncludeLoc(FID);
    if (From.isValid() && !SM.getFileEntryRefForID(SM.getFileID(From)))
      Log.unfit(-1);
  }

private:
  const SourceManager &SM;
  BuildLog &Log;
  std::vector<OptionalFileEntryRef> &TopFiles;
  int &Line;
};

/// Counts what the annotation scanner finds: in a preamble, any annotation
/// (or a malformed one) makes its include line unfit.
class UnfitOnDiag : public DiagSink {
public:
  UnfitOnDiag(BuildLog &Log, const int &Line) : Log(Log), Line(Line) {}

protected:
  void emit(DiagId, const SourceLoc &, const std::vector<std::string> &) override {
    Log.unfit(Line);
  }

private:
  BuildLog &Log;
  const int &Line;
};

class PreambleAction : public GeneratePCHAction {
public:
  PreambleAction(std::string PchPath, BuildLog &Log)
      : PchPath(std::move(PchPath)), Log(Log), Sink(Log, Line) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    // As opgen's parse: no body of a header function is parsed.
    CI.getFrontendOpts().SkipFunctionBodies = true;
    Preprocessor &PP = CI.getPreprocessor();
    Scanner = std::make_unique<AnnotationScanner>(PP, Sink, "/");
    PP.setTokenWatcher([this](const Token &T) {
      size_t Before = Scanner->foundCount();
      Scanner->onToken(T);
      if (Scanner->foundCount() != Before)
        Log.unfit(Line);
    });
    PP.addPPCallbacks(std::make_unique<PreambleWatcher>(CI.getSourceManager(),
                                                        Log, TopFiles, Line));
    return GeneratePCHAction::BeginSourceFileAction(CI);
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef InFile) override {
    CI.getFrontendOpts().OutputFile = PchPath;
    return GeneratePCHAction::CreateASTConsumer(CI, InFile);
  }

  void EndSourceFileAction() override {
    Scanner->finish();
    if (Scanner->foundCount())
      Log.unfit(Line);
    // A header without an include guard would be read again by the
    // source's own include line: it stays out.
    HeaderSearch &HS = getCompilerInstance().getPreprocessor().getHeaderSearchInfo();
    for (size_t I = 0; I < TopFiles.size(); ++I) {
      if (!TopFiles[I]) {
        Log.unfit(static_cast<int>(I));
        continue;
      }
      HeaderFileInfo &HFI = HS.getFileInfo(&TopFiles[I]->getFileEntry());
      if (!HFI.isPragmaOnce && !HFI.isImport && !HFI.ControllingMacro &&
          !HFI.ControllingMacroID)
        Log.unfit(static_cast<int>(I));
    }
    GeneratePCHAction::EndSourceFileAction();
  }

private:
  std::string PchPath;
  BuildLog &Log;
  int Line = -1;
  UnfitOnDiag Sink;
  std::unique_ptr<AnnotationScanner> Scanner;
  std::vector<OptionalFileEntryRef> TopFiles;
};

class PreambleActionFactory : public tooling::FrontendActionFactory {
public:
  PreambleActionFactory(std::string PchPath, BuildLog &Log)
      : PchPath(std::move(PchPath)), Log(Log) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<PreambleAction>(PchPath, Log);
  }

private:
  std::string PchPath;
  BuildLog &Log;
};

/// The language of a source a preamble can be for ("c++" or "cuda"); none
/// for a header.
std::optional<std::string> preambleLanguage(const std::string &Source) {
  std::optional<SourceKind> Kind = classifySource(Source);
  if (!Kind || !Kind->Compiled)
    return std::nullopt;
  return std::string(clangLanguageName(sourceLanguage(*Kind)));
}

} // namespace

std::vector<std::string> leadingSystemIncludes(llvm::StringRef Text) {
  std::vector<std::string> Out;
  while (!Text.empty()) {
    Text = Text.ltrim();
    if (Text.startswith("//")) {
      Text = Text.drop_until([](char C) { return C == '\n'; });
      continue;
    }
    if (Text.startswith("/*")) {
      size_t End = Text.find("*/", 2);
      if (End == llvm::StringRef::npos)
        break;
      Text = Text.drop_front(End + 2);
      continue;
    }
    llvm::StringRef Line = Text.take_until([](char C) { return C == '\n'; });
    llvm::StringRef Rest = Line.trim();
    if (!Rest.consume_front("#"))
      break;
    Rest = Rest.ltrim();
    if (!Rest.consume_front("include"))
      break;
    Rest = Rest.ltrim();
    // `<name>` and nothing after it but a line comment.
    if (!Rest.consume_front("<"))
      break;
    size_t Close = Rest.find('>');
    if (Close == llvm::StringRef::npos || Close == 0)
      break;
    llvm::StringRef Name = Rest.take_front(Close);
    llvm::StringRef After = Rest.drop_front(Close + 1).trim();
    if (!After.empty() && !After.startswith("//"))
      break;
    if (Name.contains('\\') || Line.endswith("\\"))
      break;
    Out.push_back(Name.str());
    Text = Text.drop_front(Line.size());
  }
  return Out;
}

std::optional<PreambleUse>
PreambleUse::load(const std::string &PchPath, tooling::CompilationDatabase &DB) {
  std::string Pch = absolutePath(PchPath);
  std::optional<Manifest> M = readManifest(Pch + ".json");
  // The PCH it names is <file.pch> itself or one in the preamble cache
  // (--preamble-cache); either way its size and time are in the manifest.
  if (!M)
    return std::nullopt;
  // A PCH in a cache entry is read under a shared lock on the entry, held
  // until this process ends: the entry is not removed or rebuilt while a
  // parse reads it. An entry of an opgen that made no lock file is read
  // as it is.
  std::shared_ptr<EntryLock> Lock;
  if (M->Pch != Pch) {
    LockFailure Failure = LockFailure::None;
    std::string Why;
    Lock = lockEntry(std::string(llvm::sys::path::parent_path(M->Pch)),
                     /*Exclusive=*/false, ReadLockSeconds, /*Create=*/false,
                     Failure, Why);
    if (!Lock && Failure != LockFailure::Missing)
      return std::nullopt;
  }
  if (!upToDate(*M))
    return std::nullopt;
  PreambleUse Use;
  Use.Lock = std::move(Lock);
  Use.PchPath = M->Pch;
  Use.ManifestPath = Pch + ".json";
  Use.Language = std::move(M->Language);
  Use.Includes = std::move(M->Includes);
  Use.Directory = std::move(M->Directory);
  Use.Args = std::move(M->Args);
  Use.DB = &DB;
  return Use;
}

bool PreambleUse::fits(const std::string &Source) const {
  if (preambleLanguage(Source) != Language)
    return false;
  std::optional<std::vector<std::string>> Leading = leadingIncludesOf(Source);
  if (!Leading || Leading->size() < Includes.size() ||
      !std::equal(Includes.begin(), Includes.end(), Leading->begin()))
    return false;
  return commandDirectory(*DB, Source) == Directory;
}

bool PreambleUse::apply(tooling::CommandLineArguments &Out, StringRef File,
                        FrontendResult &Result) const {
  if (keyArguments(Out, File) != Args)
    return false;
  std::vector<std::string> Use = {"-include-pch", PchPath};
  Out.insert(std::find(Out.begin(), Out.end(), "--"), Use.begin(), Use.end());
  Result.PreambleInputs.insert(ManifestPath);
  // The CUDA prelude, a user file every CUDA parse reads, is now read from
  // the PCH: the record names it as it does without one.
  if (Language == "cuda")
    Result.Dependencies.insert(cudaPreludePath().str());
  return true;
}

ArgumentsHook preambleHook(const std::vector<PreambleUse> &Preambles,
                           const std::string &Source, FrontendResult &Result) {
  std::vector<const PreambleUse *> Fitting;
  for (const PreambleUse &P : Preambles)
    if (P.fits(Source))
      Fitting.push_back(&P);
  if (Fitting.empty())
    return {};
  return [Fitting, &Result](tooling::CommandLineArguments &Out, StringRef File) {
    for (const PreambleUse *P : Fitting)
      if (P->apply(Out, File, Result))
        return;
  };
}

bool buildPreamble(const FrontendOptions &Opts, const std::string &PchPath,
                   DiagSink &Diags, PreambleResult &Result) {
  std::string Pch = absolutePath(PchPath);
  std::string Header = Pch + ".h";
  std::unique_ptr<tooling::CompilationDatabase> Database =
      loadDatabase(Opts, Diags);
  if (!Database)
    return false;

  // The include lines that begin every C++ source, or when there is none,
  // every CUDA source.
  std::optional<std::string> Language;
  for (const std::string &S : Opts.Sources) {
    std::optional<std::string> L = preambleLanguage(S);
    if (L && (!Language || *L == "c++"))
      Language = L;
  }
  std::vector<std::string> Sources;
  for (const std::string &S : Opts.Sources)
    if (Language && preambleLanguage(S) == Language)
      Sources.push_back(S);
  std::vector<std::string> Includes;
  for (size_t I = 0; I < Sources.size(); ++I) {
    std::vector<std::string> Leading =
        leadingIncludesOf(Sources[I]).value_or(std::vector<std::string>());
    if (I == 0) {
      Includes = Leading;
      continue;
    }
    size_t N = 0;
    while (N < Includes.size() && N < Leading.size() && Includes[N] == Leading[N])
      ++N;
    Includes.resize(N);
  }

  Manifest M;
  M.Clang = getClangFullVersion();
  M.Language = Language.value_or("c++");
  M.Prelude = preludeHash(M.Language);
  M.Pch = Pch;
  if (!Sources.empty()) {
    // The first source's command, as its parse will run it.
    std::vector<tooling::CompileCommand> Commands =
        Database->getCompileCommands(Sources.front());
    if (Commands.size() == 1) {
      tooling::CommandLineArguments Args = Commands.front().CommandLine;
      for (const tooling::ArgumentsAdjuster &Adjust :
           {tooling::getClangStripOutputAdjuster(),
            tooling::getClangSyntaxOnlyAdjuster(),
            tooling::getClangStripDependencyFileAdjuster()})
        Args = Adjust(Args, Commands.front().Filename);
      Args = adjustArguments(Args, Commands.front().Filename, Opts);
      M.Args = keyArguments(Args, Commands.front().Filename);
      M.Directory = absolutePath(Commands.front().Directory);
    } else {
      Includes.clear();
    }
  }
  M.Includes = Includes;

  // With a cache, the PCH and its include lines lie in the cache's entry
  // for these lines and this command, which this build holds locked until
  // it returns: a second build of the same entry waits for the first, then
  // takes what it made.
  std::string Entry;
  std::unique_ptr<EntryLock> Lock;
  if (!Opts.PreambleCache.empty() && !M.Includes.empty()) {
    Entry = cacheEntry(Opts.PreambleCache, M);
    LockFailure Failure = LockFailure::None;
    std::string Why;
    const int64_t Timeout = lockTimeoutSeconds();
    Lock = lockEntry(Entry, /*Exclusive=*/true, Timeout, /*Create=*/true,
                     Failure, Why);
    // A cache that cannot be written, or an entry another build holds for
    // too long, is no reason to go without a preamble: it is built where it
    // would be without the cache.
    if (!Lock) {
      if (Failure == LockFailure::Busy)
        Diags.report(DiagId::PreambleCacheBusy, SourceLoc{},
                     {Entry, std::to_string(Timeout)});
      else
        Diags.report(DiagId::PreambleCacheUnwritable, SourceLoc{},
                     {absolutePath(Opts.PreambleCache), Why});
      Entry.clear();
    } else {
      M.Pch = Entry + "/preamble.pch";
      Header = Entry + "/preamble.h";
      // A PCH of the build directory's own, from a run without the cache,
      // is not used again.
      llvm::sys::fs::remove(Pch);
      llvm::sys::fs::remove(Pch + ".h");
    }
  }
  Result.Pch = M.Pch;
  auto Use = [&](const Manifest &Found) {
    Result.Manifest = writeManifest(Found);
    for (const auto &F : Found.Files)
      Result.Inputs.insert(F.first);
    Result.Includes = Found.Includes;
  };

  // Kept when it was built from the same lines and command and nothing it
  // read has changed.
  if (std::optional<Manifest> Old = readManifest(Pch + ".json"))
    if (sameBuild(*Old, M) && Old->Includes == M.Includes &&
        (M.Includes.empty() ? Old->Clang == M.Clang : upToDate(*Old))) {
      if (!Entry.empty()) {
        touchEntry(Entry);
        evictEntries(Opts.PreambleCache, Entry);
      }
      Use(*Old);
      return true;
    }

  // Taken from the cache, where another build directory (or this one
  // before a clean, or a build of the same entry that this one waited for)
  // left it, complete (its manifest, written last, names the PCH's size and
  // time) and up to date.
  if (!Entry.empty())
    if (std::optional<Manifest> Cached = readManifest(Entry + "/manifest.json"))
      if (entryServes(*Cached, M)) {
        touchEntry(Entry);
        evictEntries(Opts.PreambleCache, Entry);
        Use(*Cached);
        return true;
      }

  enum class Outcome { Built, NoneFits, Failed, NotWritten };
  // Builds the preamble \p M asks for from \p Header: Built (M then lists
  // the files it read), NoneFits, Failed (its include lines do not compile)
  // or NotWritten (a file of it could not be written; \p Why says why).
  // The PCH is written to a temporary name and renamed into place: a
  // reader sees the old PCH or the new one, never part of one.
  auto Build = [&](Manifest &M, const std::string &Header,
                   std::string &Why) -> Outcome {
    if (!M.Includes.empty())
      llvm::sys::fs::create_directories(llvm::sys::path::parent_path(M.Pch));
    const std::string Temporary = M.Pch + ".tmp";
    while (!M.Includes.empty()) {
      std::string Text = "// opgen preamble: the leading include lines of the "
                         "sources, precompiled.\n";
      for (const std::string &I : M.Includes)
        Text += "#include <" + I + ">\n";
      // Rewritten only when its lines change: a cache entry's PCH another
      // build is using stays valid.
      auto Existing = llvm::MemoryBuffer::getFile(Header);
      if ((!Existing || (*Existing)->getBuffer() != Text) &&
          !writeAtomically(Header, Text)) {
        Why = "cannot write '" + Header + "'";
        return Outcome::NotWritten;
      }
      BuildLog Log;
      tooling::ClangTool Tool(*Database, {Sources.front()});
      IgnoringDiagConsumer Quiet; // The parses report the same errors.
      Tool.setDiagnosticConsumer(&Quiet);
      Tool.setPrintErrorMessage(false);
      configureTool(Tool, Opts, [&Header](tooling::CommandLineArguments &Out,
                                          StringRef File) {
        for (size_t I = 0; I < Out.size(); ++I) {
          if (Out[I] == File)
            Out[I] = Header;
          else if (Out[I] == "-x" && I + 1 < Out.size() && Out[I + 1] == "c++")
            Out[++I] = "c++-header";
        }
      });
      PreambleActionFactory Factory(Temporary, Log);
      // Clang writes no PCH after an error, even where the run counts as
      // a success.
      bool Built = Tool.run(&Factory) == 0 && llvm::sys::fs::exists(Temporary);
      if (Built && Log.FirstUnfit >= M.Includes.size()) {
        if (std::error_code EC = llvm::sys::fs::rename(Temporary, M.Pch)) {
          llvm::sys::fs::remove(Temporary);
          Why = "cannot write '" + M.Pch + "': " + EC.message();
          return Outcome::NotWritten;
        }
        std::optional<std::pair<uint64_t, int64_t>> PchStamp = stamp(M.Pch);
        std::optional<std::pair<uint64_t, int64_t>> HeaderStamp = stamp(Header);
        if (!PchStamp || !HeaderStamp) {
          Why = "'" + M.Pch + "' vanished as it was written";
          return Outcome::NotWritten;
        }
        M.Files.push_back({Header, *HeaderStamp});
        for (const std::string &F : Log.Files)
          if (std::optional<std::pair<uint64_t, int64_t>> S = stamp(F))
            M.Files.push_back({F, *S});
        M.Files.push_back({M.Pch, *PchStamp});
        Result.Inputs = Log.Files;
        Result.Inputs.insert(Header);
        return Outcome::Built;
      }
      llvm::sys::fs::remove(Temporary);
      if (!Built)
        return Outcome::Failed; // The sources' own parses will say why.
      M.Includes.resize(Log.FirstUnfit); // Without the unfit line and after.
    }
    return Outcome::NoneFits;
  };

  const std::vector<std::string> Asked = M.Includes;
  std::string Why;
  Outcome Made = Build(M, Header, Why);
  if (Made == Outcome::NotWritten && !Entry.empty()) {
    // The entry cannot be written (a full disk, say): it is removed (this
    // build holds its lock), and the preamble built beside its manifest.
    Diags.report(DiagId::PreambleCacheFailed, SourceLoc{}, {Entry, Why});
    removeLockedEntry(Entry);
    Lock.reset();
    Entry.clear();
    M.Includes = Asked;
    M.Files.clear();
    M.Pch = Result.Pch = Pch;
    Header = Pch + ".h";
    Made = Build(M, Header, Why);
  }
  if (Made == Outcome::Built) {
    Result.Manifest = writeManifest(M);
    Result.Includes = M.Includes;
    if (!Entry.empty()) {
      // The entry's manifest last, atomically: until it is there, the entry
      // is none; once it is, the PCH it names is complete.
      writeAtomically(Entry + "/manifest.json", Result.Manifest);
      evictEntries(Opts.PreambleCache, Entry);
    }
    return true;
  }
  // No preamble: never silently, unless none fits.
  if (Made == Outcome::Failed || Made == Outcome::NotWritten)
    Diags.report(DiagId::PreambleNotBuilt, SourceLoc{},
                 {"<" + llvm::join(M.Includes, ">, <") + ">",
                  Sources.empty() ? std::string() : Sources.front()});
  M.Includes.clear();
  M.Files.clear();
  M.Pch = Result.Pch = Pch;
  llvm::sys::fs::remove(Pch);
  llvm::sys::fs::remove(Pch + ".h");
  if (!Entry.empty())
    removeLockedEntry(Entry);
  Result.Manifest = writeManifest(M);
  Result.Includes.clear();
  return true;
}

} // namespace opgen
