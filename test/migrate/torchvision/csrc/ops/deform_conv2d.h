#pragma once

#include <ATen/ATen.h>

namespace vision {
namespace ops {

// C++ API: calls the op through the dispatcher.
at::Tensor deform_conv2d(const at::Tensor& input, const at::Tensor& weight,
                         const at::Tensor& offset, const at::Tensor& mask,
                         const at::Tensor& bias, int64_t stride_h,
                         int64_t stride_w, int64_t pad_h, int64_t pad_w,
                         int64_t dilation_h, int64_t dilation_w,
                         int64_t groups, int64_t offset_groups,
                         bool use_mask);

} // namespace ops
} // namespace vision
