//===- Autocast.cpp - `autocast="float32"`: the op's dtype under autocast -===//
#include "check/Common.h"
#include "check/keys/Keys.h"

#include <algorithm>

namespace opgen {
namespace check {

void checkAutocast(const AnnotationValue &V, OpDraft &D) {
  const OpSchema &S = D.Schema;
  D.AutocastLoc = V.Loc;
  D.Autocast = parseEnum<AutocastDtype>(trim(V.Text));
  D.AutocastDevices = defaultAutocastDevices(); // autocast_devices may narrow.
  if (!D.Autocast)
    D.Diags.report(DiagId::AutocastBadDtype, V.Loc, {V.Text});
  for (const Argument &A : S.Arguments)
    if (A.Ty.isWritten()) {
      D.Diags.report(DiagId::AutocastMutatingOp, V.Loc, {S.fullName(), A.Name});
      break;
    }
  if (std::none_of(S.Arguments.begin(), S.Arguments.end(),
                   [](const Argument &A) { return A.Ty.isTensorLike(); }))
    D.Diags.report(DiagId::AutocastNoTensorInput, V.Loc, {S.fullName()});
}

} // namespace check
} // namespace opgen
