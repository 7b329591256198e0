//===- Check.cpp - Apply annotations, merge kernels, validate -------------===//
#include "opgen/check/Check.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <map>
#include <set>

namespace opgen {

const std::vector<std::string> &knownTags() {
  static const std::vector<std::string> Tags = {
      "core",
      "cudagraph_unsafe",
      "data_dependent_output",
      "dynamic_output_shape",
      "flexible_layout",
      "generated",
      "inplace_view",
      "maybe_aliasing_or_mutating",
      "needs_contiguous_strides",
      "needs_exact_strides",
      "needs_fixed_stride_order",
      "nondeterministic_bitwise",
      "nondeterministic_seeded",
      "out_variant",
      "pointwise",
      "pt2_compliant_tag",
      "reduction",
  };
  return Tags;
}

namespace {

using llvm::join;

std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t");
  size_t E = S.find_last_not_of(" \t");
  return B == std::string::npos ? "" : S.substr(B, E - B + 1);
}

/// Splits a comma-separated annotation value; empty items are dropped.
std::vector<std::string> splitList(const std::string &S) {
  std::vector<std::string> Out;
  size_t Start = 0;
  while (Start <= S.size()) {
    size_t Comma = S.find(',', Start);
    if (Comma == std::string::npos)
      Comma = S.size();
    std::string Item = trim(S.substr(Start, Comma - Start));
    if (!Item.empty())
      Out.push_back(Item);
    Start = Comma + 1;
  }
  return Out;
}

/// Parses `ns::name[.overload]` into the name fields of a schema.
llvm::Expected<OpSchema> parseOpName(const std::string &Text) {
  auto Fail = [](const std::string &Why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), Why);
  };
  OpSchema S;
  size_t Sep = Text.find("::");
  if (Sep == std::string::npos)
    return Fail("missing namespace");
  S.Namespace = Text.substr(0, Sep);
  std::string Rest = Text.substr(Sep + 2);
  size_t Dot = Rest.find('.');
  S.Name = Rest.substr(0, Dot);
  S.Overload = Dot == std::string::npos ? "" : Rest.substr(Dot + 1);
  if (!isIdentifier(S.Namespace))
    return Fail("namespace '" + S.Namespace + "' is not an identifier");
  if (!isIdentifier(S.Name))
    return Fail("name '" + S.Name + "' is not an identifier");
  if (Dot != std::string::npos && !isIdentifier(S.Overload))
    return Fail("overload '" + S.Overload + "' is not an identifier");
  if (S.Overload == "default")
    return Fail("'default' is reserved for the unnamed overload");
  return S;
}

/// parseOpName, reporting a bad name as BadOpName at the annotation's name.
std::optional<OpSchema> opNameOf(const Annotation &Attr, DiagSink &Diags) {
  llvm::Expected<OpSchema> Name = parseOpName(Attr.Name.Text);
  if (!Name) {
    Diags.report(DiagId::BadOpName, Attr.Name.Loc,
                 {Attr.Name.Text, llvm::toString(Name.takeError())});
    return std::nullopt;
  }
  return *Name;
}

std::string aliasSetName(unsigned Index) {
  std::string Name;
  do {
    Name.insert(Name.begin(), char('a' + Index % 26));
    Index /= 26;
  } while (Index-- > 0);
  return Name;
}

/// `did you mean 'out'? ` when \p Name is a likely misspelling of one of
/// \p Candidates (the closest, within an edit distance of a third of its
/// length rounded up, so that two swapped letters of a 5-letter name count;
/// none for names of one or two letters, where any other short name would
/// be as close), else empty: the prefix of a hint that lists them.
template <class Range>
std::string didYouMean(llvm::StringRef Name, const Range &Candidates) {
  if (Name.size() < 3)
    return "";
  unsigned Limit = static_cast<unsigned>((Name.size() + 2) / 3);
  std::string Best;
  unsigned BestDistance = Limit + 1;
  for (const auto &C : Candidates) {
    llvm::StringRef Candidate(C.data(), C.size());
    unsigned D = Name.edit_distance(Candidate, /*AllowReplacements=*/true,
                                    /*MaxEditDistance=*/Limit);
    if (D != 0 && D < BestDistance) {
      BestDistance = D;
      Best = Candidate.str();
    }
  }
  return Best.empty() ? "" : "did you mean '" + Best + "'? ";
}

std::string didYouMeanParam(llvm::StringRef Name, const OpSchema &S) {
  std::vector<std::string> Names;
  for (const Argument &A : S.Arguments)
    Names.push_back(A.Name);
  return didYouMean(Name, Names);
}

std::string paramNames(const OpSchema &S) {
  std::vector<std::string> Names;
  for (const Argument &A : S.Arguments)
    Names.push_back(A.Name);
  return Names.empty() ? "(none)" : join(Names, ", ");
}

/// Reports each key of \p Attr that its kind does not take, as \p Id with
/// the key (and, for AttrUnknownKey, the attribute and the known keys).
void reportUnknownKeys(const Annotation &Attr, DiagId Id, DiagSink &Diags) {
  std::vector<std::string_view> Known = annotationKeys(Attr.Kind);
  std::string KnownText;
  for (std::string_view K : Known)
    KnownText += (KnownText.empty() ? "" : ", ") + std::string(K);
  for (const auto &[Key, Value] : Attr.Keys)
    if (std::find(Known.begin(), Known.end(), Key) == Known.end())
      Diags.report(Id, Value.Loc,
                   {Key, std::string(enumName(Attr.Kind)),
                    KnownText.empty() ? "(none)" : KnownText,
                    didYouMean(Key, Known)});
}

