//===- Symint.cpp - `symint="n,sizes"`: SymInt in the schema --------------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

namespace opgen {
namespace check {

// The schema says SymInt where the kernel takes int64_t; the wrapper passes
// the concrete value (opgen::rt::concrete).
void checkSymint(const AnnotationValue &V, OpDraft &D) {
  OpSchema &S = D.Schema;
  for (const std::string &Name : splitList(V.Text)) {
    std::optional<size_t> I = D.argument(Name);
    if (!I) {
      D.Diags.report(DiagId::SymintUnknownParam, V.Loc,
                     {Name, S.Name, paramNames(S), didYouMeanParam(Name, S)});
      continue;
    }
    Argument &A = S.Arguments[*I];
    if (A.Ty.Base != BaseType::Int && A.Ty.Base != BaseType::SymInt)
      D.Diags.report(DiagId::SymintNotInt, V.Loc, {Name, D.spelling(*I)});
    else
      A.Ty.Base = BaseType::SymInt;
  }
}

} // namespace check
} // namespace opgen
