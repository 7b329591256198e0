// torchvision's ops/cuda/nms_kernel.cu, in small: a CUDA kernel computes,
// for every box, the bitmask of later boxes (by score) it overlaps by more
// than iou_threshold, 64 boxes a word, with the integer min() nvcc's device
// code has; the host then suppresses greedily. Registered where defined.
// Built only with -DLAYOUT_CUDA=ON.
#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>
#include <torch/library.h>

#include <vector>

namespace vision {
namespace ops {

namespace {

constexpr int threadsPerBlock = sizeof(unsigned long long) * 8;

__device__ inline bool devIoU(const float* a, const float* b, float threshold) {
  float left = fmaxf(a[0], b[0]), right = fminf(a[2], b[2]);
  float top = fmaxf(a[1], b[1]), bottom = fminf(a[3], b[3]);
  float width = fmaxf(right - left, 0.f), height = fmaxf(bottom - top, 0.f);
  float inter = width * height;
  float area_a = (a[2] - a[0]) * (a[3] - a[1]);
  float area_b = (b[2] - b[0]) * (b[3] - b[1]);
  return inter / (area_a + area_b - inter) > threshold;
}

__global__ void nms_kernel_impl(int n_boxes, double iou_threshold,
                                const float* dev_boxes,
                                unsigned long long* dev_mask) {
  const int row_start = blockIdx.y;
  const int col_start = blockIdx.x;
  if (row_start > col_start)
    return;
  const int row_size = min(n_boxes - row_start * threadsPerBlock, threadsPerBlock);
  const int col_size = min(n_boxes - col_start * threadsPerBlock, threadsPerBlock);
  if (threadIdx.x < row_size) {
    const int cur_box_idx = threadsPerBlock * row_start + threadIdx.x;
    const float* cur_box = dev_boxes + cur_box_idx * 4;
    unsigned long long t = 0;
    int start = row_start == col_start ? threadIdx.x + 1 : 0;
    for (int i = start; i < col_size; i++) {
      if (devIoU(cur_box, dev_boxes + (threadsPerBlock * col_start + i) * 4,
                 float(iou_threshold)))
        t |= 1ULL << i;
    }
    const int col_blocks = (n_boxes + threadsPerBlock - 1) / threadsPerBlock;
    dev_mask[cur_box_idx * col_blocks + col_start] = t;
  }
}

at::Tensor nms_kernel(const at::Tensor& dets, const at::Tensor& scores,
                      double iou_threshold) {
  TORCH_CHECK(dets.is_cuda() && scores.is_cuda(), "nms: CUDA tensors expected");
  at::cuda::CUDAGuard device_guard(dets.device());
  if (dets.numel() == 0)
    return at::empty({0}, dets.options().dtype(at::kLong));
  auto order_t = std::get<1>(scores.sort(/*stable=*/true, /*dim=*/0, /*descending=*/true));
  auto dets_sorted = dets.index_select(0, order_t).to(at::kFloat).contiguous();
  const int dets_num = dets.size(0);
  const int col_blocks = (dets_num + threadsPerBlock - 1) / threadsPerBlock;
  at::Tensor mask = at::empty({dets_num * col_blocks}, dets.options().dtype(at::kLong));
  dim3 blocks(col_blocks, col_blocks);
  dim3 threads(threadsPerBlock);
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  nms_kernel_impl<<<blocks, threads, 0, stream>>>(
      dets_num, iou_threshold, dets_sorted.const_data_ptr<float>(),
      (unsigned long long*)mask.mutable_data_ptr<int64_t>());
  at::Tensor mask_cpu = mask.to(at::kCPU);
  const unsigned long long* mask_host =
      (const unsigned long long*)mask_cpu.const_data_ptr<int64_t>();
  std::vector<unsigned long long> remv(col_blocks, 0);
  std::vector<int64_t> keep;
  for (int i = 0; i < dets_num; i++) {
    int nblock = i / threadsPerBlock, inblock = i % threadsPerBlock;
    if (!(remv[nblock] & (1ULL << inblock))) {
      keep.push_back(i);
      const unsigned long long* p = mask_host + i * col_blocks;
      for (int j = nblock; j < col_blocks; j++)
        remv[j] |= p[j];
    }
  }
  at::Tensor keep_t = at::tensor(keep, at::kLong).to(order_t.device());
  return order_t.index_select(0, keep_t);
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, CUDA, m) {
  m.impl(TORCH_SELECTIVE_NAME("torchvision::nms"), TORCH_FN(nms_kernel));
}

} // namespace ops
} // namespace vision
