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
  }
  /// Decides one op; false when it is kept.
  bool decide(const std::string &Op, size_t Def, const OpSchema &Schema,
              const std::vector<size_t> &Impls, MigrationPlan &Plan);
  /// Decides every op of \p Defs; those of \p Blocked namespaces are kept.
  MigrationPlan
  decideAll(const std::map<std::string, std::pair<size_t, OpSchema>> &Defs,
            const std::map<std::string, std::vector<size_t>> &ImplsOf,
            const std::set<std::string> &Blocked);
  /// Fills \p Plan's ToFragment; returns the namespaces whose TORCH_LIBRARY
  /// block keeps registrations and cannot become a fragment.
  std::set<std::string> blocks(MigrationPlan &Plan) const;

  const RegistrationSet &Set;
  DiagSink &Diags;
  std::set<size_t> Kept;
  /// How many registrations name each kernel.
  std::map<size_t, unsigned> KernelUses;
};

bool Planner::decide(const std::string &Op, size_t Def, const OpSchema &Schema,
                     const std::vector<size_t> &Impls, MigrationPlan &Plan) {
  const Registration &D = Set.Registrations[Def];
  // Autocast impls: opgen generates the Autocast kernels of the devices
  // autocast_devices= names (cpu and cuda by default) that run the op in one
  // dtype (autocast=), where each of the library's is the standard
  // cast-and-redispatch kernel, to the same dtype.
  std::vector<size_t> Autocasts, Others;
  for (size_t I : Impls) {
    const Registration &R = Set.Registrations[I];
    std::string Key = R.Key.empty() ? Set.Blocks[R.Block].Key : R.Key;
    (llvm::StringRef(Key).startswith("Autocast") && R.Unreadable.empty() &&
             R.Kernel
         ? Autocasts
         : Others)
        .push_back(I);
  }
  std::string Autocast, AutocastDevices;
  std::set<DispatchKey> Devices; // Of the library's autocast impls.
  if (!Autocasts.empty()) {
    std::set<std::string> Dtypes;
    std::string Why;
    for (size_t I : Autocasts) {
      const Registration &R = Set.Registrations[I];
      std::string Key = R.Key.empty() ? Set.Blocks[R.Block].Key : R.Key;
      const MigrationKernel &K = Set.Kernels[*R.Kernel];
      if (K.AutocastDtype.empty() && Why.empty())
        Why = "'" + K.Name + "' is not the standard autocast kernel (an "
              "ExcludeDispatchKeyGuard, the arguments cast with "
              "at::autocast::cached_cast to one dtype) that autocast= "
              "generates";
      std::optional<DispatchKey> Device = autocastDeviceOfKey(Key);
      if (!Device && Why.empty())
        Why = "autocast_devices= names no device of the dispatch key " + Key +
              " (it takes " + autocastDeviceNames() + ")";
      if (Device && !Devices.insert(*Device).second && Why.empty())
        Why = "two of its autocast impls are for " + deviceName(*Device);
      Dtypes.insert(K.AutocastDtype);
    }
    if (Why.empty() && Dtypes.size() != 1)
      Why = "its autocast kernels cast to different dtypes";
    if (Why.empty()) {
      Autocast = *Dtypes.begin();
      std::vector<DispatchKey> Default = defaultAutocastDevices();
      if (Devices != std::set<DispatchKey>(Default.begin(), Default.end()))
        for (DispatchKey D : Devices)
          AutocastDevices += (AutocastDevices.empty() ? "" : ",") +
                             deviceName(D);
    } else {
      for (size_t I : Autocasts)
        keep(I, Op, Why);
    }
  }
  std::vector<Candidate> Cands;
  for (size_t I : Others) {
    const Registration &R = Set.Registrations[I];
    if (!R.Unreadable.empty()) {
      keep(I, Op, R.Unreadable);
      continue;
    }
    if (!R.Kernel)
      continue; // Reported: the kernel is in no source.
    std::string Key = R.Key.empty() ? Set.Blocks[R.Block].Key : R.Key;
    std::optional<std::string> Device = deviceOfKey(Key);
    if (!Device) {
      keep(I, Op, "no 'device=' value names the dispatch key " + Key);
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
    if (!Autocast.empty())
      Fn.Attr.Keys.push_back({AnnotationKey::Autocast, {Autocast, K.Loc}});
    if (!AutocastDevices.empty())
      Fn.Attr.Keys.push_back(
          {AnnotationKey::AutocastDevices, {AutocastDevices, K.Loc}});
    Cands.push_back({I, *R.Kernel, std::move(Fn)});
  }
  if (Cands.empty()) {
    if (!Autocast.empty())
      for (size_t I : Autocasts)
        keep(I, Op, "its op's 'm.def' is kept");
    keep(Def, Op, Impls.empty() ? "no 'm.impl' registers a kernel for it"
                                : "none of its kernels can carry the annotation");
    return false;
  }
  // The proof: opgen's own check on the annotated kernels, and the schema
  // it would register, printed as torch prints it.
  std::vector<AnnotatedFunction> Fns;
  for (const Candidate &C : Cands)
    Fns.push_back(C.Fn);
  RecordingDiagSink Check;
  std::vector<opgen::Op> Ops = checkOps(Fns, Check);
  std::string Why;
  for (const RecordingDiagSink::Record &R : Check.Records)
    if (diagInfo(R.Id).Level == DiagLevel::Error) {
      Why = "opgen's check refuses the derived annotation: " +
            formatDiag(diagInfo(R.Id).Message, R.Args);
      break;
    }
  if (Why.empty() && Ops.size() == 1 && !Autocast.empty() &&
      (!Ops[0].Autocast || enumName(*Ops[0].Autocast) != Autocast))
    Why = "opgen's op would not run in " + Autocast + " under autocast";
  if (Why.empty() && Ops.size() == 1 && !Autocast.empty() &&
      std::set<DispatchKey>(Ops[0].AutocastDevices.begin(),
                            Ops[0].AutocastDevices.end()) != Devices)
    Why = "opgen would generate autocast kernels for other devices than the "
          "library's";
  if (Why.empty() && Ops.size() != 1)
    Why = "the derived annotations make " + std::to_string(Ops.size()) + " ops";
  if (Why.empty() && printSchema(Ops[0].Schema) != printSchema(Schema))
    Why = "opgen would register '" + printSchema(Ops[0].Schema) +
          "' for the registered '" + printSchema(Schema) + "'";
  if (!Why.empty()) {
    keep(Def, Op, Why);
    for (const Candidate &C : Cands)
      keep(C.Reg, Op, "its op's 'm.def' is kept");
    if (!Autocast.empty())
      for (size_t I : Autocasts)
        keep(I, Op, "its op's 'm.def' is kept");
    return false;
  }
  Plan.Remove.push_back(Def);
  if (!Autocast.empty())
    Plan.Remove.insert(Plan.Remove.end(), Autocasts.begin(), Autocasts.end());
  for (const Candidate &C : Cands) {
    Plan.Remove.push_back(C.Reg);
    Plan.Annotate.push_back({C.Kernel, C.Fn.Attr});
  }
  // The line names each kernel with its dispatch key, as checked.
  std::string Line = Op + ":";
  for (const Kernel &K : Ops[0].Kernels)
    Line += " " + K.Callee + " (" + std::string(dispatchKeyName(K.Key)) + ")";
  if (!Autocast.empty())
    Line += ", autocast " + Autocast;
  Plan.Migrated.push_back(Line);
  return true;
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
      std::string Key = R.Key.empty() ? Set.Blocks[R.Block].Key : R.Key;
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
  for (;;) {
    RecordingDiagSink Quiet;
    Planner Inner(Set, Quiet);
    Inner.KernelUses = KernelUses;
    Inner.Kept = KeptBefore;
    MigrationPlan Try = Inner.decideAll(Defs, ImplsOf, Blocked);
    std::set<std::string> More = Inner.blocks(Try);
    size_t Before = Blocked.size();
    Blocked.insert(More.begin(), More.end());
    if (Blocked.size() == Before)
      break;
  }
  Planner Final(Set, Diags);
  Final.KernelUses = KernelUses;
  Final.Kept = KeptBefore;
  Plan = Final.decideAll(Defs, ImplsOf, Blocked);
  Final.blocks(Plan);
  Plan.Kept = Final.Kept.size();
  return Plan;
}

MigrationPlan Planner::decideAll(
    const std::map<std::string, std::pair<size_t, OpSchema>> &Defs,
    const std::map<std::string, std::vector<size_t>> &ImplsOf,
    const std::set<std::string> &Blocked) {
  MigrationPlan Plan;
  for (const auto &[Op, Def] : Defs) {
    const std::string &Ns = Set.Blocks[Set.Registrations[Def.first].Block].Namespace;
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
