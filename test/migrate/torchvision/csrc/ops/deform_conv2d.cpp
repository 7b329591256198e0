// torchvision's ops/deform_conv2d.cpp: the schema (its `groups` and
// `offset_groups` are the kernel's `n_weight_grps` and `n_offset_grps`) and
// the C++ API. Kernel: cpu/deform_conv2d_kernel.cpp.
#include "deform_conv2d.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

namespace vision {
namespace ops {

at::Tensor deform_conv2d(const at::Tensor& input, const at::Tensor& weight,
                         const at::Tensor& offset, const at::Tensor& mask,
                         const at::Tensor& bias, int64_t stride_h,
                         int64_t stride_w, int64_t pad_h, int64_t pad_w,
                         int64_t dilation_h, int64_t dilation_w,
                         int64_t groups, int64_t offset_groups,
                         bool use_mask) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("torchvision::deform_conv2d", "")
                       .typed<decltype(deform_conv2d)>();
  return op.call(input, weight, offset, mask, bias, stride_h, stride_w, pad_h,
                 pad_w, dilation_h, dilation_w, groups, offset_groups,
                 use_mask);
}

TORCH_LIBRARY_FRAGMENT(torchvision, m) {
  m.set_python_module("torchvision_like._meta_registrations");
  m.def(TORCH_SELECTIVE_SCHEMA(
      "torchvision::deform_conv2d(Tensor input, Tensor weight, Tensor offset, Tensor mask, Tensor bias, SymInt stride_h, SymInt stride_w, SymInt pad_h, SymInt pad_w, SymInt dilation_h, SymInt dilation_w, SymInt groups, SymInt offset_groups, bool use_mask) -> Tensor"));
}

} // namespace ops
} // namespace vision
