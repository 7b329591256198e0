#pragma once

#include <ATen/ATen.h>

namespace vision {
namespace ops {

// C++ API: calls the ops through the dispatcher.
at::Tensor roi_align_symint(const at::Tensor& input, const at::Tensor& rois,
                            double spatial_scale, c10::SymInt pooled_height,
                            c10::SymInt pooled_width, int64_t sampling_ratio,
                            bool aligned);
std::tuple<at::Tensor, at::Tensor> ps_roi_pool_symint(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width);
at::Tensor scale(const at::Tensor& x, double factor);

namespace detail {

at::Tensor _roi_align_backward_symint(
    const at::Tensor& grad, const at::Tensor& rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width,
    c10::SymInt batch_size, c10::SymInt channels, c10::SymInt height,
    c10::SymInt width, int64_t sampling_ratio, bool aligned);
at::Tensor _ps_roi_pool_backward_symint(
    const at::Tensor& grad, const at::Tensor& rois,
    const at::Tensor& channel_mapping, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width,
    c10::SymInt batch_size, c10::SymInt channels, c10::SymInt height,
    c10::SymInt width);
at::Tensor _scale_backward(const at::Tensor& grad, double factor);

} // namespace detail

} // namespace ops
} // namespace vision
