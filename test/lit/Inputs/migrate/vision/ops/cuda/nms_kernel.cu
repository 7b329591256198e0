#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/library.h>

namespace vision {
namespace ops {

namespace {

__global__ void nms_mask_kernel(int n_boxes, const float* dev_boxes, unsigned long long* dev_mask) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n_boxes)
    dev_mask[i] = dev_boxes[i] > 0;
}

at::Tensor nms_kernel(
    const at::Tensor& dets,
    const at::Tensor& scores,
    double iou_threshold) {
  TORCH_CHECK(dets.is_cuda(), "dets must be a CUDA tensor");
  at::cuda::CUDAGuard device_guard(dets.device());
  if (dets.numel() == 0)
    return at::empty({0}, dets.options().dtype(at::kLong));
  auto order_t = std::get<1>(scores.sort(/*stable=*/true, /*dim=*/0, /*descending=*/true));
  return order_t;
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, CUDA, m) {
  m.impl(TORCH_SELECTIVE_NAME("torchvision::nms"), TORCH_FN(nms_kernel));
}

} // namespace ops
} // namespace vision
