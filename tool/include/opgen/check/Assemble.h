//===- Assemble.h - The checked op library from lowered functions -*- C++ -*-===//
///
/// \file
/// The whole check/infer phase in one call: checks the frontend's functions
/// (Check.h), names the library and its Python package, takes in the
/// author's samples and fake module, and decides each op's fake (Fakes.h).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_CHECK_ASSEMBLE_H
#define OPGEN_CHECK_ASSEMBLE_H

#include "opgen/model/Model.h"
#include "opgen/support/Diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// What the command line says about the library as a whole.
struct LibraryOptions {
  /// `--python-package`; empty: the first op's namespace (`ops` without ops).
  std::string PythonPackage;
  /// `--library-name`; empty: `<package>_ops`.
  std::string LibraryName;
  /// The samples module relative to the generated tests directory, or empty.
  std::string SamplesPath;
  /// The author's fake module, already read.
  std::optional<FakeModule> Fakes;
  /// `--python-module`: the author's own module of fakes, or empty.
  std::string PythonModule;
  /// `--no-python-package`.
  bool NoPythonPackage = false;
  /// `--stable-abi`: the library must be a stable-ABI one even when no
  /// kernel's signature says so (docs/stable-abi.md).
  bool StableAbi = false;
  /// `--fragment`: OpLibrary::Fragment.
  bool Fragment = false;
};

/// The checked library of \p Functions (lowered from \p Sources, in parse
/// order), which are left as they are. Errors are reported on \p Diags: the
/// library is complete only when its error count is 0 afterwards.
OpLibrary assembleLibrary(std::vector<std::string> Sources,
                          const std::vector<AnnotatedFunction> &Functions,
                          const LibraryOptions &Opts, DiagSink &Diags);

/// The library as the compiled source \p Source alone says it (its
/// functions among \p Functions, checked with CheckScope::Source): what
/// its shard and declarations header are emitted from, by `--discover
/// --write-shards` before other sources are parsed and by the whole
/// library's run alike, so that the two write the same shard. Only the ops,
/// their kernels and the ABI are filled. An error was found (one the whole
/// library's check reports too) when \p Diags' error count grew.
OpLibrary assembleShardLibrary(const std::string &Source,
                               const std::vector<AnnotatedFunction> &Functions,
                               const LibraryOptions &Opts, DiagSink &Diags);

} // namespace opgen

#endif // OPGEN_CHECK_ASSEMBLE_H
