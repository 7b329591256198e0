//===- BuildFiles.cpp - The generated CMakeLists.txt ----------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"
#include "opgen/emit/Outputs.h"
#include "opgen/model/SourceKind.h"
#include "opgen/support/Quote.h"
#include "opgen/support/TorchTarget.h"

namespace opgen {

llvm::Expected<std::string> emitCMakeLists(const OpLibrary &L,
                                           const EmitOptions &Opts,
                                           const Flavour &F) {
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
  OPGEN_TRY(LinkTorch, renderTemplate(F.linkTemplate(),
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

/// Quoted CMake arguments, separated by spaces.
std::string cmakeArguments(const std::vector<std::string> &Values) {
  std::vector<std::string> Quoted;
  for (const std::string &V : Values)
    Quoted.push_back(quoteString(V, QuoteStyle::CMake));
  return join(Quoted, " ");
}

/// `KEYWORD "a" "b"`, or nothing for no values.
std::string cmakeKeyword(const std::string &Keyword,
                         const std::vector<std::string> &Values) {
  return Values.empty() ? "" : Keyword + " " + cmakeArguments(Values);
}

} // namespace

llvm::Expected<std::string> emitOneCallProject(const OneCallProject &P) {
  const std::string &Lib = P.LibraryName;
  std::vector<std::string> Properties;
  if (!P.Defines.empty())
    Properties.push_back("target_compile_definitions(" + Lib + " PRIVATE " +
                         cmakeArguments(P.Defines) + ")");
  if (!P.OutputName.empty() || !P.OutputDirectory.empty()) {
    std::string Line = "set_target_properties(" + Lib + " PROPERTIES";
    if (!P.OutputName.empty())
      Line += " PREFIX \"\" OUTPUT_NAME " + cmakeArguments({P.OutputName});
    if (!P.OutputDirectory.empty())
      Line += " LIBRARY_OUTPUT_DIRECTORY " + cmakeArguments({P.OutputDirectory});
    Properties.push_back(Line + ")");
  }
  std::map<std::string, std::string> Vars = {
      {"library", Lib},
      {"package", P.PythonPackage},
      {"languages", P.Cuda ? "C CXX CUDA" : "C CXX"},
      {"sources", cmakeArguments(P.Sources)},
      {"target_properties", join(Properties, "\n")}};
  if (P.Plain) {
    Vars["include_directories"] =
        P.IncludeDirs.empty() ? ""
                              : "target_include_directories(" + Lib +
                                    " PRIVATE " + cmakeArguments(P.IncludeDirs) +
                                    ")";
    return renderTemplate("build_files/plain_project.cmake", Vars);
  }
  std::vector<std::string> CompilerArgs = P.CompilerArgs;
  for (const std::string &D : P.Defines)
    CompilerArgs.push_back("-D" + D);
  auto Optional = [](const std::string &Value) {
    return Value.empty() ? std::vector<std::string>{}
                         : std::vector<std::string>{Value};
  };
  std::vector<std::string> Options;
  for (std::string Line :
       {cmakeKeyword("SAMPLES", Optional(P.Samples)),
        cmakeKeyword("INCLUDE_DIRECTORIES", P.IncludeDirs),
        cmakeKeyword("COMPILER_ARGS", CompilerArgs),
        cmakeKeyword("OPGEN_ARGS", P.OpgenArgs),
        cmakeKeyword("PYTHON_MODULE", Optional(P.PythonModule)),
        std::string(P.NoPythonPackage ? "NO_PYTHON_PACKAGE" : ""),
        std::string(P.Fragment ? "FRAGMENT" : ""),
        std::string(P.NoDefaultOptimization ? "NO_DEFAULT_OPTIMIZATION" : "")})
    if (!Line.empty())
      Options.push_back(std::move(Line));
  Vars["options"] = join(Options, "\n");
  return renderTemplate("build_files/project.cmake", Vars);
}

} // namespace opgen
