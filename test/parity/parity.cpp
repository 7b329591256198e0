// Ops without a backward, one per case of issue #49: each is defined again
// in Python with torch.library.custom_op (test_custom_op_parity.py), and
// the two must behave alike under autograd (docs/autograd.md#ops-without-a-backward).
// The kernels call ATen only; they run below autograd.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

#include <optional>
#include <tuple>
#include <vector>

namespace parity {

// A functional op.
[[custom_op("parity::scale")]]
at::Tensor scale(const at::Tensor &x, double s) {
  return x * s;
}

// Two outputs, the second an integer tensor (not differentiable).
[[custom_op("parity::top")]]
std::tuple<at::Tensor, at::Tensor> top(const at::Tensor &x) {
  auto [values, indices] = x.max(-1);
  return {values, indices};
}

// pytorch/extension-cpp's myadd_out: mutates out, returns nothing.
[[custom_op("parity::add_out", mutates="out")]]
void add_out(const at::Tensor &a, const at::Tensor &b, at::Tensor &out) {
  TORCH_CHECK(a.sizes() == b.sizes());
  TORCH_CHECK(b.sizes() == out.sizes());
  out.copy_(a + b);
}

// Mutates x and returns it.
[[custom_op("parity::fill_", mutates="x")]]
at::Tensor &fill_(at::Tensor &x, double v) {
  x.fill_(v);
  return x;
}

// Returns a view of x.
[[custom_op("parity::head", aliases="x")]]
at::Tensor head(const at::Tensor &x, int64_t n) {
  return x.narrow(0, 0, n);
}

// An optional tensor.
[[custom_op("parity::axpy")]]
at::Tensor axpy(const at::Tensor &x, const std::optional<at::Tensor> &y, double a) {
  return y ? x * a + *y : x * a;
}

// A mutated optional tensor.
[[custom_op("parity::accumulate_", mutates="acc")]]
void accumulate_(const at::Tensor &x, std::optional<at::Tensor> acc) {
  if (acc)
    acc->add_(x);
}

// A list of tensors in.
[[custom_op("parity::sum_list")]]
at::Tensor sum_list(at::TensorList xs) {
  at::Tensor r = xs[0] * 1;
  for (size_t i = 1; i < xs.size(); ++i)
    r = r + xs[i];
  return r;
}

// A list of tensors out.
[[custom_op("parity::halves")]]
std::vector<at::Tensor> halves(const at::Tensor &x) {
  return {x * 0.5, x * 2};
}

// A mutated list of tensors.
[[custom_op("parity::scale_all_", mutates="xs")]]
void scale_all_(at::TensorList xs, double s) {
  for (const at::Tensor &x : xs)
    x.mul_(s);
}

// A list of optional tensors.
[[custom_op("parity::sum_opt")]]
at::Tensor sum_opt(const at::Tensor &x, const c10::List<std::optional<at::Tensor>> &ys) {
  at::Tensor r = x * 1;
  for (std::optional<at::Tensor> y : ys)
    if (y)
      r = r + *y;
  return r;
}

} // namespace parity
