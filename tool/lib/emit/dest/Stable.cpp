//===- Stable.cpp - The C++ files of a stable-ABI library -----------------===//
//
// The stable flavour of registration.cpp, the shards and their declarations
// (docs/stable-abi.md): STABLE_TORCH_LIBRARY blocks and TORCH_BOX wrappers,
// nothing that includes ATen or libtorch's C++ API. A stable library has no
// C++ autograd and no C++ entry points: autograd.cpp, autograd.h and ops.h
// say so and define nothing; fakes and autograd live in the Python package.
//===----------------------------------------------------------------------===//
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

namespace opgen {

namespace {

TemplateRecord stableDeclaration(const Op &O, const Kernel &K) {
  return {{"comment", provenance(O, K)}, {"name", wrapperName(O, K)}};
}

TemplateRecord stableImpl(const Op &O, const Kernel &K) {
  return {{"name", quote(nameInLibrary(O.Schema))}, {"kernel", wrapperName(O, K)}};
}

} // namespace

std::string emitStableRegistration(const OpLibrary &L, const EmitOptions &Opts) {
  std::string Blocks;
  for (const std::string &Ns : namespaces(L)) {
    std::vector<TemplateRecord> Defs;
    for (const Op &O : L.Ops)
      if (O.Schema.Namespace == Ns)
        // The stable API's def() takes the schema only: the check phase
        // refuses tags= in a stable library.
        Defs.push_back({{"op", O.Schema.fullName()},
                        {"where", O.Loc.str()},
                        {"schema", quote(printSchemaWithoutNamespace(O.Schema))}});
    Blocks += renderTemplate("stable/library.cpp", {{"namespace", Ns}},
                             {{"defs", Defs}});
    for (DispatchKey Key : enumValues<DispatchKey>()) {
      std::vector<TemplateRecord> Impls;
      for (const Op &O : L.Ops)
        if (O.Schema.Namespace == Ns)
          if (const Kernel *K = O.kernel(Key))
            Impls.push_back(stableImpl(O, *K));
      if (!Impls.empty())
        Blocks += renderTemplate(
            "stable/impl.cpp",
            {{"namespace", Ns}, {"key", std::string(dispatchKeyName(Key))}},
            {{"impls", Impls}});
    }
    Blocks += "\n";
  }
  return renderTemplate("stable/registration.cpp",
                        {{"sources", sourcesDoc(L, Opts)},
                         {"fake_module", L.fakeModuleStem()},
                         {"blocks", Blocks}});
}

std::string emitStableShard(const OpLibrary &L, const std::string &Source,
                            const EmitOptions &Opts) {
  std::vector<TemplateRecord> Wrappers;
  for (const Op &O : L.Ops)
    for (const Kernel &K : O.Kernels)
      if (K.HostSource == Source)
        Wrappers.push_back({{"provenance", provenance(O, K)},
                            {"linkage", sharedWrapperLinkage(K, Source, Opts)},
                            {"name", wrapperName(O, K)},
                            {"callee", K.Callee}});
  std::string Shard = shardPath(Source);
  return renderTemplate(
      "stable/shard.cpp",
      {{"source", displayPath(Source, Opts.Root)},
       {"declarations_header", Shard.substr(Shard.find('/') + 1) + ".h"},
       {"include_path", relativePath(Opts.OutputDir + "/shards", Source)}},
      {{"wrappers", Wrappers}});
}

std::string emitStableShardDeclarations(const OpLibrary &L,
                                        const std::string &Source,
                                        const EmitOptions &Opts) {
  std::string Shard = shardPath(Source);
  return renderTemplate(
      "stable/declarations.h",
      {{"sources", displayPath(Source, Opts.Root)},
       {"about", "// The boxed wrappers defined in " + Shard + ", the shard of " +
                     displayPath(Source, Opts.Root) +
                     ". Each takes the\n// stable ABI's boxed stack and calls "
                     "an annotated function through TORCH_BOX."},
       {"includes", ""}},
      {{"declarations", wrapperDeclarations(L, Source, stableDeclaration)}});
}

std::string emitStableKernelDeclarations(const OpLibrary &L,
                                         const EmitOptions &Opts) {
  return renderTemplate(
      "stable/declarations.h",
      {{"sources", sourcesDoc(L, Opts)},
       {"about", "// Every boxed wrapper registered as a kernel, each declared "
                 "in the header beside\n// its shard."},
       {"includes", shardHeaderIncludes(L)}},
      {{"declarations", wrapperDeclarations(L, "", stableDeclaration)}});
}

std::string emitStableNone(const OpLibrary &L, const EmitOptions &Opts,
                           const std::string &About) {
  return renderTemplate("stable/none.cpp",
                        {{"sources", sourcesDoc(L, Opts)}, {"about", About}});
}

} // namespace opgen
