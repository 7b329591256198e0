// Backward parameters under the names torchvision's kernels give them
// (signatures from torchvision/csrc/ops/cpu/*_kernel.cpp): roi_pool's,
// ps_roi_pool's and ps_roi_align's backward take `grad` (the gradient of
// output 0) and `argmax`/`channel_mapping` (output 1 itself) of two-output
// ops, and the input's sizes; deform_conv2d's takes `grad_out`. `grad` and
// `grad_out` bind to the gradient of the one output no other parameter
// takes; the second output binds by its name from returns=, or, for
// torchvision's unnamed returns, by bind="argmax=result_1".
// RUN: rm -rf %t && opgen %s -o %t --python-package tv 2>&1 | FileCheck %s --allow-empty --check-prefix=STDERR
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=AUTOGRAD --input-file=%t/autograd.cpp
// RUN: %python %inputs/roundtrip.py %t
// STDERR-NOT: error
// STDERR-NOT: warning
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <tuple>

namespace vision {
namespace ops {

// Unnamed returns, as torchvision's schema has them: argmax is bound.
// REG-DAG: m.def("_roi_pool_backward(Tensor grad, Tensor rois, Tensor argmax, float spatial_scale, SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width) -> Tensor");
// REG-DAG: m.def("roi_pool(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width) -> (Tensor, Tensor)");
[[custom_op("vision::roi_pool", symint="pooled_height, pooled_width")]]
std::tuple<at::Tensor, at::Tensor> roi_pool_forward_kernel(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width);

[[custom_op_backward("vision::roi_pool", name="vision::_roi_pool_backward",
    grads="input",
    symint="pooled_height, pooled_width, batch_size, channels, height, width",
    bind="argmax=result_1, batch_size=input.size(0), channels=input.size(1), "
         "height=input.size(2), width=input.size(3)")]]
at::Tensor roi_pool_backward_kernel(
    const at::Tensor& grad, const at::Tensor& rois, const at::Tensor& argmax,
    double spatial_scale, int64_t pooled_height, int64_t pooled_width,
    int64_t batch_size, int64_t channels, int64_t height, int64_t width);

// Named returns: channel_mapping binds by its name.
// REG-DAG: m.def("ps_roi_pool(Tensor input, Tensor rois, float spatial_scale, int pooled_height, int pooled_width) -> (Tensor output, Tensor channel_mapping)");
[[custom_op("vision::ps_roi_pool", returns="output, channel_mapping")]]
std::tuple<at::Tensor, at::Tensor> ps_roi_pool_forward_kernel(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width);

[[custom_op_backward("vision::ps_roi_pool", grads="input",
    bind="batch_size=input.size(0), channels=input.size(1), "
         "height=input.size(2), width=input.size(3)")]]
at::Tensor ps_roi_pool_backward_kernel(
    const at::Tensor& grad, const at::Tensor& rois,
    const at::Tensor& channel_mapping, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width, int64_t batch_size,
    int64_t channels, int64_t height, int64_t width);

[[custom_op("vision::ps_roi_align")]]
std::tuple<at::Tensor, at::Tensor> ps_roi_align_forward_kernel(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width, int64_t sampling_ratio);

[[custom_op_backward("vision::ps_roi_align", grads="input",
    bind="channel_mapping=result_1, batch_size=input.size(0), "
         "channels=input.size(1), height=input.size(2), width=input.size(3)")]]
at::Tensor ps_roi_align_backward_kernel(
    const at::Tensor& grad, const at::Tensor& rois,
    const at::Tensor& channel_mapping, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width, int64_t sampling_ratio,
    int64_t batch_size, int64_t channels, int64_t height, int64_t width);

// One output: grad_out is its gradient.
// REG-DAG: m.def("deform_conv2d_backward(Tensor grad_out, Tensor input, Tensor weight, Tensor offset, Tensor mask, Tensor bias, int stride_h, int stride_w, int pad_h, int pad_w, int dilation_h, int dilation_w, int n_weight_grps, int n_offset_grps, bool use_mask) -> (Tensor, Tensor, Tensor, Tensor, Tensor)");
[[custom_op("vision::deform_conv2d")]]
at::Tensor deform_conv2d_forward_kernel(
    const at::Tensor& input, const at::Tensor& weight, const at::Tensor& offset,
    const at::Tensor& mask, const at::Tensor& bias, int64_t stride_h,
    int64_t stride_w, int64_t pad_h, int64_t pad_w, int64_t dilation_h,
    int64_t dilation_w, int64_t n_weight_grps, int64_t n_offset_grps,
    bool use_mask);

[[custom_op_backward("vision::deform_conv2d")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor>
deform_conv2d_backward_kernel(
    const at::Tensor& grad_out, const at::Tensor& input,
    const at::Tensor& weight, const at::Tensor& offset, const at::Tensor& mask,
    const at::Tensor& bias, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dilation_h, int64_t dilation_w,
    int64_t n_weight_grps, int64_t n_offset_grps, bool use_mask);

// The forward saves output 1 and marks it non-differentiable.
// AUTOGRAD-LABEL: vision_roi_pool
// AUTOGRAD: mark_non_differentiable

} // namespace ops
} // namespace vision
