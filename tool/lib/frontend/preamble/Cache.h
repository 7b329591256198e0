//===- Cache.h - The preamble cache, shared by builds -----------*- C++ -*-===//
///
/// \file
/// The preamble cache (`--preamble-cache`): one entry (a directory) per
/// preamble, named after what it is built from; its flock-based entry locks,
/// and the eviction of the least recently used entries. Private to
/// preamble/.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_FRONTEND_PREAMBLE_CACHE_H
#define OPGEN_LIB_FRONTEND_PREAMBLE_CACHE_H

#include "frontend/preamble/Manifest.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>

namespace opgen {
namespace preamble {

/// A whole number from the environment variable \p Name, or \p Default
/// when it is unset or not one (a cache's bound, a lock's timeout).
int64_t envNumber(const char *Name, int64_t Default);

/// How long --build-preamble waits for another build's lock on its cache
/// entry (OPGEN_PREAMBLE_LOCK_TIMEOUT, seconds; 300 by default) before it
/// builds its preamble beside its manifest instead.
int64_t lockTimeoutSeconds();

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
  ~EntryLock();

  /// Whether \p Entry's lock file is still the one this lock is on: false
  /// once the entry was removed (by an opgen that takes no lock, or by
  /// hand) while this held it.
  bool holds(const std::string &Entry) const;

private:
  int FD;
};

/// Why lockEntry got no lock.
enum class LockFailure { Busy, Missing, Error };

/// The failure of lockEntry: its kind, and (an error's) reason.
class LockError : public llvm::ErrorInfo<LockError> {
public:
  static char ID;
  LockError(LockFailure Kind, std::string Why)
      : Kind(Kind), Why(std::move(Why)) {}
  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;

  LockFailure Kind;
  std::string Why;
};

/// The kind and reason of \p E, a failure of lockEntry.
struct LockFailed {
  LockFailure Kind;
  std::string Why;
};
LockFailed takeLockFailure(llvm::Error E);

/// Locks the cache entry \p Entry (exclusively or shared), waiting up to
/// \p TimeoutSeconds for another process's lock; with \p Create, makes the
/// entry (and its lock file) first. A lock is only taken on the entry
/// that is at \p Entry once it is held: one removed (renamed away) while
/// this waited is looked up again.
llvm::Expected<std::unique_ptr<EntryLock>>
lockEntry(const std::string &Entry, bool Exclusive, int64_t TimeoutSeconds,
          bool Create);

/// Removes the cache entry \p Entry, whose lock the caller holds: renamed
/// away first (so that no one finds it half-deleted, and a build waiting
/// for its lock makes a new one), then deleted.
void removeLockedEntry(const std::string &Entry);

/// The entry of the preamble cache \p Cache for the preamble \p M is
/// asked to be: named after a hash of all it is built from but the files
/// it reads (whose sizes and times its manifest holds).
std::string cacheEntry(const std::string &Cache, const Manifest &M);

/// Whether the cache entry \p E can serve as the preamble \p M is asked to
/// be: built the same way, from include lines \p M begins with, and up to
/// date.
bool entryServes(const Manifest &E, const Manifest &M);

/// Writes \p Text to \p Path through a temporary file: a build that reads
/// the cache at the same time sees the old file or the new one.
llvm::Error writeAtomically(const std::string &Path, llvm::StringRef Text);

/// Marks the cache entry \p Entry as just used.
void touchEntry(const std::string &Entry);

/// Removes the least recently used entries of \p Cache beyond
/// cacheEntries(), \p Keep aside. Only opgen's (c++-* and cuda-*) are
/// counted and removed; never one locked by another process (being looked
/// up or built, or its PCH being read by a parse), one used in the last
/// inUseSeconds(), nor one without a manifest yet (being built by an opgen
/// that takes no lock), so that parallel builds sharing a cache do not
/// take each other's preambles away. An entry is removed under its lock.
void evictEntries(const std::string &Cache, const std::string &Keep);

} // namespace preamble
} // namespace opgen

#endif // OPGEN_LIB_FRONTEND_PREAMBLE_CACHE_H
