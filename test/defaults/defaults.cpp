// Defaults, keyword-only arguments, optional tensors, tensor lists, tuple
// returns, mutation and views in the classic flavour (issue #25): each op is
// called with its defaults left out and with them given (test_defaults.py),
// and by the generated opcheck, compile and export tests.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

namespace dflt {

// x * scale + shift ("add") or - shift ("sub"), negated when asked, in dtype
// when one is given: a default of each scalar type. A CompositeExplicitAutograd
// kernel, so it is its own fake.
[[custom_op("dflt::affine", device="default")]]
at::Tensor affine(const at::Tensor &x, double scale = 1.5, int64_t shift = 0,
                  bool negate = false, std::string_view mode = "add",
                  std::optional<at::ScalarType> dtype = std::nullopt) {
  TORCH_CHECK(mode == "add" || mode == "sub", "affine: mode must be add or sub");
  at::Tensor y = mode == "add" ? x * scale + shift : x * scale - shift;
  if (negate)
    y = -y;
  return dtype ? y.to(*dtype) : y;
}

// alpha * x.sum(dims, keepdim) (+ w) (+ k): an int list default, an optional
// tensor and an optional int, keyword-only arguments with defaults.
[[custom_op("dflt::pick", kwonly="alpha")]]
at::Tensor pick(const at::Tensor &x, std::vector<int64_t> dims = {0},
                const std::optional<at::Tensor> &w = std::nullopt,
                std::optional<int64_t> k = std::nullopt, double alpha = 1.0,
                bool keepdim = false) {
  at::Tensor y = x.sum(dims, keepdim) * alpha;
  if (w)
    y = y + *w;
  if (k)
    y = y + *k;
  return y;
}

// (x + sum_i weights[i] * others[i], x - the same): a tensor list, a float
// list default, a tuple return, a keyword-only bool.
[[custom_op("dflt::pair", kwonly="swap")]]
std::tuple<at::Tensor, at::Tensor> pair(const at::Tensor &x,
                                        const std::vector<at::Tensor> &others,
                                        std::vector<double> weights = {},
                                        bool swap = false) {
  TORCH_CHECK(weights.empty() || weights.size() == others.size(),
              "pair: one weight per tensor, or none");
  at::Tensor acc = at::zeros_like(x);
  for (size_t i = 0; i < others.size(); ++i)
    acc = acc + others[i] * (weights.empty() ? 1.0 : weights[i]);
  if (swap)
    return std::make_tuple(x - acc, x + acc);
  return std::make_tuple(x + acc, x - acc);
}

// Clamps x in place, into [lo, hi]; without bounds it writes nothing: the
// mutation only samples with a bound exercise.
[[custom_op("dflt::clamp_", mutates="x")]]
void clamp_(at::Tensor &x, std::optional<double> lo = std::nullopt,
            std::optional<double> hi = std::nullopt) {
  if (lo || hi)
    x.clamp_(lo, hi);
}

// Fills x with n, but only when n > 100: no derived sample makes it write,
// and the generated test_samples_write warns.
[[custom_op("dflt::fill_big_", mutates="x")]]
void fill_big_(at::Tensor &x, int64_t n) {
  if (n > 100)
    x.fill_(n);
}

// out = x * alpha: an out= variant with a keyword-only default after out.
[[custom_op("dflt::scale.out", mutates="out", kwonly="out")]]
at::Tensor &scale_out(const at::Tensor &x, at::Tensor &out, double alpha = 2.0) {
  at::mul_out(out, x, at::scalar_tensor(alpha, x.options()));
  return out;
}

// The first n rows of x, a view of it.
[[custom_op("dflt::head", aliases="x")]]
at::Tensor head(const at::Tensor &x, int64_t n = 1) {
  TORCH_CHECK(n >= 0 && n <= x.sym_size(0), "head: n must be in [0, x.size(0)]");
  return x.narrow(0, 0, n);
}

// x + eps, computed on the host: no fake, so the generated skeleton raises
// NotImplementedError, with eps left out too.
[[custom_op("dflt::nofake")]]
at::Tensor nofake(const at::Tensor &x, double eps = 1e-06) {
  at::Tensor xc = x.contiguous().to(at::kDouble);
  at::Tensor out = at::empty_like(xc);
  const double *in = xc.const_data_ptr<double>();
  double *o = out.mutable_data_ptr<double>();
  for (int64_t i = 0; i < xc.numel(); ++i)
    o[i] = in[i] + eps;
  return out.to(x.scalar_type());
}

} // namespace dflt