/// Compares `mutates` with what the body does (analysis/Mutation.cpp): a
/// write to an argument it does not list, a listed argument never written.
/// A parameter already warned about by its signature (UnmarkedMutableTensor)
/// is not warned about twice.
void checkMutationAgainstBody(const AnnotatedFunction &Fn,
                              const std::set<std::string> &Mutated,
                              DiagSink &Diags) {
  const OpSchema &S = Fn.Inferred;
  if (!Fn.Impl.Effects || Fn.Impl.Effects->size() != S.Arguments.size())
    return;
  for (size_t I = 0; I < S.Arguments.size(); ++I) {
    const Argument &A = S.Arguments[I];
    const ParamEffects &E = (*Fn.Impl.Effects)[I];
    if (!A.Ty.isTensorLike())
      continue;
    if (!Mutated.count(A.Name) && !E.Writes.empty() &&
        !Fn.Impl.Params[I].MutableRef) {
      std::vector<std::string> Names;
      for (const Argument &B : S.Arguments)
        if (Mutated.count(B.Name) || B.Name == A.Name)
          Names.push_back(B.Name);
      Diags.report(DiagId::UnannotatedWrite, E.Writes.front().Loc,
                   {A.Name, S.Name, E.Writes.front().How, join(Names, ",")});
    }
    if (Mutated.count(A.Name) && E.Writes.empty() && !E.Escapes) {
      const AnnotationValue *V = Fn.Attr.find("mutates");
      Diags.report(DiagId::MutatesNeverWritten, V ? V->Loc : Fn.Attr.Loc,
                   {A.Name, S.Name});
    }
  }
}

