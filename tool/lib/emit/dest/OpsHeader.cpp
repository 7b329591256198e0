//===- OpsHeader.cpp - The C++ ops header ---------------------------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

namespace opgen {

llvm::Expected<std::string> classicOpsHeader(const OpLibrary &L,
                                             const EmitOptions &Opts) {
  std::string Namespaces;
  for (const std::string &Ns : namespaces(L)) {
    std::vector<TemplateRecord> Ops;
    for (const Op &O : L.Ops) {
      if (O.Schema.Namespace != Ns)
        continue;
      std::string Fn = O.Schema.Overload.empty()
                           ? O.Schema.Name
                           : O.Schema.Name + "_" + O.Schema.Overload;
      CppSignature Sig = cppSignature(O.Schema);
      Ops.push_back({{"schema", printSchema(O.Schema)},
                     {"where", O.Loc.str()},
                     {"declaration", Sig.declaration(Fn)},
                     {"qualified_name", quote(O.Schema.qualifiedName())},
                     {"overload", quote(O.Schema.Overload)},
                     {"function_type", Sig.functionType()},
                     {"arguments", join(argumentNames(O.Schema), ", ")}});
    }
    OPGEN_TRY(Block, renderTemplate("ops_header/namespace.h",
                                    {{"namespace", Ns}}, {{"ops", Ops}}));
    Namespaces += Block;
  }
  return renderTemplate(
      "ops.h", {{"sources", sourcesDoc(L, Opts)}, {"namespaces", Namespaces}});
}

} // namespace opgen
