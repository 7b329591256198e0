// A .cu written the way torchvision's nms_kernel.cu is: unqualified min/max
// on ints in a kernel and on the element type in a __device__ template,
// at::ceil_div, AT_DISPATCH over float, double and Half; and min/max where
// opgen parses the body too: a helper whose return type is deduced (Clang
// never skips its body), the annotated kernel and its dispatch lambda. nvcc's host pass
// declares these min/max (crt/math_functions.h); opgen's parse does too.
// RUN: rm -rf %t && opgen %s -o %t --python-package tv 2>&1 | FileCheck %s --allow-empty --check-prefix=STDERR
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// STDERR-NOT: error
// STDERR-NOT: warning
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/AccumulateType.h>
#include <ATen/ceil_div.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

namespace tv {
namespace {

constexpr int kThreads = sizeof(unsigned long long) * 8;

__host__ __device__ inline auto grid_size(int n, int cap) {
  return max(min(at::ceil_div(n, kThreads), cap), 1);
}

template <typename T>
__device__ inline bool overlaps(const T *a, const T *b, float threshold) {
  T left = max(a[0], b[0]), right = min(a[2], b[2]);
  T top = max(a[1], b[1]), bottom = min(a[3], b[3]);
  T width = max(right - left, (T)0), height = max(bottom - top, (T)0);
  using acc_T = at::acc_type<T, /*is_cuda=*/true>;
  acc_T inter = (acc_T)width * height;
  return inter > threshold;
}

template <typename T>
__global__ void mask_kernel(int n, float threshold, const T *boxes,
                            unsigned long long *mask) {
  const int row = blockIdx.y, col = blockIdx.x;
  const int rows = min(n - row * kThreads, kThreads);
  const int cols = min(n - col * kThreads, kThreads);
  const long long big = max(1LL, (long long)n);
  const unsigned u = min(3u, (unsigned)threadIdx.x);
  const double d = max(1.0, (double)threshold);
  if ((int)threadIdx.x < rows) {
    unsigned long long bits = 0;
    for (int i = 0; i < cols; i++)
      if (overlaps<T>(boxes + (row * kThreads + threadIdx.x) * 4,
                      boxes + (col * kThreads + i) * 4, threshold))
        bits |= 1ULL << i;
    mask[(row * kThreads + threadIdx.x) * at::ceil_div(n, kThreads) + col] =
        bits + big + u + (d > 0);
  }
}

} // namespace

// REG: m.def("box_mask(Tensor boxes, float threshold) -> Tensor");
// REG: TORCH_LIBRARY_IMPL(tv, CUDA, m) {
[[custom_op("tv::box_mask")]]
at::Tensor box_mask(const at::Tensor &boxes, double threshold) {
  at::cuda::CUDAGuard guard(boxes.device());
  int n = boxes.size(0);
  const int blocks = min(grid_size(n, 4096), max(n, 1));
  at::Tensor mask = at::empty({n * blocks}, boxes.options().dtype(at::kLong));
  dim3 grid(blocks, blocks), threads(kThreads);
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(boxes.scalar_type(), "box_mask", [&] {
    const float t = min(static_cast<float>(threshold), 1.0f);
    mask_kernel<scalar_t><<<grid, threads, 0, stream>>>(
        n, t, boxes.data_ptr<scalar_t>(),
        (unsigned long long *)mask.data_ptr<int64_t>());
  });
  return mask;
}

} // namespace tv
