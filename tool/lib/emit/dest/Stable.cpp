//===- Stable.cpp - The stable flavour ------------------------------------===//
//
// Everything the stable flavour of the generated files does its own way
// (docs/stable-abi.md): STABLE_TORCH_LIBRARY blocks whose def() takes the
// schema alone, STABLE_TORCH_LIBRARY_IMPL entries of TORCH_BOX wrappers,
// nothing that includes ATen or libtorch's C++ API. There is no C++ fake,
// autograd or typed entry point: synthesised fakes and autograd are
// registered in Python by the package's fakes module (StablePython.cpp),
// which the package's __init__ imports; autograd.cpp, autograd.h and ops.h
// only say so.
//===----------------------------------------------------------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

namespace opgen {

namespace {

/// A file a stable library has nothing for (autograd.cpp, autograd.h, ops.h):
/// a comment saying where that part lives instead (\p About).
llvm::Expected<std::string> stableNone(const OpLibrary &L,
                                       const EmitOptions &Opts,
                                       const std::string &About) {
  return renderTemplate("stable/none.cpp",
                        {{"sources", sourcesDoc(L, Opts)}, {"about", About}});
}

class StableFlavour final : public Flavour {
public:
  void defineOp(const Op &, TemplateRecord &) const override {
    // The stable API's def() takes the schema only: the check phase
    // refuses tags= in a stable library.
  }

  llvm::Expected<std::string>
  libraryBlock(const OpLibrary &L, const std::string &Ns,
               const std::vector<TemplateRecord> &Defs) const override {
    return renderTemplate(
        "stable/library.cpp",
        {{"namespace", Ns},
         {"library", L.Fragment ? "STABLE_TORCH_LIBRARY_FRAGMENT"
                                : "STABLE_TORCH_LIBRARY"}},
        {{"defs", Defs}});
  }

  const char *implBlockTemplate() const override { return "stable/impl.cpp"; }

  /// The boxed wrapper of the op's one kernel for \p Key.
  void addImpls(const Op &O, DispatchKey Key,
                std::vector<TemplateRecord> &Impls) const override {
    if (const Kernel *K = O.kernel(Key))
      Impls.push_back({{"name", quote(nameInLibrary(O.Schema))},
                       {"kernel", wrapperName(O, *K)}});
  }

  llvm::Expected<std::string> keylessBlocks(const OpLibrary &,
                                            const std::string &) const override {
    return ""; // Autograd is registered in Python; there is no autocast.
  }

  llvm::Expected<std::string>
  registrationFile(const OpLibrary &L, const EmitOptions &Opts,
                   const std::string &Blocks) const override {
    return renderTemplate("stable/registration.cpp",
                          {{"sources", sourcesDoc(L, Opts)},
                           {"fake_module", L.fakeModuleStem()},
                           {"blocks", Blocks}});
  }

  /// The TORCH_BOX wrapper: it boxes the annotated function as it is.
  llvm::Expected<TemplateRecord>
  wrapper(const Op &O, const Kernel &K, const std::string &Source,
          const EmitOptions &Opts) const override {
    return TemplateRecord{{"provenance", provenance(O, K)},
                          {"linkage", sharedWrapperLinkage(K, Source, Opts)},
                          {"name", wrapperName(O, K)},
                          {"callee", K.Callee}};
  }

  llvm::Expected<std::string>
  shardFile(std::map<std::string, std::string> Vars,
            const std::vector<TemplateRecord> &Wrappers,
            bool /*NeedsCuda: the stable ABI's own headers serve*/) const override {
    return renderTemplate("stable/shard.cpp", Vars, {{"wrappers", Wrappers}});
  }

  const char *declarationsTemplate() const override {
    return "stable/declarations.h";
  }

  TemplateRecord wrapperDeclaration(const Op &O, const Kernel &K) const override {
    return {{"comment", provenance(O, K)}, {"name", wrapperName(O, K)}};
  }

  std::string shardDeclarationsAbout(const std::string &Shard,
                                     const std::string &Shown) const override {
    return "// The boxed wrappers defined in " + Shard + ", the shard of " +
           Shown +
           ". Each takes the\n// stable ABI's boxed stack and calls "
           "an annotated function through TORCH_BOX.";
  }

  std::string kernelDeclarationsAbout() const override {
    return "// Every boxed wrapper registered as a kernel, each "
           "declared in the header beside\n// its shard.";
  }

  std::string kernelDeclarationsIncludes() const override { return ""; }

  llvm::Expected<std::string> autograd(const OpLibrary &L,
                                       const EmitOptions &Opts) const override {
    return noCppAutograd(L, Opts);
  }

  llvm::Expected<std::string>
  autogradDeclarations(const OpLibrary &L,
                       const EmitOptions &Opts) const override {
    return noCppAutograd(L, Opts);
  }

  llvm::Expected<std::string> opsHeader(const OpLibrary &L,
                                        const EmitOptions &Opts) const override {
    return stableNone(
        L, Opts,
        "A stable-ABI library has no typed C++ entry points: call its ops "
        "through\n// torch.ops from Python, or link a kernel's own function "
        "(docs/stable-abi.md).");
  }

  bool synthesizedFakesInPython() const override { return true; }

  llvm::Expected<std::string>
  pythonRegistrations(const OpLibrary &L) const override {
    return stablePythonRegistrations(L);
  }

  std::string fakesHowImported() const override {
    return "# The package's __init__ imports this module right after loading "
           "the library\n# (a stable-ABI library, docs/stable-abi.md).";
  }

  const char *fakesTemplate() const override { return "stable/fakes.py"; }

  /// A stable-ABI library builds against torch's headers alone.
  const char *linkTemplate() const override {
    return "build_files/link_stable.cmake";
  }

private:
  /// What a stable library's autograd.cpp and autograd.h say instead.
  static llvm::Expected<std::string> noCppAutograd(const OpLibrary &L,
                                                   const EmitOptions &Opts) {
    return stableNone(
        L, Opts,
        "A stable-ABI library has no C++ autograd: "
        "torch.library.register_autograd in\n// python/" +
            L.PythonPackage + "/" + L.fakeModuleStem() +
            ".py calls each op's backward op (docs/stable-abi.md).");
  }
};

} // namespace

const Flavour &stableFlavour() {
  static const StableFlavour F;
  return F;
}

} // namespace opgen
