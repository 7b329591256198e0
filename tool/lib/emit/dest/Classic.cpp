//===- Classic.cpp - The classic flavour ----------------------------------===//
//
// Everything the classic flavour of the generated files does its own way
// (docs/stable-abi.md has the other): TORCH_LIBRARY blocks whose def()
// takes tags, wrappers taking the dispatcher's C++ types (with a CUDA
// device guard where the kernel runs on CUDA), the synthesised fakes as C++
// Meta kernels, a meta-safe CPU kernel registered for Meta too, SymInt
// adapters, the Autocast kernels, and the Autograd and ADInplaceOrView
// blocks of autograd.cpp's kernels. autograd.cpp itself (Autograd.cpp) and
// ops.h (OpsHeader.cpp) are classic only.
//===----------------------------------------------------------------------===//
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

/// The Autograd and Autocast blocks of \p Ns, in \p F's impl blocks.
llvm::Expected<std::string> autogradAndAutocastBlocks(const OpLibrary &L,
                                                      const std::string &Ns,
                                                      const Flavour &F) {
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
  OPGEN_TRY(Blocks, implBlock(Ns, "Autograd", Autograd, F));
  OPGEN_TRY(InplaceOrViewBlock,
            implBlock(Ns, "ADInplaceOrView", InplaceOrView, F));
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
    OPGEN_TRY(Block, implBlock(Ns, Key, Autocast, F));
    Blocks += Block;
  }
  return std::move(Blocks);
}

/// Checks that every tensor argument is on one CUDA device (the message
/// names the op and the argument) and makes that device current.
llvm::Expected<std::string> cudaDeviceGuard(const OpSchema &S) {
  std::vector<std::string> Tensors;
  for (const Argument &A : S.Arguments)
    if (A.Ty.isTensorLike())
      Tensors.push_back("{" + quote(A.Name) + ", " + A.Name + "}");
  if (Tensors.empty())
    return "";
  return renderTemplate("shards/cuda_guard.cpp",
                        {{"op", quote(S.fullName())}, {"tensors", join(Tensors, ", ")}});
}

/// The definition of the classic wrapper of \p K in \p Source's shard.
llvm::Expected<TemplateRecord> classicWrapper(const Op &O, const Kernel &K,
                                              const std::string &Source,
                                              const EmitOptions &Opts) {
  const OpSchema &S = wrapperSchema(O, K);
  std::vector<std::string> Args;
  for (size_t I = 0; I < S.Arguments.size(); ++I)
    Args.push_back(convertArgument(S.Arguments[I], K.Params[I]));
  std::string Call = K.Callee + "(" + join(Args, ", ") + ")";
  std::string Guard;
  if (cudaKernel(K)) {
    OPGEN_TRY(CudaGuard, cudaDeviceGuard(S));
    Guard = std::move(CudaGuard);
  }
  return TemplateRecord{{"provenance", provenance(O, K)},
                        {"linkage", sharedWrapperLinkage(K, Source, Opts)},
                        {"signature", kernelSignature(S, wrapperName(O, K))},
                        {"device_guard", Guard},
                        {"call", (S.Returns.empty() ? "" : "return ") + Call}};
}

class ClassicFlavour final : public Flavour {
public:
  void defineOp(const Op &O, TemplateRecord &Def) const override {
    std::vector<std::string> Tags;
    for (const std::string &T : O.Tags)
      Tags.push_back("at::Tag::" + T);
    Def["tags"] = Tags.empty() ? "" : ", {" + join(Tags, ", ") + "}";
  }

  llvm::Expected<std::string>
  libraryBlock(const OpLibrary &L, const std::string &Ns,
               const std::vector<TemplateRecord> &Defs) const override {
    return renderTemplate(
        "registration/library.cpp",
        {{"namespace", Ns},
         {"library", L.Fragment ? "TORCH_LIBRARY_FRAGMENT" : "TORCH_LIBRARY"},
         {"python_module", quote(L.fakeModuleName())}},
        {{"defs", Defs}});
  }

  const char *implBlockTemplate() const override {
    return "registration/impl.cpp";
  }

