//===- Attach.h - Which declaration an annotation belongs to ----*- C++ -*-===//
///
/// \file
/// attach: finds the declaration each scanned annotation belongs to and
/// keeps those that annotate a free function. Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_ATTACH_H
#define OPGEN_LIB_ATTACH_H

#include "frontend/AnnotationScanner.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace opgen {

/// Attaches each annotation of \p Found, in order, to the declaration it
/// belongs to among the user files' declarations of \p Ctx's traversal
/// scope: the one whose head holds its `[[`, the declarator it trails, or
/// else the first declaration after it in the same scope.
/// Calls \p OnFunction for each that annotates a free function; reports the
/// others through \p Diags.
void attachAnnotations(
    clang::ASTContext &Ctx, std::vector<RawAnnotation> Found, DiagSink &Diags,
    llvm::function_ref<void(const clang::FunctionDecl &, Annotation)>
        OnFunction);

} // namespace opgen

#endif // OPGEN_LIB_ATTACH_H