/// Applies one annotation to its function's inferred schema. Returns false
/// when an error was reported.
bool applyAnnotation(AnnotatedFunction &Fn, DiagSink &Diags,
                     std::vector<std::string> &Tags,
                     std::optional<AutocastDtype> &Autocast) {
  const Annotation &Attr = Fn.Attr;
  OpSchema &S = Fn.Inferred;
  unsigned Before = Diags.errorCount();
  reportUnknownKeys(Attr, DiagId::AttrUnknownKey, Diags);

  std::optional<OpSchema> Name = opNameOf(Attr, Diags);
  if (!Name)
    return false;
  S.Namespace = Name->Namespace;
  S.Name = Name->Name;
  S.Overload = Name->Overload;

  for (size_t I = 0; I < S.Arguments.size(); ++I)
    if (!isIdentifier(S.Arguments[I].Name))
      Diags.report(DiagId::ReservedArgumentName, Fn.Impl.Params[I].Loc,
                   {S.Arguments[I].Name});

  auto findArg = [&S](const std::string &Name) -> Argument * {
    for (Argument &A : S.Arguments)
      if (A.Name == Name)
        return &A;
    return nullptr;
  };

  // The C++ type of an argument as written (int64_t), not the schema's (int).
  auto spelling = [&](const Argument &A) {
    size_t Index = size_t(&A - S.Arguments.data());
    return Index < Fn.Impl.Params.size() && !Fn.Impl.Params[Index].Spelling.empty()
               ? Fn.Impl.Params[Index].Spelling
               : printType(A.Ty);
  };

  // `x[]` in `mutates` or `aliases` puts the alias set on the list itself,
  // `Tensor[](a!)`, where `x` puts it on the elements, `Tensor(a!)[]`.
  auto isTensorList = [](const Type &T) {
    return T.Base == BaseType::Tensor && T.IsList && !T.ElementOptional;
  };
  auto listLevel = [&](std::string &Name, const char *Key,
                       const AnnotationValue &V) {
    if (Name.size() < 3 || Name.compare(Name.size() - 2, 2, "[]") != 0)
      return false;
    Name = trim(Name.substr(0, Name.size() - 2));
    const Argument *A = findArg(Name);
    if (A && !isTensorList(A->Ty))
      Diags.report(DiagId::ListAliasNotList, V.Loc,
                   {Key, Name, spelling(*A)});
    return true;
  };

  std::set<std::string> Mutated, MutatedLists;
  if (const AnnotationValue *V = Attr.find("mutates")) {
    for (std::string Name : splitList(V->Text)) {
      bool List = listLevel(Name, "mutates", *V);
      Argument *A = findArg(Name);
      if (List && A)
        MutatedLists.insert(Name);
      if (!A) {
        Diags.report(DiagId::MutatesUnknownParam, V->Loc,
                     {Name, S.Name, paramNames(S), didYouMeanParam(Name, S)});
      } else if (!A->Ty.isTensorLike()) {
        Diags.report(DiagId::MutatesNonTensor, V->Loc, {Name, spelling(*A)});
      } else if (!Mutated.insert(Name).second) {
        Diags.report(DiagId::MutatesDuplicate, V->Loc, {Name});
      }
    }
  }
  // Alias sets a, b, c, ... in parameter order.
  unsigned NextSet = 0;
  for (size_t I = 0; I < S.Arguments.size(); ++I) {
    Argument &A = S.Arguments[I];
    if (Mutated.count(A.Name)) {
      AliasInfo Alias;
      Alias.BeforeSets = {aliasSetName(NextSet++)};
      Alias.IsWrite = true;
      (MutatedLists.count(A.Name) ? A.Ty.ListAlias : A.Ty.ElementAlias) = Alias;
    } else if (Fn.Impl.Params[I].MutableRef) {
      Diags.report(DiagId::UnmarkedMutableTensor, Fn.Impl.Params[I].Loc,
                   {A.Name, Fn.Impl.Abi == KernelAbi::Stable
                                ? "const torch::stable::Tensor&"
                                : "const at::Tensor&"});
    }
  }
  checkMutationAgainstBody(Fn, Mutated, Diags);

  if (Fn.Impl.Ret.Reference && S.Returns.size() > 1) {
    // `std::tuple<at::Tensor&, ...>`: element i returns the i-th mutated
    // plain tensor, in parameter order; the counts must match exactly.
    std::vector<const Argument *> Outs;
    for (const Argument &A : S.Arguments)
      if (A.Ty.ElementAlias && !A.Ty.IsList && !A.Ty.Optional)
        Outs.push_back(&A);
    if (Outs.size() != S.Returns.size())
      Diags.report(DiagId::ReturnRefTupleMismatch, Fn.Impl.Loc,
                   {std::to_string(S.Returns.size()),
                    std::to_string(Outs.size())});
    else {
      for (size_t I = 0; I < Outs.size(); ++I)
        S.Returns[I].Ty.ElementAlias = Outs[I]->Ty.ElementAlias;
      // Where the body shows which argument each element returns
      // (`return {values, indices};`), it must agree.
      const std::optional<FakeSynthesis> &Body = Fn.Impl.Synthesis;
      if (Body && Body->Ok && Body->Outputs.size() == Outs.size()) {
        std::vector<std::string> Order;
        for (const Argument *A : Outs)
          Order.push_back(A->Name);
        for (size_t I = 0; I < Outs.size(); ++I) {
          const FakeOutput &Out = Body->Outputs[I];
          if (Out.K == FakeOutput::Kind::Argument && Out.Like != Outs[I]->Name) {
            Diags.report(DiagId::ReturnRefTupleOrder,
                         Out.Loc.valid() ? Out.Loc : Fn.Impl.Loc,
                         {std::to_string(I), Out.Like, Outs[I]->Name,
                          join(Order, ", ")});
            break;
          }
        }
      }
    }
  } else if (Fn.Impl.Ret.Reference) {
    const Argument *Out = nullptr;
    unsigned Count = 0;
    // The reference can only alias a plain `Tensor`: not a list, and not an
    // optional (`Tensor(a!)?` is no `Tensor(a!)`).
    for (const Argument &A : S.Arguments)
      if (A.Ty.ElementAlias && !A.Ty.IsList && !A.Ty.Optional) {
        Out = &A;
        ++Count;
      }
    if (Count != 1)
      Diags.report(DiagId::ReturnRefNeedsOneMutated, Fn.Impl.Loc,
                   {std::to_string(Count)});
    else
      S.Returns.front().Ty.ElementAlias = Out->Ty.ElementAlias;
  }

  // `aliases="x"`: the returned tensor is a view of `x` (no write):
  // `Tensor(a) x -> Tensor(a)`, the set after the mutated ones; `x[]` for a
  // tensor list, `Tensor[](a) xs -> Tensor[](a)`. Several names, one per
  // returned value, give each output its parameter's storage; an optional
  // out argument (`Tensor(a!)?`, in `mutates`) returned by value keeps its
  // write set: `-> (Tensor(a!), Tensor(b!)?)`.
  if (const AnnotationValue *V = Attr.find("aliases")) {
    std::vector<std::string> Names = splitList(V->Text);
    std::string Ret = Fn.Impl.Ret.Spelling.empty() ? "void"
                                                   : Fn.Impl.Ret.Spelling;
    bool Several = Names.size() > 1;
    if (Names.empty() || (Several && Names.size() != S.Returns.size()))
      Diags.report(DiagId::AliasesInvalid, V->Loc,
                   {V->Text, "name one parameter per returned value, in "
                             "order"});
    for (size_t I = 0; I < Names.size() && Diags.errorCount() == Before; ++I) {
      std::string Name = Names[I];
      bool List = listLevel(Name, "aliases", *V);
      Argument *A = findArg(Name);
      bool Out = A && Mutated.count(A->Name) && A->Ty.isSingleTensor() &&
                 A->Ty.Optional;
      Return *R = I < S.Returns.size() ? &S.Returns[I] : nullptr;
      if (!A)
        Diags.report(DiagId::AliasesUnknownParam, V->Loc,
                     {Name, S.Name, paramNames(S), didYouMeanParam(Name, S)});
      else if (List && !isTensorList(A->Ty))
        ; // ListAliasNotList was reported.
      else if (List ? A->Ty.Optional : !A->Ty.isPlainTensor() && !Out)
        Diags.report(DiagId::AliasesInvalid, V->Loc,
                     {A->Name, "it has type '" + spelling(*A) +
                                   "'; only a plain tensor can be viewed" +
                                   (isTensorList(A->Ty) && !A->Ty.Optional
                                        ? ", or a tensor list as a whole "
                                          "(aliases=\"" + A->Name + "[]\")"
                                        : "")});
      else if (Mutated.count(A->Name) && !Out)
        Diags.report(DiagId::AliasesInvalid, V->Loc,
                     {A->Name, "'mutates' lists it; to return the written "
                               "argument itself, return it as 'at::Tensor&'"});
      else if (!R || (!Several && S.Returns.size() != 1) ||
               Fn.Impl.Ret.Reference ||
               (List ? R->Ty != Type::list(BaseType::Tensor)
                     : !R->Ty.isSingleTensor() || (R->Ty.Optional && !Out)))
        Diags.report(DiagId::AliasesBadReturn, V->Loc,
                     {A->Name, S.Name, Ret,
                      List ? "a std::vector<at::Tensor>" : "an at::Tensor"});
      else if (Out)
        R->Ty.ElementAlias = A->Ty.ElementAlias;
      else {
        AliasInfo Alias;
        Alias.BeforeSets = {aliasSetName(NextSet++)};
        (List ? A->Ty.ListAlias : A->Ty.ElementAlias) = Alias;
        (List ? R->Ty.ListAlias : R->Ty.ElementAlias) = Alias;
      }
    }
  }

  // `returns="values,indices"`: names the outputs, in order.
  if (const AnnotationValue *V = Attr.find("returns")) {
    std::vector<std::string> Names = splitList(V->Text);
    std::set<std::string> Seen;
    std::string Why;
    for (const std::string &N : Names) {
      if (!isIdentifier(N))
        Why = "'" + N + "' is not a name torch accepts";
      else if (!Seen.insert(N).second)
        Why = "'" + N + "' is named twice";
      if (!Why.empty())
        break;
    }
    if (Why.empty() && Names.size() != S.Returns.size())
      Why = std::to_string(Names.size()) + " name" +
            (Names.size() == 1 ? "" : "s") + " for " +
            std::to_string(S.Returns.size()) + " returned value" +
            (S.Returns.size() == 1 ? "" : "s");
    if (!Why.empty())
      Diags.report(DiagId::ReturnsInvalid, V->Loc, {S.Name, Why});
    else
      for (size_t I = 0; I < Names.size(); ++I)
        S.Returns[I].Name = Names[I];
  }

  if (const AnnotationValue *V = Attr.find("kwonly")) {
    std::string Name = trim(V->Text);
    bool Seen = false;
    for (Argument &A : S.Arguments) {
      Seen = Seen || A.Name == Name;
      A.KwargOnly = Seen;
    }
    if (!Seen)
      Diags.report(DiagId::KwonlyUnknownParam, V->Loc,
                   {Name, S.Name, paramNames(S), didYouMeanParam(Name, S)});
  }

  // `symint="n,sizes"`: the schema says SymInt where the kernel takes
  // int64_t; the wrapper passes the concrete value (opgen::rt::concrete).
  if (const AnnotationValue *V = Attr.find("symint")) {
    for (const std::string &Name : splitList(V->Text)) {
      Argument *A = findArg(Name);
      if (!A)
        Diags.report(DiagId::SymintUnknownParam, V->Loc,
                     {Name, S.Name, paramNames(S), didYouMeanParam(Name, S)});
      else if (A->Ty.Base != BaseType::Int && A->Ty.Base != BaseType::SymInt)
        Diags.report(DiagId::SymintNotInt, V->Loc, {Name, spelling(*A)});
      else
        A->Ty.Base = BaseType::SymInt;
    }
  }

  if (const AnnotationValue *V = Attr.find("tags")) {
    for (const std::string &Tag : splitList(V->Text)) {
      const auto &Known = knownTags();
      if (std::find(Known.begin(), Known.end(), Tag) == Known.end())
        Diags.report(DiagId::UnknownTag, V->Loc, {Tag, join(Known, ", ")});
      else if (std::find(Tags.begin(), Tags.end(), Tag) == Tags.end())
        Tags.push_back(Tag);
    }
  }

  Fn.Impl.Key = Fn.Impl.Lang == Language::Cuda ? DispatchKey::CUDA
                                                : DispatchKey::CPU;
  if (const AnnotationValue *V = Attr.find("device")) {
    if (auto Key = deviceKey(trim(V->Text)))
      Fn.Impl.Key = *Key;
    else
      Diags.report(DiagId::UnknownDevice, V->Loc, {V->Text, deviceNames()});
  }

  if (const AnnotationValue *V = Attr.find("autocast")) {
    Autocast = parseEnum<AutocastDtype>(trim(V->Text));
    if (!Autocast)
      Diags.report(DiagId::AutocastBadDtype, V->Loc, {V->Text});
    for (const Argument &A : S.Arguments)
      if (A.Ty.isWritten()) {
        Diags.report(DiagId::AutocastMutatingOp, V->Loc, {S.fullName(), A.Name});
        break;
      }
    if (std::none_of(S.Arguments.begin(), S.Arguments.end(),
                     [](const Argument &A) { return A.Ty.isTensorLike(); }))
      Diags.report(DiagId::AutocastNoTensorInput, V->Loc, {S.fullName()});
  }
  return Diags.errorCount() == Before;
}

