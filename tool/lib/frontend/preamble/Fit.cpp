//===- Fit.cpp - Using a preamble for the sources it fits -----------------===//
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
//===----------------------------------------------------------------------===//
#include "frontend/preamble/Preamble.h"

#include "frontend/preamble/Cache.h"
#include "frontend/preamble/Includes.h"
#include "frontend/preamble/Manifest.h"

#include "llvm/Support/Path.h"

#include <algorithm>

using namespace clang;

namespace opgen {

using namespace preamble;

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
    llvm::Expected<std::unique_ptr<EntryLock>> Locked =
        lockEntry(std::string(llvm::sys::path::parent_path(M->Pch)),
                  /*Exclusive=*/false, ReadLockSeconds, /*Create=*/false);
    if (Locked)
      Lock = std::move(*Locked);
    else if (takeLockFailure(Locked.takeError()).Kind != LockFailure::Missing)
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

} // namespace opgen
