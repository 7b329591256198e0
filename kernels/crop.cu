// CUDA kernels for the image ops of the bundled `mylib` op library: crop,
// paste and box_blur. The CPU twins are in crop.cpp; the schemas (parameter
// names, types, defaults, returns) are identical, as opgen requires of all
// kernels of one op.
//
// Images are C x H x W tensors; boxes follow PIL: (left, upper, right,
// lower), right and lower exclusive. Every kernel reads its inputs through
// their strides (any layout, no copies) and writes a fresh contiguous
// output with a grid-stride loop, one thread per output element.
//
// The __global__ kernels and helpers live in an anonymous namespace; the
// annotated entry points have external linkage (an unreferenced function
// with internal linkage draws nvcc warning #177 when the file is compiled
// on its own), with names distinct from the CPU kernels.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/AccumulateType.h>
#include <ATen/cuda/CUDAContext.h>

#include <algorithm>
#include <cstdint>

#include "kernel_checks.h"

namespace opgen_examples {
namespace {

constexpr int kThreads = 256;

// Blocks for a grid-stride loop over n > 0 elements.
unsigned int num_blocks(int64_t n) {
  const int64_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned int>(std::min<int64_t>(blocks, int64_t{1} << 20));
}

// Strides (in elements) of a C x H x W tensor.
struct Strides3 {
  int64_t c, h, w;
};

Strides3 strides_of(const at::Tensor& t) {
  return {t.stride(0), t.stride(1), t.stride(2)};
}

#define OPGEN_GRID_STRIDE_LOOP(t, n)                                          \
  for (int64_t t = static_cast<int64_t>(blockIdx.x) * blockDim.x +            \
                   threadIdx.x;                                               \
       t < (n); t += static_cast<int64_t>(blockDim.x) * gridDim.x)

// dst (channels x out_h x out_w, contiguous) <- src[:, upper:, left:].
template <typename scalar_t>
__global__ void crop_kernel(const scalar_t* __restrict__ src, Strides3 s,
                            scalar_t* __restrict__ dst, int64_t n,
                            int64_t out_h, int64_t out_w, int64_t upper,
                            int64_t left) {
  OPGEN_GRID_STRIDE_LOOP(t, n) {
    const int64_t j = t % out_w;
    const int64_t ci = t / out_w;
    const int64_t i = ci % out_h;
    const int64_t c = ci / out_h;
    dst[t] = src[c * s.c + (upper + i) * s.h + (left + j) * s.w];
  }
}

// dst (channels x height x width, contiguous) <- im, with the h x w patch
// at (left, upper).
template <typename scalar_t>
__global__ void paste_kernel(const scalar_t* __restrict__ im, Strides3 si,
                             const scalar_t* __restrict__ patch, Strides3 sp,
                             scalar_t* __restrict__ dst, int64_t n,
                             int64_t height, int64_t width, int64_t h,
                             int64_t w, int64_t upper, int64_t left) {
  OPGEN_GRID_STRIDE_LOOP(t, n) {
    const int64_t j = t % width;
    const int64_t ci = t / width;
    const int64_t i = ci % height;
    const int64_t c = ci / height;
    const int64_t pi = i - upper, pj = j - left;
    if (0 <= pi && pi < h && 0 <= pj && pj < w)
      dst[t] = patch[c * sp.c + pi * sp.h + pj * sp.w];
    else
      dst[t] = im[c * si.c + i * si.h + j * si.w];
  }
}

// dst[c][i][j] <- the mean of src[c][i:i+kh][j:j+kw]. Sums in acc_t, in the
// same order as the CPU kernel, so the results are identical to it.
template <typename scalar_t, typename acc_t>
__global__ void box_blur_kernel(const scalar_t* __restrict__ src, Strides3 s,
                                scalar_t* __restrict__ dst, int64_t n,
                                int64_t out_h, int64_t out_w, int64_t kh,
                                int64_t kw) {
  const acc_t area = static_cast<acc_t>(kh * kw);
  OPGEN_GRID_STRIDE_LOOP(t, n) {
    const int64_t j = t % out_w;
    const int64_t ci = t / out_w;
    const int64_t i = ci % out_h;
    const int64_t c = ci / out_h;
    const scalar_t* window = src + c * s.c + i * s.h + j * s.w;
    acc_t sum = 0;
    for (int64_t di = 0; di < kh; ++di)
      for (int64_t dj = 0; dj < kw; ++dj)
        sum += static_cast<acc_t>(window[di * s.h + dj * s.w]);
    dst[t] = static_cast<scalar_t>(sum / area);
  }
}

#undef OPGEN_GRID_STRIDE_LOOP

} // namespace

// crop(pic, box) -> pic[:, upper:lower, left:right] as a fresh contiguous
// tensor (never a view of pic). The dtypes of the CPU kernel; pic may be
// non-contiguous.
[[custom_op("mylib::crop", mutates="")]]
at::Tensor crop_cuda(const at::Tensor& pic, c10::IntArrayRef box) {
  checks::crop(pic, box);
  const int64_t channels = pic.size(0);
  const int64_t left = box[0], upper = box[1], right = box[2], lower = box[3];

  const int64_t out_h = lower - upper, out_w = right - left;
  at::Tensor out = at::empty({channels, out_h, out_w}, pic.options());
  const int64_t n = out.numel();
  AT_DISPATCH_ALL_TYPES_AND3(
      at::ScalarType::Half, at::ScalarType::BFloat16, at::ScalarType::Bool,
      pic.scalar_type(), "crop", [&] {
        if (n == 0)
          return;
        crop_kernel<scalar_t><<<num_blocks(n), kThreads, 0,
                                at::cuda::getCurrentCUDAStream()>>>(
            pic.const_data_ptr<scalar_t>(), strides_of(pic),
            out.mutable_data_ptr<scalar_t>(), n, out_h, out_w, upper, left);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
      });
  return out;
}

// paste(im, patch, coord) -> a fresh copy of im with patch written at
// (left=coord[0], upper=coord[1]). With im = zeros_like(pic), grad = the
// gradient of crop's output and coord = box[:2] this is crop's backward.
[[custom_op("mylib::paste")]]
at::Tensor paste_cuda(const at::Tensor& im, const at::Tensor& patch,
                      c10::IntArrayRef coord) {
  checks::paste(im, patch, coord);
  const int64_t height = im.size(1), width = im.size(2);
  const int64_t h = patch.size(1), w = patch.size(2);
  const int64_t left = coord[0], upper = coord[1];

  // C x H x W (checked), contiguous: as the CPU kernel's, so one fake serves.
  at::Tensor out = at::empty(im.sizes(), im.options());
  const int64_t n = out.numel();
  if (n == 0)
    return out;
  AT_DISPATCH_ALL_TYPES_AND_COMPLEX_AND3(
      at::ScalarType::Half, at::ScalarType::BFloat16, at::ScalarType::Bool,
      im.scalar_type(), "paste", [&] {
        paste_kernel<scalar_t><<<num_blocks(n), kThreads, 0,
                                 at::cuda::getCurrentCUDAStream()>>>(
            im.const_data_ptr<scalar_t>(), strides_of(im),
            patch.const_data_ptr<scalar_t>(), strides_of(patch),
            out.mutable_data_ptr<scalar_t>(), n, height, width, h, w, upper,
            left);
        C10_CUDA_KERNEL_LAUNCH_CHECK();
      });
  return out;
}

// box_blur(pic, kernel_size) -> the mean over every kernel_size window of
// each channel ("valid" windows, stride 1): C x (H - kh + 1) x (W - kw + 1).
// kernel_size is (kh, kw), or a single k for a k x k window. float32 and
// float64.
[[custom_op("mylib::box_blur", symint="kernel_size")]]
at::Tensor box_blur_cuda(const at::Tensor& pic,
                         c10::IntArrayRef kernel_size = {3}) {
  checks::box_blur(pic, kernel_size);
  const int64_t kh = kernel_size[0];
  const int64_t kw = kernel_size.size() == 2 ? kernel_size[1] : kernel_size[0];
  const int64_t channels = pic.size(0), height = pic.size(1),
                width = pic.size(2);

  const int64_t out_h = height - kh + 1, out_w = width - kw + 1;
  at::Tensor out = at::empty({channels, out_h, out_w}, pic.options());
  const int64_t n = out.numel();
  AT_DISPATCH_FLOATING_TYPES(pic.scalar_type(), "box_blur", [&] {
    if (n == 0)
      return;
    // The CPU kernel's accumulation type (double for float32), not the
    // CUDA one, so that both devices give the same bits.
    using acc_t = at::acc_type<scalar_t, /*is_cuda=*/false>;
    box_blur_kernel<scalar_t, acc_t><<<num_blocks(n), kThreads, 0,
                                       at::cuda::getCurrentCUDAStream()>>>(
        pic.const_data_ptr<scalar_t>(), strides_of(pic),
        out.mutable_data_ptr<scalar_t>(), n, out_h, out_w, kh, kw);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  });
  return out;
}

} // namespace opgen_examples
