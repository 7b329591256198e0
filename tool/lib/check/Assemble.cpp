//===- Assemble.cpp - The checked op library from lowered functions -------===//
#include "opgen/check/Assemble.h"

#include "opgen/check/Check.h"
#include "opgen/check/Fakes.h"
#include "opgen/model/SourceKind.h"

#include <map>

namespace opgen {

namespace {

/// The kernel's function as the author wrote its name (`mylib::crop`).
std::string kernelName(const Kernel &K) {
  return K.Callee.rfind("::", 0) == 0 ? K.Callee.substr(2) : K.Callee;
}

/// Decides Library.Abi from the kernels' signatures and `--stable-abi`, and
/// refuses what a stable-ABI library cannot have (docs/stable-abi.md).
void decideAbi(OpLibrary &Library, const LibraryOptions &Opts, DiagSink &Diags) {
  const Kernel *FirstClassic = nullptr, *FirstStable = nullptr;
  for (const Op &O : Library.Ops)
    for (const Kernel &K : O.Kernels) {
      if (K.Abi == KernelAbi::Classic && !FirstClassic)
        FirstClassic = &K;
      if (K.Abi == KernelAbi::Stable && !FirstStable)
        FirstStable = &K;
    }
  if (FirstStable && FirstClassic) {
    Diags.report(DiagId::StableAbiMixed, FirstStable->Loc,
                 {kernelName(*FirstStable), kernelName(*FirstClassic)});
    Diags.report(DiagId::StableAbiMixedOther, FirstClassic->Loc,
                 {kernelName(*FirstClassic)});
    return;
  }
  if (Opts.StableAbi && FirstClassic) {
    Diags.report(DiagId::StableAbiClassicKernel, FirstClassic->Loc,
                 {kernelName(*FirstClassic)});
    return;
  }
  if (!FirstStable && !Opts.StableAbi)
    return;
  Library.Abi = KernelAbi::Stable;
  if (Opts.NoPythonPackage)
    Diags.report(DiagId::StableAbiUnsupported, {},
                 {"--no-python-package",
                  "the fakes and autograd of a stable-ABI library are registered "
                  "by its generated Python package; drop --no-python-package"});
  if (!Opts.PythonModule.empty())
    Diags.report(DiagId::StableAbiUnsupported, {},
                 {"--python-module",
                  "the stable API has no m.set_python_module; write the fakes "
                  "in a FAKE_MODULE (--fake-module), which the generated "
                  "package imports"});
  for (const Op &O : Library.Ops) {
    // torch.library.register_autograd, which carries the autograd of a
    // stable library, passes no keyword-only tensor to autograd.
    if (O.Autograd || !O.BackwardOf.empty())
      for (const Argument &A : O.Schema.Arguments)
        if (A.KwargOnly && A.Ty.isTensorLike()) {
          Diags.report(DiagId::StableAbiUnsupported, O.Loc,
                       {"the keyword-only tensor argument '" + A.Name + "' of '" +
                            O.Schema.fullName() + "', which has a backward",
                        "remove it from kwonly=; torch.library.register_autograd "
                        "takes no keyword-only tensors"});
          break;
        }
    if (O.Autocast)
      Diags.report(DiagId::StableAbiUnsupported, O.AutocastLoc,
                   {"autocast=\"" + std::string(enumName(*O.Autocast)) +
                        "\" (of '" + O.Schema.fullName() + "')",
                    "remove autocast=; cast the inputs before calling the op, or "
                    "register a cast with torch.library.register_autocast in "
                    "the library's Python package"});
    if (!O.Tags.empty())
      Diags.report(DiagId::StableAbiUnsupported, O.Loc,
                   {"tags=\"" + O.Tags.front() + "\" (of '" + O.Schema.fullName() +
                        "')",
                    "remove tags=; the stable API's def() takes a schema "
                    "without tags"});
    // The stable ABI passes sizes as int64_t: a SymInt (symint=) cannot
    // reach a stable kernel.
    auto SymInt = [](const Type &T) { return T.Base == BaseType::SymInt; };
    for (const Argument &A : O.Schema.Arguments)
      if (SymInt(A.Ty)) {
        Diags.report(DiagId::StableAbiUnsupported, O.Loc,
                     {"the SymInt argument '" + A.Name + "' of '" +
                          O.Schema.fullName() + "' (symint=)",
                      "remove symint=; stable kernels take int64_t sizes, and "
                      "the schema says int"});
        break;
      }
  }
}

/// The ABI a library of these kernels has, without reporting anything: what
/// decideAbi decides when it reports no error.
KernelAbi abiOf(const OpLibrary &Library, const LibraryOptions &Opts) {
  for (const Op &O : Library.Ops)
    for (const Kernel &K : O.Kernels)
      if (K.Abi == KernelAbi::Stable)
        return KernelAbi::Stable;
  return Opts.StableAbi ? KernelAbi::Stable : KernelAbi::Classic;
}

/// Gives every kernel hosted by a shard the schema its shard's wrapper is
/// written for (Kernel::WrapperSchema), from its source's own library, and
/// checks that each shard has the library's flavour. Stops at the first
/// error it reports.
void assignWrapperSchemas(OpLibrary &Library,
                          const std::vector<AnnotatedFunction> &Functions,
                          const LibraryOptions &Opts, DiagSink &Diags) {
  // A kernel declared in a header is hosted by the shard of every source
  // that includes it: by op and key, the first shard's file and schema.
  std::map<std::pair<std::string, DispatchKey>, std::pair<std::string, std::string>>
      Hosted;
  for (const std::string &Source : Library.Sources) {
    std::optional<SourceKind> Kind = classifySource(Source);
    if (!Kind || !Kind->Compiled)
      continue;
    // Its diagnostics are the whole library's too, reported by its own
    // check; should the source alone fail where the library passed, its
    // discovery would refuse it, and so does this.
    RecordingDiagSink Quiet;
    OpLibrary Shard = assembleShardLibrary(Source, Functions, Opts, Quiet);
    if (Quiet.errorCount() != 0) {
      for (const RecordingDiagSink::Record &R : Quiet.Records)
        Diags.report(R.Id, R.Loc, R.Args);
      return;
    }
    std::string File = Source.substr(Source.find_last_of('/') + 1);
    if (!Shard.Ops.empty() && Shard.Abi != Library.Abi) {
      const Kernel &K = Shard.Ops.front().Kernels.front();
      Diags.report(DiagId::ShardAbiUndecided, K.Loc, {kernelName(K), File});
      return;
    }
    for (const Op &S : Shard.Ops) {
      std::string Printed = printSchema(S.Schema);
      for (const Kernel &SK : S.Kernels) {
        auto [It, First] =
            Hosted.try_emplace({S.Schema.fullName(), SK.Key}, File, Printed);
        if (!First && It->second.second != Printed) {
          Diags.report(DiagId::SharedKernelWrappersDiffer, SK.Loc,
                       {S.Schema.fullName(), It->second.first, File,
                        It->second.second, Printed});
          return;
        }
        for (Op &O : Library.Ops)
          if (O.Schema.fullName() == S.Schema.fullName())
            for (Kernel &K : O.Kernels)
              if (K.Key == SK.Key && K.HostSource == Source)
                K.WrapperSchema = S.Schema;
      }
    }
    Library.ShardLibraries.push_back(std::move(Shard));
  }
}

} // namespace

OpLibrary assembleShardLibrary(const std::string &Source,
                               const std::vector<AnnotatedFunction> &Functions,
                               const LibraryOptions &Opts, DiagSink &Diags) {
  OpLibrary Shard;
  Shard.Sources = {Source};
  std::vector<AnnotatedFunction> Own;
  for (const AnnotatedFunction &Fn : Functions)
    if (Fn.Impl.HostSource == Source)
      Own.push_back(Fn);
  unsigned Before = Diags.errorCount();
  Shard.Ops = checkOps(Own, Diags, CheckScope::Source);
  if (Diags.errorCount() == Before)
    Shard.Abi = abiOf(Shard, Opts);
  return Shard;
}

OpLibrary assembleLibrary(std::vector<std::string> Sources,
                          const std::vector<AnnotatedFunction> &Functions,
                          const LibraryOptions &Opts, DiagSink &Diags) {
  OpLibrary Library;
  Library.Sources = std::move(Sources);
  unsigned Before = Diags.errorCount();
  Library.Ops = checkOps(Functions, Diags);
  if (Diags.errorCount() != Before)
    return Library;
  if (Library.Ops.empty())
    Diags.report(DiagId::NoOps, {}, {});

  Library.PythonPackage = Opts.PythonPackage;
  if (Library.PythonPackage.empty())
    Library.PythonPackage =
        Library.Ops.empty() ? "ops" : Library.Ops.front().Schema.Namespace;
  Library.LibraryName = libraryNameOf(Opts.LibraryName, Library.PythonPackage);
  Library.SamplesPath = Opts.SamplesPath;
  Library.Fakes = Opts.Fakes;
  Library.PythonModule = Opts.PythonModule;
  Library.GeneratePackage = !Opts.NoPythonPackage;
  Library.Fragment = Opts.Fragment;
  decideAbi(Library, Opts, Diags);
  if (Diags.errorCount() != 0)
    return Library;
  assignWrapperSchemas(Library, Functions, Opts, Diags);
  if (Diags.errorCount() != 0)
    return Library;
  assignFakes(Library, Diags);
  return Library;
}

} // namespace opgen
