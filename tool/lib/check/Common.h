//===- Common.h - Helpers shared by the check phase's units -----*- C++ -*-===//
///
/// \file
/// Text helpers of annotation values (lists, trimming), op names, alias set
/// names and the "did you mean" hints, shared by the key checks (keys/) and
/// the merging of kernels into ops. Private to check/.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_CHECK_COMMON_H
#define OPGEN_CHECK_COMMON_H

#include "opgen/model/Model.h"
#include "opgen/support/Diagnostics.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {
namespace check {

/// `join(Items, ", ")`: LLVM's, the one join of opgen.
using llvm::join;

/// \p S without leading and trailing spaces and tabs.
std::string trim(const std::string &S);

/// Splits a comma-separated annotation value; empty items are dropped.
std::vector<std::string> splitList(const std::string &S);

/// Whether \p S is a non-empty run of decimal digits.
bool isDigits(const std::string &S);

/// Parses `ns::name[.overload]` into the name fields of a schema.
llvm::Expected<OpSchema> parseOpName(const std::string &Text);

/// parseOpName of \p Name, reporting a bad name as BadOpName at its
/// location; std::nullopt when it was reported.
std::optional<OpSchema> opNameOf(const AnnotationValue &Name, DiagSink &Diags);

/// The alias set \p Index: a, b, ..., z, aa, ab, ...
std::string aliasSetName(unsigned Index);

/// `did you mean 'out'? ` when \p Name is a likely misspelling of one of
/// \p Candidates (the closest, within an edit distance of a third of its
/// length rounded up, so that two swapped letters of a 5-letter name count;
/// none for names of one or two letters, where any other short name would
/// be as close), else empty: the prefix of a hint that lists them.
template <class Range>
std::string didYouMean(llvm::StringRef Name, const Range &Candidates) {
  if (Name.size() < 3)
    return "";
  unsigned Limit = static_cast<unsigned>((Name.size() + 2) / 3);
  std::string Best;
  unsigned BestDistance = Limit + 1;
  for (const auto &C : Candidates) {
    llvm::StringRef Candidate(C.data(), C.size());
    unsigned D = Name.edit_distance(Candidate, /*AllowReplacements=*/true,
                                    /*MaxEditDistance=*/Limit);
    if (D != 0 && D < BestDistance) {
      BestDistance = D;
      Best = Candidate.str();
    }
  }
  return Best.empty() ? "" : "did you mean '" + Best + "'? ";
}

/// didYouMean over the argument names of \p S.
std::string didYouMeanParam(llvm::StringRef Name, const OpSchema &S);

/// The argument names of \p S, comma-separated, or `(none)`.
std::string paramNames(const OpSchema &S);

/// The position of the argument called \p Name in \p S, if any.
std::optional<size_t> argumentIndex(const OpSchema &S, const std::string &Name);

/// Reports each key of \p Attr that its kind does not take
/// (Annotation::UnknownKeys), as \p Id with the key, the attribute and the
/// known keys.
void reportUnknownKeys(const Annotation &Attr, DiagId Id, DiagSink &Diags);

} // namespace check
} // namespace opgen

#endif // OPGEN_CHECK_COMMON_H
