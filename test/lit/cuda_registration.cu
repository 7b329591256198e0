// A .cu kernel that includes the ATen CUDA headers, defines a __global__
// kernel and launches it: parsed host-side, registered under the CUDA key,
// wrapped with a same-device check and a device guard.
// RUN: rm -rf %t && opgen %s -o %t --python-package cu 2>&1 | FileCheck %s --allow-empty --check-prefix=STDERR
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/cuda_registration.cu
// RUN: FileCheck %s --check-prefix=CMAKE --input-file=%t/CMakeLists.txt
// STDERR-NOT: warning
// STDERR-NOT: error
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/cuda/CUDAContext.h>
#include <c10/cuda/CUDAGuard.h>

namespace {
__global__ void axpy_kernel(const float *x, float *y, float a, int64_t n) {
  int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}
} // namespace

namespace cu {
// REG: m.def("axpy(Tensor x, Tensor(a!) y, float a) -> ()");
// REG: TORCH_LIBRARY_IMPL(cu, CUDA, m) {
// REG-NEXT: m.impl("axpy", TORCH_FN(opgen_generated::cu_axpy__CUDA));
[[custom_op("cu::axpy", mutates="y")]]
void axpy(const at::Tensor &x, at::Tensor &y, double a) {
  int64_t n = x.numel();
  axpy_kernel<<<(n + 255) / 256, 256, 0, at::cuda::getCurrentCUDAStream()>>>(
      x.data_ptr<float>(), y.data_ptr<float>(), static_cast<float>(a), n);
}
} // namespace cu

// SHARD: #include <opgen/runtime_cuda.h>
// SHARD: void cu_axpy__CUDA(const at::Tensor& x, at::Tensor& y, double a) {
// SHARD-NEXT: const c10::cuda::OptionalCUDAGuard device_guard(
// SHARD-NEXT: opgen::rt::common_cuda_device("cu::axpy", {{[{]}}{"x", x}, {"y", y}}));
// SHARD-NEXT: ::cu::axpy(x, y, a);

// CMAKE: project(cu_ops LANGUAGES C CXX CUDA)
// CMAKE: shards/cuda_registration.cu
