//===- Plan.h - What one opgen run reads, writes and how --------*- C++ -*-===//
///
/// \file
/// The pipeline: the one place that turns a command line (an Invocation)
/// into a Plan, the facts every mode and the CMake function share — each
/// source's language, shard, preamble group and discovery record, each
/// output's path, kind and install destination — and then runs the mode
/// the Invocation names (runInvocation, Pipeline.h) from that Plan.
/// `opgen --list-outputs` prints the Plan as JSON (planToJson), and
/// `add_custom_op()` (cmake/) takes every path and language from it.
///
/// What may depend on this folder: only the driver (tool/driver/) and the
/// unit tests. It depends on model/, check/, emit/, write/ and support/,
/// and reaches the frontend only through opgen/frontend/Frontend.h; it sees
/// no Clang type.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_PIPELINE_PLAN_H
#define OPGEN_PIPELINE_PLAN_H

#include "opgen/emit/Outputs.h"
#include "opgen/pipeline/BuildGraph.h"
#include "opgen/model/Enums.h"
#include "opgen/support/Diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// What the command line asked for, as parsed: options and inputs only, no
/// decision taken yet.
struct Invocation {
  /// The mode flags, as given; selectMode decides (and refuses
  /// combinations).
  bool Discover = false;
  bool Combine = false;
  bool BuildPreamble = false;
  bool ListOutputs = false;
  /// `opgen plan`: the Plan with its build graph (BuildGraph.h).
  bool PlanBuild = false;
  /// `opgen project`: a one-call CMake project around add_custom_op()
  /// (opgen.load(), migrate --verify), in -o; IncludeDirs are its
  /// INCLUDE_DIRECTORIES.
  bool Project = false;
  std::vector<std::string> IncludeDirs;
  /// opgen project's own options: --plain, --cxx-only,
  /// --no-default-optimization, --define, --output-name, --output-dir.
  struct ProjectOptions {
    bool Plain = false;
    bool CxxOnly = false;
    bool NoDefaultOptimization = false;
    std::vector<std::string> Defines;
    std::string OutputName;
    std::string OutputDirectory;
  } ProjectOpts;
  bool CMakeDir = false;
  bool Init = false;
  /// `opgen pch-cache`: the compiler PCH cache launcher; the command is
  /// ExtraArgs (after `--`).
  bool PchCache = false;
  std::string PchCacheDir, PchBuildDir, PchCompiler, PchDefineSymbol;
  /// --check: write nothing, fail when something is out of date.
  bool Check = false;

  /// The positional inputs: sources, or discovery records with --combine.
  std::vector<std::string> Inputs;
  std::string OutputDir;
  std::string BuildPath;
  std::string PythonPackage;
  std::string LibraryName;
  std::string Samples;
  std::string FakeModule;
  std::string PythonModule;
  bool NoPythonPackage = false;
  bool StableAbi = false;
  /// --fragment: the generated registration opens no namespace.
  bool Fragment = false;
  bool WarningsAsErrors = false;
  /// --root; empty: the current directory.
  std::string Root;
  std::string Depfile;
  std::string DepfileTarget;
  /// -j: 0 is one thread per core.
  unsigned Jobs = 1;
  std::string WriteShards;
  /// --shard: the shard of the one compiled source, relative to the output
  /// directory, as the whole library's Plan names it; empty: shardPaths'.
  std::string Shard;
  std::vector<std::string> Preambles;
  std::string PreambleCache;
  /// --build-preamble --pch-header: also write the header of the
  /// compiler's precompiled header from the C++ preamble's include lines.
  std::string PchHeader;
  /// --discover --touch: touch -o even when its content is unchanged.
  bool Touch = false;
  /// --combine --stamp: touch this file when the combine succeeds.
  std::string Stamp;
  /// What `opgen plan` is told of the build.
  BuildOptions Build;
  /// The compiler arguments after `--`.
  std::vector<std::string> ExtraArgs;

  /// `opgen migrate <sources>... [-p <build-dir>] [--diff | --in-place]
  /// [--verify [--verify-arg=<arg>]...] [--root <dir>]`: the sources are
  /// Inputs, -p BuildPath. Neither --diff nor --in-place: say what would
  /// change, write nothing. --verify: first run the comparator
  /// (migrate_verify.py) on Root and a copy of it as migrated, with
  /// MigrateVerifyArgs; nothing is written or printed unless it passes.
  bool Migrate = false;
  bool MigrateDiff = false;
  bool MigrateInPlace = false;
  bool MigrateVerify = false;
  std::vector<std::string> MigrateVerifyArgs;

  /// `opgen init <dir> [--namespace <name>]`.
  std::string InitDir;
  std::optional<std::string> InitNamespace;
};

