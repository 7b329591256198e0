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

/// The API a C++ type belongs to; lower combines a signature's into
/// Kernel::Abi (docs/types.md#stable-abi-types).
enum class TypeAbi {
  Neutral, ///< Plain C++ or a type both APIs share (`int64_t`, `std::string`,
           ///< `std::vector<int64_t>`, the c10/headeronly enums).
  Classic, ///< ATen/c10 (`at::Tensor`, `c10::ArrayRef`, `c10::SymInt`, ...).
  Stable,  ///< PyTorch's stable ABI (`torch::stable::Tensor`,
           ///< `torch::stable::Device`, `torch::headeronly::HeaderOnlyArrayRef`).
};

/// What a type says about the kernel's API.
struct AbiMark {
  TypeAbi Abi = TypeAbi::Neutral;
  /// Classic: what a stable kernel writes instead (the MixedAbiSignature
  /// hint). Neutral: non-empty when the stable ABI cannot carry the type,
  /// the UnsupportedType hint for a stable kernel.
  std::string StableHint;
};

struct MappedParam {
  Type SchemaType;
  CppParam Cpp;
  AbiMark Mark;
};

struct MappedReturn {
  std::vector<Return> Returns; ///< Zero (void) or more.
  bool Reference = false;      ///< `at::Tensor&` or a tuple of them (out form).
  AbiMark Mark;
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
    AbiMark Mark = {};
  };

  /// A non-reference, non-optional value type.
  llvm::Expected<MappedParam> mapValue(clang::QualType T);
  /// A single value: no container.
  llvm::Expected<MappedElement> mapElement(clang::QualType T);
  llvm::Expected<MappedReturn>
  mapReferenceReturn(const clang::LValueReferenceType *Ref);
  llvm::Expected<MappedReturn> mapTupleReturn(const clang::RecordDecl *RD);
  std::optional<DefaultValue> renderListDefault(const clang::InitListExpr *Init,
                                                const Type &T);
  std::optional<DefaultValue> renderScalarDefault(const clang::Expr *E,
                                                  const Type &T);

  clang::ASTContext &Ctx;
};

} // namespace opgen

#endif // OPGEN_LIB_TYPEMAPPER_H
