//===- Annotate.h - One annotated function → a named op draft --*- C++ -*-===//
#ifndef OPGEN_CHECK_ANNOTATE_H
#define OPGEN_CHECK_ANNOTATE_H

#include "check/keys/Keys.h"

#include <optional>

namespace opgen {
namespace check {

/// Applies \p Fn's annotation to its inferred schema and kernel: the op
/// name \p OpName (the annotation's own, or a backward op's), then every
/// key's check in the order of opSteps(). A `[[custom_op]]`'s unknown keys
/// are reported here (a backward's by nameBackwards). \p Fn is left as it
/// was. std::nullopt when an error was reported.
std::optional<OpDraft> applyAnnotation(const AnnotatedFunction &Fn,
                                       const AnnotationValue &OpName,
                                       DiagSink &Diags);

} // namespace check
} // namespace opgen

#endif // OPGEN_CHECK_ANNOTATE_H
