// The legacy registration API: one chain of .op(...) calls.
#include <ATen/ATen.h>
#include <torch/script.h>

namespace leg {

at::Tensor scale(const at::Tensor& x, double factor) {
  return x * factor;
}

at::Tensor shift(at::Tensor x, int64_t by) {
  return x + by;
}

static auto registry =
    torch::RegisterOperators()
        .op("leg::scale(Tensor x, float factor) -> Tensor", &scale)
        .op("leg::shift", &shift);

} // namespace leg
