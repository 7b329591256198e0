#include "../conv.h"

#include <torch/autograd.h>
#include <torch/types.h>

#include <utility>

namespace vision {
namespace ops {

namespace {

class ConvFunction : public torch::autograd::Function<ConvFunction> {
 public:
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::Variable& input,
      const torch::autograd::Variable& weight,
      const torch::autograd::Variable& bias,
      const c10::SymInt& stride) {
    at::AutoDispatchBelowADInplaceOrView g;
    auto output = conv_symint(input, weight, bias, stride);

    ctx->save_for_backward({input, weight, bias});
    ctx->saved_data["stride"] = stride;

    return {
        output,
    };
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::variable_list& grad_output) {
    auto saved = ctx->get_saved_variables();
    auto input = saved[0];
    auto weight = saved[1];
    auto bias = saved[2];

    auto stride = ctx->saved_data["stride"].toSymInt();

    auto grads = detail::_conv_backward_symint(
        grad_output[0], input, weight, bias, stride);
    auto grad_input = std::get<0>(grads);
    auto grad_weight = std::get<1>(grads);
    auto grad_bias = std::get<2>(grads);

    return {
        grad_input,
        grad_weight,
        grad_bias,
        torch::autograd::Variable(),
    };
  }
};

// TODO: There should be an easier way to do this
class ConvBackwardFunction
    : public torch::autograd::Function<ConvBackwardFunction> {
 public:
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::Variable& grad,
      const torch::autograd::Variable& input,
      const torch::autograd::Variable& weight,
      const torch::autograd::Variable& bias,
      c10::SymInt stride) {
    at::AutoDispatchBelowADInplaceOrView g;
    auto result = detail::_conv_backward_symint(
        grad, input, weight, bias, std::move(stride));

    auto grad_input = std::get<0>(result);
    auto grad_weight = std::get<1>(result);
    auto grad_bias = std::get<2>(result);

    return {
        grad_input,
        grad_weight,
        grad_bias,
    };
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::variable_list& grad_output) {
    TORCH_CHECK(0, "double backwards on conv not supported");
  }
};

at::Tensor conv_autograd(
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor& bias,
    c10::SymInt stride) {
  return ConvFunction::apply(input, weight, bias, stride)[0];
}

std::tuple<at::Tensor, at::Tensor, at::Tensor> conv_backward_autograd(
    const at::Tensor& grad,
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor& bias,
    c10::SymInt stride) {
  auto result = ConvBackwardFunction::apply(grad, input, weight, bias, stride);

  return std::make_tuple(result[0], result[1], result[2]);
}

} // namespace

TORCH_LIBRARY_IMPL(tvr, Autograd, m) {
  m.impl(
      TORCH_SELECTIVE_NAME("tvr::conv"),
      TORCH_FN(conv_autograd));
  m.impl(
      TORCH_SELECTIVE_NAME("tvr::_conv_backward"),
      TORCH_FN(conv_backward_autograd));
}

} // namespace ops
} // namespace vision
