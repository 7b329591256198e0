//===- TypeMapper.h - C++ types and defaults to schema ----------*- C++ -*-===//
///
/// \file
/// The table of docs/types.md: maps C++ parameter and return types to schema
/// types, and renders default arguments. Private to the frontend.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_LIB_TYPEMAPPER_H
#define OPGEN_LIB_TYPEMAPPER_H

#include "opgen/model/Model.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

struct MappedParam {
  Type SchemaType;
  CppParam Cpp;
};

struct MappedReturn {
  std::vector<Return> Returns; ///< Zero (void) or more.
  bool Reference = false;      ///< `at::Tensor&` or a tuple of them (out form).
};

/// The type as the user wrote it (sugar kept), for messages.
std::string printType(clang::ASTContext &Ctx, clang::QualType T);

/// A type that cannot be mapped fails with the hint for the user as its
/// message (possibly empty).
class TypeMapper {
public:
  explicit TypeMapper(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  llvm::Expected<MappedParam> mapParam(clang::QualType T);
  llvm::Expected<MappedReturn> mapReturn(clang::QualType T);

  /// Renders a default argument for a parameter of schema type \p T.
  std::optional<DefaultValue> renderDefault(const clang::Expr *E,
                                            const Type &T);

private:
  struct MappedElement {
    BaseType Base;
    bool ConcreteInt = false; ///< See CppParam::ConcreteInt.
  };

  /// A non-reference, non-optional value type.
  llvm::Expected<MappedParam> mapValue(clang::QualType T);
  /// A single value: no container.
  llvm::Expected<MappedElement> mapElement(clang::QualType T);

  clang::ASTContext &Ctx;
};

} // namespace opgen

#endif // OPGEN_LIB_TYPEMAPPER_H