/// Types equal once every SymInt is read as int.
Type concreteInts(Type T) {
  if (T.Base == BaseType::SymInt)
    T.Base = BaseType::Int;
  return T;
}

/// Merges \p From into \p Into when they agree modulo int/SymInt; widens
/// \p Into to SymInt where either says SymInt.
bool unify(OpSchema &Into, const OpSchema &From) {
  if (Into.Arguments.size() != From.Arguments.size() ||
      Into.Returns.size() != From.Returns.size())
    return false;
  OpSchema Merged = Into;
  for (size_t I = 0; I < Into.Arguments.size(); ++I) {
    Argument &A = Merged.Arguments[I];
    const Argument &B = From.Arguments[I];
    Argument AC = A, BC = B;
    AC.Ty = concreteInts(A.Ty);
    BC.Ty = concreteInts(B.Ty);
    if (!(AC == BC))
      return false;
    if (B.Ty.Base == BaseType::SymInt)
      A.Ty.Base = BaseType::SymInt;
  }
  for (size_t I = 0; I < Into.Returns.size(); ++I) {
    Return &A = Merged.Returns[I];
    const Return &B = From.Returns[I];
    if (!(concreteInts(A.Ty) == concreteInts(B.Ty)) || A.Name != B.Name)
      return false;
    if (B.Ty.Base == BaseType::SymInt)
      A.Ty.Base = BaseType::SymInt;
  }
  Into = std::move(Merged);
  return true;
}

/// `[[custom_op_fake("ns::op")]]`: the function becomes the op's Meta
/// kernel. Its signature must be the op's, but for int64_t/SymInt; defaults,
/// alias annotations and the kw-only marker come from the op.
void attachCppFake(AnnotatedFunction &Fn, std::map<std::string, Op> &Ops,
                   DiagSink &Diags, CheckScope Scope) {
  reportUnknownKeys(Fn.Attr, DiagId::AttrUnknownKey, Diags);
  std::optional<OpSchema> Name = opNameOf(Fn.Attr, Diags);
  if (!Name)
    return;
  auto It = Ops.find(Name->fullName());
  if (It == Ops.end() && Scope == CheckScope::Source) {
    // The op is in another source: the fake's wrapper takes the fake's own
    // signature (registration.cpp adapts it to the op's).
    Op &O = Ops[Name->fullName()];
    O.Schema = Fn.Inferred;
    O.Schema.Namespace = Name->Namespace;
    O.Schema.Name = Name->Name;
    O.Schema.Overload = Name->Overload;
    O.Loc = Fn.Impl.Loc;
    Fn.Impl.Key = DispatchKey::Meta;
    O.Kernels.push_back(std::move(Fn.Impl));
    return;
  }
  if (It == Ops.end()) {
    Diags.report(DiagId::FakeForUnknownOp, Fn.Attr.Name.Loc, {Name->fullName()});
    return;
  }
  Op &O = It->second;
  OpSchema Fake = Fn.Inferred;
  Fake.Namespace = O.Schema.Namespace;
  Fake.Name = O.Schema.Name;
  Fake.Overload = O.Schema.Overload;
  if (Fake.Arguments.size() == O.Schema.Arguments.size())
    for (size_t I = 0; I < Fake.Arguments.size(); ++I) {
      Fake.Arguments[I].Default = O.Schema.Arguments[I].Default;
      Fake.Arguments[I].KwargOnly = O.Schema.Arguments[I].KwargOnly;
      Fake.Arguments[I].Ty.ElementAlias = O.Schema.Arguments[I].Ty.ElementAlias;
      Fake.Arguments[I].Ty.ListAlias = O.Schema.Arguments[I].Ty.ListAlias;
    }
  if (Fake.Returns.size() == O.Schema.Returns.size())
    for (size_t I = 0; I < Fake.Returns.size(); ++I) {
      Fake.Returns[I].Ty.ElementAlias = O.Schema.Returns[I].Ty.ElementAlias;
      Fake.Returns[I].Ty.ListAlias = O.Schema.Returns[I].Ty.ListAlias;
      Fake.Returns[I].Name = O.Schema.Returns[I].Name;
    }
  if (!unify(O.Schema, Fake)) {
    Diags.report(DiagId::FakeSignatureMismatch, Fn.Impl.Loc,
                 {Name->fullName(), printSchema(Fake)});
    Diags.report(DiagId::ConflictingSchemasOther, O.Kernels.front().Loc,
                 {printSchema(O.Schema)});
    return;
  }
  for (const Kernel &K : O.Kernels)
    if (K.Key == DispatchKey::Meta) {
      Diags.report(DiagId::DuplicateKernel, Fn.Impl.Loc, {Name->fullName(), "Meta"});
      Diags.report(DiagId::DuplicateKernelOther, K.Loc, {"Meta"});
      return;
    }
  Fn.Impl.Key = DispatchKey::Meta;
  O.Fake = FakeKind::Cpp;
  O.FakeWhere = Fn.Impl.Loc.str();
  O.Kernels.push_back(std::move(Fn.Impl));
}

