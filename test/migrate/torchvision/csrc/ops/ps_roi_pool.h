#pragma once

#include <ATen/ATen.h>

#include <tuple>

namespace vision {
namespace ops {

// C++ API: calls the ops through the dispatcher.
std::tuple<at::Tensor, at::Tensor> ps_roi_pool_symint(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width);

namespace detail {

at::Tensor _ps_roi_pool_backward_symint(
    const at::Tensor& grad, const at::Tensor& rois,
    const at::Tensor& channel_mapping, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width,
    c10::SymInt batch_size, c10::SymInt channels, c10::SymInt height,
    c10::SymInt width);

} // namespace detail

} // namespace ops
} // namespace vision
