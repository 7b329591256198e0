//===- Fakes.cpp - Decide where each op's fake kernel comes from ----------===//
#include "opgen/check/Fakes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

#include <algorithm>

namespace opgen {

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

/// Whether a kernel for \p Key runs on a device (not Meta, not composite):
/// each such kernel's outputs are what a fake must match on its device.
bool onDevice(DispatchKey Key) {
  return Key != DispatchKey::Meta && Key != DispatchKey::CompositeExplicitAutograd &&
         Key != DispatchKey::CompositeImplicitAutograd;
}

/// The facts of \p Outs in a form where two spellings that give the same
/// metadata compare equal: `at::empty_like(x.contiguous())` and
/// `at::empty(x.sizes(), x.options())` are both `x`'s sizes, contiguous.
std::string factsKey(const std::vector<FakeOutput> &Outs) {
  std::string Key;
  for (FakeOutput F : Outs) {
    bool Contiguous =
        F.K == FakeOutput::Kind::EmptyLike &&
        (F.MemoryFormat == "at::MemoryFormat::Contiguous" ||
         (F.MemoryFormat.empty() && F.LikeContiguous == "at::MemoryFormat::Contiguous"));
    if (Contiguous) {
      F.K = FakeOutput::Kind::Empty;
      FakeExpr Sizes;
      Sizes.K = FakeExpr::Kind::Sizes;
      Sizes.Name = F.Like;
      F.Sizes = Sizes;
      F.MemoryFormat.clear();
      F.LikeContiguous.clear();
    }
    Key += F.str();
  }
  return Key;
}

std::string kernelName(const Kernel &K) {
  std::string Name = K.Callee.rfind("::", 0) == 0 ? K.Callee.substr(2) : K.Callee;
  return std::string(dispatchKeyName(K.Key)) + " kernel '" + Name + "' (" +
         K.Loc.str() + ")";
}

/// Records each device kernel's accepted synthesis in O.KernelFacts.
/// (Of every op: the generated tests check any fake against them.)
void collectKernelFacts(Op &O) {
  O.KernelFacts.clear();
  for (const Kernel &K : O.Kernels) {
    if (!onDevice(K.Key) || !K.Synthesis || !K.Synthesis->Ok)
      continue;
    if (llvm::Error E = acceptSynthesis(O, *K.Synthesis)) {
      llvm::consumeError(std::move(E));
      continue;
    }
    O.KernelFacts.push_back({K.Key, K.Synthesis->Outputs});
  }
}

const std::vector<FakeOutput> *factsOf(const Op &O, DispatchKey Key) {
  for (const auto &[K, Facts] : O.KernelFacts)
    if (K == Key)
      return &Facts;
  return nullptr;
}

/// What a kernel returns, for a note: its allocations, or that they are
/// what its ATen calls compute.
std::string describeOutputs(const Op &O, DispatchKey Key, const Kernel &K) {
  if (const std::vector<FakeOutput> *Facts = factsOf(O, Key)) {
    std::vector<std::string> Items;
    for (const FakeOutput &F : *Facts)
      Items.push_back(F.K == FakeOutput::Kind::Argument
                          ? "returns '" + F.Like + "'"
                          : "allocates with " + F.Factory + " at " + F.Loc.str());
    return Items.empty() ? "returns nothing" : llvm::join(Items, "; ");
  }
  if (K.MetaSafe && K.MetaSafe->Safe)
    return "returns what its ATen calls compute, whose metadata (strides "
           "above all) opgen cannot follow";
  if (!K.Synthesis)
    return "was not seen (opgen reads the bodies of annotated functions "
           "defined in the files it is given)";
  if (K.Synthesis->Ok)
    return "allocates outputs the schema does not allow";
  return "makes its outputs in a way opgen cannot follow: " + K.Synthesis->Why +
         " (" + K.Synthesis->WhyLoc.str() + ")";
}


/// The note for an op none of whose kernels gives a fake: the first
/// kernel's reason, and why the CPU kernel is not its own fake (when it
/// could have been: \p OwnFakePossible).
void noteNoFake(const Op &O, bool OwnFakePossible, DiagSink &Diags) {
  std::string Why;
  SourceLoc WhyLoc = O.Loc;
  for (const Kernel &K : O.Kernels) {
    if (!K.Synthesis)
      continue;
    std::string Rejected;
    if (K.Synthesis->Ok) {
      llvm::Error E = acceptSynthesis(O, *K.Synthesis);
      Rejected = E ? llvm::toString(std::move(E)) : "";
    }
    if (K.Synthesis->Ok && Rejected.empty())
      continue;
    Why = K.Synthesis->Ok ? Rejected : K.Synthesis->Why;
    WhyLoc = K.Synthesis->Ok ? K.Loc : K.Synthesis->WhyLoc;
    break;
  }
  if (Why.empty())
    Why = "no kernel body was seen (opgen reads the bodies of annotated "
          "functions defined in the files it is given)";
  // The first reason a reader looks for: why the kernel does not serve as
  // its own fake.
  const Kernel *Cpu = O.kernel(DispatchKey::CPU);
  if (OwnFakePossible && Cpu && Cpu->MetaSafe && !Cpu->MetaSafe->Safe)
    Why = "the kernel is not its own fake (" + Cpu->MetaSafe->Why + ", at " +
          Cpu->MetaSafe->WhyLoc.str() + "), and none could be synthesised: " + Why;
  Diags.report(DiagId::FakeNotSynthesized, WhyLoc, {O.Schema.fullName(), Why});
}

/// Whether every kernel fact of \p O can be spelled in Python, where a
/// stable library's and a per-device fake are written: every constant names
/// a torch value opgen knows (model's unknownFakeConstant), never a guess.
/// Else a note naming the constant.
bool spelledInPython(const Op &O, DiagSink &Diags) {
  for (const auto &[Key, Facts] : O.KernelFacts)
    if (std::optional<std::string> Constant = unknownFakeConstant(Facts)) {
      Diags.report(DiagId::FakeNotSynthesized, O.kernel(Key)->Loc,
                   {O.Schema.fullName(),
                    "opgen cannot spell the C++ constant '" + *Constant + "' of the " +
                        kernelName(*O.kernel(Key)) +
                        " in Python, where this fake is written"});
      return false;
    }
  return true;
}

/// A fake from the facts opgen read in the device kernels' bodies (or the
/// meta-safe CPU kernel itself), sound on every device the op has:
/// * one fake for all devices when every device kernel makes the same
///   metadata (or the op has one device kernel);
/// * a fake per device (PerDevice) when each device kernel's facts are
///   known but differ, or when the CPU kernel is meta-safe (its own fake)
///   and every other device kernel's facts are known: the CPU's branch
///   then runs the CPU kernel on the fake tensors;
/// * none, with a note naming two kernels and how they differ, when one
///   kernel's metadata is known and another's is not: opgen cannot tell
///   whether one fake serves both.
/// \p MetaSafe is the CPU kernel when it may serve as its own fake; in a
/// stable-ABI library (\p Stable) none does, and every fake is Python.
void inferFake(Op &O, const Kernel *MetaSafe, bool Stable, DiagSink &Diags) {
  std::vector<const Kernel *> Devices;
  for (const Kernel &K : O.Kernels)
    if (onDevice(K.Key))
      Devices.push_back(&K);
  const Kernel *Known = nullptr, *Unknown = nullptr;
  bool Same = true;
  for (const Kernel *K : Devices) {
    const std::vector<FakeOutput> *Facts = factsOf(O, K->Key);
    if (!Facts) {
      Unknown = Unknown ? Unknown : K;
      continue;
    }
    if (Known && factsKey(*Facts) != factsKey(*factsOf(O, Known->Key)))
      Same = false;
    Known = Known ? Known : K;
  }
  // The meta-safe CPU kernel is exact on the CPU; it serves other devices
  // only where their kernels are known to make what it makes.
  if (MetaSafe && (Devices.size() == 1 || (!Unknown && Same))) {
    O.Fake = FakeKind::Kernel;
    O.FakeWhere = MetaSafe->Loc.str();
    return;
  }
  // The meta-safe CPU kernel serves the CPU (opgen cannot follow what its
  // ATen calls make), and every other device's kernel allocates what opgen
  // can follow: a fake per device, the CPU's branch the kernel itself.
  bool OthersKnown = MetaSafe != nullptr && !factsOf(O, MetaSafe->Key);
  for (const Kernel *K : Devices)
    if (K != MetaSafe && !factsOf(O, K->Key))
      OthersKnown = false;
  if (MetaSafe && Devices.size() > 1 && OthersKnown) {
    if (!spelledInPython(O, Diags))
      return;
    O.Fake = FakeKind::PerDevice;
    O.FakeRunsKernel = MetaSafe->Key;
    std::vector<std::string> Where{std::string(dispatchKeyName(MetaSafe->Key)) + ": " +
                                   MetaSafe->Loc.str() + " (the kernel itself)"};
    for (const auto &[Key, Facts] : O.KernelFacts)
      if (Key != MetaSafe->Key)
        Where.push_back(std::string(dispatchKeyName(Key)) + ": " + O.kernel(Key)->Loc.str());
    O.FakeWhere = llvm::join(Where, ", ");
    return;
  }
  // One device kernel's fake (or metadata) is known, another's is not:
  // whether one fake serves both cannot be told.
  if (Devices.size() > 1 && Unknown && (MetaSafe || Known)) {
    const Kernel *Served = MetaSafe ? MetaSafe : Known;
    const Kernel *Other = nullptr;
    for (const Kernel *K : Devices)
      if (K != Served && (!Other || (factsOf(O, Other->Key) && !factsOf(O, K->Key))))
        Other = K;
    Diags.report(DiagId::FakeKernelsDiffer, Other->Loc,
                 {O.Schema.fullName(), kernelName(*Served),
                  describeOutputs(O, Served->Key, *Served), kernelName(*Other),
                  describeOutputs(O, Other->Key, *Other)});
    return;
  }
  if (!Known || Unknown) {
    noteNoFake(O, !Stable, Diags);
    return;
  }
  std::vector<FakeOutput> First = *factsOf(O, Known->Key);
  bool PerDevice = !Same;
  if ((Stable || PerDevice) && !spelledInPython(O, Diags))
    return;
  if (PerDevice) {
    O.Fake = FakeKind::PerDevice;
    std::vector<std::string> Where;
    for (const auto &[Key, Facts] : O.KernelFacts)
      Where.push_back(std::string(dispatchKeyName(Key)) + ": " +
                      O.kernel(Key)->Loc.str());
    O.FakeWhere = llvm::join(Where, ", ");
    return;
  }
  O.Fake = FakeKind::Synthesized;
  O.SynthesizedFake = First;
  O.FakeWhere = Known->Loc.str();
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
  const std::set<std::string> NoFakes;
  const std::set<std::string> &InModule =
      Library.Fakes ? Library.Fakes->Registers : NoFakes;
  for (Op &O : Library.Ops) {
    collectKernelFacts(O);
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
    // An op that returns nothing and writes nothing: a fake that makes
    // nothing is exact, whatever the body does.
    if (O.Schema.Returns.empty()) {
      O.Fake = FakeKind::Synthesized;
      O.FakeWhere = O.Kernels.empty() ? O.Loc.str() : O.Kernels.front().Loc.str();
      continue;
    }
    if (std::find(O.Tags.begin(), O.Tags.end(), "data_dependent_output") !=
        O.Tags.end()) {
      Diags.report(DiagId::FakeNotSynthesized, O.Loc,
                   {O.Schema.fullName(), "its output sizes depend on the data "
                                         "(tag data_dependent_output)"});
      continue;
    }
    // A CPU kernel that calls only ATen ops runs on Meta tensors as it is:
    // exact, so it comes before a synthesised fake.
    // Not in a stable-ABI library: its fakes are Python functions, and a
    // kernel registered for Meta would have to be one with its own body.
    bool Stable = Library.Abi == KernelAbi::Stable;
    inferFake(O, Stable ? nullptr : metaSafeKernel(O), Stable, Diags);
  }
}

} // namespace opgen
