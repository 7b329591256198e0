//===- Migrate.cpp - Which registrations become annotations ---------------===//
//
// For each op an `m.def` defines: its schema parsed, its impls (in every
// block of every source), the keys each impl's kernel needs derived from
// the schema and the kernel's lowered signature, and the result proven by
// running opgen's check on the annotated kernels and printing the schema it
// makes. Only an equal schema migrates; every other registration is kept,
// with the reason.
//===----------------------------------------------------------------------===//
#include "opgen/check/Migrate.h"

#include "opgen/check/Check.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <map>
#include <set>

namespace opgen {

namespace {

/// The device whose autocast key \p Key is (`AutocastXPU` -> XPU; torch's
/// `Autocast` is AutocastCUDA's old name), or nullopt.
std::optional<DispatchKey> autocastDeviceOfKey(const std::string &Key) {
  if (Key == "Autocast")
    return DispatchKey::CUDA;
  for (DispatchKey D : enumValues<DispatchKey>())
    if (hasAutocast(D) && Key == "Autocast" + std::string(dispatchKeyName(D)))
      return D;
  return std::nullopt;
}

/// What the op's device kernels' bodies say of one output's dtype, for
/// comparing an autocast kernel with the one `autocast=` generates.
struct OutputDtype {
  /// Floating (cast back by `autocast=`), integer (not), or unknown.
  std::optional<bool> Floating;
  std::string Spelling; ///< The dtype as the kernel writes it, when named.
  SourceLoc Loc;        ///< Where the kernel allocates the output.
};

/// Whether the dtype \p Literal names (`at::kInt`, `at::ScalarType::Long`,
/// `torch::kFloat32`) is floating; nullopt when it is none opgen knows.
std::optional<bool> floatingDtype(llvm::StringRef Literal) {
  std::optional<std::string> Dtype = torchDtypeOf(Literal.str());
  if (!Dtype || llvm::StringRef(*Dtype).startswith("complex"))
    return std::nullopt;
  return llvm::StringRef(*Dtype).contains("float");
}

/// Per output of an op, its dtype as its device kernels allocate it (their
/// fake synthesis): named (`.dtype(at::kInt)`), or that of a tensor
/// argument (`input.options()`, which an autocast kernel casts to a
/// floating dtype). Unknown where a kernel's allocations are not followed,
/// or two kernels disagree.
std::vector<OutputDtype> outputDtypes(const std::vector<const MigrationKernel *> &Kernels,
                                      size_t Outputs) {
  std::vector<OutputDtype> Out(Outputs);
  std::vector<bool> Seen(Outputs, false), Conflict(Outputs, false);
  for (const MigrationKernel *K : Kernels) {
    const FakeSynthesis *S =
        K->Fn && K->Fn->Impl.Synthesis ? &*K->Fn->Impl.Synthesis : nullptr;
    for (size_t I = 0; I < Outputs; ++I) {
      OutputDtype D;
      if (S && S->Ok && I < S->Outputs.size()) {
        const FakeOutput &F = S->Outputs[I];
        D.Loc = F.Loc;
        if (!F.Dtype) {
          D.Floating = true;
        } else if (F.Dtype->K == FakeExpr::Kind::Literal) {
          D.Spelling = F.Dtype->Text;
          D.Floating = floatingDtype(F.Dtype->Text);
        }
      }
      if (!Seen[I]) {
        Out[I] = D;
        Seen[I] = true;
      } else if (Out[I].Floating != D.Floating) {
        Conflict[I] = true;
      }
    }
  }
  for (size_t I = 0; I < Outputs; ++I)
    if (Conflict[I] || !Seen[I])
      Out[I].Floating.reset();
  return Out;
}

/// Why \p K, registered at autocast key \p Key of \p Device, is not exactly
/// the kernel `autocast=` generates there (registration/autocast.cpp), or
/// empty when it is: an ExcludeDispatchKeyGuard of \p Key, every tensor
/// argument cast once with `at::autocast::cached_cast` to one dtype for
/// \p Device, and, when the op returns something, each floating output
/// cast back with `.to(<first tensor argument>.scalar_type())` and each
/// integer one returned as the op returns it (as \p Dtypes, the device
/// kernels' allocations, say; a single output cast back is taken to be
/// floating).
std::string notGeneratedAutocast(const MigrationKernel &K,
                                 const std::string &Key, DispatchKey Device,
                                 const OpSchema &Schema,
                                 const std::vector<OutputDtype> &Dtypes) {
  const bool Returns = !Schema.Returns.empty();
  const std::string Is = "'" + K.Name + "' ";
  if (!K.Autocast)
    return Is + "is not the standard autocast kernel (an "
                "ExcludeDispatchKeyGuard, the arguments cast with "
                "at::autocast::cached_cast to one dtype) that autocast= "
                "generates";
  const MigrationAutocast &A = *K.Autocast;
  const std::string Want = "Autocast" + std::string(dispatchKeyName(Device));
  if (A.Dtype.empty())
    return Is + "casts to more than one dtype, or to one autocast= cannot "
                "name";
  if (A.GuardKey != Want)
    return Is + "excludes " +
           (A.GuardKey.empty() ? std::string("a dispatch key opgen cannot read")
                               : "DispatchKey::" + A.GuardKey) +
           ", not the " + Want + " it is registered at";
  if (A.Device != dispatchKeyName(Device))
    return Is + "casts for " +
           (A.Device.empty() ? std::string("devices opgen cannot read")
                             : "DeviceType::" + A.Device) +
           ", not the " + std::string(dispatchKeyName(Device)) +
           " of its key " + Key;
  if (!A.CastsEveryTensor)
    return Is + "does not cast every tensor argument once (autocast= casts "
                "them all)";
  if (!Returns)
    return "";
  const std::string Generated = "autocast= casts floating outputs back to the dtype of "
                                "the first floating input ('" + A.FirstTensor + "')";
  if (!A.OutputCasts || (!A.EveryOutputUncast &&
                         A.OutputCasts->size() != Schema.Returns.size()))
    return Is + "returns the op's outputs in a way opgen cannot read; " + Generated;
  // Per output: the kernel casts it back (to its first tensor argument's
  // dtype) or returns it as the op returns it; autocast= casts it back
  // exactly when it is floating, which the device kernels' allocations say.
  for (size_t I = 0; I < Schema.Returns.size(); ++I) {
    const std::string Cast = (*A.OutputCasts)[A.EveryOutputUncast ? 0 : I];
    const std::string Which = Schema.Returns.size() == 1
                                  ? std::string("the op's output")
                                  : "output " + std::to_string(I) +
                                        (Schema.Returns[I].Name.empty()
                                             ? std::string()
                                             : " ('" + Schema.Returns[I].Name + "')");
    const OutputDtype &D = I < Dtypes.size() ? Dtypes[I] : OutputDtype{};
    const std::string Allocated =
        D.Spelling.empty() ? std::string()
                           : " (its kernel allocates it as " + D.Spelling +
                                 (D.Loc.valid() ? " at " + D.Loc.str() : std::string()) + ")";
    if (!Cast.empty() && Cast != A.FirstTensor)
      return Is + "casts " + Which + " back to " + Cast + "'s dtype; " + Generated;
    if (!Cast.empty() && D.Floating == false)
      return Is + "casts " + Which + ", an integer tensor" + Allocated +
             ", back to '" + A.FirstTensor + "''s dtype too; autocast= casts only "
             "floating outputs back";
    if (Cast.empty() && D.Floating == true)
      return Is + "returns " + Which + " as the op returns it; " + Generated;
    if (Cast.empty() && !D.Floating)
      return Is + "returns " + Which + " as the op returns it; " + Generated +
             ", and opgen cannot tell that it is not floating (its kernels' "
             "allocations are not followed)";
    // One output cast back to the first tensor's dtype is taken to be
    // floating (as it was before opgen read allocations); of several, the
    // others are often integer (roi_pool's argmax): there a cast needs the
    // kernels to say the output is floating.
    if (!Cast.empty() && !D.Floating && Schema.Returns.size() > 1)
      return Is + "casts " + Which + " back to '" + A.FirstTensor + "''s dtype; " +
             Generated + ", and opgen cannot tell that it is floating (its "
             "kernels' allocations are not followed)";
  }
  return "";
}

/// `device=` of dispatch key \p Key (`CPU` -> `cpu`), or nullopt.
std::optional<std::string> deviceOfKey(const std::string &Key) {
  if (Key.empty() || Key == "CatchAll")
    return std::string("compositeimplicit");
#define OPGEN_MIGRATE_DEVICE(V, Name, Device)                                  \
  if (Key == Name)                                                             \
    return std::string(Device);
  OPGEN_DISPATCH_KEYS(OPGEN_MIGRATE_DEVICE)
#undef OPGEN_MIGRATE_DEVICE
  return std::nullopt;
}

Type withoutAlias(Type T) {
  T.ElementAlias.reset();
  T.ListAlias.reset();
  return T;
}

std::string join(const std::vector<std::string> &Items,
                 const char *Sep = ",") {
  std::string Out;
  for (const std::string &I : Items)
    Out += (Out.empty() ? "" : Sep) + I;
  return Out;
}

/// One impl of an op, with the annotation its kernel gets.
struct Candidate {
  size_t Reg;
  size_t Kernel;
  AnnotatedFunction Fn;
};

/// The annotation of \p K, registered for \p Key under \p R's schema, or why
/// none can reproduce it.
llvm::Expected<Annotation> deriveAnnotation(const OpSchema &R,
                                            const AnnotatedFunction &K,
                                            const std::string &Device,
                                            const std::vector<std::string> &Tags) {
  auto Fail = [](std::string Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  const OpSchema &C = K.Inferred;
  if (C.Arguments.size() != R.Arguments.size())
    return Fail("the kernel '" + K.Impl.Callee + "' takes " +
                std::to_string(C.Arguments.size()) +
                " parameters, the schema has " +
                std::to_string(R.Arguments.size()) + " arguments");
  std::vector<std::string> Mutates, Aliases, Symint, Args;
  std::string Kwonly;
  for (size_t I = 0; I < R.Arguments.size(); ++I) {
    const Argument &A = C.Arguments[I], &S = R.Arguments[I];
    // A schema argument named apart from its parameter: args= (the proof
    // below refuses a rename opgen's check does not take, e.g. a clash).
    if (A.Name != S.Name)
      Args.push_back(S.Name + "=" + A.Name);
    if (const AliasInfo *Alias = S.Ty.alias(); Alias && Alias->BeforeSets.empty())
      return Fail("argument '" + S.Name + "' is '" + printType(S.Ty) +
                  "' in the schema, a write without an alias set; no "
                  "annotation writes that ('mutates=' writes 'Tensor(a!)')");
    Type Want = withoutAlias(S.Ty), Have = withoutAlias(A.Ty);
    if (Want.Base == BaseType::SymInt && Have.Base == BaseType::Int) {
      Have.Base = BaseType::SymInt;
      Symint.push_back(S.Name);
    }
    if (Want != Have)
      return Fail("argument '" + S.Name + "' is '" + printType(S.Ty) +
                  "' in the schema, but the kernel's parameter makes '" +
                  printType(A.Ty) + "'");
    if (const AliasInfo *Alias = S.Ty.alias())
      (Alias->IsWrite ? Mutates : Aliases).push_back(S.Name);
    if (S.KwargOnly && Kwonly.empty())
      Kwonly = S.Name;
    if (A.Default != S.Default)
      return Fail("argument '" + S.Name + "' has " +
                  (S.Default ? "the default " + printDefault(*S.Default, S.Ty)
                             : std::string("no default")) +
                  " in the schema, and " +
                  (A.Default ? printDefault(*A.Default, A.Ty)
                             : std::string("none")) +
                  " as the kernel's C++ default argument");
  }
  std::vector<std::string> Returns;
  bool Named = false;
  for (const Return &Ret : R.Returns) {
    Returns.push_back(Ret.Name);
    Named |= !Ret.Name.empty();
  }
  Annotation Attr;
  Attr.Kind = AnnotationKind::CustomOp;
  Attr.Loc = K.Impl.Loc;
  Attr.Name = {R.fullName(), K.Impl.Loc};
  auto Add = [&](AnnotationKey Key, std::string Value) {
    Attr.Keys.push_back({Key, {std::move(Value), K.Impl.Loc}});
  };
  std::string Default =
      K.Impl.Lang == Language::Cuda ? "cuda" : "cpu";
  if (Device != Default)
    Add(AnnotationKey::Device, Device);
  if (!Args.empty())
    Add(AnnotationKey::Args, join(Args, ", "));
  if (!Mutates.empty())
    Add(AnnotationKey::Mutates, join(Mutates));
  if (!Aliases.empty())
    Add(AnnotationKey::Aliases, join(Aliases));
  if (!Symint.empty())
    Add(AnnotationKey::Symint, join(Symint));
  if (!Kwonly.empty())
    Add(AnnotationKey::Kwonly, Kwonly);
  if (Named)
    Add(AnnotationKey::Returns, join(Returns));
  if (!Tags.empty())
    Add(AnnotationKey::Tags, join(Tags));
  return Attr;
}

class Planner {
public:
  Planner(const RegistrationSet &Set, DiagSink &Diags)
      : Set(Set), Diags(Diags) {}

  MigrationPlan run();

private:
  /// The op an impl names, `ns::name[.overload]`.
  std::string implOp(const Registration &R) const {
    if (R.Text.find("::") != std::string::npos)
      return R.Text;
    return Set.Blocks[R.Block].Namespace + "::" + R.Text;
  }
  void keep(size_t Reg, const std::string &Op, const std::string &Why) {
    if (!Kept.insert(Reg).second)
      return;
    Diags.report(DiagId::MigrateKept, Set.Registrations[Reg].Loc, {Op, Why});
    KeptWhy[Op].push_back(Why);
  }
  /// What an op's impls give: the candidates for an annotation, and the
  /// autocast impls it replaces (impls that can carry none are kept).
  struct Gathered {
    std::vector<Candidate> Cands;
    std::vector<size_t> Autocasts; ///< Replaced by autocast= (when set).
    std::string Autocast;
    std::set<DispatchKey> Devices; ///< Of the library's autocast impls.
  };
  Gathered gather(const std::string &Op, size_t Def, const OpSchema &Schema,
                  const std::vector<size_t> &Impls);
  /// Why the checked op \p Checked does not reproduce \p Schema and \p G's
  /// autocast impls; empty when it does.
  std::string proveOp(const opgen::Op *Checked, const OpSchema &Schema,
                      const Gathered &G) const;
  /// Puts the def \p Def and \p G's registrations and annotations into
  /// \p Plan.
  void accept(size_t Def, const Gathered &G, MigrationPlan &Plan);
  /// An op whose one Autograd impl applies a torch::autograd::Function
  /// that opgen's generated autograd reproduces, given a
  /// `[[custom_op_backward]]` on the kernels of the op its backward calls.
  struct Pairing {
    size_t Impl;          ///< The op's Autograd impl.
    size_t Function;      ///< Its Function.
    std::string Backward; ///< The backward op.
    /// The backward op's Autograd impl, whose Function only refuses double
    /// backward (as opgen's generated one does).
    std::optional<size_t> BackwardImpl;
  };
  using DefMap = std::map<std::string, std::pair<size_t, OpSchema>>;
  using ImplMap = std::map<std::string, std::vector<size_t>>;
  /// The ops whose Autograd impl can become a `[[custom_op_backward]]`;
  /// why the others' cannot goes to AutogradWhy.
  std::map<std::string, Pairing> pairings(const DefMap &D, const ImplMap &I);
  /// Migrates op \p Op and its backward op together, or says why not.
  llvm::Error pair(const std::string &Op, const Pairing &P, const DefMap &D,
                   const ImplMap &I, MigrationPlan &Plan);
  /// Decides one op; false when it is kept.
  bool decide(const std::string &Op, size_t Def, const OpSchema &Schema,
              const std::vector<size_t> &Impls, MigrationPlan &Plan);
  /// Decides every op of \p Defs; those of \p Blocked namespaces are kept.
  MigrationPlan decideAll(const DefMap &D, const ImplMap &ImplsOf,
                          const std::map<std::string, Pairing> &Pairs,
                          const std::set<std::string> &Blocked);
  /// Fills \p Plan's ToFragment; returns the namespaces whose TORCH_LIBRARY
  /// block keeps registrations and cannot become a fragment.
  std::set<std::string> blocks(MigrationPlan &Plan) const;

  const RegistrationSet &Set;
  DiagSink &Diags;
  std::set<size_t> Kept;
  /// How many registrations name each kernel.
  std::map<size_t, unsigned> KernelUses;
  /// Why an Autograd impl's torch::autograd::Function is kept, for its note.
  std::map<size_t, std::string> AutogradWhy;
  /// Per op, the reasons of its kept registrations, in the order reported.
  std::map<std::string, std::vector<std::string>> KeptWhy;
};

Planner::Gathered Planner::gather(const std::string &Op, size_t Def,
                                  const OpSchema &Schema,
                                  const std::vector<size_t> &Impls) {
  const Registration &D = Set.Registrations[Def];
  Gathered G;
  // Autocast impls: opgen generates the Autocast kernels of the devices
  // autocast_devices= names (cpu and cuda by default) that run the op in one
  // dtype (autocast=), where each of the library's is the standard
  // cast-and-redispatch kernel, to the same dtype.
  std::vector<size_t> Autocasts, Others;
  for (size_t I : Impls) {
    const Registration &R = Set.Registrations[I];
    const std::string &Key = Set.keyOf(R);
    (llvm::StringRef(Key).startswith("Autocast") && R.Unreadable.empty() &&
             R.Kernel
         ? Autocasts
         : Others)
        .push_back(I);
  }
  // The op's kernels on devices, whose allocations say its outputs' dtypes.
  std::vector<const MigrationKernel *> DeviceKernels;
  for (size_t I : Others) {
    const Registration &R = Set.Registrations[I];
    std::optional<std::string> Device = deviceOfKey(Set.keyOf(R));
    if (R.Kernel && R.Unreadable.empty() && Device && *Device != "compositeimplicit")
      DeviceKernels.push_back(&Set.Kernels[*R.Kernel]);
  }
  std::string AutocastDevices;
  if (!Autocasts.empty()) {
    std::set<std::string> Dtypes;
    std::string Why;
    for (size_t I : Autocasts) {
      const Registration &R = Set.Registrations[I];
      const std::string &Key = Set.keyOf(R);
      const MigrationKernel &K = Set.Kernels[*R.Kernel];
      std::optional<DispatchKey> Device = autocastDeviceOfKey(Key);
      if (!Device && Why.empty())
        Why = "autocast_devices= names no device of the dispatch key " + Key +
              " (it takes " + autocastDeviceNames() + ")";
      if (Why.empty())
        Why = notGeneratedAutocast(K, Key, *Device, Schema,
                                   outputDtypes(DeviceKernels, Schema.Returns.size()));
      if (Device && !G.Devices.insert(*Device).second && Why.empty())
        Why = "two of its autocast impls are for " + deviceName(*Device);
      if (K.Autocast)
        Dtypes.insert(K.Autocast->Dtype);
    }
    if (Why.empty() && Dtypes.size() != 1)
      Why = "its autocast kernels cast to different dtypes";
    if (Why.empty()) {
      G.Autocast = *Dtypes.begin();
      G.Autocasts = Autocasts;
      std::vector<DispatchKey> Default = defaultAutocastDevices();
      if (G.Devices != std::set<DispatchKey>(Default.begin(), Default.end()))
        for (DispatchKey D : G.Devices)
          AutocastDevices += (AutocastDevices.empty() ? "" : ",") +
                             deviceName(D);
    } else {
      for (size_t I : Autocasts)
        keep(I, Op, Why);
    }
  }
  for (size_t I : Others) {
    const Registration &R = Set.Registrations[I];
    if (!R.Unreadable.empty()) {
      keep(I, Op, R.Unreadable);
      continue;
    }
    if (!R.Kernel)
      continue; // Reported: the kernel is in no source.
    const std::string &Key = Set.keyOf(R);
    std::optional<std::string> Device = deviceOfKey(Key);
    if (!Device) {
      auto Why = AutogradWhy.find(I);
      keep(I, Op,
           Why != AutogradWhy.end()
               ? Why->second
               : "no 'device=' value names the dispatch key " + Key);
      continue;
    }
    const MigrationKernel &K = Set.Kernels[*R.Kernel];
    if (!K.Fn) {
      keep(I, Op, K.Why);
      continue;
    }
    if (K.Annotated) {
      keep(I, Op, "'" + K.Name + "' is annotated already");
      continue;
    }
    if (KernelUses[*R.Kernel] > 1) {
      keep(I, Op, "'" + K.Name + "' is registered " +
                      std::to_string(KernelUses[*R.Kernel]) +
                      " times; an annotation names one op and one device");
      continue;
    }
    llvm::Expected<Annotation> Attr =
        deriveAnnotation(Schema, *K.Fn, *Device, D.Tags);
    if (!Attr) {
      keep(I, Op, llvm::toString(Attr.takeError()));
      continue;
    }
    AnnotatedFunction Fn = *K.Fn;
    Fn.Attr = std::move(*Attr);
    if (!G.Autocast.empty())
      Fn.Attr.Keys.push_back({AnnotationKey::Autocast, {G.Autocast, K.Loc}});
    if (!AutocastDevices.empty())
      Fn.Attr.Keys.push_back(
          {AnnotationKey::AutocastDevices, {AutocastDevices, K.Loc}});
    G.Cands.push_back({I, *R.Kernel, std::move(Fn)});
  }
  return G;
}

/// The first error of opgen's check in \p Check, as the reason the derived
/// annotations are refused; empty when there is none.
static std::string refusal(const RecordingDiagSink &Check) {
  for (const RecordingDiagSink::Record &R : Check.Records)
    if (diagInfo(R.Id).Level == DiagLevel::Error)
      return "opgen's check refuses the derived annotation: " +
             formatDiag(diagInfo(R.Id).Message, R.Args);
  return "";
}

std::string Planner::proveOp(const opgen::Op *Checked, const OpSchema &Schema,
                             const Gathered &G) const {
  if (!Checked)
    return "the derived annotations make no op '" + Schema.fullName() + "'";
  if (!G.Autocast.empty() &&
      (!Checked->Autocast || enumName(*Checked->Autocast) != G.Autocast))
    return "opgen's op would not run in " + G.Autocast + " under autocast";
  if (!G.Autocast.empty() &&
      std::set<DispatchKey>(Checked->AutocastDevices.begin(),
                            Checked->AutocastDevices.end()) != G.Devices)
    return "opgen would generate autocast kernels for other devices than the "
           "library's";
  if (printSchema(Checked->Schema) != printSchema(Schema))
    return "opgen would register '" + printSchema(Checked->Schema) +
           "' for the registered '" + printSchema(Schema) + "'";
  return "";
}

void Planner::accept(size_t Def, const Gathered &G, MigrationPlan &Plan) {
  Plan.Remove.push_back(Def);
  Plan.Remove.insert(Plan.Remove.end(), G.Autocasts.begin(),
                     G.Autocasts.end());
  for (const Candidate &C : G.Cands) {
    if (C.Reg != Def) // Not the def's own catch-all kernel.
      Plan.Remove.push_back(C.Reg);
    Plan.Annotate.push_back({C.Kernel, C.Fn.Attr});
  }
}

/// `ns::op: kernel (key) ...`: each kernel of \p O with its dispatch key, as
/// checked.
static std::string migratedLine(const opgen::Op &O,
                                const std::string &Autocast) {
  std::string Line = O.Schema.fullName() + ":";
  for (const Kernel &K : O.Kernels)
    Line += " " + K.Callee + " (" + std::string(dispatchKeyName(K.Key)) + ")";
  if (!Autocast.empty())
    Line += ", autocast " + Autocast;
  return Line;
}

bool Planner::decide(const std::string &Op, size_t Def, const OpSchema &Schema,
                     const std::vector<size_t> &Impls, MigrationPlan &Plan) {
  Gathered G = gather(Op, Def, Schema, Impls);
  if (G.Cands.empty()) {
    for (size_t I : G.Autocasts)
      keep(I, Op, "its op's 'm.def' is kept");
    keep(Def, Op, Impls.empty() ? "no 'm.impl' registers a kernel for it"
                                : "none of its kernels can carry the annotation");
    return false;
  }
  // The proof: opgen's own check on the annotated kernels, and the schema
  // it would register, printed as torch prints it.
  std::vector<AnnotatedFunction> Fns;
  for (const Candidate &C : G.Cands)
    Fns.push_back(C.Fn);
  RecordingDiagSink Check;
  std::vector<opgen::Op> Ops = checkOps(Fns, Check);
  std::string Why = refusal(Check);
  if (Why.empty() && Ops.size() != 1)
    Why = "the derived annotations make " + std::to_string(Ops.size()) + " ops";
  if (Why.empty())
    Why = proveOp(&Ops[0], Schema, G);
  // A kept Autograd impl beside the Autograd kernel opgen registers for the
  // op: two kernels at one key, of which torch runs whichever registered
  // last (static initialization order): never silently so.
  if (Why.empty() && (hasAutogradKernel(Ops[0]) || refusesGradient(Ops[0])))
    for (size_t I : Impls) {
      const Registration &R = Set.Registrations[I];
      if (Kept.count(I) &&
          Set.keyOf(R) == "Autograd") {
        Why = "its Autograd impl is kept (line " +
              std::to_string(R.Loc.Line) +
              "), and opgen registers an Autograd kernel for the op too: "
              "two kernels at one key, of which torch would run the one "
              "registered last";
        break;
      }
    }
  if (!Why.empty()) {
    keep(Def, Op, Why);
    for (const Candidate &C : G.Cands)
      keep(C.Reg, Op, "its op's 'm.def' is kept");
    for (size_t I : G.Autocasts)
      keep(I, Op, "its op's 'm.def' is kept");
    return false;
  }
  accept(Def, G, Plan);
  Plan.Migrated.push_back(migratedLine(Ops[0], G.Autocast));
  return true;
}

std::map<std::string, Planner::Pairing>
Planner::pairings(const DefMap &D, const ImplMap &ImplsOf) {
  std::map<std::string, Pairing> Pairs;
  /// The impl of \p Impls at an Autograd key whose kernel applies a
  /// Function, if exactly one.
  auto autograd = [&](const std::vector<size_t> &Of) -> std::optional<size_t> {
    std::optional<size_t> Found;
    for (size_t I : Of) {
      const Registration &R = Set.Registrations[I];
      if (!R.Kernel || !R.Unreadable.empty() ||
          !Set.Kernels[*R.Kernel].Function ||
          !llvm::StringRef(Set.keyOf(R)).startswith("Autograd"))
        continue;
      if (Found)
        return std::nullopt;
      Found = I;
    }
    return Found;
  };
  for (const auto &[Op, Of] : ImplsOf) {
    std::optional<size_t> Impl = autograd(Of);
    if (!Impl)
      continue;
    const Registration &R = Set.Registrations[*Impl];
    size_t FnIndex = *Set.Kernels[*R.Kernel].Function;
    const MigrationFunction &Fn = Set.Functions[FnIndex];
    std::string Prefix = "its torch::autograd::Function '" + Fn.Name + "' ";
    std::string Why;
    if (Set.keyOf(R) != "Autograd")
      Why = Prefix + "is registered at " + Set.keyOf(R) +
            "; opgen's generated autograd kernel is registered at Autograd, "
            "for every device";
    else if (!Fn.Why.empty())
      Why = Prefix + "cannot become a [[custom_op_backward]]: " + Fn.Why;
    else if (Fn.Forward.Op != Op)
      Why = Prefix + "calls '" + Fn.Forward.Op + "' in its forward, not '" +
            Op + "'";
    else if (Fn.BackwardThrows)
      Why = Prefix + "only refuses double backward, as opgen's generated "
            "autograd does; it goes when the op it is the backward of "
            "migrates with a [[custom_op_backward]]";
    else if (!D.count(Fn.Backward.Op))
      Why = Prefix + "calls '" + Fn.Backward.Op +
            "' in its backward, which no 'm.def' of the sources defines";
    if (!Why.empty()) {
      AutogradWhy[*Impl] = Why;
      continue;
    }
    Pairing P{*Impl, FnIndex, Fn.Backward.Op, std::nullopt};
    auto It = ImplsOf.find(P.Backward);
    if (It != ImplsOf.end())
      for (size_t I : It->second) {
        const Registration &BR = Set.Registrations[I];
        if (!llvm::StringRef(Set.keyOf(BR)).startswith("Autograd"))
          continue;
        std::optional<size_t> Double = autograd(It->second);
        const MigrationFunction *G =
            Double ? &Set.Functions[*Set.Kernels[*BR.Kernel].Function]
                   : nullptr;
        if (!G || *Double != I || Set.keyOf(BR) != "Autograd" ||
            !G->Why.empty() || !G->BackwardThrows ||
            G->Forward.Op != P.Backward) {
          Why = Prefix + "has the backward op '" + P.Backward +
                "', whose Autograd kernel is not a Function that only "
                "refuses double backward";
          break;
        }
        P.BackwardImpl = I;
      }
    if (!Why.empty())
      AutogradWhy[*Impl] = Why;
    else
      Pairs[Op] = P;
  }
  return Pairs;
}

llvm::Error Planner::pair(const std::string &Op, const Pairing &P,
                          const DefMap &D, const ImplMap &ImplsOf,
                          MigrationPlan &Plan) {
  auto Fail = [](std::string Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  const MigrationFunction &Fn = Set.Functions[P.Function];
  const auto &[FDef, F] = D.at(Op);
  const auto &[BDef, B] = D.at(P.Backward);
  using VK = AutogradValue::Kind;
  // What the Function does, as opgen's generated autograd would: the
  // forward returns the op's outputs in order, marks non-differentiable
  // those whose gradients the backward does not take, and the backward
  // returns the backward op's outputs as the gradients of tensor inputs.
  size_t Outputs = F.Returns.size();
  if (Fn.Outputs.size() != Outputs)
    return Fail("its forward returns " + std::to_string(Fn.Outputs.size()) +
                " outputs of the op's " + std::to_string(Outputs));
  for (size_t K = 0; K < Outputs; ++K)
    if (!(Fn.Outputs[K].K == VK::Output && Fn.Outputs[K].Index == K) &&
        !(Fn.Outputs[K].K == VK::Result && Outputs == 1))
      return Fail("its forward does not return the op's outputs in order");
  if (Fn.BackwardArgs.size() != B.Arguments.size())
    return Fail("its backward passes " +
                std::to_string(Fn.BackwardArgs.size()) + " arguments to '" +
                P.Backward + "', whose schema has " +
                std::to_string(B.Arguments.size()));
  std::set<size_t> Taken;
  std::vector<std::string> Binds;
  for (size_t I = 0; I < B.Arguments.size(); ++I) {
    const AutogradValue &V = Fn.BackwardArgs[I];
    const std::string &Name = B.Arguments[I].Name;
    size_t K = V.K == VK::Result ? 0 : V.Index;
    if ((V.K == VK::Grad || V.K == VK::Output || V.K == VK::Result) &&
        K >= Outputs)
      return Fail("its backward uses output " + std::to_string(K) +
                  " of an op of " + std::to_string(Outputs));
    if ((V.K == VK::Input || V.K == VK::Size || V.K == VK::Sizes) &&
        V.Index >= F.Arguments.size())
      return Fail("its forward saves argument " + std::to_string(V.Index) +
                  " of an op of " + std::to_string(F.Arguments.size()));
    if (V.K == VK::Grad)
      Taken.insert(K);
    else if (V.K == VK::Size)
      Binds.push_back(Name + "=" + F.Arguments[V.Index].Name + ".size(" +
                      std::to_string(V.Dim) + ")");
    else if (V.K == VK::Sizes)
      Binds.push_back(Name + "=" + F.Arguments[V.Index].Name + ".sizes()");
    else if ((V.K == VK::Output || V.K == VK::Result) &&
             Name != "result_" + std::to_string(K) &&
             !(Outputs == 1 && Name == "result") &&
             Name != F.Returns[K].Name)
      Binds.push_back(Name + "=result_" + std::to_string(K));
  }
  for (size_t K = 0; K < Outputs; ++K)
    if (Taken.count(K) == Fn.NonDifferentiable.count(K))
      return Fail("its forward marks output " + std::to_string(K) +
                  (Taken.count(K) ? " non-differentiable, whose gradient its "
                                    "backward takes"
                                  : " differentiable, whose gradient its "
                                    "backward does not take"));
  if (Fn.Gradients.size() != F.Arguments.size())
    return Fail("its backward returns " + std::to_string(Fn.Gradients.size()) +
                " gradients for the op's " +
                std::to_string(F.Arguments.size()) + " arguments");
  std::vector<std::pair<size_t, size_t>> ByOutput; // Backward output, input.
  std::vector<size_t> AllTensors;
  for (size_t I = 0; I < F.Arguments.size(); ++I) {
    if (F.Arguments[I].Ty.isSingleTensor())
      AllTensors.push_back(I);
    if (!Fn.Gradients[I])
      continue;
    if (!F.Arguments[I].Ty.isSingleTensor())
      return Fail("its backward returns a gradient for '" +
                  F.Arguments[I].Name + "', which is no tensor");
    ByOutput.push_back({*Fn.Gradients[I], I});
  }
  std::sort(ByOutput.begin(), ByOutput.end());
  std::vector<size_t> GradInputs;
  std::vector<std::string> Grads;
  for (size_t I = 0; I < ByOutput.size(); ++I) {
    if (ByOutput[I].first != I)
      return Fail("its backward does not return each output of '" +
                  P.Backward + "' once");
    GradInputs.push_back(ByOutput[I].second);
    Grads.push_back(F.Arguments[ByOutput[I].second].Name);
  }
  if (GradInputs.size() != B.Returns.size())
    return Fail("its backward returns " + std::to_string(GradInputs.size()) +
                " of the " + std::to_string(B.Returns.size()) +
                " outputs of '" + P.Backward + "'");
  // The annotations: the op's kernels as always, the backward op's as its
  // [[custom_op_backward]], with the impls the Function replaces left out.
  auto without = [&](const std::string &Of, std::optional<size_t> Skip) {
    std::vector<size_t> Out;
    auto It = ImplsOf.find(Of);
    if (It != ImplsOf.end())
      for (size_t I : It->second)
        if (!Skip || I != *Skip)
          Out.push_back(I);
    return Out;
  };
  Gathered GF = gather(Op, FDef, F, without(Op, P.Impl));
  Gathered GB =
      gather(P.Backward, BDef, B, without(P.Backward, P.BackwardImpl));
  if (GF.Cands.empty() || GB.Cands.empty())
    return Fail("none of the kernels of '" +
                (GF.Cands.empty() ? Op : P.Backward) +
                "' can carry the annotation");
  if (!GB.Autocasts.empty())
    return Fail("its backward op '" + P.Backward + "' has autocast impls");
  for (Candidate &C : GB.Cands) {
    Annotation &A = C.Fn.Attr;
    SourceLoc At = A.Loc;
    A.Kind = AnnotationKind::Backward;
    A.Name = {Op, At};
    if (P.Backward != Op + "_backward")
      A.Keys.insert(A.Keys.begin(), {AnnotationKey::Name, {P.Backward, At}});
    if (GradInputs != AllTensors)
      A.Keys.push_back({AnnotationKey::Grads, {join(Grads, ", "), At}});
    if (!Binds.empty())
      A.Keys.push_back({AnnotationKey::Bind, {join(Binds, ", "), At}});
  }
  // The proof: opgen's check on both, the schemas it would register, and
  // its autograd glue binding each backward argument to what the Function
  // passes.
  std::vector<AnnotatedFunction> Fns;
  for (const Gathered *G : {&GF, &GB})
    for (const Candidate &C : G->Cands)
      Fns.push_back(C.Fn);
  RecordingDiagSink Check;
  std::vector<opgen::Op> Ops = checkOps(Fns, Check);
  if (std::string Why = refusal(Check); !Why.empty())
    return Fail(Why);
  const opgen::Op *FOp = nullptr, *BOp = nullptr;
  for (const opgen::Op &O : Ops)
    (O.Schema.fullName() == Op ? FOp : BOp) = &O;
  if (Ops.size() != 2 || !BOp || BOp->Schema.fullName() != P.Backward)
    return Fail("the derived annotations make other ops than '" + Op +
                "' and '" + P.Backward + "'");
  if (std::string Why = proveOp(FOp, F, GF); !Why.empty())
    return Fail(Why);
  if (std::string Why = proveOp(BOp, B, GB); !Why.empty())
    return Fail(Why);
  if (!FOp->Autograd || FOp->Autograd->GradInputs != GradInputs ||
      FOp->Autograd->Inputs.size() != Fn.BackwardArgs.size())
    return Fail("opgen's autograd glue would not return the gradients the "
                "Function returns");
  for (size_t I = 0; I < Fn.BackwardArgs.size(); ++I) {
    const AutogradValue &V = Fn.BackwardArgs[I];
    const BackwardInput &In = FOp->Autograd->Inputs[I];
    using BK = BackwardInput::Kind;
    bool Same = false;
    switch (V.K) {
    case VK::Grad:
      Same = In.K == BK::Grad && In.Index == V.Index;
      break;
    case VK::Input:
      Same = In.K == BK::Input && In.Index == V.Index;
      break;
    case VK::Result:
    case VK::Output:
      Same = In.K == BK::Result &&
             In.Index == (V.K == VK::Result ? 0 : V.Index);
      break;
    case VK::Size:
      Same = In.K == BK::Bound && In.Index == V.Index &&
             In.Metadata == BoundMetadata::Size && In.Dim == V.Dim;
      break;
    case VK::Sizes:
      Same = In.K == BK::Bound && In.Index == V.Index &&
             In.Metadata == BoundMetadata::Sizes;
      break;
    }
    if (!Same)
      return Fail("opgen's autograd glue would pass '" + In.Name +
                  "' another value than the Function does");
  }
  accept(FDef, GF, Plan);
  accept(BDef, GB, Plan);
  Plan.Remove.push_back(P.Impl);
  if (P.BackwardImpl)
    Plan.Remove.push_back(*P.BackwardImpl);
  // The Functions and the kernels that apply them go.
  for (std::optional<size_t> Impl : {std::optional<size_t>(P.Impl),
                                     P.BackwardImpl}) {
    if (!Impl)
      continue;
    const MigrationKernel &K = Set.Kernels[*Set.Registrations[*Impl].Kernel];
    Plan.Delete.push_back(Set.Functions[*K.Function].Range);
    Plan.Delete.push_back(K.Definition);
  }
  Plan.Migrated.push_back(migratedLine(*FOp, GF.Autocast) + ", backward " +
                          P.Backward);
  Plan.Migrated.push_back(migratedLine(*BOp, "") + ", the backward of " + Op);
  return llvm::Error::success();
}

MigrationPlan Planner::run() {
  MigrationPlan Plan;
  for (const Registration &R : Set.Registrations)
    if (R.Kernel)
      ++KernelUses[*R.Kernel];
  // Every def, by op; bad schemas are errors.
  std::map<std::string, std::pair<size_t, OpSchema>> Defs;
  std::map<std::string, std::vector<size_t>> ImplsOf;
  for (size_t I = 0; I < Set.Registrations.size(); ++I) {
    const Registration &R = Set.Registrations[I];
    if (R.K != Registration::Kind::Def)
      continue;
    const std::string &Ns = Set.Blocks[R.Block].Namespace;
    if (!R.Unreadable.empty() && R.Text.empty()) {
      keep(I, Ns + "::?", R.Unreadable);
      continue;
    }
    // `m.def("name", &fn)`: a name alone, the schema torch infers from fn.
    // Kept with its reason, its impls with it.
    if (!R.Unreadable.empty() && R.Text.find('(') == std::string::npos) {
      OpSchema Named;
      llvm::StringRef Name(R.Text);
      if (auto [Left, Right] = Name.split("::"); !Right.empty()) {
        Named.Namespace = Left.str();
        Name = Right;
      } else {
        Named.Namespace = Ns;
      }
      auto [Base, Overload] = Name.split('.');
      Named.Name = Base.str();
      Named.Overload = Overload.str();
      const std::string Op = Named.fullName();
      keep(I, Op, R.Unreadable);
      Defs[Op] = {I, std::move(Named)};
      continue;
    }
    llvm::Expected<OpSchema> S = parseSchema(R.Text);
    if (!S) {
      auto [Offset, Message] = schemaParseError(S.takeError());
      SourceLoc At = R.TextLoc.valid() ? R.TextLoc : R.Loc;
      if (R.TextLoc.valid())
        At.Column += Offset;
      Diags.report(DiagId::MigrateBadSchema, At, {R.Text, Message});
      continue;
    }
    if (S->Namespace.empty())
      S->Namespace = Ns;
    std::string Op = S->fullName();
    if (!R.Unreadable.empty()) {
      keep(I, Op, R.Unreadable);
      Defs[Op] = {I, *S}; // Its impls are kept with it.
      continue;
    }
    Defs[Op] = {I, std::move(*S)};
    // `m.def("schema", &fn)`: fn is the op's catch-all kernel, an impl too.
    if (R.Kernel)
      ImplsOf[Op].push_back(I);
  }
  // (After a schema that does not parse, the impls of its op would look
  // unknown: the run stops at that error.)
  for (size_t I = 0; I < Set.Registrations.size() && !Diags.errorCount();
       ++I) {
    const Registration &R = Set.Registrations[I];
    if (R.K != Registration::Kind::Impl)
      continue;
    std::string Op = implOp(R);
    std::string Full = Op;
    if (!Defs.count(Full)) {
      const std::string &Key = Set.keyOf(R);
      if (R.Text.empty())
        keep(I, "?", R.Unreadable);
      else if (Set.AnnotatedOps.count(Full) && !deviceOfKey(Key))
        keep(I, Op, "no 'device=' value names the dispatch key " + Key);
      else if (Set.AnnotatedOps.count(Full))
        keep(I, Op, "its op is defined by a [[custom_op]] annotation "
                    "already; annotate this kernel by hand");
      else
        Diags.report(DiagId::MigrateImplUnknownOp, R.Loc, {Op});
      continue;
    }
    ImplsOf[Full].push_back(I);
  }
  if (Diags.errorCount())
    return Plan;
  // A TORCH_LIBRARY block that keeps registrations in a namespace that
  // migrates becomes a TORCH_LIBRARY_FRAGMENT (opgen's generated
  // TORCH_LIBRARY defines the namespace); written through a project macro
  // it cannot, and its namespace's ops are all kept. Decided quietly until
  // no more namespace is blocked, then reported.
  std::set<std::string> Blocked;
  std::set<size_t> KeptBefore = Kept;
  std::map<std::string, Pairing> Pairs = pairings(Defs, ImplsOf);
  for (;;) {
    RecordingDiagSink Quiet;
    Planner Inner(Set, Quiet);
    Inner.KernelUses = KernelUses;
    Inner.Kept = KeptBefore;
    Inner.AutogradWhy = AutogradWhy;
    MigrationPlan Try = Inner.decideAll(Defs, ImplsOf, Pairs, Blocked);
    std::set<std::string> More = Inner.blocks(Try);
    size_t Before = Blocked.size();
    Blocked.insert(More.begin(), More.end());
    if (Blocked.size() == Before)
      break;
  }
  Planner Final(Set, Diags);
  Final.KernelUses = KernelUses;
  Final.Kept = KeptBefore;
  Final.AutogradWhy = AutogradWhy;
  Plan = Final.decideAll(Defs, ImplsOf, Pairs, Blocked);
  Final.blocks(Plan);
  Plan.Kept = Final.Kept.size();
  // The report's table: every op, migrated or kept with its first reason.
  for (const auto &[Op, Why] : Final.KeptWhy)
    KeptWhy[Op].insert(KeptWhy[Op].end(), Why.begin(), Why.end());
  std::set<std::string> Migrated;
  for (const std::string &Line : Plan.Migrated)
    Migrated.insert(Line.substr(0, Line.find(": ")));
  // A namespace no TORCH_LIBRARY of the sources opens, defined in
  // fragments: opgen's generated TORCH_LIBRARY would claim it.
  std::set<std::string> Opened, Warned;
  for (const RegistrationBlock &B : Set.Blocks)
    if (B.Kind == BlockKind::Library)
      Opened.insert(B.Namespace);
  for (const std::string &Op : Migrated) {
    const Registration &Def = Set.Registrations[Defs.at(Op).first];
    const std::string &Ns = Defs.at(Op).second.Namespace;
    if (!Opened.count(Ns) && Warned.insert(Ns).second)
      Diags.report(DiagId::MigrateNamespaceFragment, Def.Loc, {Ns});
  }
  std::set<std::string> Ops;
  for (const auto &[Op, Def] : Defs)
    Ops.insert(Op);
  for (const auto &[Op, Why] : KeptWhy)
    Ops.insert(Op);
  for (const std::string &Op : Ops) {
    MigrationPlan::Outcome O;
    O.Op = Op;
    O.Migrated = Migrated.count(Op) != 0;
    auto It = KeptWhy.find(Op);
    if (It != KeptWhy.end()) {
      O.KeptBeside = static_cast<unsigned>(It->second.size());
      if (!O.Migrated)
        O.Why = It->second.front();
    }
    Plan.Outcomes.push_back(std::move(O));
  }
  return Plan;
}

MigrationPlan Planner::decideAll(const DefMap &Defs, const ImplMap &ImplsOf,
                                 const std::map<std::string, Pairing> &Pairs,
                                 const std::set<std::string> &Blocked) {
  MigrationPlan Plan;
  auto nsOf = [&](const std::string &Op) -> const std::string & {
    return Set.Blocks[Set.Registrations[Defs.at(Op).first].Block].Namespace;
  };
  // An op and its backward op go together (a trial first, quietly: when
  // they cannot, each is decided alone, the Autograd impl kept with why).
  std::map<std::string, std::string> Paired; // Op → its line.
  for (const auto &[Op, P] : Pairs) {
    if (Kept.count(Defs.at(Op).first) ||
        Kept.count(Defs.at(P.Backward).first) || Blocked.count(nsOf(Op)) ||
        Blocked.count(nsOf(P.Backward)) || Paired.count(Op) ||
        Paired.count(P.Backward))
      continue;
    RecordingDiagSink Quiet;
    Planner Trial(Set, Quiet);
    Trial.KernelUses = KernelUses;
    Trial.Kept = Kept;
    Trial.AutogradWhy = AutogradWhy;
    MigrationPlan Ignored;
    if (llvm::Error E = Trial.pair(Op, P, Defs, ImplsOf, Ignored)) {
      std::string Why = "its torch::autograd::Function '" +
                        Set.Functions[P.Function].Name +
                        "' cannot become a [[custom_op_backward]]: " +
                        llvm::toString(std::move(E));
      AutogradWhy[P.Impl] = Why;
      if (P.BackwardImpl)
        AutogradWhy[*P.BackwardImpl] =
            "it refuses the double backward of '" + Op +
            "', whose Function is kept";
      continue;
    }
    MigrationPlan Both;
    llvm::cantFail(pair(Op, P, Defs, ImplsOf, Both));
    Plan.Remove.insert(Plan.Remove.end(), Both.Remove.begin(),
                       Both.Remove.end());
    Plan.Annotate.insert(Plan.Annotate.end(), Both.Annotate.begin(),
                         Both.Annotate.end());
    Plan.Delete.insert(Plan.Delete.end(), Both.Delete.begin(),
                       Both.Delete.end());
    Paired[Op] = Both.Migrated[0];
    Paired[P.Backward] = Both.Migrated[1];
  }
  for (const auto &[Op, Def] : Defs) {
    if (auto Line = Paired.find(Op); Line != Paired.end()) {
      Plan.Migrated.push_back(Line->second); // In the order of the ops.
      continue;
    }
    const std::string &Ns = nsOf(Op);
    auto It = ImplsOf.find(Op);
    std::vector<size_t> Impls =
        It == ImplsOf.end() ? std::vector<size_t>{} : It->second;
    if (Kept.count(Def.first)) {
      for (size_t I : Impls)
        keep(I, Op, "its op's 'm.def' is kept");
      continue;
    }
    if (Blocked.count(Ns)) {
      keep(Def.first, Op,
           "its TORCH_LIBRARY block keeps other registrations and is written "
           "through a project macro, which opgen cannot turn into a "
           "TORCH_LIBRARY_FRAGMENT; opgen's generated TORCH_LIBRARY would "
           "define '" + Ns + "' a second time");
      for (size_t I : Impls)
        keep(I, Op, "its op's 'm.def' is kept");
      continue;
    }
    decide(Op, Def.first, Def.second, Impls, Plan);
  }
  return Plan;
}

std::set<std::string> Planner::blocks(MigrationPlan &Plan) const {
  std::set<std::string> Migrating;
  std::map<size_t, unsigned> RemovedIn;
  for (size_t R : Plan.Remove) {
    Migrating.insert(Set.Blocks[Set.Registrations[R].Block].Namespace);
    ++RemovedIn[Set.Registrations[R].Block];
  }
  std::set<std::string> Blocked;
  Plan.ToFragment.clear();
  for (size_t B = 0; B < Set.Blocks.size(); ++B) {
    const RegistrationBlock &Block = Set.Blocks[B];
    if (Block.Kind != BlockKind::Library || !Migrating.count(Block.Namespace) ||
        RemovedIn[B] == Block.Statements)
      continue;
    if (Block.MacroName)
      Plan.ToFragment.push_back(B);
    else
      Blocked.insert(Block.Namespace);
  }
  return Blocked;
}

} // namespace

MigrationPlan planMigration(const RegistrationSet &Set, DiagSink &Diags) {
  return Planner(Set, Diags).run();
}

} // namespace opgen
