// The ops of defaults.cpp in the stable flavour (issue #25), whose fakes and
// autograd opgen writes in Python: each op is called with its defaults left
// out and with them given (test_defaults.py), and by the generated opcheck,
// compile and export tests.
#include <opgen/opgen.h>

#include "../stable/offset_of.h"

#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/core/ScalarType.h>
#include <torch/headeronly/util/Exception.h>
#include <torch/headeronly/util/HeaderOnlyArrayRef.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

namespace sdflt {

using torch::headeronly::HeaderOnlyArrayRef;
using torch::headeronly::ScalarType;
using torch::stable::Tensor;

namespace {

using stable_test::offsetOf;

void checkLike(const Tensor &x, const Tensor &y, const char *what) {
  STD_TORCH_CHECK(x.is_cpu() && y.is_cpu(), "sdflt: CPU tensors only");
  STD_TORCH_CHECK(x.dim() == y.dim(), what, " must have the shape of x");
  for (int64_t d = 0; d < x.dim(); ++d)
    STD_TORCH_CHECK(x.size(d) == y.size(d), what, " must have the shape of x");
  STD_TORCH_CHECK(x.scalar_type() == y.scalar_type(), what, " must have the dtype of x");
  STD_TORCH_CHECK(x.scalar_type() == ScalarType::Float ||
                      x.scalar_type() == ScalarType::Double,
                  "sdflt: float32 or float64 tensors only");
}

double get(const Tensor &t, int64_t i) {
  if (t.scalar_type() == ScalarType::Float)
    return t.const_data_ptr<float>()[offsetOf(t, i)];
  return t.const_data_ptr<double>()[offsetOf(t, i)];
}

void set(Tensor &t, int64_t i, double v) {
  if (t.scalar_type() == ScalarType::Float)
    t.mutable_data_ptr<float>()[offsetOf(t, i)] = static_cast<float>(v);
  else
    t.mutable_data_ptr<double>()[offsetOf(t, i)] = v;
}

} // namespace

// x * scale + shift ("add") or - shift ("sub"), negated when asked.
[[custom_op("sdflt::affine")]]
Tensor affine(const Tensor &x, double scale = 1.5, int64_t shift = 0,
              bool negate = false, std::string_view mode = "add") {
  checkLike(x, x, "x");
  STD_TORCH_CHECK(mode == "add" || mode == "sub", "affine: mode must be add or sub");
  Tensor out = torch::stable::empty_like(x);
  for (int64_t i = 0; i < x.numel(); ++i) {
    double v = get(x, i) * scale + (mode == "add" ? shift : -shift);
    set(out, i, negate ? -v : v);
  }
  return out;
}

// The gradient of affine for x: grad * scale, negated when negate is; its
// setup_context reads scale and negate, which torch leaves out of the call
// when they are the defaults.
[[custom_op_backward("sdflt::affine")]]
Tensor affine_backward(const Tensor &grad, double scale, bool negate) {
  checkLike(grad, grad, "grad");
  Tensor out = torch::stable::empty_like(grad);
  for (int64_t i = 0; i < grad.numel(); ++i)
    set(out, i, (negate ? -scale : scale) * get(grad, i));
  return out;
}

// alpha * (coeffs[0] * x + coeffs[1] * w) + k: an optional tensor, an int
// list default, an optional int, keyword-only arguments with defaults.
[[custom_op("sdflt::pick", kwonly="alpha")]]
Tensor pick(const Tensor &x, const std::optional<Tensor> &w = std::nullopt,
            HeaderOnlyArrayRef<int64_t> coeffs = {1, 1},
            std::optional<int64_t> k = std::nullopt, double alpha = 1.0) {
  checkLike(x, w ? *w : x, "w");
  STD_TORCH_CHECK(coeffs.size() == 2, "pick: coeffs must have 2 items");
  Tensor out = torch::stable::empty_like(x);
  for (int64_t i = 0; i < x.numel(); ++i) {
    double v = coeffs[0] * get(x, i) + (w ? coeffs[1] * get(*w, i) : 0.0);
    set(out, i, alpha * v + (k ? *k : 0));
  }
  return out;
}

// (x + sum_i weights[i] * others[i], x - the same): a tensor list, a float
// list default, a tuple return, a keyword-only bool.
[[custom_op("sdflt::pair", kwonly="swap")]]
std::tuple<Tensor, Tensor> pair(const Tensor &x, const std::vector<Tensor> &others,
                                std::vector<double> weights = {}, bool swap = false) {
  STD_TORCH_CHECK(weights.empty() || weights.size() == others.size(),
                  "pair: one weight per tensor, or none");
  for (const Tensor &o : others)
    checkLike(x, o, "others");
  checkLike(x, x, "x");
  Tensor plus = torch::stable::empty_like(x);
  Tensor minus = torch::stable::empty_like(x);
  for (int64_t i = 0; i < x.numel(); ++i) {
    double acc = 0;
    for (size_t j = 0; j < others.size(); ++j)
      acc += get(others[j], i) * (weights.empty() ? 1.0 : weights[j]);
    set(plus, i, get(x, i) + (swap ? -acc : acc));
    set(minus, i, get(x, i) - (swap ? -acc : acc));
  }
  return std::make_tuple(plus, minus);
}

// Clamps x in place, into [lo, hi]; without bounds it writes nothing.
[[custom_op("sdflt::clamp_", mutates="x")]]
void clamp_(Tensor &x, std::optional<double> lo = std::nullopt,
            std::optional<double> hi = std::nullopt) {
  checkLike(x, x, "x");
  if (!lo && !hi)
    return;
  for (int64_t i = 0; i < x.numel(); ++i) {
    double v = get(x, i);
    if (lo && v < *lo)
      v = *lo;
    if (hi && v > *hi)
      v = *hi;
    set(x, i, v);
  }
}

// out = x * alpha: an out argument, keyword-only, with a default after it.
[[custom_op("sdflt::scale_out", mutates="out", kwonly="out")]]
void scale_out(const Tensor &x, Tensor &out, double alpha = 2.0) {
  checkLike(x, out, "out");
  for (int64_t i = 0; i < x.numel(); ++i)
    set(out, i, get(x, i) * alpha);
}

// The first n rows of x, a view of it (-> Tensor(a)). An out= variant that
// returns its out argument (-> Tensor(a!)) has no stable form: a stable
// kernel cannot return a reference (UnsupportedReturn, lit
// err_types_stable.cpp); scale_out above returns nothing.
[[custom_op("sdflt::head", aliases="x")]]
Tensor head(Tensor x, int64_t n = 1) {
  STD_TORCH_CHECK(x.dim() >= 1 && n >= 0 && n <= x.size(0),
                  "head: n must be in [0, x.size(0)]");
  return torch::stable::narrow(x, 0, 0, n);
}

// x + eps in dtype (x's when None): no fake opgen can synthesise (the
// allocation's dtype is chosen at run time), so the generated skeleton
// raises NotImplementedError, with the defaults left out too.
[[custom_op("sdflt::cast")]]
Tensor cast(const Tensor &x, std::optional<ScalarType> dtype = std::nullopt,
            double eps = 1e-06) {
  checkLike(x, x, "x");
  ScalarType t = dtype ? *dtype : x.scalar_type();
  STD_TORCH_CHECK(t == ScalarType::Float || t == ScalarType::Double,
                  "cast: float32 or float64 only");
  Tensor out = torch::stable::new_empty(x, x.sizes(), t);
  for (int64_t i = 0; i < x.numel(); ++i)
    set(out, i, get(x, i) + eps);
  return out;
}

} // namespace sdflt
