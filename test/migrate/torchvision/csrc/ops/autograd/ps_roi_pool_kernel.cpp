// torchvision's ops/autograd/ps_roi_pool_kernel.cpp: ps_roi_pool's Autograd
// kernel, a torch::autograd::Function that saves rois, the channel_mapping
// output and the input's sizes, and whose backward calls the backward op
// with the output's gradient; channel_mapping has none.
#include "../ps_roi_pool.h"

#include <torch/autograd.h>
#include <torch/library.h>

namespace vision {
namespace ops {

namespace {

class PSROIPoolFunction : public torch::autograd::Function<PSROIPoolFunction> {
 public:
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::Variable& input,
      const torch::autograd::Variable& rois, double spatial_scale,
      c10::SymInt pooled_height, c10::SymInt pooled_width) {
    ctx->saved_data["spatial_scale"] = spatial_scale;
    ctx->saved_data["pooled_height"] = pooled_height;
    ctx->saved_data["pooled_width"] = pooled_width;
    ctx->saved_data["input_shape"] = input.sym_sizes();
    at::AutoDispatchBelowADInplaceOrView g;
    auto result = ps_roi_pool_symint(input, rois, spatial_scale, pooled_height,
                                     pooled_width);
    auto output = std::get<0>(result);
    auto channel_mapping = std::get<1>(result);
    ctx->save_for_backward({rois, channel_mapping});
    ctx->mark_non_differentiable({channel_mapping});
    return {output, channel_mapping};
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::variable_list& grad_output) {
    auto saved = ctx->get_saved_variables();
    auto rois = saved[0];
    auto channel_mapping = saved[1];
    auto input_shape = ctx->saved_data["input_shape"].toList();
    auto grad_in = detail::_ps_roi_pool_backward_symint(
        grad_output[0], rois, channel_mapping,
        ctx->saved_data["spatial_scale"].toDouble(),
        ctx->saved_data["pooled_height"].toSymInt(),
        ctx->saved_data["pooled_width"].toSymInt(),
        input_shape[0].get().toSymInt(), input_shape[1].get().toSymInt(),
        input_shape[2].get().toSymInt(), input_shape[3].get().toSymInt());
    return {grad_in,
            torch::autograd::Variable(),
            torch::autograd::Variable(),
            torch::autograd::Variable(),
            torch::autograd::Variable()};
  }
};

std::tuple<at::Tensor, at::Tensor> ps_roi_pool_autograd(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width) {
  auto result = PSROIPoolFunction::apply(input, rois, spatial_scale,
                                         pooled_height, pooled_width);
  return std::make_tuple(result[0], result[1]);
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, Autograd, m) {
  m.impl(TORCH_SELECTIVE_NAME("torchvision::ps_roi_pool"),
         TORCH_FN(ps_roi_pool_autograd));
}

} // namespace ops
} // namespace vision
