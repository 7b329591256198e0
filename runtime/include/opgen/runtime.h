//===- opgen/runtime.h - Helpers for generated wrappers ------------*- C++ -*-===//
///
/// \file
/// Conversions that generated kernel wrappers use between the dispatcher's
/// C++ types (c10::ArrayRef, at::OptionalIntArrayRef, c10::SymInt, ...) and
/// the owning types kernels may take instead (std::vector, std::string,
/// int64_t).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_RUNTIME_H
#define OPGEN_RUNTIME_H

#include <c10/core/SymInt.h>
#include <c10/util/ArrayRef.h>
#include <c10/util/Exception.h>
#include <c10/util/OptionalArrayRef.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace opgen::rt {

/// std::optional<std::vector<T>> from an optional list view.
template <class T>
std::optional<std::vector<T>> to_vector(const c10::OptionalArrayRef<T> &List) {
  if (!List.has_value())
    return std::nullopt;
  return List->vec();
}
template <class T>
std::optional<std::vector<T>> to_vector(const std::optional<c10::ArrayRef<T>> &List) {
  if (!List.has_value())
    return std::nullopt;
  return List->vec();
}

/// An lvalue for a temporary, for kernels that take a non-const reference to
/// a list or optional of tensors; it lives until the end of the call.
template <class T> T &lvalue(T &&Temporary) { return Temporary; }

/// std::optional<std::string> from an optional string view.
inline std::optional<std::string> to_string(const std::optional<std::string_view> &S) {
  if (!S.has_value())
    return std::nullopt;
  return std::string(*S);
}

/// The concrete value of a SymInt for a kernel that takes int64_t.
inline int64_t concrete(const c10::SymInt &V, const char *File, int64_t Line) {
  return V.guard_int(File, Line);
}
inline std::optional<int64_t> concrete(const std::optional<c10::SymInt> &V,
                                       const char *File, int64_t Line) {
  if (!V.has_value())
    return std::nullopt;
  return V->guard_int(File, Line);
}
inline std::vector<int64_t> concrete(c10::SymIntArrayRef V, const char *File,
                                     int64_t Line) {
  std::vector<int64_t> Out;
  Out.reserve(V.size());
  for (const c10::SymInt &I : V)
    Out.push_back(I.guard_int(File, Line));
  return Out;
}
inline std::optional<std::vector<int64_t>>
concrete(const at::OptionalSymIntArrayRef &V, const char *File, int64_t Line) {
  if (!V.has_value())
    return std::nullopt;
  return concrete(*V, File, Line);
}

/// Sizes as SymInts, for the Meta kernels opgen synthesises.
inline std::vector<c10::SymInt> sym_list(c10::IntArrayRef V) {
  return std::vector<c10::SymInt>(V.begin(), V.end());
}
inline std::vector<c10::SymInt> sym_list(c10::SymIntArrayRef V) {
  return V.vec();
}

/// \p Sizes with item \p Index (negative: from the end) replaced by
/// \p Value: a synthesised fake's `out_shape[i] = v` / `out_shape.back() = v`.
inline std::vector<c10::SymInt> with_item(c10::SymIntArrayRef Sizes,
                                          int64_t Index, c10::SymInt Value) {
  std::vector<c10::SymInt> Out = Sizes.vec();
  const int64_t N = static_cast<int64_t>(Out.size());
  TORCH_CHECK(Index >= -N && Index < N, "index ", Index,
              " is out of range for sizes of length ", N);
  Out[Index < 0 ? Index + N : Index] = std::move(Value);
  return Out;
}

} // namespace opgen::rt

#endif // OPGEN_RUNTIME_H
