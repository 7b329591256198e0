//===- Schema.h - The operator schema model ---------------------*- C++ -*-===//
///
/// \file
/// A plain-data model of a PyTorch operator schema
/// (`ns::name.overload(Tensor(a!) x, int n=1) -> Tensor`), its printer and its
/// parser. The law this model obeys: for every schema string `S` that
/// `torch._C.parse_schema` accepts, `print(parse(S))` equals
/// `str(torch._C.parse_schema(S))`, and `parse(print(M)) == M`.
///
/// Nothing here knows about Clang.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_SCHEMA_H
#define OPGEN_SCHEMA_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace opgen {

/// The element types a schema can name.
enum class BaseType {
  Tensor,
  Int,
  SymInt,
  Float,
  Bool,
  Str,
  Scalar,
  ScalarType,
  Layout,
  MemoryFormat,
  Device,
  Generator,
};

/// Spelling of \p B in a schema (`Tensor`, `int`, `SymInt`, `float`, ...).
std::string_view baseTypeName(BaseType B);

/// An alias annotation: `(a!)`, `(a)`, `(a -> *)`, or the bare write marker
/// `!` (no alias set, written `Tensor!`).
struct AliasInfo {
  std::vector<std::string> BeforeSets;
  std::vector<std::string> AfterSets;
  bool IsWrite = false;

  bool operator==(const AliasInfo &O) const {
    return BeforeSets == O.BeforeSets && AfterSets == O.AfterSets &&
           IsWrite == O.IsWrite;
  }
  bool operator!=(const AliasInfo &O) const { return !(*this == O); }
};

/// A schema type. Printed as
///   Base [ElementAlias] [? if ElementOptional] [[N]] [ListAlias] [? if Optional]
/// e.g. `Tensor(a!)?`, `Tensor?[]`, `Tensor(a!)[]`, `int[2]`, `SymInt[]?`.
struct Type {
  BaseType Base = BaseType::Tensor;
  /// Annotation right after the base name: `Tensor(a!)`, `Tensor(a!)[]`.
  std::optional<AliasInfo> ElementAlias;
  /// `Tensor?[]`: the list elements are optional. Only meaningful for lists.
  bool ElementOptional = false;
  bool IsList = false;
  /// `int[2]`: a fixed-size list.
  std::optional<int64_t> FixedSize;
  /// Annotation after the list brackets: `Tensor[](a!)`.
  std::optional<AliasInfo> ListAlias;
  /// The outermost `?`.
  bool Optional = false;

  bool operator==(const Type &O) const;
  bool operator!=(const Type &O) const { return !(*this == O); }

  bool isTensorLike() const { return Base == BaseType::Tensor; }
  /// `Tensor` or `Tensor?`: one tensor, not a list (an op's tensor inputs,
  /// the ones a backward returns gradients for).
  bool isSingleTensor() const { return Base == BaseType::Tensor && !IsList; }
  /// Exactly `Tensor`, with any alias annotation.
  bool isPlainTensor() const { return isSingleTensor() && !Optional; }
  /// The alias annotation wherever it sits, or null.
  const AliasInfo *alias() const {
    return ElementAlias ? &*ElementAlias : ListAlias ? &*ListAlias : nullptr;
  }
  /// Written by the op (`Tensor(a!)`, `Tensor(a!)[]`).
  bool isWritten() const { return alias() && alias()->IsWrite; }
  static Type scalar(BaseType B) {
    Type T;
    T.Base = B;
    return T;
  }
  static Type list(BaseType B) {
    Type T = scalar(B);
    T.IsList = true;
    return T;
  }
};

/// A default value. Lists hold numbers or bools; `None` is std::monostate.
struct DefaultValue {
  using IntList = std::vector<int64_t>;
  using FloatList = std::vector<double>;
  using BoolList = std::vector<bool>;
  std::variant<std::monostate, bool, int64_t, double, std::string, IntList,
               FloatList, BoolList>
      Value;

  bool isNone() const { return std::holds_alternative<std::monostate>(Value); }
  bool operator==(const DefaultValue &O) const;
  bool operator!=(const DefaultValue &O) const { return !(*this == O); }
};

struct Argument {
  std::string Name;
  Type Ty;
  std::optional<DefaultValue> Default;
  bool KwargOnly = false;

  bool operator==(const Argument &O) const {
    return Name == O.Name && Ty == O.Ty && Default == O.Default &&
           KwargOnly == O.KwargOnly;
  }
};

struct Return {
  std::string Name; ///< Usually empty.
  Type Ty;

  bool operator==(const Return &O) const {
    return Name == O.Name && Ty == O.Ty;
  }
};

/// A whole operator schema.
struct OpSchema {
  std::string Namespace; ///< Empty when the schema has no `ns::` prefix.
  std::string Name;
  std::string Overload; ///< Empty for the default overload.
  std::vector<Argument> Arguments;
  std::vector<Return> Returns;

  bool operator==(const OpSchema &O) const {
    return Namespace == O.Namespace && Name == O.Name &&
           Overload == O.Overload && Arguments == O.Arguments &&
           Returns == O.Returns;
  }
  bool operator!=(const OpSchema &O) const { return !(*this == O); }

  /// `ns::name` (no overload).
  std::string qualifiedName() const;
  /// `ns::name.overload`, or `ns::name` for the default overload.
  std::string fullName() const;
};

/// Prints \p T as the schema parser spells it (`Tensor(a!)?`).
std::string printType(const Type &T);
/// Prints \p V the way `str(torch._C.parse_schema(...))` prints a default of
/// type \p T.
std::string printDefault(const DefaultValue &V, const Type &T);
/// Prints one argument: `Tensor(a!) out`, `int n=1`.
std::string printArgument(const Argument &A);
/// Prints the argument list and returns without the name: `(Tensor x) -> Tensor`.
std::string printSignature(const OpSchema &S);
/// Prints the full schema as `str(torch.ops.ns.op.overload._schema)` does.
std::string printSchema(const OpSchema &S);
/// The schema without the `ns::` prefix, as passed to `m.def(...)` inside
/// `TORCH_LIBRARY(ns, m)`.
std::string printSchemaWithoutNamespace(const OpSchema &S);

/// Where and why a schema string failed to parse: the error parseSchema
/// returns. Printed (llvm::toString) as `<offset>: <message>`.
class SchemaParseError : public llvm::ErrorInfo<SchemaParseError> {
public:
  static char ID;
  SchemaParseError(size_t Offset, std::string Message)
      : Offset(Offset), Message(std::move(Message)) {}

  size_t Offset = 0; ///< Of the first character that does not fit.
  std::string Message;

  void log(llvm::raw_ostream &OS) const override;
  std::error_code convertToErrorCode() const override;
};

/// Parses a schema string in the syntax `torch._C.parse_schema` accepts.
/// The error is a SchemaParseError (the first problem found).
llvm::Expected<OpSchema> parseSchema(std::string_view Text);

/// The offset and message of \p E, an error of parseSchema (consumed).
std::pair<size_t, std::string> schemaParseError(llvm::Error E);

/// True when \p S is a valid identifier for an op or argument name.
bool isIdentifier(std::string_view S);

} // namespace opgen

#endif // OPGEN_SCHEMA_H
