//===- Stable.cpp - The stable flavour's C++ shapes -----------------------===//
//
// What the stable flavour of registration.cpp, the shards and the files a
// stable library has nothing for are made of (docs/stable-abi.md):
// STABLE_TORCH_LIBRARY_IMPL entries and TORCH_BOX wrappers, nothing that
// includes ATen or libtorch's C++ API. The emitters of those files
// (Registration.cpp, Shards.cpp, Autograd.cpp, OpsHeader.cpp) pick them by
// Flavour; fakes and autograd live in the Python package (StablePython.cpp).
//===----------------------------------------------------------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

namespace opgen {

TemplateRecord stableImpl(const Op &O, const Kernel &K) {
  return {{"name", quote(nameInLibrary(O.Schema))}, {"kernel", wrapperName(O, K)}};
}

TemplateRecord stableWrapper(const Op &O, const Kernel &K,
                             const std::string &Source, const EmitOptions &Opts) {
  return {{"provenance", provenance(O, K)},
          {"linkage", sharedWrapperLinkage(K, Source, Opts)},
          {"name", wrapperName(O, K)},
          {"callee", K.Callee}};
}

llvm::Expected<std::string> stableNone(const OpLibrary &L,
                                       const EmitOptions &Opts,
                                       const std::string &About) {
  return renderTemplate("stable/none.cpp",
                        {{"sources", sourcesDoc(L, Opts)}, {"about", About}});
}

} // namespace opgen
