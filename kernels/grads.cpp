// Two ops of the bundled `mylib` library for the corners of the backward
// contract (docs/autograd.md), written with ATen ops as composite kernels
// (one kernel for every device and for fake tensors):
//   * gated  - a backward that returns an undefined tensor, "no gradient",
//              for an input (the gate, whose gradient is zero wherever it is
//              defined), with a double backward that does the same;
//   * affine - optional weight and bias, and a backward that takes ATen's
//              `bool[3] output_mask` and computes only the gradients asked
//              for (undefined for the others).
#include <opgen/opgen.h>

#include <ATen/ATen.h>

#include <array>
#include <optional>
#include <tuple>

namespace {

// gated(x, gate) -> x where gate > 0, else 0, a fresh contiguous tensor.
// x and gate broadcast.
[[custom_op("mylib::gated", device="default")]]
at::Tensor gated(const at::Tensor& x, const at::Tensor& gate) {
  return (x * (gate > 0).to(x.scalar_type())).contiguous();
}

// The gate's gradient is zero wherever it is defined: none is returned.
[[custom_op_backward("mylib::gated", device="default")]]
std::tuple<at::Tensor, at::Tensor> gated_backward(const at::Tensor& grad,
                                                  const at::Tensor& gate) {
  return {(grad * (gate > 0).to(grad.scalar_type())).contiguous(), at::Tensor()};
}

// gated_backward's own backward (gated's double backward): gated_backward is
// linear in grad, with the same gate; again no gradient for the gate. Its
// Autograd kernel passes gated_backward's undefined output through too.
[[custom_op_backward("mylib::gated_backward", device="default")]]
std::tuple<at::Tensor, at::Tensor> gated_backward_backward(const at::Tensor& grad_0,
                                                           const at::Tensor& gate) {
  return {(grad_0 * (gate > 0).to(grad_0.scalar_type())).contiguous(), at::Tensor()};
}

// affine(x, weight=None, bias=None) -> x * weight + bias, weight and bias of
// shape (C,) over the last dimension of x (C); a missing one is 1 (0).
[[custom_op("mylib::affine", device="default")]]
at::Tensor affine(const at::Tensor& x,
                  const std::optional<at::Tensor>& weight = std::nullopt,
                  const std::optional<at::Tensor>& bias = std::nullopt) {
  at::Tensor y = weight ? x * *weight : x.clone(at::MemoryFormat::Contiguous);
  if (bias)
    y = y + *bias;
  return y.contiguous();
}

// affine's gradients, each only when output_mask asks for it: output_mask[i]
// is whether tensor input i (x, weight, bias) needs its gradient.
[[custom_op_backward("mylib::affine", device="default")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor> affine_backward(
    const at::Tensor& grad, const at::Tensor& x,
    const std::optional<at::Tensor>& weight, std::array<bool, 3> output_mask) {
  at::Tensor grad_x, grad_weight, grad_bias;
  const int64_t channels = x.size(-1);
  if (output_mask[0])
    grad_x = (weight ? grad * *weight : grad.clone()).contiguous();
  if (output_mask[1])
    grad_weight = (grad * x).reshape({-1, channels}).sum(0);
  if (output_mask[2])
    grad_bias = grad.reshape({-1, channels}).sum(0);
  return {grad_x, grad_weight, grad_bias};
}

} // namespace
