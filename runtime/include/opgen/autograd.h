//===- opgen/autograd.h - Helpers for generated Autograd kernels ---*- C++ -*-===//
///
/// \file
/// What the generated torch::autograd::Functions (autograd.cpp) share:
/// passing undefined tensors ("no gradient") through Function::apply, and
/// the `output_mask` a backward may take.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_AUTOGRAD_H
#define OPGEN_AUTOGRAD_H

#include <torch/csrc/autograd/custom_function.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace opgen::rt {

/// Function::apply wraps every output of a forward into the autograd graph,
/// and an undefined tensor cannot be wrapped (`get_autograd_meta() on
/// undefined tensor`). A backward op returns undefined tensors for the
/// gradients it does not compute, so its Function returns only the defined
/// outputs; \p Defined records which they were, for put_back.
inline torch::autograd::variable_list
defined_only(const torch::autograd::variable_list &All, std::vector<bool> &Defined) {
  Defined.clear();
  torch::autograd::variable_list Some;
  for (const at::Tensor &T : All) {
    Defined.push_back(T.defined());
    if (T.defined())
      Some.push_back(T);
  }
  return Some;
}

/// The inverse of defined_only: \p Some in the places \p Defined marks,
/// undefined tensors elsewhere. Also maps the gradients of a Function's
/// defined outputs back to all outputs.
inline torch::autograd::variable_list
put_back(const torch::autograd::variable_list &Some, const std::vector<bool> &Defined) {
  torch::autograd::variable_list All;
  size_t Next = 0;
  for (bool D : Defined)
    All.push_back(D && Next < Some.size() ? Some[Next++] : at::Tensor());
  TORCH_CHECK(Next == Some.size(), "opgen: ", Some.size(),
              " tensors for ", Next, " defined outputs");
  return All;
}

/// The gradient a backward returned for an optional tensor input: none when
/// the input was absent (autograd rejects a gradient for an input that was
/// not a tensor), whatever the backward returned.
inline at::Tensor grad_if(bool Present, at::Tensor Grad) {
  return Present ? std::move(Grad) : at::Tensor();
}

/// The flags of defined_only as a saved_data value, and back.
inline c10::IValue flags(const std::vector<bool> &Flags) {
  c10::List<bool> List;
  for (bool F : Flags)
    List.push_back(F);
  return List;
}
inline std::vector<bool> flags(const c10::IValue &Saved) {
  std::vector<bool> Flags;
  for (bool F : Saved.toBoolList())
    Flags.push_back(F);
  return Flags;
}

/// The `output_mask` of a backward: for each tensor input of the forward,
/// whether this backward pass needs its gradient. \p Edges holds each tensor
/// input's autograd edge (Function::apply numbers only the defined tensors),
/// or -1 for an undefined optional tensor, which needs none.
template <size_t N>
std::array<bool, N> output_mask(const torch::autograd::AutogradContext *Ctx,
                                const std::vector<int64_t> &Edges) {
  TORCH_CHECK(Edges.size() == N, "opgen: ", Edges.size(),
              " autograd edges for an output_mask of ", N);
  std::array<bool, N> Mask{};
  for (size_t I = 0; I < N; ++I)
    Mask[I] = Edges[I] >= 0 && Ctx->needs_input_grad(static_cast<size_t>(Edges[I]));
  return Mask;
}

} // namespace opgen::rt

#endif // OPGEN_AUTOGRAD_H
