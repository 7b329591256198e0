//===- ClangDiagnostics.h - Clang locations and printing -------*- C++ -*-===//
///
/// \file
/// Between Clang's source locations and opgen's: toSourceLoc makes the
/// SourceLoc every frontend diagnostic and model struct carries. The sink
/// that prints diagnostics through Clang's engine, createClangDiagSink, is
/// public (opgen/frontend/Frontend.h). Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_CLANGDIAGNOSTICS_H
#define OPGEN_LIB_CLANGDIAGNOSTICS_H

#include "opgen/model/Model.h"

#include "clang/Basic/SourceLocation.h"

#include <string>

namespace clang {
class CompilerInstance;
class SourceManager;
} // namespace clang

namespace opgen {

/// The user-visible position of \p L (its expansion location), with the
/// file shown relative to \p Root.
SourceLoc toSourceLoc(const clang::SourceManager &SM, clang::SourceLocation L,
                      const std::string &Root);

/// From now on, \p CI prints only the first error inside a function body
/// (with its notes) and counts the later ones in \p Hidden instead: they
/// mostly follow from the first (an undeclared name used again, a broken
/// statement). Errors outside bodies are all printed; Clang's
/// `N errors generated.` still counts every error.
void limitBodyErrors(clang::CompilerInstance &CI, unsigned &Hidden);

} // namespace opgen

#endif // OPGEN_LIB_CLANGDIAGNOSTICS_H
