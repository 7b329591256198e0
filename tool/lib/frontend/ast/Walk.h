//===- Walk.h - A statement and its descendants, in preorder ----*- C++ -*-===//
///
/// \file
/// The two walks the readers of hand-written code (`frontend/migrate/`)
/// make over an expression or a body: find the first node that has
/// something (`firstIn`: a string literal, a dispatch key, the op a handle
/// finds) and visit every node (`forEachIn`: the casts of an autocast
/// kernel, the tags of a def). Both go in preorder, a node before its
/// children, children in source order; null statements are skipped. With
/// them, what those readers ask of a node: a call's written arguments, a
/// member call's method name.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_FRONTEND_AST_WALK_H
#define OPGEN_LIB_FRONTEND_AST_WALK_H

#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

namespace walk_detail {
inline bool found(bool B) { return B; }
inline bool found(const std::string &S) { return !S.empty(); }
template <class T> bool found(const T *P) { return P != nullptr; }
template <class T> bool found(const std::optional<T> &O) {
  return O.has_value();
}
} // namespace walk_detail

/// The first of \p Find's results on \p S and its descendants, in preorder,
/// that holds something (true, a non-empty string, a non-null pointer, an
/// engaged optional); the empty result when none does.
template <class Fn>
auto firstIn(const clang::Stmt *S, Fn Find) -> decltype(Find(S)) {
  if (!S)
    return {};
  if (auto R = Find(S); walk_detail::found(R))
    return R;
  for (const clang::Stmt *C : S->children())
    if (auto R = firstIn(C, Find); walk_detail::found(R))
      return R;
  return {};
}

/// \p Visit on \p S and each of its descendants, in preorder.
template <class Fn> void forEachIn(const clang::Stmt *S, Fn Visit) {
  if (!S)
    return;
  Visit(S);
  for (const clang::Stmt *C : S->children())
    forEachIn(C, Visit);
}

/// The name of the method member call \p E calls (`to` of `x.to(t)`), or
/// empty (not a member call, or an operator or conversion).
inline std::string methodName(const clang::Expr *E) {
  if (const auto *M = llvm::dyn_cast_or_null<clang::CXXMemberCallExpr>(E))
    if (const clang::CXXMethodDecl *MD = M->getMethodDecl())
      if (MD->getDeclName().isIdentifier())
        return MD->getName().str();
  return "";
}

/// The arguments written in \p Call: default arguments left out.
inline std::vector<const clang::Expr *>
explicitArgs(const clang::CallExpr &Call) {
  std::vector<const clang::Expr *> Args;
  for (const clang::Expr *A : Call.arguments())
    if (!clang::isa<clang::CXXDefaultArgExpr>(A->IgnoreImplicit()))
      Args.push_back(A);
  return Args;
}

} // namespace opgen

#endif // OPGEN_LIB_FRONTEND_AST_WALK_H