//===----------------------------------------------------------------------===//
// Autograd: `[[custom_op_backward("ns::op")]]`
//===----------------------------------------------------------------------===//

/// A backward function, renamed into the op `ns::op_backward` and merged
/// like any kernel; the link to its forward op is checked afterwards.
struct BackwardLink {
  std::string Forward;
  std::string Backward;
  AnnotatedFunction Fn; ///< As written (parameter names and locations).
};

/// The type as the schema prints it, without alias sets and with SymInt
/// read as int: what a backward parameter must share with the forward.
std::string comparableType(Type T) {
  T.ElementAlias.reset();
  T.ListAlias.reset();
  if (T.Base == BaseType::SymInt)
    T.Base = BaseType::Int;
  return printType(T);
}

bool isDigits(const std::string &S) {
  return !S.empty() && std::all_of(S.begin(), S.end(), [](char C) {
    return C >= '0' && C <= '9';
  });
}

/// The position of the argument called \p Name in \p S, if any.
std::optional<size_t> argumentIndex(const OpSchema &S, const std::string &Name) {
  for (size_t I = 0; I < S.Arguments.size(); ++I)
    if (S.Arguments[I].Name == Name)
      return I;
  return std::nullopt;
}

/// Removes every \p Key from \p Attr.
void eraseKey(Annotation &Attr, std::string_view Key) {
  Attr.Keys.erase(std::remove_if(Attr.Keys.begin(), Attr.Keys.end(),
                                 [&](const auto &KV) { return KV.first == Key; }),
                  Attr.Keys.end());
}

/// One `param=x.size(i)` of a backward's `bind`.
struct Binding {
  std::string Param;
  std::string Tensor;
  BoundMetadata Metadata = BoundMetadata::Size;
  int64_t Dim = 0;
};

/// Parses `param = x.size(i)` (also `sym_size(i)`, `sizes()`,
/// `sym_sizes()`, `dim()`, `scalar_type()`, `device()`; spaces anywhere).
std::optional<Binding> parseBinding(const std::string &Text) {
  size_t Eq = Text.find('=');
  if (Eq == std::string::npos)
    return std::nullopt;
  Binding B;
  B.Param = trim(Text.substr(0, Eq));
  std::string Expr;
  for (char C : Text.substr(Eq + 1))
    if (C != ' ' && C != '\t' && C != '\n')
      Expr += C;
  size_t Dot = Expr.find('.'), Open = Expr.find('(');
  if (!isIdentifier(B.Param) || Dot == std::string::npos ||
      Open == std::string::npos || Open < Dot || Expr.back() != ')')
    return std::nullopt;
  B.Tensor = Expr.substr(0, Dot);
  std::string Method = Expr.substr(Dot + 1, Open - Dot - 1);
  std::string Arg = Expr.substr(Open + 1, Expr.size() - Open - 2);
  if (Method == "sym_size" || Method == "sym_sizes")
    Method = Method.substr(4);
  std::optional<BoundMetadata> M = parseEnum<BoundMetadata>(Method);
  if (!isIdentifier(B.Tensor) || !M)
    return std::nullopt;
  B.Metadata = *M;
  if (*M != BoundMetadata::Size)
    return Arg.empty() ? std::optional<Binding>(B) : std::nullopt;
  std::string Digits = Arg.empty() || Arg[0] != '-' ? Arg : Arg.substr(1);
  if (!isDigits(Digits) || Digits.size() > 3)
    return std::nullopt;
  B.Dim = std::stoll(Arg);
  return B;
}

/// Whether a parameter of schema type \p T can be bound to \p M.
bool bindingFits(BoundMetadata M, const Type &T) {
  bool Int = T.Base == BaseType::Int || T.Base == BaseType::SymInt;
  bool Plain = !T.Optional && !T.ElementOptional;
  switch (M) {
  case BoundMetadata::Size:
    return Int && Plain && !T.IsList;
  case BoundMetadata::Sizes:
    return Int && Plain && T.IsList && !T.FixedSize;
  case BoundMetadata::Dim:
    return T.Base == BaseType::Int && Plain && !T.IsList;
  case BoundMetadata::ScalarType:
    return T.Base == BaseType::ScalarType && Plain && !T.IsList;
  case BoundMetadata::Device:
    return T.Base == BaseType::Device && Plain && !T.IsList;
  }
  return false;
}

/// The schema type of \p M and the C++ types a parameter bound to it may
/// take (OPGEN_BOUND_METADATA).
std::pair<const char *, const char *> boundMetadataTypes(BoundMetadata M) {
  static const std::pair<const char *, const char *> Types[] = {
#define OPGEN_BOUND_TYPES(Value, Name, SchemaType, CppTypes) {SchemaType, CppTypes},
      OPGEN_BOUND_METADATA(OPGEN_BOUND_TYPES)
#undef OPGEN_BOUND_TYPES
  };
  return Types[static_cast<size_t>(M)];
}

