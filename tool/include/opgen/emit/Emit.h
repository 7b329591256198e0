//===- Emit.h - Model to generated files ------------------------*- C++ -*-===//
///
/// \file
/// Emitters: pure functions from a checked OpLibrary to the text of each
/// generated file. They fill the templates under templates/ (embedded at
/// build time) and never touch the file system.
///
/// What may depend on emit/: the write phase (write/, which writes a
/// FileSet), the driver and the tests. emit/ itself depends on model/ and
/// support/ only: never on the frontend, analysis/ or check/ (it reads a
/// library the check phase accepted), and never on Clang.
///
/// Failures: an emitter fails only when its templates and its code disagree
/// (a placeholder without a value, an unknown template, a path emitted
/// twice), a bug of opgen's; it returns that as an llvm::Error, which the
/// driver reports as InternalError. Nothing here aborts or prints.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_EMIT_H
#define OPGEN_EMIT_H

#include "opgen/model/Model.h"

#include "llvm/Support/Error.h"

#include <initializer_list>
#include <map>
#include <string>
#include <vector>

namespace opgen {

/// Generated files by path relative to the output directory, each path
/// once: a second file for a path is an error (add), never a silent
/// overwrite.
class FileSet {
public:
  using Map = std::map<std::string, std::string>;
  using const_iterator = Map::const_iterator;

  FileSet() = default;

  /// Adds \p Path with \p Text; an error if the set has \p Path already.
  llvm::Error add(std::string Path, std::string Text);
  /// Adds every file of \p Other; an error (and nothing added) if the sets
  /// share a path.
  llvm::Error add(const FileSet &Other);

  const_iterator begin() const { return Files.begin(); }
  const_iterator end() const { return Files.end(); }
  const_iterator find(const std::string &Path) const {
    return Files.find(Path);
  }
  size_t count(const std::string &Path) const { return Files.count(Path); }
  size_t size() const { return Files.size(); }
  bool empty() const { return Files.empty(); }
  /// The text of \p Path, which the set must have.
  const std::string &at(const std::string &Path) const {
    return Files.at(Path);
  }

  bool operator==(const FileSet &Other) const { return Files == Other.Files; }
  bool operator!=(const FileSet &Other) const { return Files != Other.Files; }

private:
  Map Files;
};

struct EmitOptions {
  /// Absolute output directory (shards #include sources relative to it).
  std::string OutputDir;
  /// Directory provenance paths are relative to.
  std::string Root;
  /// Absolute path of opgen's runtime/include, which the generated
  /// CMakeLists.txt uses by default.
  std::string RuntimeIncludeDir;
  /// Shards named by the caller, by source (absolute): `--discover
  /// --write-shards` sees one source, so it is told the shard the Plan of
  /// the whole library names (`--shard`). The other sources' shards are
  /// shardPaths of the library's sources.
  std::map<std::string, std::string> Shards;
};

/// The shard that hosts the wrappers of each compiled source of \p Sources,
/// relative to the output directory: `shards/<file name>`; sources that
/// share a file name each get the shortest trailing path that tells them
/// apart (`shards/cpu/nms_kernel.cpp`, `shards/autocast/nms_kernel.cpp`), so
/// that the names depend on the set of sources, not on their order. Headers
/// have none (they are compiled through the sources that include them).
std::map<std::string, std::string>
shardPaths(const std::vector<std::string> &Sources);

/// The shard of \p Source in \p L: the one \p Opts names
/// (EmitOptions::Shards), else shardPaths of \p L's sources; empty for a
/// header.
std::string shardPath(const OpLibrary &L, const std::string &Source,
                      const EmitOptions &Opts);

/// Every generated file for \p Library.
llvm::Expected<FileSet> emitAll(const OpLibrary &Library,
                                const EmitOptions &Opts);

/// The shard and declarations header of the one source of \p Shard (from
/// assembleShardLibrary): what `--discover --write-shards` writes, the
/// same text emitAll gives the whole library's.
llvm::Expected<FileSet> emitShardFiles(const OpLibrary &Shard,
                                       const EmitOptions &Opts);

/// One item of a template list: its fields by name.
using TemplateRecord = std::map<std::string, std::string>;
/// The lists of a template's `${#each name}` sections, by name.
using TemplateLists = std::map<std::string, std::vector<TemplateRecord>>;

/// A section's list for a piece the emitter puts in or leaves out: \p Item
/// once when \p Present, else nothing (`${#each save_for_backward}` ...).
inline std::vector<TemplateRecord> onlyIf(bool Present,
                                          TemplateRecord Item = {}) {
  if (!Present)
    return {};
  return {std::move(Item)};
}

/// Fills template \p Name (a path under templates/):
/// * `${name}` is replaced by its value in \p Vars; a placeholder alone on
///   its line is replaced line by line, each line indented like the
///   placeholder, and an empty value removes the line;
/// * the lines between `${#each list}` and `${/each}` (each alone on its
///   line) are repeated once per record of \p Lists' list, the record's
///   fields seen before \p Vars.
/// An error names the template and what it lacks: no template \p Name, a
/// placeholder without a value, a list that is not in \p Lists, a section
/// that does not close.
llvm::Expected<std::string>
renderTemplate(const std::string &Name,
               const std::map<std::string, std::string> &Vars,
               const TemplateLists &Lists = {});

/// renderTemplate over \p Text instead of an embedded template.
llvm::Expected<std::string>
fillTemplate(const std::string &Text,
             const std::map<std::string, std::string> &Vars,
             const TemplateLists &Lists = {});

/// The names of the embedded templates under \p Prefix (e.g. "init/"),
/// sorted.
std::vector<std::string> templateNames(const std::string &Prefix);

/// Success when \p Namespace can name the op namespace, C++ namespace and
/// Python package of a starter project (`opgen init`); else an error that
/// says why not (`it is a C++ keyword`).
llvm::Error checkStarterNamespace(const std::string &Namespace);

/// The files of a starter op library (`opgen init`), from templates/init/,
/// by path relative to the project directory. \p Namespace must be valid
/// (checkStarterNamespace).
llvm::Expected<FileSet> emitStarterProject(const std::string &Namespace);

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

/// A one-call CMake project around add_custom_op() (`opgen project`, what
/// opgen.load() builds): its paths absolute.
struct OneCallProject {
  std::string LibraryName;
  std::string PythonPackage;
  std::vector<std::string> Sources;
  /// Whether a source is CUDA (the project then enables the language).
  bool Cuda = false;
  /// The sources as a plain torch extension library, without opgen
  /// (templates/build_files/plain_project.cmake).
  bool Plain = false;
  std::string Samples;
  std::vector<std::string> IncludeDirs;
  std::vector<std::string> CompilerArgs;
  std::vector<std::string> OpgenArgs;
  /// add_custom_op's PYTHON_MODULE, NO_PYTHON_PACKAGE, FRAGMENT and
  /// NO_DEFAULT_OPTIMIZATION.
  std::string PythonModule;
  bool NoPythonPackage = false;
  bool Fragment = false;
  bool NoDefaultOptimization = false;
  /// Compile definitions, NAME[=VALUE]: the target's, and opgen's parse's.
  std::vector<std::string> Defines;
  /// The library's file, <OutputDirectory>/<OutputName>.so (no `lib`
  /// prefix, as a torch extension's `_C.so`), where given.
  std::string OutputName;
  std::string OutputDirectory;
};

/// Its CMakeLists.txt, from templates/build_files/project.cmake (or
/// plain_project.cmake).
llvm::Expected<std::string> emitOneCallProject(const OneCallProject &P);

} // namespace opgen

#endif // OPGEN_EMIT_H
