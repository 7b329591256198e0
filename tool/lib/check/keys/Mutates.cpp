//===- Mutates.cpp - `mutates="x,ys[]"`: the arguments the op writes ------===//
///
/// \file
/// The check of `mutates`, and what it implies whether or not it is
/// written: alias sets a, b, c... for the written arguments, the mutable
/// references it must list, the body's writes against it, and the alias
/// set of a returned reference.
//===----------------------------------------------------------------------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

#include <algorithm>

namespace opgen {
namespace check {

void checkMutates(const AnnotationValue &V, OpDraft &D) {
  for (std::string Name : splitList(V.Text)) {
    bool List = D.listLevel(Name, "mutates", V);
    std::optional<size_t> I = D.argument(Name);
    if (List && I)
      D.MutatedLists.insert(Name);
    if (!I) {
      D.Diags.report(DiagId::MutatesUnknownParam, V.Loc,
                     {Name, D.Schema.Name, paramNames(D.Schema),
                      didYouMeanParam(Name, D.Schema)});
    } else if (!D.Schema.Arguments[*I].Ty.isTensorLike()) {
      D.Diags.report(DiagId::MutatesNonTensor, V.Loc, {Name, D.spelling(*I)});
    } else if (!D.Mutated.insert(Name).second) {
      D.Diags.report(DiagId::MutatesDuplicate, V.Loc, {Name});
    }
  }
}

namespace {

/// Compares `mutates` with what the body does (analysis/Mutation.cpp): a
/// write to an argument it does not list, a listed argument never written.
/// A parameter already warned about by its signature (UnmarkedMutableTensor)
/// is not warned about twice.
void checkMutationAgainstBody(const OpDraft &D) {
  const AnnotatedFunction &Fn = D.Fn;
  const OpSchema &S = D.Schema;
  const std::vector<CppParam> &Params = Fn.Impl.Params;
  if (Params.size() != S.Arguments.size() ||
      !std::all_of(Params.begin(), Params.end(),
                   [](const CppParam &P) { return P.Effects.has_value(); }))
    return; // The body was not seen.
  for (size_t I = 0; I < S.Arguments.size(); ++I) {
    const Argument &A = S.Arguments[I];
    const CppParam &P = Params[I];
    const ParamEffects &E = *P.Effects;
    if (!A.Ty.isTensorLike())
      continue;
    if (!D.Mutated.count(A.Name) && !E.Writes.empty() && !P.MutableRef) {
      std::vector<std::string> Names;
      for (const Argument &B : S.Arguments)
        if (D.Mutated.count(B.Name) || B.Name == A.Name)
          Names.push_back(B.Name);
      D.Diags.report(DiagId::UnannotatedWrite, E.Writes.front().Loc,
                     {A.Name, S.Name, E.Writes.front().How, join(Names, ",")});
    }
    if (D.Mutated.count(A.Name) && E.Writes.empty() && !E.Escapes) {
      const AnnotationValue *V = Fn.Attr.find(AnnotationKey::Mutates);
      D.Diags.report(DiagId::MutatesNeverWritten, V ? V->Loc : Fn.Attr.Loc,
                     {A.Name, S.Name});
    }
  }
}

} // namespace

void assignWriteAliasSets(OpDraft &D) {
  // Alias sets a, b, c, ... in parameter order.
  for (size_t I = 0; I < D.Schema.Arguments.size(); ++I) {
    Argument &A = D.Schema.Arguments[I];
    const CppParam &P = D.Fn.Impl.Params[I];
    if (D.Mutated.count(A.Name)) {
      AliasInfo Alias;
      Alias.BeforeSets = {aliasSetName(D.NextSet++)};
      Alias.IsWrite = true;
      (D.MutatedLists.count(A.Name) ? A.Ty.ListAlias : A.Ty.ElementAlias) =
          Alias;
    } else if (P.MutableRef) {
      D.Diags.report(DiagId::UnmarkedMutableTensor, P.Loc,
                     {A.Name, D.Fn.Impl.Abi == KernelAbi::Stable
                                  ? "const torch::stable::Tensor&"
                                  : "const at::Tensor&"});
    }
  }
  checkMutationAgainstBody(D);
}

void aliasReferenceReturns(OpDraft &D) {
  const AnnotatedFunction &Fn = D.Fn;
  OpSchema &S = D.Schema;
  if (Fn.Impl.Ret.Reference && S.Returns.size() > 1) {
    // `std::tuple<at::Tensor&, ...>`: element i returns the i-th mutated
    // plain tensor, in parameter order; the counts must match exactly.
    std::vector<const Argument *> Outs;
    for (const Argument &A : S.Arguments)
      if (A.Ty.ElementAlias && !A.Ty.IsList && !A.Ty.Optional)
        Outs.push_back(&A);
    if (Outs.size() != S.Returns.size()) {
      D.Diags.report(
          DiagId::ReturnRefTupleMismatch, Fn.Impl.Loc,
          {std::to_string(S.Returns.size()), std::to_string(Outs.size())});
      return;
    }
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
          D.Diags.report(
              DiagId::ReturnRefTupleOrder,
              Out.Loc.valid() ? Out.Loc : Fn.Impl.Loc,
              {std::to_string(I), Out.Like, Outs[I]->Name, join(Order, ", ")});
          break;
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
      D.Diags.report(DiagId::ReturnRefNeedsOneMutated, Fn.Impl.Loc,
                     {std::to_string(Count)});
    else
      S.Returns.front().Ty.ElementAlias = Out->Ty.ElementAlias;
  }
}

} // namespace check
} // namespace opgen