/// Matches a backward parameter name to an output gradient, an output or a
/// forward input.
std::optional<BackwardInput> matchBackwardParam(const OpSchema &F,
                                                const std::string &Name) {
  size_t Outputs = F.Returns.size();
  for (auto [Prefix, Kind] : {std::pair{std::string("grad"), BackwardInput::Kind::Grad},
                              std::pair{std::string("result"), BackwardInput::Kind::Result}}) {
    if (Name == Prefix && Outputs == 1)
      return BackwardInput{Kind, 0, Name};
    if (Name.rfind(Prefix + "_", 0) != 0)
      continue;
    std::string Rest = Name.substr(Prefix.size() + 1);
    if (isDigits(Rest) && Rest.size() < 4 && std::stoul(Rest) < Outputs)
      return BackwardInput{Kind, std::stoul(Rest), Name};
    for (size_t I = 0; I < Outputs; ++I)
      if (!F.Returns[I].Name.empty() && F.Returns[I].Name == Rest)
        return BackwardInput{Kind, I, Name};
  }
  if (std::optional<size_t> I = argumentIndex(F, Name))
    return BackwardInput{BackwardInput::Kind::Input, *I, Name};
  // After the forward's arguments: the backward of a backward that takes
  // `output_mask` receives that argument under this name.
  if (Name == "output_mask")
    return BackwardInput{BackwardInput::Kind::OutputMask, 0, Name};
  return std::nullopt;
}

/// Checks a backward function against its forward op \p F and records the
/// glue on it; \p B is the merged backward op.
void linkBackward(Op &F, Op &B, const AnnotatedFunction &Fn, DiagSink &Diags) {
  const std::string Name = F.Schema.fullName();
  for (const Argument &A : F.Schema.Arguments)
    if (A.Ty.isWritten()) {
      Diags.report(DiagId::BackwardOfMutatingOp, Fn.Attr.Loc, {Name, A.Name});
      return;
    }
  if (F.Schema.Returns.empty()) {
    Diags.report(DiagId::BackwardOfNonTensorOutput, Fn.Attr.Loc, {Name, "()"});
    return;
  }
  for (const Return &R : F.Schema.Returns)
    if (!R.Ty.isPlainTensor()) {
      Diags.report(DiagId::BackwardOfNonTensorOutput, Fn.Attr.Loc,
                   {Name, printType(R.Ty)});
      return;
    }
  unsigned Before = Diags.errorCount();
  AutogradInfo Info;
  Info.Loc = Fn.Impl.Loc;
  Info.Differentiable.assign(F.Schema.Returns.size(), false);
  std::vector<std::string> Inputs;
  for (const Argument &A : F.Schema.Arguments)
    Inputs.push_back(A.Name);
  // The inputs the backward returns gradients for: every tensor argument,
  // or those `grads="a,b"` names, in that order.
  std::vector<std::string> TensorInputs;
  for (size_t I = 0; I < F.Schema.Arguments.size(); ++I)
    if (F.Schema.Arguments[I].Ty.isSingleTensor()) {
      TensorInputs.push_back(F.Schema.Arguments[I].Name);
      Info.GradInputs.push_back(I);
    }
  if (const AnnotationValue *V = Fn.Attr.find("grads")) {
    std::vector<std::string> All = TensorInputs;
    TensorInputs.clear();
    Info.GradInputs.clear();
    for (const std::string &Input : splitList(V->Text)) {
      if (std::find(All.begin(), All.end(), Input) == All.end()) {
        Diags.report(DiagId::GradsNotTensorInput, V->Loc,
                     {Input, Name, All.empty() ? "none" : join(All, ", "),
                      didYouMean(Input, All)});
        continue;
      }
      if (std::count(TensorInputs.begin(), TensorInputs.end(), Input)) {
        Diags.report(DiagId::GradsDuplicate, V->Loc, {Input});
        continue;
      }
      TensorInputs.push_back(Input);
      Info.GradInputs.push_back(*argumentIndex(F.Schema, Input));
    }
    if (Diags.errorCount() != Before)
      return; // The gradient count would only be reported again.
  }
  const std::string TensorInputList =
      TensorInputs.empty() ? "none" : join(TensorInputs, ", ");
  // `bind="n=x.size(0), ..."`: parameters read from forward tensors'
  // metadata, saved instead of the tensors.
  std::map<std::string, Binding> Bindings;
  if (const AnnotationValue *V = Fn.Attr.find("bind")) {
    std::vector<std::string> Params, Tensors;
    for (const Argument &P : Fn.Inferred.Arguments)
      Params.push_back(P.Name);
    for (const Argument &A : F.Schema.Arguments)
      if (A.Ty.isPlainTensor())
        Tensors.push_back(A.Name);
    for (const std::string &Item : splitList(V->Text)) {
      std::optional<Binding> Bound = parseBinding(Item);
      if (!Bound) {
        Diags.report(DiagId::BindSyntax, V->Loc, {Item});
        continue;
      }
      if (std::find(Params.begin(), Params.end(), Bound->Param) == Params.end()) {
        Diags.report(DiagId::BindUnknownParam, V->Loc,
                     {Bound->Param, B.Schema.fullName(), join(Params, ", "),
                      didYouMean(Bound->Param, Params)});
        continue;
      }
      if (std::find(Tensors.begin(), Tensors.end(), Bound->Tensor) ==
          Tensors.end()) {
        Diags.report(DiagId::BindNotTensor, V->Loc,
                     {Bound->Tensor, Name,
                      Tensors.empty() ? "none" : join(Tensors, ", ")});
        continue;
      }
      Bindings[Bound->Param] = *Bound;
    }
    if (Diags.errorCount() != Before)
      return; // Its parameters would only be reported again as unmatched.
  }
  for (size_t I = 0; I < Fn.Inferred.Arguments.size(); ++I) {
    const Argument &P = Fn.Inferred.Arguments[I];
    const SourceLoc &Loc = Fn.Impl.Params[I].Loc;
    if (auto It = Bindings.find(P.Name); It != Bindings.end()) {
      const Binding &Bound = It->second;
      size_t Index = *argumentIndex(F.Schema, Bound.Tensor); // checked above
      std::string Read =
          Bound.Tensor + "." + std::string(enumName(Bound.Metadata)) + "(" +
          (Bound.Metadata == BoundMetadata::Size ? std::to_string(Bound.Dim)
                                                 : "") +
          ")";
      if (!bindingFits(Bound.Metadata, P.Ty)) {
        auto [SchemaType, CppTypes] = boundMetadataTypes(Bound.Metadata);
        Diags.report(DiagId::BindType, Loc,
                     {P.Name, printType(P.Ty), Read, SchemaType, CppTypes});
        continue;
      }
      BackwardInput In{BackwardInput::Kind::Bound, Index, P.Name};
      In.Metadata = Bound.Metadata;
      In.Dim = Bound.Dim;
      Info.Inputs.push_back(In);
      continue;
    }
    std::optional<BackwardInput> In = matchBackwardParam(F.Schema, P.Name);
    if (!In) {
      Diags.report(DiagId::BackwardParamUnmatched, Loc,
                   {P.Name, Name, Inputs.empty() ? "none" : join(Inputs, ", ")});
      continue;
    }
    if (In->K == BackwardInput::Kind::OutputMask) {
      // One flag per gradient the backward returns, as ATen's
      // `bool[N] output_mask`.
      Type Mask = Type::list(BaseType::Bool);
      Mask.FixedSize = static_cast<int64_t>(TensorInputs.size());
      if (P.Ty != Mask) {
        std::string N = std::to_string(TensorInputs.size());
        Diags.report(DiagId::BackwardOutputMask, Loc,
                     {printType(P.Ty), N, Name, TensorInputList});
        continue;
      }
      In->Index = TensorInputs.size();
      Info.Inputs.push_back(*In);
      continue;
    }
    Type Expected;
    std::string What;
    if (In->K == BackwardInput::Kind::Input) {
      Expected = F.Schema.Arguments[In->Index].Ty;
      What = "the forward's '" + P.Name + "'";
    } else {
      Expected = F.Schema.Returns[In->Index].Ty;
      What = (In->K == BackwardInput::Kind::Grad ? "the gradient of output "
                                                 : "output ") +
             std::to_string(In->Index);
    }
    if (comparableType(P.Ty) != comparableType(Expected)) {
      Diags.report(DiagId::BackwardParamType, Loc,
                   {P.Name, printType(P.Ty), What, printType(Expected)});
      continue;
    }
    if (In->K == BackwardInput::Kind::Grad)
      Info.Differentiable[In->Index] = true;
    Info.Inputs.push_back(*In);
  }
  const std::vector<Return> &Grads = Fn.Inferred.Returns;
  bool AsList = Grads.size() == 1 && Grads[0].Ty.Base == BaseType::Tensor &&
                Grads[0].Ty.IsList && !Grads[0].Ty.Optional;
  bool AsTensors = Grads.size() == TensorInputs.size() &&
                   std::all_of(Grads.begin(), Grads.end(), [](const Return &R) {
                     return R.Ty.isPlainTensor();
                   });
  if (!AsList && !AsTensors)
    Diags.report(DiagId::BackwardGradCount, Fn.Impl.Loc,
                 {Name, std::to_string(Grads.size()),
                  std::to_string(TensorInputs.size()), TensorInputList});
  if (Diags.errorCount() != Before || F.Autograd)
    return;
  Info.Backward = B.Schema;
  F.Autograd = std::move(Info);
  B.BackwardOf = Name;
}

