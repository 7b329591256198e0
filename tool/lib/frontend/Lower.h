//===- Lower.h - An annotated function to the model -------------*- C++ -*-===//
///
/// \file
/// lower: turns a function declaration and its annotation into a Clang-free
/// AnnotatedFunction (Model.h). Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_LOWER_H
#define OPGEN_LIB_LOWER_H

#include "opgen/model/Model.h"
#include "opgen/support/Diagnostics.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace opgen {

/// Lowers \p FD, annotated with \p Attr, into an AnnotatedFunction: its
/// parameters and return mapped to schema types, its defaults rendered and,
/// for a kernel with a parsed body, a fake synthesised from it.
/// \p HostSource is the input source being parsed; \p Root the directory
/// locations are shown relative to. Returns nullopt when something could
/// not be lowered, which has been reported through \p Diags.
std::optional<AnnotatedFunction>
lowerFunction(clang::ASTContext &Ctx, const clang::FunctionDecl &FD,
              Annotation Attr, const std::string &HostSource,
              const std::string &Root, DiagSink &Diags);

} // namespace opgen

#endif // OPGEN_LIB_LOWER_H
