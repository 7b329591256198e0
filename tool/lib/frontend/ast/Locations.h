//===- Locations.h - Clang source locations to opgen's ----------*- C++ -*-===//
///
/// \file
/// `frontend/ast/`: what the frontend and the body analyses both read off a
/// Clang AST, as Clang-free model values: a position (`toSourceLoc`, here)
/// and a type (`TypeMapper.h`: the table of docs/types.md, `printType`).
/// The bottom of the Clang layers: it depends on model/ and support/ only.
/// `analysis/` and the rest of `frontend/` may depend on it; it depends on
/// neither (scripts/check-layers.py).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_FRONTEND_AST_LOCATIONS_H
#define OPGEN_LIB_FRONTEND_AST_LOCATIONS_H

#include "opgen/model/Model.h"

#include "clang/Basic/SourceLocation.h"

#include <string>

namespace clang {
class SourceManager;
} // namespace clang

namespace opgen {

/// The user-visible position of \p L (its expansion location), with the
/// file shown relative to \p Root.
SourceLoc toSourceLoc(const clang::SourceManager &SM, clang::SourceLocation L,
                      const std::string &Root);

} // namespace opgen

#endif // OPGEN_LIB_FRONTEND_AST_LOCATIONS_H
