//===- Fakes.cpp - Decide where each op's fake kernel comes from ----------===//
#include "opgen/check/Fakes.h"

#include "llvm/Support/Error.h"

#include <algorithm>
#include <regex>

namespace opgen {

std::set<std::string> pythonFakeOps(const std::string &PythonText) {
  static const std::regex Registration(
      R"(register_fake\s*\(\s*["']([A-Za-z_][A-Za-z0-9_]*::[A-Za-z0-9_.]+)["'])");
  std::set<std::string> Out;
  for (auto It = std::sregex_iterator(PythonText.begin(), PythonText.end(),
                                      Registration);
       It != std::sregex_iterator(); ++It) {
    std::string Name = (*It)[1];
    // `ns::op.default` is the default overload.
    const std::string Default = ".default";
    if (Name.size() > Default.size() &&
        Name.compare(Name.size() - Default.size(), Default.size(), Default) == 0)
      Name.resize(Name.size() - Default.size());
    Out.insert(Name);
  }
  return Out;
}

namespace {

/// Checks a kernel's synthesised outputs against the op's schema: an
/// output that is an argument must be the argument its return aliases.
llvm::Error acceptSynthesis(const Op &O, const FakeSynthesis &S) {
  for (size_t I = 0; I < S.Outputs.size() && I < O.Schema.Returns.size(); ++I) {
    const FakeOutput &Out = S.Outputs[I];
    const AliasInfo *RetAlias = O.Schema.Returns[I].Ty.alias();
    // A return that aliases an argument (`Tensor(a!)`, a view `Tensor(a)`)
    // is never a fresh allocation: a fake that allocates it would lie.
    if (Out.K != FakeOutput::Kind::Argument) {
      if (RetAlias)
        return llvm::createStringError(
            llvm::inconvertibleErrorCode(),
            "the schema says output " + std::to_string(I) +
                " aliases an argument, but the kernel allocates it");
      continue;
    }
    const Argument *Arg = nullptr;
    for (const Argument &A : O.Schema.Arguments)
      if (A.Name == Out.Like)
        Arg = &A;
    if (!RetAlias || !Arg || !Arg->Ty.alias() ||
        Arg->Ty.alias()->BeforeSets != RetAlias->BeforeSets) {
      return llvm::createStringError(
          llvm::inconvertibleErrorCode(),
          "it returns the argument '" + Out.Like +
              "' itself, but the schema does not say the output aliases it");
    }
  }
  return llvm::Error::success();
}

/// A fake from the first kernel (in key order: CPU, CUDA, ...) whose body
/// allocates its outputs in a way opgen can follow; otherwise the note.
void synthesize(Op &O, DiagSink &Diags) {
  bool DataDependent = std::find(O.Tags.begin(), O.Tags.end(),
                                 "data_dependent_output") != O.Tags.end();
  std::string Why;
  SourceLoc WhyLoc = O.Loc;
  if (DataDependent) {
    Why = "its output sizes depend on the data (tag data_dependent_output)";
  } else {
    // The note gives the first kernel's reason.
    for (const Kernel &K : O.Kernels) {
      if (!K.Synthesis)
        continue;
      std::string Rejected;
      if (K.Synthesis->Ok) {
        llvm::Error E = acceptSynthesis(O, *K.Synthesis);
        if (!E) {
          O.Fake = FakeKind::Synthesized;
          O.SynthesizedFake = K.Synthesis->Outputs;
          O.FakeWhere = K.Loc.str();
          return;
        }
        Rejected = llvm::toString(std::move(E));
      }
      if (!Why.empty())
        continue;
      Why = K.Synthesis->Ok ? Rejected : K.Synthesis->Why;
      WhyLoc = K.Synthesis->Ok ? K.Loc : K.Synthesis->WhyLoc;
    }
    if (Why.empty())
      Why = "no kernel body was seen (opgen reads the bodies of annotated "
            "functions defined in the files it is given)";
  }
  Diags.report(DiagId::FakeNotSynthesized, WhyLoc, {O.Schema.fullName(), Why});
}

} // namespace

const Kernel *metaSafeKernel(const Op &O) {
  if (std::find(O.Tags.begin(), O.Tags.end(), "data_dependent_output") !=
      O.Tags.end())
    return nullptr;
  // Strings and numbers computed by the body have no fake counterpart
  // FakeTensor and torch.compile could trace.
  for (const Return &R : O.Schema.Returns)
    if (R.Ty.Base != BaseType::Tensor)
      return nullptr;
  const Kernel *Cpu = O.kernel(DispatchKey::CPU);
  return Cpu && Cpu->MetaSafe && Cpu->MetaSafe->Safe ? Cpu : nullptr;
}

void assignFakes(OpLibrary &Library, DiagSink &Diags) {
  std::set<std::string> InModule;
  if (Library.Fakes)
    InModule = pythonFakeOps(Library.Fakes->Text);
  for (Op &O : Library.Ops) {
    if (O.Fake != FakeKind::None)
      continue;
    // A CompositeImplicitAutograd kernel decomposes, on fake tensors too.
    if (const Kernel *Implicit = O.kernel(DispatchKey::CompositeImplicitAutograd)) {
      if (InModule.count(O.Schema.fullName()))
        Diags.report(DiagId::CompositeImplicitNotAlone, Implicit->Loc,
                     {O.Schema.fullName(),
                      "a fake registered in " + Library.Fakes->DisplayPath});
      O.Fake = FakeKind::Composite;
      O.FakeWhere = Implicit->Loc.str();
      continue;
    }
    if (InModule.count(O.Schema.fullName())) {
      O.Fake = FakeKind::Python;
      O.FakeWhere = Library.Fakes->DisplayPath;
      continue;
    }
    bool Mutates = false;
    for (const Argument &A : O.Schema.Arguments)
      Mutates = Mutates || A.Ty.isWritten();
    if (O.Schema.Returns.empty() && Mutates) {
      O.Fake = FakeKind::NotNeeded;
      continue;
    }
    if (const Kernel *Composite = O.kernel(DispatchKey::CompositeExplicitAutograd)) {
      O.Fake = FakeKind::Composite;
      O.FakeWhere = Composite->Loc.str();
      continue;
    }
    // A kernel registered for Meta (`device="meta"`) is the fake; nothing
    // else may be registered there.
    if (const Kernel *Meta = O.kernel(DispatchKey::Meta)) {
      O.Fake = FakeKind::Cpp;
      O.FakeWhere = Meta->Loc.str();
      continue;
    }
    // The author's own module (--python-module) registers its fakes when it
    // is imported, after the library has registered its Meta kernels: a
    // synthesised one would make its register_fake fail. Which ops it covers
    // is decided at import time; the rest get the skeleton.
    if (!Library.PythonModule.empty())
      continue;
    // A CPU kernel that calls only ATen ops runs on Meta tensors as it is:
    // exact, so it comes before a synthesised fake.
    // Not in a stable-ABI library: its fakes are Python functions, and a
    // kernel registered for Meta would have to be one with its own body.
    const Kernel *K = Library.Abi == KernelAbi::Stable ? nullptr : metaSafeKernel(O);
    if (K) {
      O.Fake = FakeKind::Kernel;
      O.FakeWhere = K->Loc.str();
      continue;
    }
    synthesize(O, Diags);
  }
}

} // namespace opgen
