// torchvision's deform_conv2d names its groups n_weight_grps and
// n_offset_grps where the schema says groups and offset_groups; swap()'s
// kernel swaps its two parameters' names, which args= cannot say (each
// schema name would be the other parameter's).
#include <ATen/ATen.h>
#include <torch/library.h>

namespace vision {

at::Tensor deform_conv2d_kernel(const at::Tensor& input,
                                const at::Tensor& weight,
                                const at::Tensor& offset,
                                int64_t n_weight_grps,
                                int64_t n_offset_grps,
                                bool use_mask) {
  return at::zeros({input.size(0), weight.size(0), 1, 1}, input.options());
}

at::Tensor swap_kernel(const at::Tensor& b, const at::Tensor& a) {
  return a - b;
}

TORCH_LIBRARY(vision, m) {
  m.def("deform_conv2d(Tensor input, Tensor weight, Tensor offset, SymInt groups, SymInt offset_groups, bool use_mask) -> Tensor");
  m.def("swap(Tensor a, Tensor b) -> Tensor");
}

TORCH_LIBRARY_IMPL(vision, CPU, m) {
  m.impl("deform_conv2d", &deform_conv2d_kernel);
  m.impl("swap", &swap_kernel);
}

} // namespace vision
