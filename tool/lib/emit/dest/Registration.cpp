//===- Registration.cpp - TORCH_LIBRARY blocks ----------------------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/api/PythonFakes.h"
#include "emit/dest/Emitters.h"

#include <algorithm>

namespace opgen {

namespace {

/// The Meta kernels opgen synthesised, defined in registration.cpp.
llvm::Expected<std::string> synthesizedFakes(const OpLibrary &L) {
  std::vector<TemplateRecord> Fakes;
  for (const Op &O : L.Ops) {
    if (O.Fake != FakeKind::Synthesized)
      continue;
    std::vector<std::string> Values;
    for (const FakeOutput &F : O.SynthesizedFake)
      Values.push_back(cppFakeOutput(F));
    CppSignature Sig = cppSignature(O.Schema);
    // An op that returns nothing (and mutates nothing) has nothing to make.
    std::string Value = Values.empty()       ? ""
                        : Values.size() == 1 ? " " + Values.front()
                                             : " " + Sig.Return + "(\n      " +
                                                   join(Values, ",\n      ") + ")";
    Fakes.push_back({{"op", O.Schema.fullName()},
                     {"where", O.FakeWhere},
                     {"origins", fakeOrigins(O.SynthesizedFake)},
                     {"signature", Sig.declaration(opIdentifier(O.Schema) + "__Meta")},
                     {"value", Value}});
  }
  if (Fakes.empty())
    return "";
  return renderTemplate("registration/fakes.cpp", {}, {{"fakes", Fakes}});
}

/// The adapters of the wrappers written for other C++ types than the op's
/// schema gives (wrapperNeedsAdapter): SymInt arguments made concrete for a
/// wrapper that takes int.
llvm::Expected<std::string> wrapperAdapters(const OpLibrary &L) {
  std::vector<TemplateRecord> Adapters;
  for (const Op &O : L.Ops)
    for (const Kernel &K : O.Kernels) {
      if (!wrapperNeedsAdapter(O, K))
        continue;
      const OpSchema &W = wrapperSchema(O, K);
      std::vector<std::string> Args;
      for (size_t I = 0; I < O.Schema.Arguments.size(); ++I) {
        const Argument &A = O.Schema.Arguments[I];
        bool Concrete = A.Ty.Base == BaseType::SymInt &&
                        W.Arguments[I].Ty.Base != BaseType::SymInt;
        Args.push_back(Concrete ? concreteInt(A.Name) : A.Name);
      }
      std::string Call = wrapperName(O, K) + "(" + join(Args, ", ") + ")";
      std::string Ret = cppReturnType(O.Schema);
      if (O.Schema.Returns.empty())
        ; // void
      else if (Ret == cppReturnType(W) || O.Schema.Returns.size() != 1 ||
               !O.Schema.Returns.front().Ty.IsList)
        Call = "return " + Call; // The same type, or an implicit conversion.
      else // std::vector<int64_t> to std::vector<c10::SymInt>
        Call = "auto Result = " + Call + ";\n  return " + Ret +
               "(Result.begin(), Result.end())";
      Adapters.push_back(
          {{"provenance", provenance(O, K)},
           {"wrapper_schema", printSchemaWithoutNamespace(W)},
           {"signature", kernelSignature(O.Schema, registeredWrapperName(O, K))},
           {"call", Call}});
    }
  if (Adapters.empty())
    return "";
  return renderTemplate("registration/adapters.cpp", {}, {{"adapters", Adapters}});
}

/// The Autocast kernels of `autocast="..."` ops, defined in registration.cpp:
/// one per op and autocast key of its devices (`mylib_op__AutocastCPU`).
/// The autocast key of \p Device (`AutocastCUDA`).
std::string autocastKey(DispatchKey Device) {
  return "Autocast" + std::string(dispatchKeyName(Device));
}
/// The device type `at::autocast::cached_cast` takes for \p Device.
std::string autocastDeviceType(DispatchKey Device) {
  return "c10::DeviceType::" + std::string(dispatchKeyName(Device));
}

std::string autocastName(const OpSchema &S, const std::string &Key) {
  return opIdentifier(S) + "__" + Key;
}

llvm::Expected<std::string> autocastKernels(const OpLibrary &L) {
  std::string Out;
  for (const Op &O : L.Ops) {
    if (!O.Autocast)
      continue;
    const OpSchema &S = O.Schema;
    const std::string To(autocastScalarType(*O.Autocast));
    CppSignature Sig = cppSignature(S);
    for (DispatchKey D : O.AutocastDevices) {
      const std::string Key = autocastKey(D), Device = autocastDeviceType(D);
      std::vector<std::string> Notes, Args;
      for (const Argument &A : S.Arguments) {
        if (!A.Ty.isTensorLike()) {
          Args.push_back(A.Name);
          continue;
        }
        Notes.push_back("opgen::rt::note_floating_dtype(dtype, " + A.Name + ");");
        Args.push_back("opgen::rt::autocast_input(" + To + ", " + A.Name + ", " +
                       Device + ")");
      }
      std::string Call = "op.call(" + join(Args, ",\n              ") + ")";
      Call = S.Returns.empty()
                 ? Call
                 : "return opgen::rt::autocast_output(\n      " + Call + ",\n      dtype)";
      OPGEN_TRY(
          AutocastKernel,
          renderTemplate(
              "registration/autocast.cpp",
              {{"op", S.fullName()},
               {"key", Key},
               {"dtype", std::string(enumName(*O.Autocast))},
               {"signature", kernelSignature(S, autocastName(S, Key))},
               {"op_name", quote(S.qualifiedName())},
               {"overload", quote(S.Overload)},
               {"function_type", Sig.functionType()},
               {"note_dtypes", S.Returns.empty()
                                   ? ""
                                   : "std::optional<at::ScalarType> dtype;\n" +
                                         join(Notes, "\n")},
               {"call", Call}}));
      Out += AutocastKernel;
    }
  }
  if (Out.empty())
    return "";
  return renderTemplate("registration/autocast_kernels.cpp",
                        {{"kernels", Out}});
}

/// The impl block of \p Ns for \p Key, or nothing without kernels.
llvm::Expected<std::string> implBlock(const std::string &Ns,
                                      const std::string &Key,
                                      const std::vector<TemplateRecord> &Impls,
                                      Flavour F) {
  if (Impls.empty())
    return "";
  return renderTemplate(F == Flavour::Stable ? "stable/impl.cpp"
                                             : "registration/impl.cpp",
                        {{"namespace", Ns}, {"key", Key}}, {{"impls", Impls}});
}

TemplateRecord impl(const OpSchema &S, const std::string &Kernel) {
  return {{"name", quote(nameInLibrary(S))},
          {"kernel", "TORCH_FN(opgen_generated::" + Kernel + ")"}};
}

/// The registration of the boxed kernel \p Kernel (one for many ops).
TemplateRecord boxedImpl(const OpSchema &S, const std::string &Kernel) {
  return {{"name", quote(nameInLibrary(S))},
          {"kernel", "torch::CppFunction::makeFromBoxedFunction<\n"
                     "             &opgen_generated::" + Kernel + ">()"}};
}

/// The library block of \p Ns: its ops' schemas (and tags, classic).
llvm::Expected<std::string> libraryBlock(const OpLibrary &L,
                                         const std::string &Ns, Flavour F) {
  std::vector<TemplateRecord> Defs;
  for (const Op &O : L.Ops) {
    if (O.Schema.Namespace != Ns)
      continue;
    TemplateRecord Def = {{"op", O.Schema.fullName()},
                          {"where", O.Loc.str()},
                          {"schema", quote(printSchemaWithoutNamespace(O.Schema))}};
    // The stable API's def() takes the schema only: the check phase refuses
    // tags= in a stable library.
    if (F == Flavour::Classic) {
      std::vector<std::string> Tags;
      for (const std::string &T : O.Tags)
        Tags.push_back("at::Tag::" + T);
      Def["tags"] = Tags.empty() ? "" : ", {" + join(Tags, ", ") + "}";
    }
    Defs.push_back(std::move(Def));
  }
  if (F == Flavour::Stable)
    return renderTemplate(
        "stable/library.cpp",
        {{"namespace", Ns},
         {"library", L.Fragment ? "STABLE_TORCH_LIBRARY_FRAGMENT"
                                : "STABLE_TORCH_LIBRARY"}},
        {{"defs", Defs}});
  return renderTemplate(
      "registration/library.cpp",
      {{"namespace", Ns},
       {"library", L.Fragment ? "TORCH_LIBRARY_FRAGMENT" : "TORCH_LIBRARY"},
       {"python_module", quote(L.fakeModuleName())}},
      {{"defs", Defs}});
}

/// The registrations of \p Ns's kernels for \p Key: the wrappers, and for
/// Meta (classic) the synthesised fakes and the meta-safe CPU kernels.
std::vector<TemplateRecord> keyImpls(const OpLibrary &L, const std::string &Ns,
                                     DispatchKey Key, Flavour F) {
  std::vector<TemplateRecord> Impls;
  for (const Op &O : L.Ops) {
    if (O.Schema.Namespace != Ns)
      continue;
    if (F == Flavour::Stable) {
      if (const Kernel *K = O.kernel(Key))
        Impls.push_back(stableImpl(O, *K));
      continue;
    }
    for (const Kernel &K : O.Kernels)
      if (K.Key == Key)
        Impls.push_back(impl(O.Schema, registeredWrapperName(O, K)));
    if (Key == DispatchKey::Meta && O.Fake == FakeKind::Synthesized)
      Impls.push_back(impl(O.Schema, opIdentifier(O.Schema) + "__Meta"));
    // A meta-safe CPU kernel is its own fake: the same wrapper, also
    // registered for Meta.
    if (Key == DispatchKey::Meta && O.Fake == FakeKind::Kernel)
      Impls.push_back(
          impl(O.Schema, registeredWrapperName(O, *O.kernel(DispatchKey::CPU))));
  }
  return Impls;
}

/// The Autograd and Autocast blocks of \p Ns (classic).
llvm::Expected<std::string> autogradAndAutocastBlocks(const OpLibrary &L,
                                                      const std::string &Ns) {
  std::vector<TemplateRecord> Autograd, InplaceOrView;
  for (const Op &O : L.Ops) {
    if (O.Schema.Namespace != Ns)
      continue;
    if (hasAutogradKernel(O)) {
      Autograd.push_back(impl(O.Schema, autogradWrapperName(O.Schema)));
    } else if (refusesGradient(O)) {
      Autograd.push_back(boxedImpl(O.Schema, NoBackwardKernel));
      if (needsInplaceOrView(O.Schema))
        InplaceOrView.push_back(boxedImpl(O.Schema, InplaceOrViewKernel));
    }
  }
  OPGEN_TRY(Blocks, implBlock(Ns, "Autograd", Autograd, Flavour::Classic));
  OPGEN_TRY(InplaceOrViewBlock,
            implBlock(Ns, "ADInplaceOrView", InplaceOrView, Flavour::Classic));
  Blocks += InplaceOrViewBlock;
  for (DispatchKey Device : enumValues<DispatchKey>()) {
    if (!hasAutocast(Device))
      continue;
    const std::string Key = autocastKey(Device);
    std::vector<TemplateRecord> Autocast;
    for (const Op &O : L.Ops)
      if (O.Schema.Namespace == Ns && O.Autocast &&
          std::find(O.AutocastDevices.begin(), O.AutocastDevices.end(),
                    Device) != O.AutocastDevices.end())
        Autocast.push_back(impl(O.Schema, autocastName(O.Schema, Key)));
    OPGEN_TRY(Block, implBlock(Ns, Key, Autocast, Flavour::Classic));
    Blocks += Block;
  }
  return std::move(Blocks);
}

/// Per namespace: the library block and the impl blocks.
llvm::Expected<std::string> registrationBlocks(const OpLibrary &L, Flavour F) {
  std::string Blocks;
  for (const std::string &Ns : namespaces(L)) {
    OPGEN_TRY(Library, libraryBlock(L, Ns, F));
    Blocks += Library;
    for (DispatchKey Key : enumValues<DispatchKey>()) {
      OPGEN_TRY(Impls, implBlock(Ns, std::string(dispatchKeyName(Key)),
                                 keyImpls(L, Ns, Key, F), F));
      Blocks += Impls;
    }
    if (F == Flavour::Classic) {
      OPGEN_TRY(More, autogradAndAutocastBlocks(L, Ns));
      Blocks += More;
    }
    Blocks += "\n";
  }
  return Blocks;
}

} // namespace

llvm::Expected<std::string>
emitRegistration(const OpLibrary &L, const EmitOptions &Opts, Flavour F) {
  OPGEN_TRY(Namespaces, registrationBlocks(L, F));
  if (F == Flavour::Stable)
    return renderTemplate("stable/registration.cpp",
                          {{"sources", sourcesDoc(L, Opts)},
                           {"fake_module", L.fakeModuleStem()},
                           {"blocks", Namespaces}});
  OPGEN_TRY(Adapters, wrapperAdapters(L));
  OPGEN_TRY(Fakes, synthesizedFakes(L));
  OPGEN_TRY(AutocastKernels, autocastKernels(L));
  std::string Blocks = Adapters + Fakes + AutocastKernels + Namespaces;
  bool Synthesized = false, Autocast = false;
  for (const Op &O : L.Ops) {
    Synthesized = Synthesized || O.Fake == FakeKind::Synthesized;
    Autocast = Autocast || O.Autocast;
  }
  return renderTemplate("registration.cpp",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"fake_includes",
                          Synthesized ? "#include <ATen/ops/empty.h>\n"
                                        "#include <ATen/ops/empty_like.h>\n"
                                        "#include <opgen/runtime.h>\n"
                                      : Adapters.empty() ? ""
                                      : "#include <opgen/runtime.h>\n"},
                         {"autocast_includes",
                          Autocast ? "#include <ATen/core/dispatch/Dispatcher.h>\n"
                                     "#include <opgen/runtime_autocast.h>\n"
                                   : ""},
                         {"blocks", Blocks}});
}

} // namespace opgen
