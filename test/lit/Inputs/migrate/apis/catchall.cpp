// Catch-all kernels: an op's schema with its kernel in one m.def, and one
// registered at CompositeImplicitAutograd.
#include <ATen/ATen.h>
#include <torch/library.h>

namespace cal {

at::Tensor twice(const at::Tensor& x) {
  return x + x;
}

at::Tensor thrice(const at::Tensor& x, double scale = 1.0) {
  return x * (3 * scale);
}

at::Tensor halve(const at::Tensor& x) {
  return x / 2;
}

int64_t version() {
  return 3;
}

TORCH_LIBRARY(cal, m) {
  m.def("twice(Tensor x) -> Tensor", &twice);
  m.def(TORCH_SELECTIVE_SCHEMA("cal::thrice(Tensor x, float scale=1.0) -> Tensor"), TORCH_FN(thrice));
  m.def("halve(Tensor x) -> Tensor");
  m.def("_version", &version);
}

TORCH_LIBRARY_IMPL(cal, CompositeImplicitAutograd, m) {
  m.impl("halve", &halve);
}

} // namespace cal
