//===- Returns.cpp - `returns="values,indices"`: names the outputs --------===//
#include "check/Common.h"
#include "check/keys/Keys.h"

#include <set>

namespace opgen {
namespace check {

void checkReturns(const AnnotationValue &V, OpDraft &D) {
  OpSchema &S = D.Schema;
  std::vector<std::string> Names = splitList(V.Text);
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
  if (!Why.empty()) {
    D.Diags.report(DiagId::ReturnsInvalid, V.Loc, {S.Name, Why});
    return;
  }
  for (size_t I = 0; I < Names.size(); ++I)
    S.Returns[I].Name = Names[I];
}

} // namespace check
} // namespace opgen
