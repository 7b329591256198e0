//===- Emit.h - Model to generated files ------------------------*- C++ -*-===//
///
/// \file
/// Emitters: pure functions from a checked OpLibrary to the text of each
/// generated file. They fill the templates under templates/ (embedded at
/// build time) and never touch the file system.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_EMIT_H
#define OPGEN_EMIT_H

#include "opgen/model/Model.h"

#include <map>
#include <string>

namespace opgen {

/// Generated files by path relative to the output directory.
using FileSet = std::map<std::string, std::string>;

struct EmitOptions {
  /// Absolute output directory (shards #include sources relative to it).
  std::string OutputDir;
  /// Directory provenance paths are relative to.
  std::string Root;
  /// Absolute path of opgen's runtime/include, which the generated
  /// CMakeLists.txt uses by default.
  std::string RuntimeIncludeDir;
};

/// The shard that hosts the wrappers of a source: `shards/<file name>`, or
/// empty for headers (they are compiled through the sources that include
/// them).
std::string shardPath(const std::string &Source);

/// Every generated file for \p Library.
FileSet emitAll(const OpLibrary &Library, const EmitOptions &Opts);

/// Fills `${name}` placeholders of template \p Name (a path under
/// templates/). A placeholder alone on its line is replaced line by line,
/// each line indented like the placeholder.
std::string renderTemplate(const std::string &Name,
                           const std::map<std::string, std::string> &Vars);

} // namespace opgen

#endif // OPGEN_EMIT_H
