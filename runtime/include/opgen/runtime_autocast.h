//===- opgen/runtime_autocast.h - Helpers for generated Autocast kernels -*- C++ -*-===//
///
/// \file
/// What a generated Autocast kernel (`autocast="float32"`) does around the
/// call of its op: remember the dtype of the first floating tensor input,
/// cast floating tensor inputs to the autocast dtype (torch's
/// `at::autocast::cached_cast`: tensors of the autocast device that are
/// floating and not double), and cast floating outputs back to the
/// remembered dtype.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_RUNTIME_AUTOCAST_H
#define OPGEN_RUNTIME_AUTOCAST_H

#include <ATen/autocast_mode.h>
#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>

#include <optional>
#include <tuple>
#include <utility>
#include <vector>

namespace opgen::rt {

/// Sets \p Dtype to the dtype of \p T when none is set yet and \p T is a
/// defined floating tensor.
inline void note_floating_dtype(std::optional<at::ScalarType> &Dtype,
                                const at::Tensor &T) {
  if (!Dtype && T.defined() && T.is_floating_point())
    Dtype = T.scalar_type();
}
inline void note_floating_dtype(std::optional<at::ScalarType> &Dtype,
                                const std::optional<at::Tensor> &T) {
  if (T)
    note_floating_dtype(Dtype, *T);
}
inline void note_floating_dtype(std::optional<at::ScalarType> &Dtype,
                                at::TensorList L) {
  for (const at::Tensor &T : L)
    note_floating_dtype(Dtype, T);
}
inline void note_floating_dtype(std::optional<at::ScalarType> &Dtype,
                                const std::optional<at::TensorList> &L) {
  if (L)
    note_floating_dtype(Dtype, *L);
}
inline void note_floating_dtype(std::optional<at::ScalarType> &Dtype,
                                const c10::List<std::optional<at::Tensor>> &L) {
  for (std::optional<at::Tensor> T : L)
    note_floating_dtype(Dtype, T);
}

/// A tensor-like input cast for the autocast dtype \p To on \p Device.
inline at::Tensor autocast_input(at::ScalarType To, const at::Tensor &T,
                                 c10::DeviceType Device) {
  return at::autocast::cached_cast(To, T, Device);
}
inline std::optional<at::Tensor>
autocast_input(at::ScalarType To, const std::optional<at::Tensor> &T,
               c10::DeviceType Device) {
  return at::autocast::cached_cast(To, T, Device);
}
inline std::vector<at::Tensor> autocast_input(at::ScalarType To, at::TensorList L,
                                              c10::DeviceType Device) {
  return at::autocast::cached_cast(To, L, Device);
}
/// Owns the cast list; converts to the `std::optional<at::TensorList>` the
/// op takes, which views it (alive until the end of the call's statement).
struct CastTensorList {
  std::optional<std::vector<at::Tensor>> Items;
  operator std::optional<at::TensorList>() const {
    if (!Items)
      return std::nullopt;
    return at::TensorList(*Items);
  }
};
inline CastTensorList autocast_input(at::ScalarType To,
                                     const std::optional<at::TensorList> &L,
                                     c10::DeviceType Device) {
  if (!L)
    return {};
  return {at::autocast::cached_cast(To, *L, Device)};
}
inline c10::List<std::optional<at::Tensor>>
autocast_input(at::ScalarType To, const c10::List<std::optional<at::Tensor>> &L,
               c10::DeviceType Device) {
  c10::List<std::optional<at::Tensor>> Out;
  Out.reserve(L.size());
  for (std::optional<at::Tensor> T : L)
    Out.push_back(at::autocast::cached_cast(To, T, Device));
  return Out;
}

/// An output cast back to \p Dtype when it is a defined floating tensor of
/// another dtype; anything else unchanged.
template <class T> T autocast_output(T Value, std::optional<at::ScalarType>) {
  return Value;
}
inline at::Tensor autocast_output(at::Tensor T, std::optional<at::ScalarType> Dtype) {
  if (Dtype && T.defined() && T.is_floating_point() && T.scalar_type() != *Dtype)
    return T.to(*Dtype);
  return T;
}
inline std::vector<at::Tensor> autocast_output(std::vector<at::Tensor> L,
                                               std::optional<at::ScalarType> Dtype) {
  for (at::Tensor &T : L)
    T = autocast_output(std::move(T), Dtype);
  return L;
}
template <class... T>
std::tuple<T...> autocast_output(std::tuple<T...> Values,
                                 std::optional<at::ScalarType> Dtype) {
  return std::apply(
      [&](auto &&...V) {
        return std::tuple<T...>(autocast_output(std::move(V), Dtype)...);
      },
      std::move(Values));
}

} // namespace opgen::rt

#endif // OPGEN_RUNTIME_AUTOCAST_H
