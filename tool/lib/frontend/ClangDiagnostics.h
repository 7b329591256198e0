//===- ClangDiagnostics.h - Clang diagnostics in a parse -------*- C++ -*-===//
///
/// \file
/// How Clang's diagnostics are shown in a parse (limitBodyErrors). The sink
/// that prints opgen's diagnostics through Clang's engine,
/// createClangDiagSink, is public (opgen/frontend/Frontend.h); the
/// conversion of a Clang location into a SourceLoc is toSourceLoc
/// (frontend/ast/Locations.h). Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_CLANGDIAGNOSTICS_H
#define OPGEN_LIB_CLANGDIAGNOSTICS_H

namespace clang {
class CompilerInstance;
} // namespace clang

namespace opgen {

/// From now on, \p CI prints only the first error inside a function body
/// (with its notes) and counts the later ones in \p Hidden instead: they
/// mostly follow from the first (an undeclared name used again, a broken
/// statement). Errors outside bodies are all printed; Clang's
/// `N errors generated.` still counts every error.
void limitBodyErrors(clang::CompilerInstance &CI, unsigned &Hidden);

} // namespace opgen

#endif // OPGEN_LIB_CLANGDIAGNOSTICS_H
