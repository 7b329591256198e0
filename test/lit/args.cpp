// args="schema=cpp": schema arguments named apart from their C++ parameters,
// as torchvision's deform_conv2d says `groups` and `offset_groups` where its
// kernels say `n_weight_grps` and `n_offset_grps` (signatures from
// torchvision/csrc/ops/cpu/deform_conv2d_kernel.cpp). Every output uses the
// schema's names: the schema, the wrapper's parameters (it passes them to the
// kernel by position), ops.py/ops.pyi, the synthesised fake, the generated
// tests; the backward is matched by the schema's names and renames its own
// arguments with args= too. The other keys name schema arguments.
// RUN: rm -rf %t && opgen %s -o %t --python-package tv 2>&1 | FileCheck %s --allow-empty --check-prefix=STDERR
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/args.cpp
// RUN: FileCheck %s --check-prefix=OPS --input-file=%t/python/tv/ops.py
// RUN: FileCheck %s --check-prefix=PYI --input-file=%t/python/tv/ops.pyi
// RUN: FileCheck %s --check-prefix=AUTOGRAD --input-file=%t/autograd.cpp
// RUN: FileCheck %s --check-prefix=TESTS --input-file=%t/tests/test_tv_ops.py
// RUN: %python %inputs/roundtrip.py %t
// STDERR-NOT: error
// STDERR-NOT: warning
#include <opgen/opgen.h>

#include <ATen/ATen.h>

#include <tuple>

namespace vision {
namespace ops {

// REG: m.def("_deform_conv2d_backward(Tensor grad, Tensor input, Tensor weight, Tensor offset, Tensor mask, Tensor bias, SymInt stride_h, SymInt stride_w, SymInt pad_h, SymInt pad_w, SymInt dilation_h, SymInt dilation_w, SymInt groups, SymInt offset_groups, bool use_mask) -> (Tensor, Tensor, Tensor, Tensor, Tensor)");
// REG: m.def("deform_conv2d(Tensor input, Tensor weight, Tensor offset, Tensor mask, Tensor bias, SymInt stride_h, SymInt stride_w, SymInt pad_h, SymInt pad_w, SymInt dilation_h, SymInt dilation_w, SymInt groups, SymInt offset_groups, bool use_mask) -> Tensor");
// SHARD: at::Tensor vision_deform_conv2d__CPU({{.*}}c10::SymInt groups, c10::SymInt offset_groups, bool use_mask) {
// SHARD: opgen::rt::concrete(groups, __FILE__, __LINE__), opgen::rt::concrete(offset_groups, __FILE__, __LINE__), use_mask);
// OPS: def deform_conv2d({{.*}}groups: {{.*}}offset_groups: {{.*}}use_mask: bool) -> torch.Tensor:
// PYI: def deform_conv2d({{.*}}groups: {{.*}}offset_groups: {{.*}}use_mask: bool) -> torch.Tensor: ...
// AUTOGRAD: groups
// AUTOGRAD-NOT: n_weight_grps
// TESTS-NOT: n_weight_grps
[[custom_op("vision::deform_conv2d",
            args="groups=n_weight_grps, offset_groups = n_offset_grps",
            symint="stride_h, stride_w, pad_h, pad_w, dilation_h, dilation_w, "
                   "groups, offset_groups")]]
at::Tensor deform_conv2d_forward_kernel(
    const at::Tensor& input, const at::Tensor& weight, const at::Tensor& offset,
    const at::Tensor& mask, const at::Tensor& bias, int64_t stride_h,
    int64_t stride_w, int64_t pad_h, int64_t pad_w, int64_t dilation_h,
    int64_t dilation_w, int64_t n_weight_grps, int64_t n_offset_grps,
    bool use_mask) {
  TORCH_CHECK(input.size(1) % n_weight_grps == 0, "groups must divide channels");
  int64_t out_h = (input.size(2) + 2 * pad_h - (dilation_h * (weight.size(2) - 1) + 1)) / stride_h + 1;
  int64_t out_w = (input.size(3) + 2 * pad_w - (dilation_w * (weight.size(3) - 1) + 1)) / stride_w + 1;
  at::Tensor out = at::zeros({input.size(0), weight.size(0), out_h, out_w}, input.options());
  return out;
}

[[custom_op_backward("vision::deform_conv2d",
                     name="vision::_deform_conv2d_backward",
                     args="grad=grad_out, groups=n_weight_grps, offset_groups=n_offset_grps",
                     symint="stride_h, stride_w, pad_h, pad_w, dilation_h, dilation_w, "
                            "groups, offset_groups")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor>
deform_conv2d_backward_kernel(
    const at::Tensor& grad_out, const at::Tensor& input,
    const at::Tensor& weight, const at::Tensor& offset, const at::Tensor& mask,
    const at::Tensor& bias, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dilation_h, int64_t dilation_w,
    int64_t n_weight_grps, int64_t n_offset_grps, bool use_mask);

} // namespace ops
} // namespace vision
