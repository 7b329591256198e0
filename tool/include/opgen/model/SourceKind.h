//===- SourceKind.h - What kind of file an input is -------------*- C++ -*-===//
///
/// \file
/// The one classification of input files by extension: which are accepted,
/// which are compiled (and so get a generated shard), which are CUDA.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_MODEL_SOURCEKIND_H
#define OPGEN_MODEL_SOURCEKIND_H

#include "opgen/model/Model.h"

#include <optional>
#include <string>
#include <string_view>

namespace opgen {

/// X(Extension, Compiled, Cuda), in the order the diagnostics list them.
#define OPGEN_SOURCE_EXTENSIONS(X)                                             \
  X(".cpp", true, false)                                                       \
  X(".cc", true, false)                                                        \
  X(".cxx", true, false)                                                       \
  X(".cu", true, true)                                                         \
  X(".h", false, false)                                                        \
  X(".hpp", false, false)                                                      \
  X(".cuh", false, true)

struct SourceKind {
  /// A translation unit of its own; headers are compiled through the
  /// sources that include them.
  bool Compiled = false;
  /// CUDA (`.cu`, `.cuh`): parsed as CUDA, its kernels default to the CUDA key.
  bool Cuda = false;
};

/// The kind of \p Path by its extension; nullopt for a file opgen does not
/// take as an input.
std::optional<SourceKind> classifySource(std::string_view Path);

/// The language of a source of kind \p Kind: CUDA or C++.
Language sourceLanguage(SourceKind Kind);

/// \p L as Clang's `-x` and the preamble manifest spell it: `c++`, `cuda`
/// (enumName gives the model's spelling, `C++`, `CUDA`).
std::string_view clangLanguageName(Language L);

/// The accepted extensions, for messages: `.cpp .cc .cxx .cu .h .hpp .cuh`.
std::string supportedExtensions();

} // namespace opgen

#endif // OPGEN_MODEL_SOURCEKIND_H
