// CUDA kernels for the pointwise ops of the bundled `mylib` op library:
// sin_out, muladd and muladd.out. The CPU twins are in pointwise.cpp; the
// schemas (parameter names, types, defaults, returns, mutates/kwonly) are
// identical, as opgen requires of all kernels of one op.
//
// Like the CPU kernels they build an at::TensorIterator over the operands:
// it validates overlap between out and the inputs exactly as on the CPU and
// coalesces dimensions. The element loop is a grid-stride __global__ kernel
// that walks the iterator's (byte) strides, so non-contiguous inputs and
// outputs are read and written in place without temporaries.
//
// muladd rounds the product and the sum separately (__fmul_rn / __fadd_rn),
// so nvcc cannot contract `a * b + c` into an FMA: results equal the CPU
// kernel's and eager `a * b + c` bit for bit. sin uses CUDA's sinf / sin,
// which may differ from the host libm in the last bit (as torch.sin does).
//
// Helpers, __global__ kernels and muladd_out_cuda (called by muladd_cuda)
// live in an anonymous namespace; sin_out_cuda and muladd_cuda have
// external linkage (an unreferenced function with internal linkage draws
// nvcc warning #177 when the file is compiled on its own).
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/TensorIterator.h>
#include <ATen/cuda/CUDAContext.h>

#include <algorithm>
#include <cstdint>

#include "kernel_checks.h"

namespace checks = opgen_examples::checks;

