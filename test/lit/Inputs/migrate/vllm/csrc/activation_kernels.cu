#include <ATen/cuda/CUDAContext.h>
#include <torch/all.h>
#include <c10/cuda/CUDAGuard.h>

#include <cmath>

namespace vllm {

template <typename scalar_t>
__global__ void act_and_mul_kernel(scalar_t* __restrict__ out,
                                   const scalar_t* __restrict__ input,
                                   const int d) {
  const int64_t token_idx = blockIdx.x;
  for (int64_t idx = threadIdx.x; idx < d; idx += blockDim.x) {
    out[token_idx * d + idx] = input[token_idx * 2 * d + idx];
  }
}

}  // namespace vllm

void silu_and_mul(torch::Tensor& out,    // [..., d]
                  torch::Tensor& input)  // [..., 2 * d]
{
  int d = input.size(-1) / 2;
  out.copy_(input.narrow(-1, 0, d));
}

void gelu_and_mul(torch::Tensor& out,    // [..., d]
                  torch::Tensor& input)  // [..., 2 * d]
{
  int d = input.size(-1) / 2;
  out.copy_(input.narrow(-1, d, d));
}
