//===- TypeMapper.h - C++ types and defaults to schema ----------*- C++ -*-===//
///
/// \file
/// The DESIGN.md §2 type table: maps canonical (desugared) C++ parameter and
/// return types to schema types, and renders default-argument expressions.
/// Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_TYPEMAPPER_H
#define OPGEN_LIB_TYPEMAPPER_H

#include "opgen/model/Model.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

namespace opgen {

struct MappedParam {
  Type SchemaType;
  CppParam Cpp;
};

/// The type as the user wrote it (sugar kept), for messages.
std::string printType(clang::ASTContext &Ctx, clang::QualType T);

class TypeMapper {
public:
  explicit TypeMapper(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// Maps a parameter type. On failure \p Why holds the hint.
  bool mapParam(clang::QualType T, MappedParam &Out, std::string &Why);

  /// Maps a return type into zero or more schema returns. \p ReturnsRef is
  /// set for `at::Tensor&` (the out-variant form).
  bool mapReturn(clang::QualType T, std::vector<Return> &Out, bool &ReturnsRef,
                 std::string &Why);

  /// Renders a default argument for a parameter of schema type \p T.
  std::optional<DefaultValue> renderDefault(const clang::Expr *E,
                                            const Type &T);

private:
  /// Maps a non-reference, non-optional value type.
  bool mapValue(clang::QualType T, MappedParam &Out, std::string &Why);
  bool mapElement(clang::QualType T, BaseType &Base, bool &ConcreteInt,
                  std::string &Why);

  clang::ASTContext &Ctx;
};

} // namespace opgen

#endif // OPGEN_LIB_TYPEMAPPER_H
