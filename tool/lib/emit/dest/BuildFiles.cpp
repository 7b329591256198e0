//===- BuildFiles.cpp - The generated CMakeLists.txt ----------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"
#include "opgen/emit/Outputs.h"
#include "opgen/model/SourceKind.h"
#include "opgen/support/Quote.h"
#include "opgen/support/TorchTarget.h"

namespace opgen {

llvm::Expected<std::string> emitCMakeLists(const OpLibrary &L,
                                           const EmitOptions &Opts, Flavour F) {
  // The translation units: the compiled rows of the outputs table, the
  // shards (a source each: the kernels) and the generated files that are
  // not (compiled as one unity translation unit).
  std::vector<std::string> Kernels, Generated;
  bool HasCuda = false;
  for (const OutputFile &File : listOutputs(outputNames(L))) {
    if (File.Kind != OutputKind::Compiled)
      continue;
    (File.Source.empty() ? Generated : Kernels).push_back(File.Path);
    HasCuda = HasCuda || classifySource(File.Path)->Cuda;
  }
  // A stable-ABI library builds against torch's headers alone.
  OPGEN_TRY(LinkTorch, renderTemplate(F == Flavour::Stable
                                          ? "build_files/link_stable.cmake"
                                          : "build_files/link_torch.cmake",
                                      {{"library", L.LibraryName},
                                       {"target_version",
                                        DefaultStableTargetTorch.targetVersionMacro()},
                                       {"target_torch",
                                        DefaultStableTargetTorch.str()}}));
  return renderTemplate(
      "CMakeLists.txt",
      {{"sources", sourcesDoc(L, Opts)},
       {"package", L.PythonPackage},
       {"library", L.LibraryName},
       {"languages", HasCuda ? "C CXX CUDA" : "C CXX"},
       {"kernel_units", join(Kernels, "\n")},
       {"generated_units", join(Generated, " ")},
       {"generated_units_doc", join(Generated, ", ")},
       {"link_torch", LinkTorch},
       {"runtime_include",
        relativePath(Opts.OutputDir, Opts.RuntimeIncludeDir)}});
}

} // namespace opgen

namespace opgen {

namespace {

/// `KEYWORD "a" "b"`, or nothing for no values.
std::string cmakeKeyword(const std::string &Keyword,
                         const std::vector<std::string> &Values) {
  if (Values.empty())
    return "";
  std::string Line = Keyword;
  for (const std::string &V : Values)
    Line += " " + quoteString(V, QuoteStyle::CMake);
  return Line;
}

} // namespace

llvm::Expected<std::string> emitOneCallProject(const OneCallProject &P) {
  std::vector<std::string> Options;
  for (std::string Line :
       {cmakeKeyword("SAMPLES", P.Samples.empty()
                                    ? std::vector<std::string>{}
                                    : std::vector<std::string>{P.Samples}),
        cmakeKeyword("INCLUDE_DIRECTORIES", P.IncludeDirs),
        cmakeKeyword("COMPILER_ARGS", P.CompilerArgs),
        cmakeKeyword("OPGEN_ARGS", P.OpgenArgs)})
    if (!Line.empty())
      Options.push_back(std::move(Line));
  std::vector<std::string> Sources;
  for (const std::string &S : P.Sources)
    Sources.push_back(quoteString(S, QuoteStyle::CMake));
  return renderTemplate("build_files/project.cmake",
                        {{"library", P.LibraryName},
                         {"package", P.PythonPackage},
                         {"languages", P.Cuda ? "C CXX CUDA" : "C CXX"},
                         {"sources", join(Sources, " ")},
                         {"options", join(Options, "\n")}});
}

} // namespace opgen
