#pragma once

#include <ATen/ATen.h>

namespace vision {
namespace ops {

at::Tensor conv_symint(
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor& bias,
    c10::SymInt stride);

namespace detail {

std::tuple<at::Tensor, at::Tensor, at::Tensor> _conv_backward_symint(
    const at::Tensor& grad,
    const at::Tensor& input,
    const at::Tensor& weight,
    const at::Tensor& bias,
    c10::SymInt stride);

} // namespace detail

} // namespace ops
} // namespace vision
