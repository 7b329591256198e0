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
#include <vector>

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

/// The shard and declarations header of the one source of \p Shard (from
/// assembleShardLibrary): what `--discover --write-shards` writes, the
/// same text emitAll gives the whole library's.
FileSet emitShardFiles(const OpLibrary &Shard, const EmitOptions &Opts);

/// One item of a template list: its fields by name.
using TemplateRecord = std::map<std::string, std::string>;
/// The lists of a template's `${#each name}` sections, by name.
using TemplateLists = std::map<std::string, std::vector<TemplateRecord>>;

/// Fills template \p Name (a path under templates/):
/// * `${name}` is replaced by its value in \p Vars; a placeholder alone on
///   its line is replaced line by line, each line indented like the
///   placeholder, and an empty value removes the line;
/// * the lines between `${#each list}` and `${/each}` (each alone on its
///   line) are repeated once per record of \p Lists' list, the record's
///   fields seen before \p Vars.
std::string renderTemplate(const std::string &Name,
                           const std::map<std::string, std::string> &Vars,
                           const TemplateLists &Lists = {});

/// renderTemplate over \p Text instead of an embedded template.
std::string fillTemplate(const std::string &Text,
                         const std::map<std::string, std::string> &Vars,
                         const TemplateLists &Lists = {});

/// The names of the embedded templates under \p Prefix (e.g. "init/"),
/// sorted.
std::vector<std::string> templateNames(const std::string &Prefix);

/// Why \p Namespace cannot name the op namespace, C++ namespace and Python
/// package of a starter project (`opgen init`), or empty when it can.
std::string starterNamespaceProblem(const std::string &Namespace);

/// The files of a starter op library (`opgen init`), from templates/init/,
/// by path relative to the project directory. \p Namespace must be valid
/// (starterNamespaceProblem).
FileSet emitStarterProject(const std::string &Namespace);

/// Where the headers a starter project's sources include are, as the
/// driver found them: the compile database `opgen init` writes is made
/// from these alone.
struct StarterIncludes {
  std::string RuntimeIncludeDir;        ///< opgen's runtime (opgen/opgen.h)
  std::vector<std::string> TorchIncludeDirs; ///< empty: no torch was found
  std::string PythonIncludeDir;         ///< Python.h's; may be empty
  std::string CudaRoot;                 ///< the CUDA toolkit; may be empty
};

/// compile_commands.json for the compiled sources among \p Files (a starter
/// project, emitStarterProject) in the project directory \p ProjectDir
/// (absolute): the flags add_custom_op() builds them with (C++17, opgen's
/// runtime and torch's headers), and for a CUDA source clang's CUDA mode
/// for the host side, so that clangd reads src/ before the first build.
std::string emitStarterCompileCommands(const FileSet &Files,
                                       const std::string &ProjectDir,
                                       const StarterIncludes &Includes);

} // namespace opgen

#endif // OPGEN_EMIT_H
