// The stable-ABI flavour of parity.cpp's ops (docs/stable-abi.md), for the
// same differential test against torch.library.custom_op: a functional op,
// one that mutates its out and returns nothing (extension-cpp's myadd_out)
// and one that mutates an optional tensor. float64 tensors of any strides.
#include <opgen/opgen.h>

#include "../stable/offset_of.h"

#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/util/Exception.h>

#include <cstdint>
#include <optional>

namespace sparity {

using torch::headeronly::ScalarType;
using torch::stable::Tensor;

namespace {

/// out = a * x + (y ? y : 0), elementwise over float64 tensors of x's shape.
void axpy(const Tensor &x, const std::optional<Tensor> &y, double a, Tensor &out) {
  STD_TORCH_CHECK(x.scalar_type() == ScalarType::Double, "sparity: float64 tensors only");
  const Tensor *others[] = {&out, y ? &*y : nullptr};
  for (const Tensor *t : others) {
    if (!t)
      continue;
    STD_TORCH_CHECK(t->dim() == x.dim(), "sparity: tensors of one shape only");
    for (int64_t d = 0; d < x.dim(); ++d)
      STD_TORCH_CHECK(t->size(d) == x.size(d), "sparity: tensors of one shape only");
  }
  const double *xp = x.const_data_ptr<double>();
  const double *yp = y ? y->const_data_ptr<double>() : nullptr;
  double *op = out.mutable_data_ptr<double>();
  for (int64_t i = 0; i < x.numel(); ++i) {
    double v = a * xp[stable_test::offsetOf(x, i)];
    if (yp)
      v += yp[stable_test::offsetOf(*y, i)];
    op[stable_test::offsetOf(out, i)] = v;
  }
}

} // namespace

[[custom_op("sparity::scale")]]
Tensor scale(const Tensor &x, double s) {
  Tensor out = torch::stable::empty_like(x);
  axpy(x, std::nullopt, s, out);
  return out;
}

[[custom_op("sparity::add_out", mutates="out")]]
void add_out(const Tensor &a, const Tensor &b, Tensor &out) {
  axpy(a, b, 1.0, out);
}

[[custom_op("sparity::accumulate_", mutates="acc")]]
void accumulate_(const Tensor &x, std::optional<Tensor> acc) {
  if (acc)
    axpy(x, *acc, 1.0, *acc);
}

} // namespace sparity
