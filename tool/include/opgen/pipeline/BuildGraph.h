//===- BuildGraph.h - The build of an op library, as opgen plans it -*- C++ -*-===//
///
/// \file
/// The build graph of one op library, computed from its Plan: every step
/// that runs opgen (the shared preambles, one discovery per source, the
/// combine) with its command line, inputs, outputs, depfile and comment, and
/// the library target built from the generated files: its translation
/// units and their language, the unity unit, the compiler precompiled
/// header, the defines. `opgen plan` prints it (planToJson, with the Plan
/// it is made of); `add_custom_op()` only makes one custom command per step
/// and the target from it, so that no rule of opgen's is written twice.
///
/// What may depend on this file: the pipeline and the driver (as Plan.h).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_PIPELINE_BUILDGRAPH_H
#define OPGEN_PIPELINE_BUILDGRAPH_H

#include "opgen/model/Enums.h"
#include "opgen/model/Model.h"
#include "opgen/support/Diagnostics.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

struct Plan;

/// X(Value, Name): whether an op library gets the compiler precompiled
/// headers (add_custom_op's OPGEN_PRECOMPILE_HEADERS, docs/cmake.md).
#define OPGEN_PRECOMPILE_MODES(X)                                              \
  X(Auto, "auto")                                                              \
  X(On, "on")                                                                  \
  X(Off, "off")

enum class PrecompileMode { OPGEN_PRECOMPILE_MODES(OPGEN_ENUM_VALUE) };
OPGEN_ENUM_NAMES(PrecompileMode, OPGEN_PRECOMPILE_MODES);

/// What `opgen plan` is told of the build beyond the Plan's own options:
/// what the build system found (the compiler, the Python with torch) and
/// the choices add_custom_op's options and cache variables make.
struct BuildOptions {
  /// The opgen the steps run (argv[0]); empty: this executable.
  std::string Executable;
  /// The Python with torch the steps ask for torch's headers
  /// (OPGEN_PYTHON in their environment); empty: none set.
  std::string Python;
  /// Extra opgen options for every step (OPGEN_ARGS; --Werror is
  /// Invocation::WarningsAsErrors).
  std::vector<std::string> StepArgs;
  /// STABLE_ABI's TARGET_TORCH, `MAJOR.MINOR`; empty: opgen's default.
  std::string TargetTorch;
  /// NO_PREAMBLE: every source parsed in full.
  bool NoPreamble = false;
  PrecompileMode Precompile = PrecompileMode::Auto;
  /// CMAKE_CXX_COMPILER_ID (Auto precompiles with GNU only).
  std::string CxxCompilerId;
  /// OPGEN_UNITY_GENERATED / OPGEN_FOLD_GENERATED.
  bool UnityGenerated = true;
  bool FoldGenerated = false;
  /// The build tool skips the steps after an output whose content did not
  /// change (Ninja's restat); otherwise a discovery touches its record.
  bool Restat = true;

  /// Where the build lays out the Python package: the library and the
  /// Python outputs go to <PythonDir>/<package>, copied there by \c CMake
  /// (`cmake -E copy_if_different`); the tests run with it on PYTHONPATH.
  /// Empty: no layout, no copy steps.
  std::string PythonDir;
  std::string CMake;
  /// The opcheck test (needs \c Python and \c PythonDir).
  bool Tests = true;
  /// Install rules: the library and the Python outputs under
  /// InstallPythonDir (empty: from Python's sysconfig, relative; "." for
  /// scikit-build-core, SkBuild), the C++ headers under InstallIncludeDir
  /// (<package>/include under scikit-build-core).
  bool Install = true;
  bool SkBuild = false;
  std::string InstallPythonDir;
  std::string InstallIncludeDir = "include";
  /// The build type (CMAKE_BUILD_TYPE) and whether the generator has
  /// several (then the build type is chosen at build time).
  std::string BuildType;
  bool MultiConfig = false;
  /// With no build type, -O3 -DNDEBUG (OPGEN_DEFAULT_OPTIMIZATION).
  bool DefaultOptimization = true;
  /// The options of the glue translation units (OPGEN_GENERATED_OPTIMIZATION).
  std::vector<std::string> GeneratedOptimization;
  /// CMAKE_CUDA_COMPILER_ID (the nvcc options are nvcc's: NVIDIA or unknown).
  std::string CudaCompilerId;
  /// The compiler PCH cache (OPGEN_PCH_CACHE): `opgen pch-cache` as the
  /// outermost C++ compiler launcher of the targets with a PCH, keyed by
  /// the build directory and the compiler; empty: none. Where neither
  /// cache is given (--preamble-cache, --pch-cache), the defaults of
  /// defaultCacheDir.
  std::string PchCache;
  bool PreambleCacheGiven = true;
  bool PchCacheGiven = true;
  std::string BuildDir;
  std::string CxxCompiler;
  /// The launcher the library's C++ compiles already have
  /// (CMAKE_CXX_COMPILER_LAUNCHER).
  std::vector<std::string> CxxLauncher;
};

