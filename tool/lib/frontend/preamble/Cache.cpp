//===- Cache.cpp - The preamble cache, shared by builds -------------------===//
//
// The cache (--preamble-cache) is shared by builds running at once: an
// entry is looked up, built and removed only under its exclusive lock
// (flock on <entry>/lock), so a second build of it waits and then takes
// what the first made; its PCH is renamed into place when complete and its
// manifest written last, atomically; a parse reading its PCH holds a shared
// lock, which eviction (a try-lock) respects. A build that cannot use its
// entry says so and builds the preamble beside its manifest instead.
//===----------------------------------------------------------------------===//
#include "frontend/preamble/Cache.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

namespace opgen {
namespace preamble {

EntryLock::~EntryLock() {
  if (FD >= 0)
    ::close(FD);
}

bool EntryLock::holds(const std::string &Entry) const {
  struct stat Held, Now;
  const std::string Path = Entry + "/lock";
  return FD >= 0 && ::fstat(FD, &Held) == 0 &&
         ::stat(Path.c_str(), &Now) == 0 && Held.st_dev == Now.st_dev &&
         Held.st_ino == Now.st_ino;
}

char LockError::ID = 0;

void LockError::log(llvm::raw_ostream &OS) const { OS << Why; }

std::error_code LockError::convertToErrorCode() const {
  return llvm::inconvertibleErrorCode();
}

LockFailed takeLockFailure(llvm::Error E) {
  LockFailed Out{LockFailure::Error, ""};
  llvm::handleAllErrors(
      std::move(E), [&](const LockError &L) { Out = {L.Kind, L.Why}; },
      [&](const llvm::ErrorInfoBase &B) { Out.Why = B.message(); });
  return Out;
}

int64_t envNumber(const char *Name, int64_t Default) {
  const char *V = std::getenv(Name);
  int64_t N;
  if (!V || llvm::StringRef(V).trim().getAsInteger(10, N) || N < 0)
    return Default;
  return N;
}

namespace {


/// A preamble cache keeps at most this many preambles (one of
/// <ATen/ATen.h> is about 45 MB; OPGEN_PREAMBLE_CACHE_ENTRIES, 24 by
/// default); the least recently used go first.
size_t cacheEntries() {
  return static_cast<size_t>(
      std::max<int64_t>(1, envNumber("OPGEN_PREAMBLE_CACHE_ENTRIES", 24)));
}

/// The time an entry of the cache was last used (its manifest's, touched
/// on each use).
std::optional<int64_t> lastUse(const std::string &Entry) {
  std::optional<std::pair<uint64_t, int64_t>> S = stamp(Entry + "/manifest.json");
  return S ? std::optional(S->second) : std::nullopt;
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

/// lockEntry's failure.
llvm::Error fail(LockFailure Kind, std::string Why) {
  return llvm::make_error<LockError>(Kind, std::move(Why));
}

} // namespace

int64_t lockTimeoutSeconds() {
  return envNumber("OPGEN_PREAMBLE_LOCK_TIMEOUT", 300);
}

llvm::Expected<std::unique_ptr<EntryLock>>
lockEntry(const std::string &Entry, bool Exclusive, int64_t TimeoutSeconds,
          bool Create) {
  using namespace std::chrono;
  const auto Deadline = steady_clock::now() + seconds(TimeoutSeconds);
  const std::string Path = Entry + "/lock";
  int Retries = 0;
  for (;;) {
    if (Create)
      if (std::error_code EC = llvm::sys::fs::create_directories(Entry))
        return fail(LockFailure::Error, EC.message());
    int FD = ::open(Path.c_str(), (Create ? O_RDWR | O_CREAT : O_RDONLY) | O_CLOEXEC,
                    0666);
    if (FD < 0 && errno == ENOENT && Create && Retries++ < 100)
      continue; // The entry was removed between the two: made again.
    if (FD < 0)
      return fail(errno == ENOENT && !Create ? LockFailure::Missing
                                             : LockFailure::Error,
                  std::strerror(errno));
    auto Lock = std::make_unique<EntryLock>(FD);
    auto Wait = milliseconds(10);
    while (::flock(FD, (Exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB) != 0) {
      if (errno != EWOULDBLOCK && errno != EINTR)
        return fail(LockFailure::Error, std::strerror(errno));
      if (steady_clock::now() >= Deadline)
        return fail(LockFailure::Busy, "");
      std::this_thread::sleep_for(Wait);
      Wait = std::min(Wait * 2, milliseconds(200));
    }
    // Still the entry's own lock file, not one of an entry removed (renamed
    // away, then deleted) while this waited.
    if (Lock->holds(Entry))
      return Lock;
    if (!Create)
      return fail(LockFailure::Missing, "");
  }
}

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

bool entryServes(const Manifest &E, const Manifest &M) {
  return sameBuild(E, M) && E.Includes.size() <= M.Includes.size() &&
         std::equal(E.Includes.begin(), E.Includes.end(), M.Includes.begin()) &&
         upToDate(E);
}

llvm::Error writeAtomically(const std::string &Path, llvm::StringRef Text) {
  return llvm::writeToOutput(Path, [&](llvm::raw_ostream &OS) {
    OS << Text;
    return llvm::Error::success();
  });
}

void touchEntry(const std::string &Entry) {
  std::string Path = Entry + "/manifest.json";
  ::utimensat(AT_FDCWD, Path.c_str(), nullptr, 0);
}

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
    llvm::Expected<std::unique_ptr<EntryLock>> Lock =
        lockEntry(Entries[I].second, /*Exclusive=*/true, /*TimeoutSeconds=*/0,
                  /*Create=*/false);
    if (!Lock && takeLockFailure(Lock.takeError()).Kind != LockFailure::Missing)
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

} // namespace preamble
} // namespace opgen
