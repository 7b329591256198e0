//===- Assemble.cpp - The checked op library from lowered functions -------===//
#include "opgen/check/Assemble.h"

#include "opgen/check/Check.h"
#include "opgen/check/Fakes.h"

namespace opgen {

bool assembleLibrary(std::vector<std::string> Sources,
                     std::vector<AnnotatedFunction> Functions,
                     const LibraryOptions &Opts, DiagSink &Diags,
                     OpLibrary &Library) {
  Library.Sources = std::move(Sources);
  if (!checkOps(std::move(Functions), Diags, Library))
    return false;
  if (Library.Ops.empty())
    Diags.report(DiagId::NoOps, {}, {});

  Library.PythonPackage = Opts.PythonPackage;
  if (Library.PythonPackage.empty())
    Library.PythonPackage =
        Library.Ops.empty() ? "ops" : Library.Ops.front().Schema.Namespace;
  Library.LibraryName = Opts.LibraryName.empty()
                            ? Library.PythonPackage + "_ops"
                            : Opts.LibraryName;
  Library.SamplesPath = Opts.SamplesPath;
  Library.Fakes = Opts.Fakes;
  Library.PythonModule = Opts.PythonModule;
  Library.GeneratePackage = !Opts.NoPythonPackage;
  assignFakes(Library, Diags);
  return Diags.errorCount() == 0;
}

} // namespace opgen
