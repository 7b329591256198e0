//===- Registration.cpp - TORCH_LIBRARY blocks ----------------------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

#include <sstream>

namespace opgen {

namespace {

/// The Meta kernels opgen synthesised, defined in registration.cpp.
std::string synthesizedFakes(const OpLibrary &L) {
  std::ostringstream Out;
  for (const Op &O : L.Ops) {
    if (O.Fake != FakeKind::Synthesized)
      continue;
    std::vector<std::string> Values, Origins;
    for (const FakeOutput &F : O.SynthesizedFake) {
      Values.push_back(cppFakeOutput(F));
      Origins.push_back(F.K == FakeOutput::Kind::Argument
                            ? "returns " + F.Like
                            : F.Factory + " at " + F.Loc.str());
    }
    std::string Value = Values.size() == 1
                            ? Values.front()
                            : cppReturnType(O.Schema) + "(\n      " +
                                  join(Values, ",\n      ") + ")";
    Out << "// " << O.Schema.fullName() << " (Meta), synthesised from the "
        << "kernel at " << O.FakeWhere << ": " << join(Origins, "; ") << "\n"
        << cppReturnType(O.Schema) << " " << opIdentifier(O.Schema)
        << "__Meta(" << cppSignature(O.Schema).parameters(/*WithNames=*/true) << ") {\n"
        << "  return " << Value << ";\n"
        << "}\n\n";
  }
  if (Out.str().empty())
    return "";
  return "// Fake (Meta) kernels synthesised from the kernels' allocations:\n"
         "// shapes from the inputs' (symbolic) sizes, no data is read.\n"
         "namespace opgen_generated {\n\n" +
         Out.str() + "} // namespace opgen_generated\n\n";
}

} // namespace

std::string emitRegistration(const OpLibrary &L, const EmitOptions &Opts) {
  std::ostringstream Blocks;
  Blocks << synthesizedFakes(L);
  for (const std::string &Ns : namespaces(L)) {
    Blocks << "TORCH_LIBRARY(" << Ns << ", m) {\n";
    Blocks << "  m.set_python_module(" << quote(L.fakeModuleName())
           << ");\n";
    for (const Op &O : L.Ops) {
      if (O.Schema.Namespace != Ns)
        continue;
      Blocks << "  // " << O.Schema.fullName() << " from " << O.Loc.str()
             << "\n";
      Blocks << "  m.def(" << quote(printSchemaWithoutNamespace(O.Schema));
      if (!O.Tags.empty()) {
        std::vector<std::string> Tags;
        for (const std::string &T : O.Tags)
          Tags.push_back("at::Tag::" + T);
        Blocks << ", {" << join(Tags, ", ") << "}";
      }
      Blocks << ");\n";
    }
    Blocks << "}\n";
    for (DispatchKey Key : {DispatchKey::CPU, DispatchKey::CUDA, DispatchKey::Meta,
                            DispatchKey::CompositeExplicitAutograd}) {
      std::ostringstream Impls;
      for (const Op &O : L.Ops) {
        if (O.Schema.Namespace != Ns)
          continue;
        for (const Kernel &K : O.Kernels)
          if (K.Key == Key)
            Impls << "  m.impl(" << quote(nameInLibrary(O.Schema))
                  << ", TORCH_FN(opgen_generated::" << wrapperName(O, K)
                  << "));\n";
        if (Key == DispatchKey::Meta && O.Fake == FakeKind::Synthesized)
          Impls << "  m.impl(" << quote(nameInLibrary(O.Schema))
                << ", TORCH_FN(opgen_generated::" << opIdentifier(O.Schema)
                << "__Meta));\n";
      }
      if (Impls.str().empty())
        continue;
      Blocks << "\nTORCH_LIBRARY_IMPL(" << Ns << ", " << dispatchKeyName(Key)
             << ", m) {\n"
             << Impls.str() << "}\n";
    }
    std::ostringstream Autograd;
    for (const Op &O : L.Ops)
      if (O.Schema.Namespace == Ns && hasAutogradKernel(O))
        Autograd << "  m.impl(" << quote(nameInLibrary(O.Schema))
                 << ", TORCH_FN(opgen_generated::"
                 << autogradWrapperName(O.Schema) << "));\n";
    if (!Autograd.str().empty())
      Blocks << "\nTORCH_LIBRARY_IMPL(" << Ns << ", Autograd, m) {\n"
             << Autograd.str() << "}\n";
    Blocks << "\n";
  }
  bool Synthesized = false;
  for (const Op &O : L.Ops)
    Synthesized = Synthesized || O.Fake == FakeKind::Synthesized;
  return renderTemplate("registration.cpp",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"fake_includes",
                          Synthesized ? "#include <ATen/ops/empty.h>\n"
                                        "#include <ATen/ops/empty_like.h>\n"
                                        "#include <opgen/runtime.h>\n"
                                      : ""},
                         {"blocks", Blocks.str()}});
}

} // namespace opgen
