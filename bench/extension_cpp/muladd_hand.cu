// The CUDA kernels of pytorch/extension-cpp
// (extension_cpp/csrc/cuda/muladd.cu: muladd_kernel, mul_kernel, add_kernel
// behind mymuladd_cuda, mymul_cuda, myadd_out_cuda), registered by hand the
// way that project does: the baseline of bench/run.py's item 5 on CUDA,
// built with muladd_hand.cpp by torch.utils.cpp_extension.load()
// (compare.py build-hand --cuda). The same checks, one thread per element,
// 256 threads a block, launched on the current stream. muladd.cu is the same
// kernels, annotated for opgen.
#include <ATen/Operators.h>
#include <torch/all.h>
#include <torch/library.h>

#include <ATen/cuda/CUDAContext.h>
#include <cuda.h>
#include <cuda_runtime.h>

namespace extcpp_hand {

__global__ void muladd_kernel(int numel, const float* a, const float* b, float c,
                              float* result) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numel)
    result[i] = a[i] * b[i] + c;
}

__global__ void mul_kernel(int numel, const float* a, const float* b, float* result) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numel)
    result[i] = a[i] * b[i];
}

__global__ void add_kernel(int numel, const float* a, const float* b, float* result) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < numel)
    result[i] = a[i] + b[i];
}

at::Tensor mymuladd_cuda(const at::Tensor& a, const at::Tensor& b, double c) {
  TORCH_CHECK(a.sizes() == b.sizes());
  TORCH_CHECK(a.dtype() == at::kFloat);
  TORCH_CHECK(b.dtype() == at::kFloat);
  TORCH_INTERNAL_ASSERT(a.device().type() == at::DeviceType::CUDA);
  TORCH_INTERNAL_ASSERT(b.device().type() == at::DeviceType::CUDA);
  at::Tensor a_contig = a.contiguous();
  at::Tensor b_contig = b.contiguous();
  at::Tensor result = at::empty(a_contig.sizes(), a_contig.options());
  int numel = a_contig.numel();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  muladd_kernel<<<(numel + 255) / 256, 256, 0, stream>>>(
      numel, a_contig.data_ptr<float>(), b_contig.data_ptr<float>(), c,
      result.data_ptr<float>());
  return result;
}

at::Tensor mymul_cuda(const at::Tensor& a, const at::Tensor& b) {
  TORCH_CHECK(a.sizes() == b.sizes());
  TORCH_CHECK(a.dtype() == at::kFloat);
  TORCH_CHECK(b.dtype() == at::kFloat);
  TORCH_INTERNAL_ASSERT(a.device().type() == at::DeviceType::CUDA);
  TORCH_INTERNAL_ASSERT(b.device().type() == at::DeviceType::CUDA);
  at::Tensor a_contig = a.contiguous();
  at::Tensor b_contig = b.contiguous();
  at::Tensor result = at::empty(a_contig.sizes(), a_contig.options());
  int numel = a_contig.numel();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  mul_kernel<<<(numel + 255) / 256, 256, 0, stream>>>(
      numel, a_contig.data_ptr<float>(), b_contig.data_ptr<float>(), result.data_ptr<float>());
  return result;
}

void myadd_out_cuda(const at::Tensor& a, const at::Tensor& b, at::Tensor& out) {
  TORCH_CHECK(a.sizes() == b.sizes());
  TORCH_CHECK(b.sizes() == out.sizes());
  TORCH_CHECK(a.dtype() == at::kFloat);
  TORCH_CHECK(b.dtype() == at::kFloat);
  TORCH_CHECK(out.dtype() == at::kFloat);
  TORCH_CHECK(out.is_contiguous());
  TORCH_INTERNAL_ASSERT(a.device().type() == at::DeviceType::CUDA);
  TORCH_INTERNAL_ASSERT(b.device().type() == at::DeviceType::CUDA);
  TORCH_INTERNAL_ASSERT(out.device().type() == at::DeviceType::CUDA);
  at::Tensor a_contig = a.contiguous();
  at::Tensor b_contig = b.contiguous();
  int numel = a_contig.numel();
  cudaStream_t stream = at::cuda::getCurrentCUDAStream();
  add_kernel<<<(numel + 255) / 256, 256, 0, stream>>>(
      numel, a_contig.data_ptr<float>(), b_contig.data_ptr<float>(), out.data_ptr<float>());
}

TORCH_LIBRARY_IMPL(extcpp_hand, CUDA, m) {
  m.impl("mymuladd", &mymuladd_cuda);
  m.impl("mymul", &mymul_cuda);
  m.impl("myadd_out", &myadd_out_cuda);
}

} // namespace extcpp_hand
