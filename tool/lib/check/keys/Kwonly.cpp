//===- Kwonly.cpp - `kwonly="n"`: keyword-only from this argument on ------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

namespace opgen {
namespace check {

void checkKwonly(const AnnotationValue &V, OpDraft &D) {
  OpSchema &S = D.Schema;
  std::string Name = trim(V.Text);
  bool Seen = false;
  for (Argument &A : S.Arguments) {
    Seen = Seen || A.Name == Name;
    A.KwargOnly = Seen;
  }
  if (!Seen)
    D.Diags.report(DiagId::KwonlyUnknownParam, V.Loc,
                   {Name, S.Name, paramNames(S), didYouMeanParam(Name, S)});
}

} // namespace check
} // namespace opgen