  /// The wrappers of the op's kernels for \p Key; for Meta also the
  /// synthesised fake, and a meta-safe CPU kernel, which is its own fake
  /// (the same wrapper, also registered for Meta).
  void addImpls(const Op &O, DispatchKey Key,
                std::vector<TemplateRecord> &Impls) const override {
    for (const Kernel &K : O.Kernels)
      if (K.Key == Key)
        Impls.push_back(impl(O.Schema, registeredWrapperName(O, K)));
    if (Key == DispatchKey::Meta && O.Fake == FakeKind::Synthesized)
      Impls.push_back(impl(O.Schema, opIdentifier(O.Schema) + "__Meta"));
    if (Key == DispatchKey::Meta && O.Fake == FakeKind::Kernel)
      Impls.push_back(
          impl(O.Schema, registeredWrapperName(O, *O.kernel(DispatchKey::CPU))));
  }

  llvm::Expected<std::string> keylessBlocks(const OpLibrary &L,
                                            const std::string &Ns) const override {
    return autogradAndAutocastBlocks(L, Ns, *this);
  }

  /// The namespaces' blocks after the adapters, synthesised fakes and
  /// Autocast kernels they register, with the includes those need.
  llvm::Expected<std::string>
  registrationFile(const OpLibrary &L, const EmitOptions &Opts,
                   const std::string &Namespaces) const override {
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

  llvm::Expected<TemplateRecord>
  wrapper(const Op &O, const Kernel &K, const std::string &Source,
          const EmitOptions &Opts) const override {
    return classicWrapper(O, K, Source, Opts);
  }

  llvm::Expected<std::string>
  shardFile(std::map<std::string, std::string> Vars,
            const std::vector<TemplateRecord> &Wrappers,
            bool NeedsCuda) const override {
    Vars["runtime_includes"] = NeedsCuda ? "#include <opgen/runtime.h>\n"
                                           "#include <opgen/runtime_cuda.h>"
                                         : "#include <opgen/runtime.h>";
    return renderTemplate("shard.cpp", Vars, {{"wrappers", Wrappers}});
  }

  const char *declarationsTemplate() const override { return "declarations.h"; }

  TemplateRecord wrapperDeclaration(const Op &O, const Kernel &K) const override {
    return {{"comment", provenance(O, K)},
            {"signature", kernelSignature(wrapperSchema(O, K), wrapperName(O, K))}};
  }

  std::string shardDeclarationsAbout(const std::string &Shard,
                                     const std::string &Shown) const override {
    return "// The wrappers defined in " + Shard + ", the shard of " + Shown +
           ". Each takes the\n// dispatcher's C++ types for its "
           "schema and calls an annotated function.";
  }

  std::string kernelDeclarationsAbout() const override {
    return "// Every wrapper registered as a kernel: the shards' "
           "wrappers, each declared in\n// the header beside its "
           "shard, and the Autograd kernels.";
  }

  std::string kernelDeclarationsIncludes() const override {
    return "#include \"autograd.h\"\n";
  }

  llvm::Expected<std::string> autograd(const OpLibrary &L,
                                       const EmitOptions &Opts) const override {
    return classicAutograd(L, Opts);
  }

  llvm::Expected<std::string>
  autogradDeclarations(const OpLibrary &L,
                       const EmitOptions &Opts) const override {
    return classicAutogradDeclarations(L, Opts);
  }

  llvm::Expected<std::string> opsHeader(const OpLibrary &L,
                                        const EmitOptions &Opts) const override {
    return classicOpsHeader(L, Opts);
  }

  /// Synthesised fakes are C++ Meta kernels (registration.cpp).
  bool synthesizedFakesInPython() const override { return false; }

  llvm::Expected<std::string> pythonRegistrations(const OpLibrary &) const override {
    return "";
  }

  std::string fakesHowImported() const override {
    return "# TORCH_LIBRARY names this module with `m.set_python_module`, so "
           "PyTorch\n# imports it before it looks for a fake kernel of these ops.";
  }

  const char *fakesTemplate() const override { return "fakes.py"; }

  const char *linkTemplate() const override {
    return "build_files/link_torch.cmake";
  }
};

} // namespace

const Flavour &classicFlavour() {
  static const ClassicFlavour F;
  return F;
}

} // namespace opgen
