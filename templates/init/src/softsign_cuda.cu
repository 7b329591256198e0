// The CUDA kernel of ${namespace}::softsign, built where there is a CUDA
// compiler (CMakeLists.txt). Its fake and backward are softsign.cpp's: opgen
// merges the kernels of one op, registered here for the CUDA dispatch key
// (a .cu file's kernels are CUDA kernels). The schema comes from the C++
// signature, which must be the CPU kernel's.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>

#include <algorithm>
#include <cstdint>

namespace ${namespace} {
namespace {

// One thread per element of the contiguous input, in a grid-stride loop.
template <typename scalar_t>
__global__ void softsign_kernel(const scalar_t* src, scalar_t* dst, int64_t n,
                                double scale) {
  const int64_t stride = int64_t{blockDim.x} * gridDim.x;
  for (int64_t i = int64_t{blockIdx.x} * blockDim.x + threadIdx.x; i < n;
       i += stride) {
    const scalar_t x = src[i];
    dst[i] = static_cast<scalar_t>(scale * x / (1 + (x < 0 ? -x : x)));
  }
}

} // namespace

[[custom_op("${namespace}::softsign", tags="pt2_compliant_tag")]]
at::Tensor softsign_cuda(const at::Tensor& x, double scale) {
  // As the CPU kernel: a contiguous result, which the one fake describes.
  at::Tensor in = x.contiguous();
  at::Tensor out = at::empty_like(in);
  const int64_t n = in.numel();
  if (n == 0)
    return out;
  constexpr int threads = 256;
  const auto blocks = static_cast<unsigned int>(
      std::min<int64_t>((n + threads - 1) / threads, int64_t{1} << 16));
  AT_DISPATCH_FLOATING_TYPES(in.scalar_type(), "${namespace}::softsign", [&] {
    softsign_kernel<scalar_t><<<blocks, threads, 0,
                                at::cuda::getCurrentCUDAStream()>>>(
        in.const_data_ptr<scalar_t>(), out.mutable_data_ptr<scalar_t>(), n,
        scale);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  });
  return out;
}

} // namespace ${namespace}
