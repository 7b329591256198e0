//===- Name.cpp - A backward's `name="ns::op_grad"` -----------------------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

namespace opgen {
namespace check {

void checkName(const AnnotationValue &V, BackwardNaming &N) {
  N.NameLoc = V.Loc;
  llvm::Expected<OpSchema> Given = parseOpName(trim(V.Text));
  if (!Given) {
    N.Diags.report(DiagId::BadOpName, V.Loc,
                   {V.Text, llvm::toString(Given.takeError())});
    return;
  }
  if (Given->Namespace != N.Forward.Namespace) {
    N.Diags.report(
        DiagId::BackwardNameNamespace, V.Loc,
        {Given->fullName(), N.Forward.fullName(), N.Forward.Namespace});
    return;
  }
  N.Backward = std::move(*Given);
}

} // namespace check
} // namespace opgen
