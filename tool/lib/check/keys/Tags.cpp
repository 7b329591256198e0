//===- Tags.cpp - `tags="pointwise,core"`: the op's at::Tags --------------===//
#include "opgen/check/Check.h"

#include "check/Common.h"
#include "check/keys/Keys.h"

#include <algorithm>

namespace opgen {

const std::vector<std::string> &knownTags() {
  static const std::vector<std::string> Tags = {
      "core",
      "cudagraph_unsafe",
      "data_dependent_output",
      "dynamic_output_shape",
      "flexible_layout",
      "generated",
      "inplace_view",
      "maybe_aliasing_or_mutating",
      "needs_contiguous_strides",
      "needs_exact_strides",
      "needs_fixed_stride_order",
      "nondeterministic_bitwise",
      "nondeterministic_seeded",
      "out_variant",
      "pointwise",
      "pt2_compliant_tag",
      "reduction",
  };
  return Tags;
}

namespace check {

void checkTags(const AnnotationValue &V, OpDraft &D) {
  for (const std::string &Tag : splitList(V.Text)) {
    const auto &Known = knownTags();
    if (std::find(Known.begin(), Known.end(), Tag) == Known.end())
      D.Diags.report(DiagId::UnknownTag, V.Loc, {Tag, join(Known, ", ")});
    else if (std::find(D.Tags.begin(), D.Tags.end(), Tag) == D.Tags.end())
      D.Tags.push_back(Tag);
  }
}

} // namespace check
} // namespace opgen
