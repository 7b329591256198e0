//===- OpsHeader.cpp - The C++ ops header ---------------------------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

#include <sstream>

namespace opgen {

std::string emitOpsHeader(const OpLibrary &L, const EmitOptions &Opts, Flavour F) {
  if (F == Flavour::Stable)
    return stableNone(
        L, Opts,
        "A stable-ABI library has no typed C++ entry points: call its ops "
        "through\n// torch.ops from Python, or link a kernel's own function "
        "(docs/stable-abi.md).");
  std::ostringstream Out;
  for (const std::string &Ns : namespaces(L)) {
    Out << "namespace " << Ns << "::ops {\n\n";
    for (const Op &O : L.Ops) {
      if (O.Schema.Namespace != Ns)
        continue;
      std::string Fn = O.Schema.Overload.empty()
                           ? O.Schema.Name
                           : O.Schema.Name + "_" + O.Schema.Overload;
      CppSignature Sig = cppSignature(O.Schema);
      Out << "/// `" << printSchema(O.Schema) << "` (" << O.Loc.str() << ")\n"
          << "inline " << Sig.declaration(Fn) << " {\n"
          << "  static auto op = c10::Dispatcher::singleton()\n"
          << "      .findSchemaOrThrow(" << quote(O.Schema.qualifiedName())
          << ", " << quote(O.Schema.Overload) << ")\n"
          << "      .typed<" << Sig.functionType() << ">();\n"
          << "  return op.call(" << join(argumentNames(O.Schema), ", ") << ");\n"
          << "}\n\n";
    }
    Out << "} // namespace " << Ns << "::ops\n";
  }
  return renderTemplate("ops.h",
                        {{"sources", sourcesDoc(L, Opts)}, {"namespaces", Out.str()}});
}

} // namespace opgen
