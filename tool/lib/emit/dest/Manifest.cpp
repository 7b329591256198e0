//===- Manifest.cpp - manifest.json ---------------------------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

#include <sstream>

namespace opgen {

llvm::Expected<std::string>
emitManifest(const OpLibrary &L, const std::vector<std::string> &Files) {
  std::ostringstream Out;
  Out << "{\n  \"generator\": \"opgen\",\n  \"package\": " << quote(L.PythonPackage)
      << ",\n  \"library\": " << quote(L.LibraryName)
      << ",\n  \"python_module\": " << quote(L.fakeModuleName())
      << ",\n  \"package_generated\": " << (L.GeneratePackage ? "true" : "false")
      << ",\n  \"ops\": [";
  for (size_t I = 0; I < L.Ops.size(); ++I) {
    const Op &O = L.Ops[I];
    Out << (I ? "," : "") << "\n    {\n"
        << "      \"name\": " << quote(O.Schema.qualifiedName()) << ",\n"
        << "      \"overload\": " << quote(O.Schema.Overload) << ",\n"
        << "      \"schema\": " << quote(printSchema(O.Schema)) << ",\n"
        << "      \"tags\": [";
    for (size_t T = 0; T < O.Tags.size(); ++T)
      Out << (T ? ", " : "") << quote(O.Tags[T]);
    Out << "],\n      \"kernels\": {";
    for (size_t K = 0; K < O.Kernels.size(); ++K)
      Out << (K ? ", " : "") << quote(std::string(dispatchKeyName(O.Kernels[K].Key)))
          << ": " << quote(O.Kernels[K].Loc.str());
    Out << "},\n      \"fake\": ";
    if (O.hasFake())
      Out << "{\"kind\": " << quote(std::string(enumName(O.Fake))) << ", \"where\": "
          << quote(O.FakeWhere) << "}";
    else
      Out << "null";
    Out << ",\n      \"autograd\": ";
    if (O.Autograd)
      Out << "{\"backward\": " << quote(O.Autograd->Backward.fullName())
          << ", \"where\": " << quote(O.Autograd->Loc.str()) << "}";
    else if (!O.BackwardOf.empty())
      Out << "{\"backward_of\": " << quote(O.BackwardOf) << "}";
    else
      Out << "null";
    Out << "\n    }";
  }
  Out << (L.Ops.empty() ? "" : "\n  ") << "],\n  \"files\": [";
  for (size_t I = 0; I < Files.size(); ++I)
    Out << (I ? ", " : "") << "\n    " << quote(Files[I]);
  Out << "\n  ]\n}\n";
  return Out.str();
}

} // namespace opgen
