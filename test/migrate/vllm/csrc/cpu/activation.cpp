// vLLM's CPU activation and layernorm kernels (csrc/cpu/activation.cpp and
// layernorm.cpp there), written with ATen ops instead of vectorized loops:
// each writes its result into the `out` tensor it is given.
#include "../ops.h"

#include <cmath>

namespace {

// The gated activations take input (..., 2 * d) and write out (..., d):
// act(x[..., :d]) * x[..., d:] (mul_and_silu: x[..., :d] * act(x[..., d:])).
std::pair<at::Tensor, at::Tensor> halves(const at::Tensor& input,
                                         const at::Tensor& out) {
  const int64_t d = input.size(-1) / 2;
  TORCH_CHECK(input.size(-1) == 2 * d && out.size(-1) == d,
              "the input's last dimension must be twice the output's");
  return {input.narrow(-1, 0, d), input.narrow(-1, d, d)};
}

}  // namespace

void silu_and_mul(at::Tensor& out, at::Tensor& input) {
  auto [x, y] = halves(input, out);
  out.copy_(at::silu(x) * y);
}

void mul_and_silu(at::Tensor& out, at::Tensor& input) {
  auto [x, y] = halves(input, out);
  out.copy_(x * at::silu(y));
}

void fatrelu_and_mul(at::Tensor& out, at::Tensor& input, double threshold) {
  auto [x, y] = halves(input, out);
  out.copy_(at::where(x > threshold, x, at::zeros_like(x)) * y);
}

void gelu_new(at::Tensor& out, at::Tensor& input) {
  // 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3)))
  const double c = std::sqrt(2.0 / M_PI);
  out.copy_(0.5 * input * (1.0 + at::tanh(c * (input + 0.044715 * input.pow(3)))));
}
