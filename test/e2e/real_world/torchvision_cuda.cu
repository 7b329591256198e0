// torchvision's CUDA kernels (torchvision/csrc/ops/cuda/*.cu): anonymous
// namespace, int64_t where the dispatcher entry point says SymInt. Same op
// names as torchvision.cpp, so each op gets a CUDA kernel and one schema.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <torch/library.h>

namespace vision {
namespace ops {
namespace {

[[custom_op("torchvision::nms")]]
at::Tensor nms_kernel(const at::Tensor& dets, const at::Tensor& scores,
                      double iou_threshold);

[[custom_op("torchvision::roi_align")]]
at::Tensor roi_align_forward_kernel(const at::Tensor& input,
                                    const at::Tensor& rois,
                                    double spatial_scale,
                                    int64_t pooled_height,
                                    int64_t pooled_width,
                                    int64_t sampling_ratio, bool aligned);

[[custom_op("torchvision::roi_pool")]]
std::tuple<at::Tensor, at::Tensor> roi_pool_forward_kernel(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width);

} // namespace
} // namespace ops
} // namespace vision