namespace opgen_examples {
namespace {

constexpr int kThreads = 256;
// The most (coalesced) dimensions the strided kernel takes; ATen's own CUDA
// kernels have the same limit (at::cuda::detail::MAX_DIMS).
constexpr int kMaxDims = 25;

// Blocks for a grid-stride loop over n > 0 elements.
unsigned int num_blocks(int64_t n) {
  const int64_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned int>(std::min<int64_t>(blocks, int64_t{1} << 20));
}

// The iteration space of a TensorIterator with NARGS operands: sizes and
// byte strides per dim (dim 0 varies fastest), and the operands' base
// pointers. Passed to the kernel by value.
template <int NARGS>
struct StridedLoop {
  char* data[NARGS];
  int64_t sizes[kMaxDims];
  int64_t strides[NARGS][kMaxDims];
  int ndim;
  bool contiguous; // every operand is dense in iteration order
  int64_t numel;
};

template <int NARGS>
StridedLoop<NARGS> make_loop(const at::TensorIterator& iter,
                             const char* op) {
  TORCH_CHECK(iter.ndim() <= kMaxDims, op, ": tensor has too many (>",
              kMaxDims, ") dims");
  StridedLoop<NARGS> loop;
  loop.ndim = iter.ndim();
  loop.contiguous = iter.is_contiguous();
  loop.numel = iter.numel();
  for (int a = 0; a < NARGS; ++a) {
    loop.data[a] = static_cast<char*>(iter.data_ptr(a));
    const at::IntArrayRef strides = iter.strides(a);
    for (int d = 0; d < loop.ndim; ++d)
      loop.strides[a][d] = strides[d];
  }
  const at::IntArrayRef shape = iter.shape();
  for (int d = 0; d < loop.ndim; ++d)
    loop.sizes[d] = shape[d];
  return loop;
}

// Byte offsets of element `linear` of the iteration space in every operand.
template <int NARGS>
__device__ __forceinline__ void offsets_of(const StridedLoop<NARGS>& loop,
                                           int64_t linear,
                                           int64_t (&offsets)[NARGS]) {
  for (int a = 0; a < NARGS; ++a)
    offsets[a] = 0;
  for (int d = 0; d < loop.ndim; ++d) {
    const int64_t size = loop.sizes[d];
    const int64_t q = linear / size;
    const int64_t i = linear - q * size;
    linear = q;
    for (int a = 0; a < NARGS; ++a)
      offsets[a] += i * loop.strides[a][d];
  }
}

__device__ __forceinline__ float device_sin(float x) { return ::sinf(x); }
__device__ __forceinline__ double device_sin(double x) { return ::sin(x); }

// x * y + c with both operations rounded (no FMA contraction).
__device__ __forceinline__ float mul_add_rn(float x, float y, float c) {
  return __fadd_rn(__fmul_rn(x, y), c);
}
__device__ __forceinline__ double mul_add_rn(double x, double y, double c) {
  return __dadd_rn(__dmul_rn(x, y), c);
}

// Operands: 0 = out, 1 = x.
template <typename scalar_t>
__global__ void sin_kernel(const StridedLoop<2> loop) {
  const int64_t stride = static_cast<int64_t>(blockDim.x) * gridDim.x;
  for (int64_t t = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       t < loop.numel; t += stride) {
    scalar_t* dst;
    const scalar_t* src;
    if (loop.contiguous) {
      dst = reinterpret_cast<scalar_t*>(loop.data[0]) + t;
      src = reinterpret_cast<const scalar_t*>(loop.data[1]) + t;
    } else {
      int64_t off[2];
      offsets_of(loop, t, off);
      dst = reinterpret_cast<scalar_t*>(loop.data[0] + off[0]);
      src = reinterpret_cast<const scalar_t*>(loop.data[1] + off[1]);
    }
    *dst = device_sin(*src);
  }
}

// Operands: 0 = out, 1 = a, 2 = b.
template <typename scalar_t>
__global__ void muladd_kernel(const StridedLoop<3> loop, const scalar_t c) {
  const int64_t stride = static_cast<int64_t>(blockDim.x) * gridDim.x;
  for (int64_t t = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       t < loop.numel; t += stride) {
    scalar_t* dst;
    const scalar_t* pa;
    const scalar_t* pb;
    if (loop.contiguous) {
      dst = reinterpret_cast<scalar_t*>(loop.data[0]) + t;
      pa = reinterpret_cast<const scalar_t*>(loop.data[1]) + t;
      pb = reinterpret_cast<const scalar_t*>(loop.data[2]) + t;
    } else {
      int64_t off[3];
      offsets_of(loop, t, off);
      dst = reinterpret_cast<scalar_t*>(loop.data[0] + off[0]);
      pa = reinterpret_cast<const scalar_t*>(loop.data[1] + off[1]);
      pb = reinterpret_cast<const scalar_t*>(loop.data[2] + off[2]);
    }
    *dst = mul_add_rn(*pa, *pb, c);
  }
}

// muladd.out(a, b, c, *, out) -> out: writes a * b + c into out and returns
// it. a, b and out must have the same shape and dtype.
[[custom_op("mylib::muladd.out", mutates="out", kwonly="out")]]
at::Tensor& muladd_out_cuda(const at::Tensor& a, const at::Tensor& b,
                            double c, at::Tensor& out) {
  checks::floating("muladd", "a", a);
  checks::same_shape_and_dtype("muladd", "b", b, "a", a);
  checks::same_shape_and_dtype("muladd", "out", out, "a", a);
  auto iter = at::TensorIteratorConfig()
                  .add_output(out)
                  .add_const_input(a)
                  .add_const_input(b)
                  .resize_outputs(false)
                  .build();
  if (iter.numel() == 0)
    return out;
  const StridedLoop<3> loop = make_loop<3>(iter, "muladd");
  AT_DISPATCH_FLOATING_TYPES(a.scalar_type(), "muladd", [&] {
    muladd_kernel<scalar_t><<<num_blocks(loop.numel), kThreads, 0,
                              at::cuda::getCurrentCUDAStream()>>>(
        loop, static_cast<scalar_t>(c));
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  });
  return out;
}

} // namespace

// sin_out(x, out): out <- sin(x). x and out must have the same shape and
// dtype; out may be any strided tensor (it is written in place).
[[custom_op("mylib::sin_out", mutates="out")]]
void sin_out_cuda(const at::Tensor& x, at::Tensor& out) {
  checks::floating("sin_out", "x", x);
  checks::same_shape_and_dtype("sin_out", "out", out, "x", x);
  auto iter = at::TensorIteratorConfig()
                  .add_output(out)
                  .add_const_input(x)
                  .resize_outputs(false)
                  .build();
  if (iter.numel() == 0)
    return;
  const StridedLoop<2> loop = make_loop<2>(iter, "sin_out");
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "sin_out", [&] {
    sin_kernel<scalar_t><<<num_blocks(loop.numel), kThreads, 0,
                           at::cuda::getCurrentCUDAStream()>>>(loop);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  });
}

// sin(x) -> sin(x), a fresh contiguous tensor (the CPU kernel keeps x's
// strides: the op's fake follows the device, docs/fakes.md).
[[custom_op("mylib::sin")]]
at::Tensor sin_cuda(const at::Tensor& x) {
  at::Tensor out = at::empty(x.sizes(), x.options());
  sin_out_cuda(x, out);
  return out;
}

// muladd(a, b, c) -> a * b + c, a fresh contiguous tensor.
[[custom_op("mylib::muladd")]]
at::Tensor muladd_cuda(const at::Tensor& a, const at::Tensor& b, double c) {
  at::Tensor out = at::empty(a.sizes(), a.options());
  muladd_out_cuda(a, b, c, out);
  return out;
}

} // namespace opgen_examples
