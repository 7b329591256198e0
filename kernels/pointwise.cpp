// Pointwise kernels for the bundled `mylib` op library: an in-place style
// sin_out, muladd with its out= overload, soft_clip with autocast and a
// CompositeImplicitAutograd softplus_beta.
//
// They are written as real element loops over at::TensorIterator, which
// walks any strides (non-contiguous inputs and outputs) and splits the work
// over threads. float32 and float64.
//
// C++ features opgen has to cope with:
//   * sin_out    - an anonymous namespace, a mutated `at::Tensor&`, void return;
//   * sin        - allocates unlike its CUDA kernel: a fake per device;
//   * muladd_out - annotation on a declaration, definition further down,
//                  keyword-only `out`, returns the mutated `out`;
//   * muladd     - a `static` function;
//   * soft_clip  - autocast="float32": generated Autocast kernels;
//   * softplus_beta - device="compositeimplicit": a decomposing kernel;
//   * clamp_     - mutates its argument and has no backward: differentiating
//                  it raises (docs/autograd.md#ops-without-a-backward).
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/TensorIterator.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <tuple>

#include "kernel_checks.h"

namespace checks = opgen_examples::checks;

namespace opgen_examples {

// muladd.out(a, b, c, *, out) -> out: writes a * b + c into out and returns
// it. a, b and out must have the same shape and dtype.
[[custom_op("mylib::muladd.out", mutates="out", kwonly="out")]]
at::Tensor& muladd_out(const at::Tensor& a, const at::Tensor& b, double c,
                       at::Tensor& out);

} // namespace opgen_examples

namespace {

// sin_out(x, out): out <- sin(x). x and out must have the same shape and
// dtype; out may be any strided tensor (it is written in place).
[[custom_op("mylib::sin_out", mutates="out")]]
void sin_out(const at::Tensor& x, at::Tensor& out) {
  checks::floating("sin_out", "x", x);
  checks::same_shape_and_dtype("sin_out", "out", out, "x", x);
  auto iter = at::TensorIteratorConfig()
                  .add_output(out)
                  .add_const_input(x)
                  .resize_outputs(false)
                  .build();
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "sin_out", [&] {
    iter.for_each([](char** data, const int64_t* strides, int64_t n) {
      char* dst = data[0];
      const char* src = data[1];
      for (int64_t i = 0; i < n; ++i) {
        *reinterpret_cast<scalar_t*>(dst + i * strides[0]) =
            std::sin(*reinterpret_cast<const scalar_t*>(src + i * strides[1]));
      }
    });
  });
}

} // namespace

// sin(x) -> sin(x) in a fresh tensor with x's strides where x is dense
// (at::empty_like). The CUDA kernel returns a contiguous one, so the op's
// fake follows the device of its input, each device's from its own kernel
// (docs/fakes.md#one-fake-for-every-device).
[[custom_op("mylib::sin")]]
static at::Tensor sin_fresh(const at::Tensor& x) {
  at::Tensor out = at::empty_like(x);
  sin_out(x, out);
  return out;
}

// clamp_(x, lo, hi): x <- x clamped to [lo, hi], in place. No backward: its
// gradient is not the identity, and differentiating it raises.
[[custom_op("mylib::clamp_", mutates="x")]]
void clamp_(at::Tensor& x, double lo, double hi) {
  checks::floating("clamp_", "x", x);
  auto iter = at::TensorIteratorConfig()
                  .add_output(x)
                  .add_const_input(x)
                  .resize_outputs(false)
                  .set_check_mem_overlap(false)
                  .build();
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "clamp_", [&] {
    const auto low = static_cast<scalar_t>(lo), high = static_cast<scalar_t>(hi);
    iter.for_each([&](char** data, const int64_t* strides, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        auto* item = reinterpret_cast<scalar_t*>(data[0] + i * strides[0]);
        *item = std::min(std::max(*item, low), high);
      }
    });
  });
}

// muladd(a, b, c) -> a * b + c, a fresh contiguous tensor.
[[custom_op("mylib::muladd")]]
static at::Tensor muladd(const at::Tensor& a, const at::Tensor& b, double c) {
  at::Tensor out = at::empty(a.sizes(), a.options());
  opgen_examples::muladd_out(a, b, c, out);
  return out;
}