/// One step of the build: a run of opgen.
struct BuildStep {
  /// preamble, discover or combine.
  std::string Kind;
  std::vector<std::string> Argv;
  /// Absolute paths: what the build tool runs the step for, what else it
  /// writes, what it runs again after.
  std::vector<std::string> Outputs;
  std::vector<std::string> Byproducts;
  std::vector<std::string> Inputs;
  /// Make-style, written by the step (absolute); empty: none.
  std::string Depfile;
  /// What a clean removes besides the outputs (files the step writes only
  /// sometimes, so that they are neither outputs nor byproducts).
  std::vector<std::string> Clean;
  std::string Comment;
};

/// A translation unit of the library.
struct LibrarySource {
  /// Absolute.
  std::string Path;
  Language Lang = Language::Cxx;
  /// The generated files it includes (the unity unit); rebuilt when one
  /// changes.
  std::vector<std::string> Includes;
};

/// The library target of the generated files.
struct BuildLibrary {
  /// In compile order: the unity unit first (the longest, started first).
  std::vector<LibrarySource> Sources;
  /// The unity unit when it holds generated files only (no shard); empty
  /// otherwise. With precompiled headers it compiles with a PCH of its own.
  std::string Unity;
  bool PrecompileGenerated = false;
  /// The translation units of generated code and no kernel, compiled at
  /// OPGEN_GENERATED_OPTIMIZATION.
  std::vector<std::string> Glue;
  /// The header of the library's compiler PCH (written by the C++
  /// preamble step); empty: none.
  std::string PchHeader;
  /// The header of the unity unit's own PCH (PrecompileGenerated), as
  /// `<name>` on the include path; empty: none.
  std::string GeneratedPchHeader;
  /// For every language; for CUDA only; nvcc options.
  std::vector<std::string> Defines;
  std::vector<std::string> CudaDefines;
  std::vector<std::string> CudaOptions;
  /// A stable-ABI library (links the stable C shim only).
  bool Stable = false;
  /// The annotated sources that are translation units (for editors).
  std::vector<std::string> EditorSources;
  /// The target's name, and the directory its file is built in (empty:
  /// the build system's default).
  std::string Name;
  std::string OutputDirectory;
  /// Compile options of its C++ and of its CUDA translation units.
  std::vector<std::string> CxxOptions;
  /// The options of the Glue units, added after the library's; empty:
  /// none. Only in the configurations GlueConfigs names (empty: all).
  std::vector<std::string> GlueOptions;
  std::vector<std::string> GlueConfigs;
  /// The C++ compiler launcher of the library (the one it had, with the
  /// PCH cache and ccache's PCH settings where it has a PCH) and of the
  /// object library of the generated unity unit (PrecompileGenerated).
  std::vector<std::string> CxxLauncher;
  std::vector<std::string> GeneratedCxxLauncher;
};

/// A target of the build that builds files only (no compile).
struct BuildTarget {
  std::string Name;
  /// Built by default.
  bool All = false;
  /// Files (outputs of steps) and targets it waits for.
  std::vector<std::string> Depends;
};

/// A file the install copies: \c Path to the directory \c Destination,
/// relative to the install prefix.
struct InstallFile {
  std::string Path;
  std::string Destination;
};

/// A test of the library: a command run in \c Environment.
struct BuildTest {
  std::string Name;
  std::vector<std::string> Argv;
  std::map<std::string, std::string> Environment;
};

/// Everything `opgen plan` adds to the Plan.
struct BuildGraph {
  /// The directory every step runs in (--root).
  std::string WorkingDirectory;
  /// Set in every step's environment.
  std::map<std::string, std::string> Environment;
  std::vector<BuildStep> Steps;
  /// Written by the combine when it succeeds: what the rest of the build
  /// waits for.
  std::string Stamp;
  BuildLibrary Library;
  std::vector<BuildTarget> Targets;
  /// Where the Python packages and the library install (relative to the
  /// prefix), and what else does; InstallLibrary is null when the build
  /// installs nothing (--no-install).
  std::string InstallPythonDir;
  std::optional<std::string> InstallLibrary;
  std::vector<InstallFile> Installs;
  std::vector<BuildTest> Tests;
  /// The unity unit's text (written by `opgen plan`, through the Writer,
  /// when it changes); empty: none.
  std::string UnityText;
};

/// The default cache directory <dir>/<Leaf> (preambles, compiler-pch):
/// $OPGEN_PREAMBLE_CACHE's directory (a preamble cache given by the
/// environment names the other's too), else $OPGEN_CACHE, else
/// $XDG_CACHE_HOME/opgen, else ~/.cache/opgen; $OPGEN_PREAMBLE_CACHE and
/// $OPGEN_PCH_CACHE name their own. Empty: none.
std::string defaultCacheDir(llvm::StringRef Leaf);

/// The build graph of \p P for \p Inv (its library name, package and
/// flavour options, --root, the compiler arguments after `--`) and \p B;
/// nullopt after reporting a problem (an invalid --target-torch).
std::optional<BuildGraph> makeBuildGraph(const Plan &P, const struct Invocation &Inv,
                                         const BuildOptions &B,
                                         const std::string &SelfPath,
                                         DiagSink &Diags);

} // namespace opgen

#endif // OPGEN_PIPELINE_BUILDGRAPH_H
