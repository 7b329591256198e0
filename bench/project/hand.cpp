// The kernels of trivial.cpp registered by hand, the way the PyTorch custom
// C++ op tutorial does it: the baseline of the overhead benchmark.
#include "trivial.cpp"

#include <torch/library.h>

TORCH_LIBRARY(bench_hand, m) {
  m.def("noop(Tensor(a!) x) -> ()");
  m.def("add_one(Tensor x) -> Tensor");
}

TORCH_LIBRARY_IMPL(bench_hand, CPU, m) {
  m.impl("noop", &bench::noop);
  m.impl("add_one", &bench::add_one);
}
