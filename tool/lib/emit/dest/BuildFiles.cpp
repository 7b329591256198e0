//===- BuildFiles.cpp - The generated CMakeLists.txt ----------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"
#include "opgen/emit/Outputs.h"
#include "opgen/model/SourceKind.h"
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
