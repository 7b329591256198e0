//===- Shards.cpp - Wrapper shards and their declarations -----------------===//
#include "emit/api/CppTypes.h"
#include "emit/api/Names.h"
#include "emit/dest/Emitters.h"

#include <map>

namespace opgen {

namespace {

/// Whether \p K's wrapper runs on a CUDA device (its tensors checked and
/// the device made current by the classic wrapper).
bool cudaKernel(const Kernel &K) {
  return K.Key == DispatchKey::CUDA || K.Key == DispatchKey::QuantizedCUDA;
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

/// One wrapper's declaration record, in \p F's calling convention.
TemplateRecord wrapperDeclaration(const Op &O, const Kernel &K, Flavour F) {
  if (F == Flavour::Stable)
    return {{"comment", provenance(O, K)}, {"name", wrapperName(O, K)}};
  return {{"comment", provenance(O, K)},
          {"signature", kernelSignature(wrapperSchema(O, K), wrapperName(O, K))}};
}

/// The declarations of the wrappers \p Source's shard hosts (\p Source
/// empty: of the kernels no shard hosts, seen only from header inputs).
std::vector<TemplateRecord> wrapperDeclarations(const OpLibrary &L,
                                                const std::string &Source,
                                                Flavour F) {
  std::map<std::string, std::string> Shards = shardPaths(L.Sources);
  std::vector<TemplateRecord> Decls;
  for (const Op &O : L.Ops)
    for (const Kernel &K : O.Kernels)
      if (Source.empty() ? !Shards.count(K.HostSource)
                         : K.HostSource == Source)
        Decls.push_back(wrapperDeclaration(O, K, F));
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

const char *declarationsTemplate(Flavour F) {
  return F == Flavour::Stable ? "stable/declarations.h" : "declarations.h";
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

} // namespace

/// The declarations header of the wrappers in \p Source's shard: included
/// by that shard and by `opgen_kernels.h`, so that an op added to one source
/// recompiles its shard and the registration, not every shard.
llvm::Expected<std::string> emitShardDeclarations(const OpLibrary &L,
                                                  const std::string &Source,
                                                  const EmitOptions &Opts,
                                                  Flavour F) {
  std::string Shard = shardPath(L, Source, Opts);
  std::string Shown = displayPath(Source, Opts.Root);
  return renderTemplate(
      declarationsTemplate(F),
      {{"sources", Shown},
       {"about",
        F == Flavour::Stable
            ? "// The boxed wrappers defined in " + Shard + ", the shard of " +
                  Shown +
                  ". Each takes the\n// stable ABI's boxed stack and calls "
                  "an annotated function through TORCH_BOX."
            : "// The wrappers defined in " + Shard + ", the shard of " + Shown +
                  ". Each takes the\n// dispatcher's C++ types for its "
                  "schema and calls an annotated function."},
       {"includes", ""}},
      {{"declarations", wrapperDeclarations(L, Source, F)}});
}

/// Every wrapper registration.cpp registers: the shards' declarations
/// headers, the Autograd kernels (classic), and (declared here) wrappers of
/// functions seen only from a header input, which no shard hosts.
llvm::Expected<std::string>
emitKernelDeclarations(const OpLibrary &L, const EmitOptions &Opts, Flavour F) {
  std::string Includes = shardHeaderIncludes(L, Opts);
  if (F == Flavour::Classic)
    Includes += "#include \"autograd.h\"\n";
  return renderTemplate(
      declarationsTemplate(F),
      {{"sources", sourcesDoc(L, Opts)},
       {"about", F == Flavour::Stable
                     ? "// Every boxed wrapper registered as a kernel, each "
                       "declared in the header beside\n// its shard."
                     : "// Every wrapper registered as a kernel: the shards' "
                       "wrappers, each declared in\n// the header beside its "
                       "shard, and the Autograd kernels."},
       {"includes", Includes}},
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
                                      const EmitOptions &Opts, Flavour F) {
  std::vector<TemplateRecord> Wrappers;
  bool NeedsCuda = false;
  for (const Op &O : L.Ops)
    for (const Kernel &K : O.Kernels) {
      if (K.HostSource != Source)
        continue;
      NeedsCuda = NeedsCuda || cudaKernel(K);
      if (F == Flavour::Stable) {
        Wrappers.push_back(stableWrapper(O, K, Source, Opts));
        continue;
      }
      OPGEN_TRY(Wrapper, classicWrapper(O, K, Source, Opts));
      Wrappers.push_back(std::move(Wrapper));
    }
  // The declarations header beside the shard; the source relative to the
  // shard's directory (`shards/`, or below it for a shard named by a
  // trailing path).
  std::string Shard = shardPath(L, Source, Opts);
  size_t Slash = Shard.find_last_of('/');
  std::map<std::string, std::string> Vars = {
      {"source", displayPath(Source, Opts.Root)},
      {"declarations_header", Shard.substr(Slash + 1) + ".h"},
      {"include_path",
       relativePath(Opts.OutputDir + "/" + Shard.substr(0, Slash), Source)}};
  if (F == Flavour::Stable)
    return renderTemplate("stable/shard.cpp", Vars, {{"wrappers", Wrappers}});
  Vars["runtime_includes"] = NeedsCuda ? "#include <opgen/runtime.h>\n"
                                         "#include <opgen/runtime_cuda.h>"
                                       : "#include <opgen/runtime.h>";
  return renderTemplate("shard.cpp", Vars, {{"wrappers", Wrappers}});
}

} // namespace opgen
