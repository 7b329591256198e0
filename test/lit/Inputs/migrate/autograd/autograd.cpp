// The Autograd kernels, as torchvision writes them: roi_align's Function
// saves rois and the input's sizes and calls the backward op, whose own
// Function refuses double backward; ps_roi_pool's saves its second output
// (channel_mapping, marked non-differentiable); scale's backward computes
// its gradient itself.
#include "ops.h"

#include <torch/autograd.h>
#include <torch/library.h>

namespace vision {
namespace ops {

namespace {

class ROIAlignFunction : public torch::autograd::Function<ROIAlignFunction> {
 public:
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::Variable& input,
      const torch::autograd::Variable& rois, double spatial_scale,
      c10::SymInt pooled_height, c10::SymInt pooled_width,
      int64_t sampling_ratio, bool aligned) {
    ctx->saved_data["spatial_scale"] = spatial_scale;
    ctx->saved_data["pooled_height"] = pooled_height;
    ctx->saved_data["pooled_width"] = pooled_width;
    ctx->saved_data["sampling_ratio"] = sampling_ratio;
    ctx->saved_data["aligned"] = aligned;
    ctx->saved_data["input_shape"] = input.sym_sizes();
    ctx->save_for_backward({rois});
    at::AutoDispatchBelowADInplaceOrView g;
    auto result = roi_align_symint(input, rois, spatial_scale, pooled_height,
                                   pooled_width, sampling_ratio, aligned);
    return {result};
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::variable_list& grad_output) {
    auto saved = ctx->get_saved_variables();
    auto rois = saved[0];
    auto input_shape = ctx->saved_data["input_shape"].toList();
    auto grad_in = detail::_roi_align_backward_symint(
        grad_output[0], rois, ctx->saved_data["spatial_scale"].toDouble(),
        ctx->saved_data["pooled_height"].toSymInt(),
        ctx->saved_data["pooled_width"].toSymInt(),
        input_shape[0].get().toSymInt(), input_shape[1].get().toSymInt(),
        input_shape[2].get().toSymInt(), input_shape[3].get().toSymInt(),
        ctx->saved_data["sampling_ratio"].toInt(),
        ctx->saved_data["aligned"].toBool());
    return {grad_in,
            torch::autograd::Variable(),
            torch::autograd::Variable(),
            torch::autograd::Variable(),
            torch::autograd::Variable(),
            torch::autograd::Variable(),
            torch::autograd::Variable()};
  }
};

class ROIAlignBackwardFunction
    : public torch::autograd::Function<ROIAlignBackwardFunction> {
 public:
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::Variable& grad,
      const torch::autograd::Variable& rois, double spatial_scale,
      c10::SymInt pooled_height, c10::SymInt pooled_width,
      c10::SymInt batch_size, c10::SymInt channels, c10::SymInt height,
      c10::SymInt width, int64_t sampling_ratio, bool aligned) {
    at::AutoDispatchBelowADInplaceOrView g;
    auto result = detail::_roi_align_backward_symint(
        grad, rois, spatial_scale, pooled_height, pooled_width, batch_size,
        channels, height, width, sampling_ratio, aligned);
    return {result};
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::variable_list& grad_output) {
    TORCH_CHECK(0, "double backwards on roi_align not supported");
  }
};

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

class ScaleFunction : public torch::autograd::Function<ScaleFunction> {
 public:
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::Variable& x, double factor) {
    ctx->saved_data["factor"] = factor;
    at::AutoDispatchBelowADInplaceOrView g;
    auto result = scale(x, factor);
    return {result};
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::variable_list& grad_output) {
    return {grad_output[0] * ctx->saved_data["factor"].toDouble(),
            torch::autograd::Variable()};
  }
};

at::Tensor roi_align_autograd(const at::Tensor& input, const at::Tensor& rois,
                              double spatial_scale, c10::SymInt pooled_height,
                              c10::SymInt pooled_width, int64_t sampling_ratio,
                              bool aligned) {
  return ROIAlignFunction::apply(input, rois, spatial_scale, pooled_height,
                                 pooled_width, sampling_ratio, aligned)[0];
}

at::Tensor roi_align_backward_autograd(
    const at::Tensor& grad, const at::Tensor& rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width,
    c10::SymInt batch_size, c10::SymInt channels, c10::SymInt height,
    c10::SymInt width, int64_t sampling_ratio, bool aligned) {
  return ROIAlignBackwardFunction::apply(grad, rois, spatial_scale,
                                         pooled_height, pooled_width,
                                         batch_size, channels, height, width,
                                         sampling_ratio, aligned)[0];
}

std::tuple<at::Tensor, at::Tensor> ps_roi_pool_autograd(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width) {
  auto result = PSROIPoolFunction::apply(input, rois, spatial_scale,
                                         pooled_height, pooled_width);
  return std::make_tuple(result[0], result[1]);
}

at::Tensor scale_autograd(const at::Tensor& x, double factor) {
  return ScaleFunction::apply(x, factor)[0];
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, Autograd, m) {
  m.impl("roi_align", TORCH_FN(roi_align_autograd));
  m.impl("_roi_align_backward", TORCH_FN(roi_align_backward_autograd));
  m.impl("ps_roi_pool", TORCH_FN(ps_roi_pool_autograd));
  m.impl("scale", TORCH_FN(scale_autograd));
}

} // namespace ops
} // namespace vision
