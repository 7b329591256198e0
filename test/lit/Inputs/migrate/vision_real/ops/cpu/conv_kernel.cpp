#include <ATen/ATen.h>
#include <torch/library.h>

namespace vision {
namespace ops {

namespace {

at::Tensor conv_forward_kernel(
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor& bias,
    int64_t stride) {
  TORCH_CHECK(input.ndimension() == 4);
  at::Tensor output = at::zeros(
      {input.size(0), weight.size(0), input.size(2) / stride, input.size(3) / stride},
      input.options());
  return output;
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> conv_backward_kernel(
    const at::Tensor& grad,
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor& bias,
    int64_t stride) {
  at::Tensor grad_input = at::zeros_like(input);
  at::Tensor grad_weight = at::zeros_like(weight);
  at::Tensor grad_bias = at::zeros_like(bias);
  return std::make_tuple(grad_input, grad_weight, grad_bias);
}

} // namespace

TORCH_LIBRARY_IMPL(tvr, CPU, m) {
  m.impl(
      TORCH_SELECTIVE_NAME("tvr::conv"),
      TORCH_FN(conv_forward_kernel));
  m.impl(
      TORCH_SELECTIVE_NAME("tvr::_conv_backward"),
      TORCH_FN(conv_backward_kernel));
}

} // namespace ops
} // namespace vision