/// X(Value, Name): the mode a run is in.
#define OPGEN_MODES(X)                                                         \
  X(Generate, "generate")                                                      \
  X(Discover, "discover")                                                      \
  X(Combine, "combine")                                                        \
  X(BuildPreamble, "build-preamble")                                           \
  X(ListOutputs, "list-outputs")                                               \
  X(PlanBuild, "plan")                                                         \
  X(Project, "project")                                                        \
  X(CMakeDir, "cmake-dir")                                                     \
  X(Init, "init")                                                              \
  X(Migrate, "migrate")                                                        \
  X(PchCache, "pch-cache")

enum class Mode { OPGEN_MODES(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(Mode, OPGEN_MODES);

/// The mode \p Inv runs in, after the usage checks that do not depend on
/// it (modes that exclude each other, --preamble-cache without
/// --build-preamble, missing inputs); nullopt after reporting a misuse.
std::optional<Mode> selectMode(const Invocation &Inv, DiagSink &Diags);

/// One input source of the Plan.
struct PlannedSource {
  /// Absolute, dots removed.
  std::string Path;
  /// As the command line named it (for messages).
  std::string Given;
  /// Its language, from its extension (model/SourceKind.h: sourceLanguage;
  /// clangLanguageName spells it as Clang and the preamble do); nullopt for a
  /// file opgen does not take as an input (only in a --list-outputs plan,
  /// where the discovery step reports it).
  std::optional<Language> Lang;
  /// A translation unit of its own (not a header).
  bool Compiled = false;
  /// Its shard, relative to the output directory (`shards/<file name>`;
  /// emit/Emit.h shardPaths: a trailing path such as
  /// `shards/cpu/nms_kernel.cpp` when another compiled source has its file
  /// name; `--shard` when given); empty for a header.
  std::string Shard;
  /// The preamble group it loads a precompiled preamble of (a compiled
  /// source: its language); nullopt for a header.
  std::optional<Language> PreambleGroup;
  /// Its discovery record, relative to the output directory:
  /// `discover/<file name>.json` (`discover/<file name>.<n>.json` for the
  /// n-th source when an earlier one has the same file name).
  std::string Record;
};

/// A shared precompiled preamble: one per language that has compiled
/// sources.
struct PlannedPreamble {
  Language Lang;
  /// Relative to the output directory: `preamble/cxx.pch`,
  /// `preamble/cuda.pch`.
  std::string Path;
  /// The sources it is built from (those of its group), absolute.
  std::vector<std::string> Sources;
};

/// X(Value, Name): where an installed output goes.
#define OPGEN_INSTALL_ROOTS(X)                                                 \
  X(None, "none")                                                              \
  X(Python, "python")                                                          \
  X(Include, "include")

/// Under which installed directory an output goes: nowhere, the Python
/// package directory (site-packages or the wheel's platlib), or the C++
/// include directory.
enum class InstallRoot { OPGEN_INSTALL_ROOTS(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(InstallRoot, OPGEN_INSTALL_ROOTS);

/// One generated file of the Plan: a row of Outputs.def, expanded.
struct PlannedOutput {
  /// Relative to the output directory.
  std::string Path;
  OutputKind Kind;
  OutputId Id;
  /// For a per-source row, the source (absolute); otherwise empty.
  std::string Source;
  /// Where the build installs it (and, for Python files, copies it beside
  /// the library): the directory \p InstallDir under \p Install.
  InstallRoot Install = InstallRoot::None;
  std::string InstallDir;
};

/// Everything a run reads and writes, decided once.
struct Plan {
  /// Absolute; empty when none was given (--list-outputs without -o).
  std::string OutputDir;
  std::string PythonPackage;
  /// The generated fakes module's name in the package (OpLibrary's rule).
  std::string FakeModule;
  /// False with --no-python-package.
  bool GeneratePackage = true;
  /// In parse order: compiled sources first, then by path.
  std::vector<PlannedSource> Sources;
  std::vector<PlannedPreamble> Preambles;
  /// In table order (per-source rows in source order).
  std::vector<PlannedOutput> Outputs;
  /// The oldest torch a stable-ABI library targets unless told otherwise
  /// (support/TorchTarget.h), `MAJOR.MINOR`.
  std::string StableTargetTorch;

  /// The absolute paths of the sources, in order.
  std::vector<std::string> sourcePaths() const;
};

/// The Plan of \p Inv. With \p RequireSources (every mode that reads the
/// sources) each must exist and be of a kind opgen takes, and no two
/// compiled sources may share a file name; each problem is reported.
/// Returns nullopt when something was reported.
std::optional<Plan> makePlan(const Invocation &Inv, bool RequireSources,
                             DiagSink &Diags);

/// The Plan as `opgen --list-outputs` prints it (docs/cli.md), and with
/// \p Graph as `opgen plan` does (version 2, its `build` object).
std::string planToJson(const Plan &P, const BuildGraph *Graph = nullptr);

/// \p Path made absolute (against the current directory), dots removed: how
/// every path of the command line is taken.
std::string absolutePath(const std::string &Path);

} // namespace opgen

#endif // OPGEN_PIPELINE_PLAN_H
