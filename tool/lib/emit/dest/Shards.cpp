//===- Shards.cpp - Wrapper shards and their declarations -----------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

#include <map>

namespace opgen {

namespace {

/// The declarations of the wrappers \p Source's shard hosts (\p Source
/// empty: of the kernels no shard hosts, seen only from header inputs).
std::vector<TemplateRecord> wrapperDeclarations(const OpLibrary &L,
                                                const std::string &Source,
                                                const Flavour &F) {
  std::map<std::string, std::string> Shards = shardPaths(L.Sources);
  std::vector<TemplateRecord> Decls;
  for (const Op &O : L.Ops)
    for (const Kernel &K : O.Kernels)
      if (Source.empty() ? !Shards.count(K.HostSource)
                         : K.HostSource == Source)
        Decls.push_back(F.wrapperDeclaration(O, K));
  return Decls;
}

/// `#include "shards/<source>.h"` lines, one per source that has a shard,
/// after a blank line.
std::string shardHeaderIncludes(const OpLibrary &L, const EmitOptions &Opts) {
  std::string Includes = "\n";
  for (const std::string &Source : L.Sources)
    if (std::string Shard = shardPath(L, Source, Opts); !Shard.empty())
      Includes += "#include \"" + Shard + ".h\"\n";
  return Includes;
}

} // namespace

bool cudaKernel(const Kernel &K) {
  return K.Key == DispatchKey::CUDA || K.Key == DispatchKey::QuantizedCUDA;
}

/// The declarations header of the wrappers in \p Source's shard: included
/// by that shard and by `opgen_kernels.h`, so that an op added to one source
/// recompiles its shard and the registration, not every shard.
llvm::Expected<std::string> emitShardDeclarations(const OpLibrary &L,
                                                  const std::string &Source,
                                                  const EmitOptions &Opts,
                                                  const Flavour &F) {
  std::string Shard = shardPath(L, Source, Opts);
  std::string Shown = displayPath(Source, Opts.Root);
  return renderTemplate(F.declarationsTemplate(),
                        {{"sources", Shown},
                         {"about", F.shardDeclarationsAbout(Shard, Shown)},
                         {"includes", ""}},
                        {{"declarations", wrapperDeclarations(L, Source, F)}});
}

/// Every wrapper registration.cpp registers: the shards' declarations
/// headers, what else the flavour registers (classic: the Autograd
/// kernels), and (declared here) wrappers of functions seen only from a
/// header input, which no shard hosts.
llvm::Expected<std::string> emitKernelDeclarations(const OpLibrary &L,
                                                   const EmitOptions &Opts,
                                                   const Flavour &F) {
  return renderTemplate(
      F.declarationsTemplate(),
      {{"sources", sourcesDoc(L, Opts)},
       {"about", F.kernelDeclarationsAbout()},
       {"includes", shardHeaderIncludes(L, Opts) + F.kernelDeclarationsIncludes()}},
      {{"declarations", wrapperDeclarations(L, "", F)}});
}

std::string sharedWrapperLinkage(const Kernel &K, const std::string &Source,
                                 const EmitOptions &Opts) {
  if (K.Loc.File == displayPath(Source, Opts.Root))
    return "";
  return "// Declared in a header: the shard of every source that includes it\n"
         "// defines this wrapper, and the linker keeps one.\n"
         "__attribute__((weak))";
}

llvm::Expected<std::string> emitShard(const OpLibrary &L,
                                      const std::string &Source,
                                      const EmitOptions &Opts, const Flavour &F) {
  std::vector<TemplateRecord> Wrappers;
  bool NeedsCuda = false;
  for (const Op &O : L.Ops)
    for (const Kernel &K : O.Kernels) {
      if (K.HostSource != Source)
        continue;
      NeedsCuda = NeedsCuda || cudaKernel(K);
      OPGEN_TRY(Wrapper, F.wrapper(O, K, Source, Opts));
      Wrappers.push_back(std::move(Wrapper));
    }
  // The declarations header beside the shard; the source relative to the
  // shard's directory (`shards/`, or below it for a shard named by a
  // trailing path).
  std::string Shard = shardPath(L, Source, Opts);
  size_t Slash = Shard.find_last_of('/');
  return F.shardFile(
      {{"source", displayPath(Source, Opts.Root)},
       {"declarations_header", Shard.substr(Slash + 1) + ".h"},
       {"include_path",
        relativePath(Opts.OutputDir + "/" + Shard.substr(0, Slash), Source)}},
      Wrappers, NeedsCuda);
}

} // namespace opgen
