// torchvision (pytorch/vision, BSD-3-Clause) as it declares its ops: the
// dispatcher-facing entry points in torchvision/csrc/ops/*.h, SymInt where
// the op is traced symbolically. The CUDA kernels in torchvision_cuda.cu take
// int64_t instead, and opgen unifies them to SymInt.
//
// Each `// from:` names the row of test/data/real_schemas.tsv whose schema
// opgen must infer (see test_real_world_signatures.py).
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <torch/library.h>

namespace vision {
namespace ops {

// from: pytorch/vision:torchvision/csrc/ops/nms.cpp:23
[[custom_op("torchvision::nms")]]
at::Tensor nms(const at::Tensor& dets, const at::Tensor& scores,
               double iou_threshold);

// from: pytorch/vision:torchvision/csrc/ops/roi_align.cpp:125
[[custom_op("torchvision::roi_align")]]
at::Tensor roi_align_symint(const at::Tensor& input, const at::Tensor& rois,
                            double spatial_scale, c10::SymInt pooled_height,
                            c10::SymInt pooled_width, int64_t sampling_ratio,
                            bool aligned);

// from: pytorch/vision:torchvision/csrc/ops/roi_align.cpp:127
[[custom_op("torchvision::_roi_align_backward")]]
at::Tensor _roi_align_backward_symint(
    const at::Tensor& grad, const at::Tensor& rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width,
    c10::SymInt batch_size, c10::SymInt channels, c10::SymInt height,
    c10::SymInt width, int64_t sampling_ratio, bool aligned);

// from: pytorch/vision:torchvision/csrc/ops/roi_pool.cpp:95
[[custom_op("torchvision::roi_pool")]]
std::tuple<at::Tensor, at::Tensor> roi_pool_symint(const at::Tensor& input,
                                                   const at::Tensor& rois,
                                                   double spatial_scale,
                                                   c10::SymInt pooled_height,
                                                   c10::SymInt pooled_width);

// from: pytorch/vision:torchvision/csrc/ops/roi_pool.cpp:97
[[custom_op("torchvision::_roi_pool_backward")]]
at::Tensor _roi_pool_backward_symint(
    const at::Tensor& grad, const at::Tensor& rois, const at::Tensor& argmax,
    double spatial_scale, c10::SymInt pooled_height, c10::SymInt pooled_width,
    c10::SymInt batch_size, c10::SymInt channels, c10::SymInt height,
    c10::SymInt width);

// from: pytorch/vision:torchvision/csrc/ops/deform_conv2d.cpp:165
[[custom_op("torchvision::deform_conv2d")]]
at::Tensor deform_conv2d_symint(
    const at::Tensor& input, const at::Tensor& weight,
    const at::Tensor& offset, const at::Tensor& mask, const at::Tensor& bias,
    c10::SymInt stride_h, c10::SymInt stride_w, c10::SymInt pad_h,
    c10::SymInt pad_w, c10::SymInt dilation_h, c10::SymInt dilation_w,
    c10::SymInt groups, c10::SymInt offset_groups, bool use_mask);

// from: pytorch/vision:torchvision/csrc/ops/deform_conv2d.cpp:167
[[custom_op("torchvision::_deform_conv2d_backward")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor>
_deform_conv2d_backward_symint(
    const at::Tensor& grad, const at::Tensor& input, const at::Tensor& weight,
    const at::Tensor& offset, const at::Tensor& mask, const at::Tensor& bias,
    c10::SymInt stride_h, c10::SymInt stride_w, c10::SymInt pad_h,
    c10::SymInt pad_w, c10::SymInt dilation_h, c10::SymInt dilation_w,
    c10::SymInt groups, c10::SymInt offset_groups, bool use_mask);

} // namespace ops
} // namespace vision
