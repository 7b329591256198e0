// A CUDA kernel written the way torchvision's roi_pool_kernel.cu is: a
// templated __global__ kernel dispatched over float, double and Half that
// compares elements of type T with `>`. For T = c10::Half that comparison
// compiles only with the flags torch's own extension builds give nvcc
// (-D__CUDA_NO_HALF_OPERATORS__ ...; without them both c10's conversion to
// float and CUDA's __half operators apply, "more than one operator >"):
// add_custom_op gives them to every CUDA source of an op library
// (docs/cmake.md#cuda-sources).
//
// channel_max(input): input is N x C x ...; for every (n, c), the largest
// element of input[n, c] and its index in input[n, c] flattened (the first
// one on ties), as N x C tensors of input's dtype and int32.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

#include <tuple>

namespace vision_example {
namespace {

template <typename T>
__global__ void channel_max_kernel(int64_t planes, int64_t plane_size,
                                   const T *input, T *values, int *argmax) {
  for (int64_t p = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; p < planes;
       p += int64_t(blockDim.x) * gridDim.x) {
    const T *plane = input + p * plane_size;
    T best = plane[0];
    int index = 0;
    for (int64_t i = 1; i < plane_size; ++i)
      if (plane[i] > best) {
        best = plane[i];
        index = static_cast<int>(i);
      }
    values[p] = best;
    argmax[p] = index;
  }
}

} // namespace

[[custom_op("vision::channel_max", returns="values,argmax")]]
std::tuple<at::Tensor, at::Tensor> channel_max(const at::Tensor &input) {
  TORCH_CHECK(input.dim() >= 3, "channel_max: input must be N x C x ...");
  TORCH_CHECK(input.numel() > 0, "channel_max: input must not be empty");
  at::cuda::CUDAGuard guard(input.device());
  at::Tensor x = input.contiguous();
  at::Tensor values = at::empty({input.size(0), input.size(1)}, input.options());
  at::Tensor argmax = at::empty({input.size(0), input.size(1)},
                                input.options().dtype(at::kInt));
  const int64_t planes = input.size(0) * input.size(1);
  const int64_t plane_size = x.numel() / planes;
  const int threads = 256;
  const int blocks = static_cast<int>(std::min<int64_t>((planes + threads - 1) / threads, 4096));
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "channel_max", [&] {
    channel_max_kernel<scalar_t><<<blocks, threads, 0, stream>>>(
        planes, plane_size, x.const_data_ptr<scalar_t>(),
        values.data_ptr<scalar_t>(), argmax.data_ptr<int>());
  });
  C10_CUDA_KERNEL_LAUNCH_CHECK();
  return {values, argmax};
}

} // namespace vision_example
