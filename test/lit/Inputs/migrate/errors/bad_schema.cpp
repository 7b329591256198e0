#include <ATen/ATen.h>
#include <torch/library.h>

at::Tensor scale_cpu(const at::Tensor& x, double factor) { return x * factor; }

TORCH_LIBRARY(mylib, m) {
  m.def("scale(Tensor x, float) -> Tensor");
}

TORCH_LIBRARY_IMPL(mylib, CPU, m) {
  m.impl("scale", &scale_cpu);
}
