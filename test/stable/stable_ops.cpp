// A stable-ABI op library (docs/stable-abi.md): kernels written against
// torch::stable and the header-only API only, so the built library loads
// into every torch from TARGET_TORCH on. opgen infers the schemas, registers
// the kernels with STABLE_TORCH_LIBRARY/TORCH_BOX, and registers the fakes
// and autograd in Python.
#include <opgen/opgen.h>

#include "offset_of.h"

#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/util/Exception.h>
#include <torch/headeronly/util/HeaderOnlyArrayRef.h>

#include <cstdint>
#include <optional>
#include <tuple>
#include <vector>

namespace stableops {

using torch::headeronly::HeaderOnlyArrayRef;
using torch::headeronly::ScalarType;
using torch::stable::Tensor;

namespace {

using stable_test::offsetOf;

void checkSameShape(const Tensor &a, const Tensor &b, const char *what) {
  STD_TORCH_CHECK(a.dim() == b.dim(), what, " must have the shape of x");
  for (int64_t d = 0; d < a.dim(); ++d)
    STD_TORCH_CHECK(a.size(d) == b.size(d), what, " must have the shape of x");
  STD_TORCH_CHECK(a.scalar_type() == b.scalar_type(), what,
                  " must have the dtype of x");
}

/// out = c0 * x + c1 * y (y absent: 0), elementwise, any strides.
template <class T>
void axpby(const Tensor &x, const std::optional<Tensor> &y, double c0,
           double c1, Tensor &out) {
  const T *xp = x.const_data_ptr<T>();
  const T *yp = y ? y->const_data_ptr<T>() : nullptr;
  T *op = out.mutable_data_ptr<T>();
  for (int64_t i = 0; i < x.numel(); ++i) {
    double v = c0 * static_cast<double>(xp[offsetOf(x, i)]);
    if (yp)
      v += c1 * static_cast<double>(yp[offsetOf(*y, i)]);
    op[offsetOf(out, i)] = static_cast<T>(v);
  }
}

void axpbyAny(const Tensor &x, const std::optional<Tensor> &y, double c0,
              double c1, Tensor &out) {
  STD_TORCH_CHECK(x.is_cpu(), "stableops: CPU tensors only");
  if (x.scalar_type() == ScalarType::Float)
    axpby<float>(x, y, c0, c1, out);
  else if (x.scalar_type() == ScalarType::Double)
    axpby<double>(x, y, c0, c1, out);
  else
    STD_TORCH_CHECK(false, "stableops: float32 or float64 tensors only");
}

} // namespace

/// coeffs[0] * x + coeffs[1] * y, where an absent y counts as zero. An op
/// with an optional tensor and an int list; its fake is synthesised from
/// the empty_like, its backward is add_scaled_backward below.
[[custom_op("stableops::add_scaled")]]
Tensor add_scaled(const Tensor &x, const std::optional<Tensor> &y,
                  HeaderOnlyArrayRef<int64_t> coeffs) {
  STD_TORCH_CHECK(coeffs.size() == 2, "coeffs must have 2 items");
  if (y)
    checkSameShape(x, *y, "y");
  Tensor out = torch::stable::empty_like(x);
  axpbyAny(x, y, static_cast<double>(coeffs[0]), static_cast<double>(coeffs[1]),
           out);
  return out;
}

/// Gradients of add_scaled for x and y.
[[custom_op_backward("stableops::add_scaled")]]
std::tuple<Tensor, Tensor> add_scaled_backward(const Tensor &grad,
                                               HeaderOnlyArrayRef<int64_t> coeffs) {
  STD_TORCH_CHECK(coeffs.size() == 2, "coeffs must have 2 items");
  Tensor grad_x = torch::stable::empty_like(grad);
  Tensor grad_y = torch::stable::empty_like(grad);
  axpbyAny(grad, std::nullopt, static_cast<double>(coeffs[0]), 0.0, grad_x);
  axpbyAny(grad, std::nullopt, static_cast<double>(coeffs[1]), 0.0, grad_y);
  return std::make_tuple(grad_x, grad_y);
}

/// x *= alpha, in place: a mutating op.
[[custom_op("stableops::scale_", mutates="x")]]
void scale_(Tensor &x, double alpha) {
  axpbyAny(x, std::nullopt, alpha, 0.0, x);
}

/// alpha * x, a fresh tensor: a functional op without a backward, whose
/// gradient raises (docs/autograd.md#ops-without-a-backward).
[[custom_op("stableops::scaled")]]
Tensor scaled(const Tensor &x, double alpha) {
  Tensor out = torch::stable::empty_like(x);
  axpbyAny(x, std::nullopt, alpha, 0.0, out);
  return out;
}

} // namespace stableops