/// A CompositeImplicitAutograd kernel decomposes into other ops, which give
/// the op every backend, its fake and its gradient: it must be the op's
/// only registration.
void checkCompositeImplicit(const Op &O, DiagSink &Diags) {
  const Kernel *Composite = O.kernel(DispatchKey::CompositeImplicitAutograd);
  if (!Composite)
    return;
  const std::string Name = O.Schema.fullName();
  for (const Kernel &K : O.Kernels) {
    if (&K == Composite)
      continue;
    std::string What = K.Key == DispatchKey::Meta && O.Fake == FakeKind::Cpp
                           ? "a fake kernel ([[custom_op_fake]])"
                           : "a " + std::string(dispatchKeyName(K.Key)) + " kernel";
    Diags.report(DiagId::CompositeImplicitNotAlone, K.Loc, {Name, What});
    Diags.report(DiagId::CompositeImplicitNotAloneOther, Composite->Loc, {});
  }
  if (O.Autograd) {
    Diags.report(DiagId::CompositeImplicitNotAlone, O.Autograd->Loc,
                 {Name, "a backward ([[custom_op_backward]])"});
    Diags.report(DiagId::CompositeImplicitNotAloneOther, Composite->Loc, {});
  }
}

} // namespace

bool checkOps(std::vector<AnnotatedFunction> Functions, DiagSink &Diags,
              OpLibrary &Library, CheckScope Scope) {
  unsigned Before = Diags.errorCount();
  // One function seen from several translation units (a header annotation)
  // is one kernel: keep the first sighting.
  std::vector<AnnotatedFunction> Unique;
  for (AnnotatedFunction &Fn : Functions) {
    bool Seen = false;
    for (const AnnotatedFunction &U : Unique)
      Seen = Seen || (U.Attr.Loc == Fn.Attr.Loc && U.Impl.Loc == Fn.Impl.Loc);
    if (!Seen)
      Unique.push_back(std::move(Fn));
  }

  // Backward functions become the ops `ns::op_backward`, with kernels per
  // device like any op.
  std::vector<BackwardLink> Links;
  std::set<std::string> ForwardNames; // Ops named by [[custom_op]].
  for (const AnnotatedFunction &Fn : Unique) {
    if (Fn.Attr.Kind != AnnotationKind::CustomOp)
      continue;
    if (llvm::Expected<OpSchema> N = parseOpName(trim(Fn.Attr.Name.Text)))
      ForwardNames.insert(N->fullName());
    else
      llvm::consumeError(N.takeError()); // Reported with the op itself.
  }
  for (AnnotatedFunction &Fn : Unique) {
    if (Fn.Attr.Kind != AnnotationKind::Backward)
      continue;
    reportUnknownKeys(Fn.Attr, DiagId::BackwardKey, Diags);
    std::vector<std::string_view> Known = annotationKeys(Fn.Attr.Kind);
    Fn.Attr.Keys.erase(
        std::remove_if(Fn.Attr.Keys.begin(), Fn.Attr.Keys.end(),
                       [&](const auto &KV) {
                         return std::find(Known.begin(), Known.end(), KV.first) ==
                                Known.end();
                       }),
        Fn.Attr.Keys.end());
    std::optional<OpSchema> Name = opNameOf(Fn.Attr, Diags);
    if (!Name)
      continue;
    const OpSchema &Forward = *Name;
    OpSchema Backward = Forward;
    Backward.Name += "_backward";
    SourceLoc NameLoc = Fn.Attr.Name.Loc;
    if (const AnnotationValue *V = Fn.Attr.find("name")) {
      NameLoc = V->Loc;
      llvm::Expected<OpSchema> Given = parseOpName(trim(V->Text));
      if (!Given) {
        Diags.report(DiagId::BadOpName, V->Loc,
                     {V->Text, llvm::toString(Given.takeError())});
        continue;
      }
      if (Given->Namespace != Forward.Namespace) {
        Diags.report(DiagId::BackwardNameNamespace, V->Loc,
                     {Given->fullName(), Forward.fullName(), Forward.Namespace});
        continue;
      }
      Backward = std::move(*Given);
      // The op's own annotation (applyAnnotation) takes no `name`.
      eraseKey(Fn.Attr, "name");
    }
    auto Other = std::find_if(Links.begin(), Links.end(), [&](const BackwardLink &L) {
      return L.Forward == Forward.fullName() && L.Backward != Backward.fullName();
    });
    if (Other != Links.end()) {
      Diags.report(DiagId::BackwardNameConflict, NameLoc,
                   {Forward.fullName(), Other->Backward, Backward.fullName()});
      continue;
    }
    if (ForwardNames.count(Backward.fullName())) {
      Diags.report(DiagId::BackwardNameClash, NameLoc,
                   {Backward.fullName(),
                    Forward.Namespace + "::_" + Forward.Name + "_backward"});
      continue;
    }
    Links.push_back({Forward.fullName(), Backward.fullName(), Fn});
    // The backward op's own annotation (applyAnnotation) takes neither
    // `bind` nor `grads`: linkBackward reads them from the link.
    eraseKey(Fn.Attr, "bind");
    eraseKey(Fn.Attr, "grads");
    Fn.Attr.Kind = AnnotationKind::CustomOp;
    Fn.Attr.Name.Text = Backward.fullName();
  }

  std::map<std::string, Op> Ops;
  for (AnnotatedFunction &Fn : Unique) {
    if (Fn.Attr.Kind != AnnotationKind::CustomOp)
      continue; // Fakes and backwards are handled by their own phases.
    std::vector<std::string> Tags;
    std::optional<AutocastDtype> Autocast;
    if (!applyAnnotation(Fn, Diags, Tags, Autocast))
      continue;
    SourceLoc AutocastLoc;
    if (const AnnotationValue *V = Fn.Attr.find("autocast"))
      AutocastLoc = V->Loc;
    std::string Name = Fn.Inferred.fullName();
    auto [It, Inserted] = Ops.try_emplace(Name);
    Op &O = It->second;
    if (Inserted) {
      O.Schema = Fn.Inferred;
      O.Loc = Fn.Impl.Loc;
      O.Tags = Tags;
      O.Autocast = Autocast;
      O.AutocastLoc = AutocastLoc;
      O.Kernels.push_back(std::move(Fn.Impl));
      continue;
    }
    if (!unify(O.Schema, Fn.Inferred)) {
      Diags.report(DiagId::ConflictingSchemas, Fn.Impl.Loc,
                   {Name, printSchema(Fn.Inferred)});
      Diags.report(DiagId::ConflictingSchemasOther, O.Kernels.front().Loc,
                   {printSchema(O.Schema)});
      continue;
    }
    if (Autocast && O.Autocast && *Autocast != *O.Autocast) {
      Diags.report(DiagId::AutocastConflict, AutocastLoc,
                   {Name, std::string(enumName(*Autocast))});
      Diags.report(DiagId::AutocastConflictOther, O.AutocastLoc,
                   {std::string(enumName(*O.Autocast))});
      continue;
    }
    if (Autocast && !O.Autocast) {
      O.Autocast = Autocast;
      O.AutocastLoc = AutocastLoc;
    }
    for (const std::string &Tag : Tags)
      if (std::find(O.Tags.begin(), O.Tags.end(), Tag) == O.Tags.end())
        O.Tags.push_back(Tag);
    auto Same = std::find_if(O.Kernels.begin(), O.Kernels.end(),
                             [&](const Kernel &K) { return K.Key == Fn.Impl.Key; });
    if (Same != O.Kernels.end()) {
      std::string Key(dispatchKeyName(Fn.Impl.Key));
      Diags.report(DiagId::DuplicateKernel, Fn.Impl.Loc, {Name, Key});
      Diags.report(DiagId::DuplicateKernelOther, Same->Loc, {Key});
      continue;
    }
    O.Kernels.push_back(std::move(Fn.Impl));
  }
  for (AnnotatedFunction &Fn : Unique)
    if (Fn.Attr.Kind == AnnotationKind::Fake)
      attachCppFake(Fn, Ops, Diags, Scope);
  for (const BackwardLink &L : Links) {
    auto Forward = Ops.find(L.Forward);
    if (Forward == Ops.end() && Scope == CheckScope::Source)
      continue; // The forward op is in another source.
    if (Forward == Ops.end()) {
      Diags.report(DiagId::BackwardForUnknownOp, L.Fn.Attr.Name.Loc, {L.Forward});
      continue;
    }
    auto Backward = Ops.find(L.Backward);
    if (Backward != Ops.end()) // Otherwise its own error was reported.
      linkBackward(Forward->second, Backward->second, L.Fn, Diags);
  }

  for (auto &[Name, O] : Ops)
    checkCompositeImplicit(O, Diags);

  for (auto &[Name, O] : Ops) {
    std::sort(O.Kernels.begin(), O.Kernels.end(),
              [](const Kernel &A, const Kernel &B) { return A.Key < B.Key; });
    Library.Ops.push_back(std::move(O));
  }
  return Diags.errorCount() == Before;
}

} // namespace opgen
