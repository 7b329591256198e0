// An op whose CPU kernel is its own fake (it calls only ATen ops, so opgen
// cannot follow its outputs' metadata, but the kernel computes it on fake
// tensors) and whose CUDA kernel allocates what opgen follows
// (at::empty_like(a.contiguous())): issue #49's op. Its fake follows the
// device of its inputs, each branch from its own kernel
// (docs/fakes.md#one-fake-for-every-device); the generated tests check the
// CPU branch against the CPU kernel and the CUDA branch against the CUDA
// kernel's allocation on fake CUDA tensors, with or without a GPU.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

namespace mixed {

[[custom_op("mixed::clampadd")]]
at::Tensor clampadd(const at::Tensor &a, const at::Tensor &b, double lo, double hi) {
  TORCH_CHECK(a.sym_sizes() == b.sym_sizes(), "clampadd: a and b must have one shape");
  TORCH_CHECK(a.scalar_type() == b.scalar_type(), "clampadd: a and b must have one dtype");
  return (a + b).clamp(lo, hi);
}

// Written with ATen too, so that it builds without nvcc: what matters here is
// that it allocates a contiguous output, whatever the inputs' strides.
[[custom_op("mixed::clampadd", device="cuda")]]
at::Tensor clampadd_cuda(const at::Tensor &a, const at::Tensor &b, double lo, double hi) {
  TORCH_CHECK(a.sizes() == b.sizes(), "clampadd: a and b must have one shape");
  TORCH_CHECK(a.scalar_type() == b.scalar_type(), "clampadd: a and b must have one dtype");
  at::Tensor out = at::empty_like(a.contiguous());
  out.copy_((a + b).clamp(lo, hi));
  return out;
}

} // namespace mixed
