//===- Bind.cpp - A backward's `bind="n=x.size(0)"`: saved metadata -------===//
///
/// \file
/// Backward parameters read from forward tensors' metadata, saved instead
/// of the tensors. The syntax of one item is keys/BindParser.cpp; this
/// checks that its parameter and tensor exist. Whether the parameter's type
/// fits the metadata is checked with the other parameters (Backward.cpp).
//===----------------------------------------------------------------------===//
#include "check/Common.h"
#include "check/keys/BindParser.h"
#include "check/keys/Keys.h"

#include <algorithm>

namespace opgen {
namespace check {

void checkBind(const AnnotationValue &V, BackwardLinkDraft &L) {
  std::vector<std::string> Params, Tensors;
  for (const Argument &P : L.Params)
    Params.push_back(P.Name);
  for (const Argument &A : L.Forward.Schema.Arguments)
    if (A.Ty.isPlainTensor())
      Tensors.push_back(A.Name);
  for (const std::string &Item : splitList(V.Text)) {
    llvm::Expected<Binding> Bound = parseBinding(Item);
    if (!Bound) {
      llvm::consumeError(Bound.takeError()); // BindSyntax shows the item.
      L.Diags.report(DiagId::BindSyntax, V.Loc, {Item});
      continue;
    }
    if (std::find(Params.begin(), Params.end(), Bound->Param) == Params.end()) {
      L.Diags.report(DiagId::BindUnknownParam, V.Loc,
                     {Bound->Param, L.Backward.Schema.fullName(),
                      join(Params, ", "), didYouMean(Bound->Param, Params)});
      continue;
    }
    if (Bound->Output) {
      size_t Outputs = L.Forward.Schema.Returns.size();
      if (*Bound->Output >= Outputs) {
        L.Diags.report(DiagId::BindNoOutput, V.Loc,
                       {"result_" + std::to_string(*Bound->Output), L.Name,
                        std::to_string(Outputs)});
        continue;
      }
      L.Bindings[Bound->Param] = *Bound;
      continue;
    }
    if (std::find(Tensors.begin(), Tensors.end(), Bound->Tensor) ==
        Tensors.end()) {
      L.Diags.report(DiagId::BindNotTensor, V.Loc,
                     {Bound->Tensor, L.Name,
                      Tensors.empty() ? "none" : join(Tensors, ", ")});
      continue;
    }
    L.Bindings[Bound->Param] = *Bound;
  }
}

} // namespace check
} // namespace opgen
