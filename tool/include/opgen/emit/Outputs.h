//===- Outputs.h - The table of generated files -----------------*- C++ -*-===//
///
/// \file
/// The files opgen generates, from the one table Outputs.def: their paths
/// for a given package, fake module and sources, and what the build does
/// with each. emitAll writes them, the manifest lists them and
/// `opgen --list-outputs` prints them, without parsing anything.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_EMIT_OUTPUTS_H
#define OPGEN_EMIT_OUTPUTS_H

#include "opgen/model/Enums.h"
#include "opgen/model/Model.h"

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace opgen {

/// A row of Outputs.def.
enum class OutputId {
#define OPGEN_OUTPUT(Id, Path, Kind) Id,
#include "opgen/emit/Outputs.def"
};

/// What the build does with a generated file (see Outputs.def).
/// X(Value, Name): what the build does with a generated file, as
/// --list-outputs prints it.
#define OPGEN_OUTPUT_KINDS(X)                                                  \
  X(Compiled, "compiled")                                                      \
  X(Header, "header")                                                          \
  X(Python, "python")                                                          \
  X(Test, "test")                                                              \
  X(Other, "other")

enum class OutputKind { OPGEN_OUTPUT_KINDS(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(OutputKind, OPGEN_OUTPUT_KINDS);

/// `compiled`, `header`, `python`, `test`, `other`: as --list-outputs prints it.
std::string_view outputKindName(OutputKind K);

/// What the generated paths depend on.
struct OutputNames {
  std::string PythonPackage;
  /// The fake module's name (`<package>.<FakeModule>`).
  std::string FakeModule = "fakes";
  /// False with --no-python-package: the OPGEN_PACKAGE_OUTPUT rows are left
  /// out.
  bool Package = true;
  /// The sources, as given; each compiled one gets a shard.
  std::vector<std::string> Sources;
  /// Each compiled source's shard (Emit.h: shardPaths of Sources).
  std::map<std::string, std::string> Shards;
};

/// The names of \p L's outputs.
OutputNames outputNames(const OpLibrary &L);

struct OutputFile {
  /// Relative to the output directory.
  std::string Path;
  OutputKind Kind;
  OutputId Id;
  /// For a per-source row, the source; otherwise empty.
  std::string Source;
};

/// Every generated file, in table order (per-source rows in source order).
std::vector<OutputFile> listOutputs(const OutputNames &Names);

} // namespace opgen

#endif // OPGEN_EMIT_OUTPUTS_H
