// The CUDA kernels of muladd_hand.cu (pytorch/extension-cpp's
// mymuladd_cuda, mymul_cuda, myadd_out_cuda), the same bodies, annotated
// with device="cuda": with muladd.cpp's CPU kernels they form one op each
// (docs/annotation.md, "One op, several kernels"; the schemas agree, and
// myadd_out's mutates="out" is repeated). add_custom_op() builds this file
// when the project is configured with -DEXTCPP_CUDA=ON (CMakeLists.txt).
// mymuladd's backward is muladd.cpp's device="default" one, for both.
#include <opgen/opgen.h>

#include <ATen/Operators.h>
#include <torch/all.h>

#include <ATen/cuda/CUDAContext.h>
#include <cuda.h>
#include <cuda_runtime.h>

namespace extcpp_gen {

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

[[custom_op("extcpp_gen::mymuladd", device="cuda")]]
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

[[custom_op("extcpp_gen::mymul", device="cuda")]]
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

[[custom_op("extcpp_gen::myadd_out", device="cuda", mutates="out")]]
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

} // namespace extcpp_gen
