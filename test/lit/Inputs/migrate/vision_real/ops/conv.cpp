#include "conv.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>
#include <torch/types.h>

namespace vision {
namespace ops {

at::Tensor conv_symint(
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor& bias,
    c10::SymInt stride) {
  C10_LOG_API_USAGE_ONCE("torchvision.csrc.ops.conv.conv");
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("tvr::conv", "")
                       .typed<decltype(conv_symint)>();
  return op.call(input, weight, bias, stride);
}

namespace detail {

std::tuple<at::Tensor, at::Tensor, at::Tensor> _conv_backward_symint(
    const at::Tensor& grad,
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor& bias,
    c10::SymInt stride) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("tvr::_conv_backward", "")
                       .typed<decltype(_conv_backward_symint)>();
  return op.call(grad, input, weight, bias, stride);
}

} // namespace detail

TORCH_LIBRARY_FRAGMENT(tvr, m) {
  m.def(TORCH_SELECTIVE_SCHEMA(
      "tvr::conv(Tensor input, Tensor weight, Tensor bias, SymInt stride) -> Tensor"));
  m.def(TORCH_SELECTIVE_SCHEMA(
      "tvr::_conv_backward(Tensor grad, Tensor input, Tensor weight, Tensor bias, SymInt stride) -> (Tensor, Tensor, Tensor)"));
}

} // namespace ops
} // namespace vision
