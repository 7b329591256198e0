//===- CppTypes.h - The dispatcher's C++ calling convention -----*- C++ -*-===//
///
/// \file
/// Schema types as the C++ types the PyTorch dispatcher passes and returns,
/// the signatures of generated kernels, the expressions that hand a
/// dispatcher argument to an annotated kernel, and synthesised fakes as C++
/// expressions.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_EMIT_API_CPPTYPES_H
#define OPGEN_EMIT_API_CPPTYPES_H

#include "opgen/model/Model.h"

#include <string>
#include <vector>

namespace opgen {

/// The C++ type of one value of schema base type \p B (`at::Tensor`,
/// `int64_t`, `c10::string_view`, ...).
std::string cppElementType(BaseType B);

/// The C++ argument type the dispatcher uses for schema type \p T.
std::string cppArgumentType(const Type &T, bool Mutated);

/// The C++ return type of \p S: `void`, one type, or a `std::tuple`.
std::string cppReturnType(const OpSchema &S);

struct CppParameter {
  std::string Type;
  std::string Name;
};

/// The dispatcher's C++ signature of a schema: what generated wrappers,
/// Autograd kernels and the ops header take and return.
struct CppSignature {
  std::string Return;
  std::vector<CppParameter> Params;

  /// `const at::Tensor& pic, c10::IntArrayRef box`, or the types alone.
  std::string parameters(bool WithNames) const;
  /// `ret name(params)`: a function of this signature, as declared and
  /// defined.
  std::string declaration(const std::string &Name) const;
  /// `ret(types)`: the function type, as `.typed<...>()` takes it.
  std::string functionType() const;
};

CppSignature cppSignature(const OpSchema &S);

/// `ret name(params)`: a generated kernel function with the dispatcher's C++
/// types for \p S (wrappers, Autograd kernels), as declared and defined.
std::string kernelSignature(const OpSchema &S, const std::string &Name);

/// `opgen::rt::concrete(<name>, __FILE__, __LINE__)`: a SymInt (or list,
/// or optional) argument made concrete for a function that takes int64_t.
std::string concreteInt(const std::string &Name);

/// The expression that passes dispatcher argument \p A to a kernel that takes
/// it as \p P.
std::string convertArgument(const Argument &A, const CppParam &P);

/// The owning type a non-tensor argument is read back as from an autograd
/// context's saved_data.
std::string savedValueType(const Type &T);

/// The C++ expression of a synthesised fake's output (`at::empty_symint(...)`,
/// `at::empty_like(...)` or an argument).
std::string cppFakeOutput(const FakeOutput &O);

/// What a classic forward saves for a backward parameter bound to metadata
/// of the tensor \p Tensor (`bind="n=x.size(0)"`): a SymInt where the
/// backward's schema says SymInt (\p Ty), so no size is specialised.
std::string cppBoundMetadata(const std::string &Tensor, const BackwardInput &In,
                             const Type &Ty);

} // namespace opgen

#endif // OPGEN_EMIT_API_CPPTYPES_H
