//===- Merge.cpp - Kernels of one op into one schema ----------------------===//
#include "check/Merge.h"

#include "check/Common.h"

namespace opgen {
namespace check {

namespace {

/// Types equal once every SymInt is read as int.
Type concreteInts(Type T) {
  if (T.Base == BaseType::SymInt)
    T.Base = BaseType::Int;
  return T;
}

} // namespace

std::optional<OpSchema> unify(const OpSchema &Into, const OpSchema &From) {
  if (Into.Arguments.size() != From.Arguments.size() ||
      Into.Returns.size() != From.Returns.size())
    return std::nullopt;
  OpSchema Merged = Into;
  for (size_t I = 0; I < Into.Arguments.size(); ++I) {
    Argument &A = Merged.Arguments[I];
    const Argument &B = From.Arguments[I];
    Argument AC = A, BC = B;
    AC.Ty = concreteInts(A.Ty);
    BC.Ty = concreteInts(B.Ty);
    if (!(AC == BC))
      return std::nullopt;
    if (B.Ty.Base == BaseType::SymInt)
      A.Ty.Base = BaseType::SymInt;
  }
  for (size_t I = 0; I < Into.Returns.size(); ++I) {
    Return &A = Merged.Returns[I];
    const Return &B = From.Returns[I];
    if (!(concreteInts(A.Ty) == concreteInts(B.Ty)) || A.Name != B.Name)
      return std::nullopt;
    if (B.Ty.Base == BaseType::SymInt)
      A.Ty.Base = BaseType::SymInt;
  }
  return Merged;
}

void attachCppFake(const AnnotatedFunction &Fn, std::map<std::string, Op> &Ops,
                   DiagSink &Diags, CheckScope Scope) {
  reportUnknownKeys(Fn.Attr, DiagId::AttrUnknownKey, Diags);
  std::optional<OpSchema> Name = opNameOf(Fn.Attr.Name, Diags);
  if (!Name)
    return;
  Kernel Impl = Fn.Impl;
  Impl.Key = DispatchKey::Meta;
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
    O.Kernels.push_back(std::move(Impl));
    return;
  }
  if (It == Ops.end()) {
    Diags.report(DiagId::FakeForUnknownOp, Fn.Attr.Name.Loc,
                 {Name->fullName()});
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
  std::optional<OpSchema> Unified = unify(O.Schema, Fake);
  if (!Unified) {
    Diags.report(DiagId::FakeSignatureMismatch, Fn.Impl.Loc,
                 {Name->fullName(), printSchema(Fake)});
    Diags.report(DiagId::ConflictingSchemasOther, O.Kernels.front().Loc,
                 {printSchema(O.Schema)});
    return;
  }
  O.Schema = std::move(*Unified);
  for (const Kernel &K : O.Kernels)
    if (K.Key == DispatchKey::Meta) {
      Diags.report(DiagId::DuplicateKernel, Fn.Impl.Loc,
                   {Name->fullName(), "Meta"});
      Diags.report(DiagId::DuplicateKernelOther, K.Loc, {"Meta"});
      return;
    }
  O.Fake = FakeKind::Cpp;
  O.FakeWhere = Fn.Impl.Loc.str();
  O.Kernels.push_back(std::move(Impl));
}

} // namespace check
} // namespace opgen
