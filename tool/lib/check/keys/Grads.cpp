//===- Grads.cpp - A backward's `grads="x,w"`: what it differentiates ---===//
#include "check/Common.h"
#include "check/keys/Keys.h"

#include <algorithm>

namespace opgen {
namespace check {

void checkGrads(const AnnotationValue &V, BackwardLinkDraft &L) {
  std::vector<std::string> All = L.TensorInputs;
  L.TensorInputs.clear();
  L.Info.GradInputs.clear();
  for (const std::string &Input : splitList(V.Text)) {
    if (std::find(All.begin(), All.end(), Input) == All.end()) {
      L.Diags.report(DiagId::GradsNotTensorInput, V.Loc,
                     {Input, L.Name, All.empty() ? "none" : join(All, ", "),
                      didYouMean(Input, All)});
      continue;
    }
    if (std::count(L.TensorInputs.begin(), L.TensorInputs.end(), Input)) {
      L.Diags.report(DiagId::GradsDuplicate, V.Loc, {Input});
      continue;
    }
    L.TensorInputs.push_back(Input);
    L.Info.GradInputs.push_back(*argumentIndex(L.Forward.Schema, Input));
  }
}

} // namespace check
} // namespace opgen
