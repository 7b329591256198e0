//===- BuildFiles.cpp - The generated CMakeLists.txt ----------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"
#include "opgen/emit/Outputs.h"
#include "opgen/model/SourceKind.h"
#include "opgen/support/TorchTarget.h"

namespace opgen {

llvm::Expected<std::string> emitCMakeLists(const OpLibrary &L,
                                           const EmitOptions &Opts, Flavour F) {
  // The translation units: the compiled rows of the outputs table.
  std::vector<std::string> Compiled;
  bool HasCuda = false;
  for (const OutputFile &File : listOutputs(outputNames(L))) {
    if (File.Kind != OutputKind::Compiled)
      continue;
    Compiled.push_back(File.Path);
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
       {"compiled", join(Compiled, "\n")},
       {"link_torch", LinkTorch},
       {"runtime_include",
        relativePath(Opts.OutputDir, Opts.RuntimeIncludeDir)}});
}

} // namespace opgen
