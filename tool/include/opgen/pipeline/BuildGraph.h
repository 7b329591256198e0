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
  /// For every language; for CUDA only; nvcc options.
  std::vector<std::string> Defines;
  std::vector<std::string> CudaDefines;
  std::vector<std::string> CudaOptions;
  /// A stable-ABI library (links the stable C shim only).
  bool Stable = false;
  /// The annotated sources that are translation units (for editors).
  std::vector<std::string> EditorSources;
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
  /// The unity unit's text (written by `opgen plan`, through the Writer,
  /// when it changes); empty: none.
  std::string UnityText;
};

/// The build graph of \p P for \p Inv (its library name, package and
/// flavour options, --root, the compiler arguments after `--`) and \p B;
/// nullopt after reporting a problem (an invalid --target-torch).
std::optional<BuildGraph> makeBuildGraph(const Plan &P, const struct Invocation &Inv,
                                         const BuildOptions &B,
                                         const std::string &SelfPath,
                                         DiagSink &Diags);

} // namespace opgen

#endif // OPGEN_PIPELINE_BUILDGRAPH_H
