//===- opgen/runtime_cuda.h - Helpers for generated CUDA wrappers --*- C++ -*-===//
///
/// \file
/// What every generated CUDA kernel wrapper does before calling the kernel:
/// check that all tensor arguments live on one CUDA device (naming the op and
/// the argument when they do not) and make that device current for the call.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_RUNTIME_CUDA_H
#define OPGEN_RUNTIME_CUDA_H

#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/util/Exception.h>

#include <initializer_list>
#include <optional>

namespace opgen::rt {

/// One named tensor-like argument of an op (a tensor, an optional tensor or
/// a list of them), viewed without copying.
class TensorArg {
public:
  TensorArg(const char *Name, const at::Tensor &T) : Name(Name), Single(&T) {}
  TensorArg(const char *Name, const std::optional<at::Tensor> &T)
      : Name(Name), Single(T.has_value() ? &*T : nullptr) {}
  TensorArg(const char *Name, at::TensorList L) : Name(Name), List(L) {}
  TensorArg(const char *Name, const std::optional<at::TensorList> &L)
      : Name(Name), List(L.value_or(at::TensorList())) {}
  TensorArg(const char *Name, const c10::List<std::optional<at::Tensor>> &L)
      : Name(Name), OptionalList(&L) {}

  template <class F> void forEach(F &&Visit) const {
    if (Single)
      Visit(*Single);
    for (const at::Tensor &T : List)
      Visit(T);
    if (OptionalList)
      for (std::optional<at::Tensor> T : *OptionalList)
        if (T.has_value())
          Visit(*T);
  }

  const char *Name;

private:
  const at::Tensor *Single = nullptr;
  at::TensorList List;
  const c10::List<std::optional<at::Tensor>> *OptionalList = nullptr;
};

/// The CUDA device all defined tensors in \p Args are on, or nullopt when
/// there are none. Throws (TORCH_CHECK) naming \p Op and the argument when a
/// tensor is not on CUDA or the tensors are on different devices.
inline std::optional<c10::Device>
common_cuda_device(const char *Op, std::initializer_list<TensorArg> Args) {
  std::optional<c10::Device> Device;
  const char *First = nullptr;
  for (const TensorArg &Arg : Args) {
    Arg.forEach([&](const at::Tensor &T) {
      if (!T.defined())
        return;
      TORCH_CHECK(T.is_cuda(), Op, ": expected argument '", Arg.Name,
                  "' to be a CUDA tensor, but it is on ", T.device());
      if (!Device) {
        Device = T.device();
        First = Arg.Name;
        return;
      }
      TORCH_CHECK(T.device() == *Device, Op,
                  ": expected all tensor arguments on one CUDA device, but '",
                  First, "' is on ", *Device, " and '", Arg.Name, "' is on ",
                  T.device());
    });
  }
  return Device;
}

} // namespace opgen::rt

#endif // OPGEN_RUNTIME_CUDA_H
