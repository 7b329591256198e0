//===- Aliases.cpp - `aliases="x"`: outputs that view an argument ---------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

namespace opgen {
namespace check {

// `aliases="x"`: the returned tensor is a view of `x` (no write):
// `Tensor(a) x -> Tensor(a)`, the set after the mutated ones; `x[]` for a
// tensor list, `Tensor[](a) xs -> Tensor[](a)`. Several names, one per
// returned value, give each output its parameter's storage; an optional
// out argument (`Tensor(a!)?`, in `mutates`) returned by value keeps its
// write set: `-> (Tensor(a!), Tensor(b!)?)`.
void checkAliases(const AnnotationValue &V, OpDraft &D) {
  OpSchema &S = D.Schema;
  const Kernel &Impl = D.Fn.Impl;
  std::vector<std::string> Names = splitList(V.Text);
  std::string Ret = Impl.Ret.Spelling.empty() ? "void" : Impl.Ret.Spelling;
  bool Several = Names.size() > 1;
  if (Names.empty() || (Several && Names.size() != S.Returns.size()))
    D.Diags.report(DiagId::AliasesInvalid, V.Loc,
                   {V.Text, "name one parameter per returned value, in "
                            "order"});
  for (size_t I = 0; I < Names.size() && D.Diags.errorCount() == D.ErrorsBefore;
       ++I) {
    std::string Name = Names[I];
    bool List = D.listLevel(Name, "aliases", V);
    std::optional<size_t> Index = D.argument(Name);
    Argument *A = Index ? &S.Arguments[*Index] : nullptr;
    bool Out = A && D.Mutated.count(A->Name) && A->Ty.isSingleTensor() &&
               A->Ty.Optional;
    Return *R = I < S.Returns.size() ? &S.Returns[I] : nullptr;
    if (!A)
      D.Diags.report(DiagId::AliasesUnknownParam, V.Loc,
                     {Name, S.Name, paramNames(S), didYouMeanParam(Name, S)});
    else if (List && !isTensorList(A->Ty))
      ; // ListAliasNotList was reported.
    else if (List ? A->Ty.Optional : !A->Ty.isPlainTensor() && !Out)
      D.Diags.report(DiagId::AliasesInvalid, V.Loc,
                     {A->Name, "it has type '" + D.spelling(*Index) +
                                   "'; only a plain tensor can be viewed" +
                                   (isTensorList(A->Ty) && !A->Ty.Optional
                                        ? ", or a tensor list as a whole "
                                          "(aliases=\"" +
                                              A->Name + "[]\")"
                                        : "")});
    else if (D.Mutated.count(A->Name) && !Out)
      D.Diags.report(DiagId::AliasesInvalid, V.Loc,
                     {A->Name, "'mutates' lists it; to return the written "
                               "argument itself, return it as 'at::Tensor&'"});
    else if (!R || (!Several && S.Returns.size() != 1) || Impl.Ret.Reference ||
             (List ? R->Ty != Type::list(BaseType::Tensor)
                   : !R->Ty.isSingleTensor() || (R->Ty.Optional && !Out)))
      D.Diags.report(DiagId::AliasesBadReturn, V.Loc,
                     {A->Name, S.Name, Ret,
                      List ? "a std::vector<at::Tensor>" : "an at::Tensor"});
    else if (Out)
      R->Ty.ElementAlias = A->Ty.ElementAlias;
    else {
      AliasInfo Alias;
      Alias.BeforeSets = {aliasSetName(D.NextSet++)};
      (List ? A->Ty.ListAlias : A->Ty.ElementAlias) = Alias;
      (List ? R->Ty.ListAlias : R->Ty.ElementAlias) = Alias;
    }
  }
}

} // namespace check
} // namespace opgen