// The fake (Meta) kernel of muladd, in C++: shapes and dtypes only, written
// with SymInt sizes so it serves FakeTensor under dynamic shapes too.
[[custom_op_fake("mylib::muladd")]]
static at::Tensor muladd_fake(const at::Tensor& a, const at::Tensor& b,
                              double c) {
  TORCH_CHECK(a.sym_sizes() == b.sym_sizes(), "muladd: b has shape ",
              b.sym_sizes(), " but a has shape ", a.sym_sizes());
  TORCH_CHECK(a.scalar_type() == b.scalar_type(), "muladd: b has dtype ",
              b.scalar_type(), " but a has dtype ", a.scalar_type());
  return at::empty_symint(a.sym_sizes(), a.options());
}

// muladd's backward: d(a * b + c) = (grad * b, grad * a); c is a float
// and gets no gradient. Written with ATen ops, so one composite kernel
// serves every device and FakeTensor.
[[custom_op_backward("mylib::muladd", device="default")]]
static std::tuple<at::Tensor, at::Tensor> muladd_backward(const at::Tensor& grad,
                                                          const at::Tensor& a,
                                                          const at::Tensor& b) {
  return std::make_tuple(grad * b, grad * a);
}

namespace opgen_examples {

at::Tensor& muladd_out(const at::Tensor& a, const at::Tensor& b, double c,
                       at::Tensor& out) {
  checks::floating("muladd", "a", a);
  checks::same_shape_and_dtype("muladd", "b", b, "a", a);
  checks::same_shape_and_dtype("muladd", "out", out, "a", a);
  auto iter = at::TensorIteratorConfig()
                  .add_output(out)
                  .add_const_input(a)
                  .add_const_input(b)
                  .resize_outputs(false)
                  .build();
  AT_DISPATCH_FLOATING_TYPES(a.scalar_type(), "muladd", [&] {
    const scalar_t cc = static_cast<scalar_t>(c);
    iter.for_each([cc](char** data, const int64_t* strides, int64_t n) {
      char* dst = data[0];
      const char* pa = data[1];
      const char* pb = data[2];
      for (int64_t i = 0; i < n; ++i) {
        const scalar_t x = *reinterpret_cast<const scalar_t*>(pa + i * strides[1]);
        const scalar_t y = *reinterpret_cast<const scalar_t*>(pb + i * strides[2]);
        *reinterpret_cast<scalar_t*>(dst + i * strides[0]) = x * y + cc;
      }
    });
  });
  return out;
}

} // namespace opgen_examples

// soft_clip(x, limit) -> limit * tanh(x / limit), a fresh contiguous tensor.
// The kernel computes in float32 and float64 only. autocast="float32" makes
// it usable under torch.autocast all the same: opgen's AutocastCPU and
// AutocastCUDA kernels run it on float32 copies of bfloat16/float16 inputs
// and cast the result back to the input's dtype (what torchvision's
// hand-written autocast kernels do).
[[custom_op("mylib::soft_clip", autocast="float32")]]
at::Tensor soft_clip(const at::Tensor& x, double limit) {
  checks::floating("soft_clip", "x", x);
  TORCH_CHECK(limit > 0, "soft_clip: limit must be positive, got ", limit);
  at::Tensor out = at::empty(x.sizes(), x.options());
  auto iter = at::TensorIteratorConfig()
                  .add_output(out)
                  .add_const_input(x)
                  .resize_outputs(false)
                  .build();
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "soft_clip", [&] {
    const scalar_t l = static_cast<scalar_t>(limit);
    iter.for_each([l](char** data, const int64_t* strides, int64_t n) {
      char* dst = data[0];
      const char* src = data[1];
      for (int64_t i = 0; i < n; ++i) {
        const scalar_t v = *reinterpret_cast<const scalar_t*>(src + i * strides[1]);
        *reinterpret_cast<scalar_t*>(dst + i * strides[0]) = l * std::tanh(v / l);
      }
    });
  });
  return out;
}

// softplus_beta(x, beta) -> log(1 + exp(beta * x)) / beta, written with ATen
// ops only and registered as CompositeImplicitAutograd: torch runs it for
// every device and on fake tensors, and differentiates through the ops it
// calls, so it needs no fake and no backward of its own.
[[custom_op("mylib::softplus_beta", device="compositeimplicit")]]
at::Tensor softplus_beta(const at::Tensor& x, double beta) {
  return at::log1p(at::exp(x.mul(beta))).div(beta).contiguous();
}
