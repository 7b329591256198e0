//===- BuildFiles.cpp - The generated CMakeLists.txt ----------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"
#include "opgen/emit/Outputs.h"
#include "opgen/model/SourceKind.h"
#include "opgen/support/TorchTarget.h"

namespace opgen {

std::string emitCMakeLists(const OpLibrary &L, const EmitOptions &Opts) {
  // The translation units: the compiled rows of the outputs table.
  std::vector<std::string> Compiled;
  bool HasCuda = false;
  for (const OutputFile &File : listOutputs(outputNames(L))) {
    if (File.Kind != OutputKind::Compiled)
      continue;
    Compiled.push_back(File.Path);
    HasCuda = HasCuda || classifySource(File.Path)->Cuda;
  }
  return renderTemplate(
      "CMakeLists.txt",
      {{"sources", sourcesDoc(L, Opts)},
       {"package", L.PythonPackage},
       {"library", L.LibraryName},
       {"languages", HasCuda ? "C CXX CUDA" : "C CXX"},
       {"compiled", join(Compiled, "\n")},
       {"link_torch",
        L.Abi == KernelAbi::Stable
            ? "# A stable-ABI library (docs/stable-abi.md): torch's headers for the oldest\n"
              "# torch it supports, no torch library linked (only the stable C shim is\n"
              "# needed, from the process that loads it).\n"
              "set(OPGEN_TORCH_TARGET_VERSION " +
                  DefaultStableTargetTorch.targetVersionMacro() +
                  " CACHE STRING\n"
                  "    \"TORCH_TARGET_VERSION: the oldest torch supported (" +
                  DefaultStableTargetTorch.str() + ")\")\n"
              "target_include_directories(" + L.LibraryName + " SYSTEM PRIVATE\n"
              "  $<TARGET_PROPERTY:torch,INTERFACE_INCLUDE_DIRECTORIES>)\n"
              "target_compile_definitions(" + L.LibraryName + " PRIVATE\n"
              "  TORCH_TARGET_VERSION=$${OPGEN_TORCH_TARGET_VERSION})"
            : "target_link_libraries(" + L.LibraryName + " PRIVATE torch)"},
       {"runtime_include", relativePath(Opts.OutputDir, Opts.RuntimeIncludeDir)}});
}

} // namespace opgen
