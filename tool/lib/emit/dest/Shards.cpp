//===- Shards.cpp - Wrapper shards and their declarations -----------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

namespace opgen {

namespace {

TemplateRecord wrapperDeclaration(const Op &O, const Kernel &K) {
  return {{"comment", provenance(O, K)},
          {"signature", kernelSignature(wrapperSchema(O, K), wrapperName(O, K))}};
}

/// Checks that every tensor argument is on one CUDA device (the message
/// names the op and the argument) and makes that device current.
std::string cudaDeviceGuard(const OpSchema &S) {
  std::vector<std::string> Tensors;
  for (const Argument &A : S.Arguments)
    if (A.Ty.isTensorLike())
      Tensors.push_back("{" + quote(A.Name) + ", " + A.Name + "}");
  if (Tensors.empty())
    return "";
  return renderTemplate("shards/cuda_guard.cpp",
                        {{"op", quote(S.fullName())}, {"tensors", join(Tensors, ", ")}});
}

} // namespace

/// The declarations header of the wrappers in \p Source's shard: included
/// by that shard and by `opgen_kernels.h`, so that an op added to one source
/// recompiles its shard and the registration, not every shard.
std::string emitShardDeclarations(const OpLibrary &L, const std::string &Source,
                                  const EmitOptions &Opts) {
  std::string Shard = shardPath(Source);
  return renderTemplate(
      "declarations.h",
      {{"sources", displayPath(Source, Opts.Root)},
       {"about", "// The wrappers defined in " + Shard + ", the shard of " +
                     displayPath(Source, Opts.Root) +
                     ". Each takes the\n// dispatcher's C++ types for its "
                     "schema and calls an annotated function."},
       {"includes", ""}},
      {{"declarations", wrapperDeclarations(L, Source, wrapperDeclaration)}});
}

std::vector<TemplateRecord> wrapperDeclarations(const OpLibrary &L,
                                                const std::string &Source,
                                                DeclareWrapper Declare) {
  std::vector<TemplateRecord> Decls;
  for (const Op &O : L.Ops)
    for (const Kernel &K : O.Kernels)
      if (Source.empty() ? shardPath(K.HostSource).empty()
                         : K.HostSource == Source)
        Decls.push_back(Declare(O, K));
  return Decls;
}

std::string shardHeaderIncludes(const OpLibrary &L) {
  std::string Includes = "\n";
  for (const std::string &Source : L.Sources)
    if (std::string Shard = shardPath(Source); !Shard.empty())
      Includes += "#include \"" + Shard + ".h\"\n";
  return Includes;
}

/// Every wrapper registration.cpp registers: the shards' declarations
/// headers, the Autograd kernels, and (declared here) wrappers of functions
/// seen only from a header input, which no shard hosts.
std::string emitKernelDeclarations(const OpLibrary &L, const EmitOptions &Opts) {
  std::string Includes = shardHeaderIncludes(L) + "#include \"autograd.h\"\n";
  return renderTemplate(
      "declarations.h",
      {{"sources", sourcesDoc(L, Opts)},
       {"about", "// Every wrapper registered as a kernel: the shards' wrappers, "
                 "each declared in\n// the header beside its shard, and the "
                 "Autograd kernels."},
       {"includes", Includes}},
      {{"declarations", wrapperDeclarations(L, "", wrapperDeclaration)}});
}

std::string sharedWrapperLinkage(const Kernel &K, const std::string &Source,
                                 const EmitOptions &Opts) {
  if (K.Loc.File == displayPath(Source, Opts.Root))
    return "";
  return "// Declared in a header: the shard of every source that includes it\n"
         "// defines this wrapper, and the linker keeps one.\n"
         "__attribute__((weak))";
}

std::string emitShard(const OpLibrary &L, const std::string &Source,
                      const EmitOptions &Opts) {
  std::vector<TemplateRecord> Wrappers;
  bool NeedsCuda = false;
  for (const Op &O : L.Ops) {
    for (const Kernel &K : O.Kernels) {
      if (K.HostSource != Source)
        continue;
      const OpSchema &S = wrapperSchema(O, K);
      std::vector<std::string> Args;
      for (size_t I = 0; I < S.Arguments.size(); ++I)
        Args.push_back(convertArgument(S.Arguments[I], K.Params[I]));
      std::string Call = K.Callee + "(" + join(Args, ", ") + ")";
      bool Cuda = K.Key == DispatchKey::CUDA || K.Key == DispatchKey::QuantizedCUDA;
      NeedsCuda = NeedsCuda || Cuda;
      Wrappers.push_back(
          {{"provenance", provenance(O, K)},
           {"linkage", sharedWrapperLinkage(K, Source, Opts)},
           {"signature", kernelSignature(S, wrapperName(O, K))},
           {"device_guard", Cuda ? cudaDeviceGuard(S) : ""},
           {"call", (S.Returns.empty() ? "" : "return ") + Call}});
    }
  }
  std::string ShardDir = Opts.OutputDir + "/shards";
  std::string Shard = shardPath(Source);
  return renderTemplate("shard.cpp",
                        {{"source", displayPath(Source, Opts.Root)},
                         {"declarations_header",
                          Shard.substr(Shard.find('/') + 1) + ".h"},
                         {"include_path", relativePath(ShardDir, Source)},
                         {"runtime_includes",
                          NeedsCuda ? "#include <opgen/runtime.h>\n"
                                      "#include <opgen/runtime_cuda.h>"
                                    : "#include <opgen/runtime.h>"}},
                        {{"wrappers", Wrappers}});
}

} // namespace opgen
