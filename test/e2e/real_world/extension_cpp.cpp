// pytorch/extension-cpp (the custom-op tutorial, BSD-3-Clause):
// extension_cpp/csrc/muladd.cpp, whose out variant is the one real schema in
// the corpus that already writes `Tensor(a!)`.
#include <opgen/opgen.h>

#include <ATen/Operators.h>
#include <torch/library.h>

namespace extension_cpp {

// from: pytorch/extension-cpp:extension_cpp/csrc/muladd.cpp:88
[[custom_op("extension_cpp::mymuladd")]]
at::Tensor mymuladd_cpu(const at::Tensor& a, const at::Tensor& b, double c);

// from: pytorch/extension-cpp:extension_cpp/csrc/muladd.cpp:89
[[custom_op("extension_cpp::mymul")]]
at::Tensor mymul_cpu(const at::Tensor& a, const at::Tensor& b);

// from: pytorch/extension-cpp:extension_cpp/csrc/muladd.cpp:90
[[custom_op("extension_cpp::myadd_out", mutates="out")]]
void myadd_out_cpu(const at::Tensor& a, const at::Tensor& b, at::Tensor& out);

} // namespace extension_cpp
