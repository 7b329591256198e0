// Fakes synthesised from the kernels' allocations: every returned tensor is
// followed back to at::empty / at::empty_like / new_empty / zeros / clone,
// and its sizes to tensor sizes, int arguments and constants (through
// unmodified locals). The Meta kernel reads sizes as SymInts. The kernels
// are CUDA kernels: a CPU kernel that calls only ATen ops is its own fake
// (meta_safe.cpp).
// RUN: rm -rf %t && opgen %s -o %t --python-package sy 2>&1 | count 0
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: not grep -q register_fake %t/python/sy/fakes.py
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>
#include <ATen/ops/empty.h>
#include <ATen/ops/empty_like.h>
#include <ATen/ops/full.h>
#include <ATen/ops/zeros.h>
#include <ATen/ops/zeros_like.h>

#include <tuple>
#include <vector>

// REG: #include <ATen/ops/empty.h>
// REG-NEXT: #include <ATen/ops/empty_like.h>
// REG-NEXT: #include <opgen/runtime.h>

namespace sy {

// Locals initialised from sizes and list items, a braced list of sizes.
// REG-LABEL: at::Tensor sy_a_crop__Meta(const at::Tensor& pic, c10::IntArrayRef box) {
// REG-NEXT: return at::empty_symint(std::vector<c10::SymInt>{pic.sym_size(0), box[3] - box[1], box[2] - box[0]}, pic.options());
[[custom_op("sy::a_crop", device="cuda")]]
at::Tensor a_crop(const at::Tensor &pic, c10::IntArrayRef box) {
  const int64_t channels = pic.size(0);
  const int64_t left = box[0], upper = box[1], right = box[2], lower = box[3];
  const int64_t out_h = lower - upper, out_w = right - left;
  at::Tensor out = at::empty({channels, out_h, out_w}, pic.options());
  return out;
}

// empty_like keeps the input's strides; a declaration first, the definition
// (with the body) further down.
// REG-LABEL: at::Tensor sy_b_like__Meta(const at::Tensor& x) {
// REG-NEXT: return at::empty_like(x);
[[custom_op("sy::b_like", device="cuda")]]
at::Tensor b_like(const at::Tensor &x);

// clone with a memory format, through a local that is only read.
// REG-LABEL: at::Tensor sy_c_copy__Meta(const at::Tensor& x) {
// REG-NEXT: return at::empty_like(x, at::TensorOptions(), at::MemoryFormat::Contiguous);
[[custom_op("sy::c_copy")]]
at::Tensor c_copy(const at::Tensor &x) {
  at::Tensor out = x.clone(at::MemoryFormat::Contiguous);
  auto data = out.data_ptr(); // data writes do not matter
  (void)data;
  return out;
}

// new_zeros with a dtype; sizes() of an input; a SymInt argument.
// REG-LABEL: at::Tensor sy_d_grow__Meta(const at::Tensor& x, c10::SymInt extra) {
// REG-NEXT: return at::empty_symint(std::vector<c10::SymInt>{x.sym_size(0) + extra, x.dim(), x.sym_numel()}, x.options().dtype(at::ScalarType::Long));
[[custom_op("sy::d_grow", device="cuda")]]
at::Tensor d_grow(const at::Tensor &x, c10::SymInt extra) {
  const int64_t n = extra.expect_int();
  return x.new_zeros({x.size(0) + n, x.dim(), x.numel()},
                     x.options().dtype(at::kLong));
}

// A vector of sizes with items replaced before the allocation; a tuple of
// two outputs returned by two return statements alike; a ternary.
// REG-LABEL: std::tuple<at::Tensor, at::Tensor> sy_e_topk__Meta(const at::Tensor& x, int64_t k, bool largest) {
// REG-NEXT: return std::tuple<at::Tensor, at::Tensor>(
// REG-NEXT: at::empty_symint(opgen::rt::with_item(opgen::rt::with_item(x.sym_sizes(), 0, largest ? k : 1), -1, k), x.options()),
// REG-NEXT: at::empty_symint(x.sym_sizes(), x.options().dtype(x.scalar_type())));
[[custom_op("sy::e_topk", device="cuda")]]
std::tuple<at::Tensor, at::Tensor> e_topk(const at::Tensor &x, int64_t k,
                                        bool largest = true) {
  std::vector<int64_t> shape = x.sizes().vec();
  shape[0] = largest ? k : 1;
  shape.back() = k;
  at::Tensor values = at::empty(shape, x.options());
  at::Tensor other = at::empty(x.sizes(), x.options().dtype(x.scalar_type()));
  if (k == 0)
    return std::make_tuple(values, other);
  return std::make_tuple(values, other);
}

// An int[] argument used as the sizes; at::full.
// REG-LABEL: at::Tensor sy_f_filled__Meta(const at::Tensor& like, c10::IntArrayRef size) {
// REG-NEXT: return at::empty_symint(opgen::rt::sym_list(size), like.options());
[[custom_op("sy::f_filled", device="cuda")]]
at::Tensor f_filled(const at::Tensor &like, c10::IntArrayRef size) {
  return at::full(size, 1.5, like.options());
}

// An out= variant returns its out argument.
// REG-LABEL: at::Tensor& sy_g_scale_out__Meta(const at::Tensor& x, double s, at::Tensor& out) {
// REG-NEXT: return out;
[[custom_op("sy::g_scale.out", mutates="out")]]
at::Tensor &g_scale_out(const at::Tensor &x, double s, at::Tensor &out) {
  out.copy_(x);
  return out;
}

// empty_like and clone of `x.contiguous()` (directly or through a local)
// are made the same way in the fake, so a transposed input gives a
// contiguous output there too; a memory format of .contiguous() is kept.
// REG-LABEL: at::Tensor sy_h_contig__Meta(const at::Tensor& x) {
// REG-NEXT: return at::empty_like(x.contiguous());
[[custom_op("sy::h_contig", device="cuda")]]
at::Tensor h_contig(const at::Tensor &x) {
  at::Tensor xc = x.contiguous();
  at::Tensor out = at::empty_like(xc);
  return out;
}

// REG-LABEL: at::Tensor sy_i_channels_last__Meta(const at::Tensor& x) {
// REG-NEXT: return at::empty_like(x.contiguous(at::MemoryFormat::ChannelsLast), at::TensorOptions(), at::MemoryFormat::Preserve);
[[custom_op("sy::i_channels_last", device="cuda")]]
at::Tensor i_channels_last(const at::Tensor &x) {
  return at::empty_like(x.contiguous(at::MemoryFormat::ChannelsLast),
                        at::MemoryFormat::Preserve);
}

// REG-LABEL: at::Tensor sy_j_clone_contig__Meta(const at::Tensor& x) {
// REG-NEXT: return at::empty_like(x.contiguous());
[[custom_op("sy::j_clone_contig", device="cuda")]]
at::Tensor j_clone_contig(const at::Tensor &x) {
  const at::Tensor xc = x.contiguous();
  return xc.clone();
}

} // namespace sy

at::Tensor sy::b_like(const at::Tensor &x) { return at::empty_like(x); }

// REG: TORCH_LIBRARY_IMPL(sy, Meta, m) {
// REG-NEXT: m.impl("a_crop", TORCH_FN(opgen_generated::sy_a_crop__Meta));
// REG-NEXT: m.impl("b_like", TORCH_FN(opgen_generated::sy_b_like__Meta));
// REG-NEXT: m.impl("c_copy", TORCH_FN(opgen_generated::sy_c_copy__Meta));
// REG-NEXT: m.impl("d_grow", TORCH_FN(opgen_generated::sy_d_grow__Meta));
// REG-NEXT: m.impl("e_topk", TORCH_FN(opgen_generated::sy_e_topk__Meta));
// REG-NEXT: m.impl("f_filled", TORCH_FN(opgen_generated::sy_f_filled__Meta));
// REG-NEXT: m.impl("g_scale.out", TORCH_FN(opgen_generated::sy_g_scale_out__Meta));
// REG-NEXT: m.impl("h_contig", TORCH_FN(opgen_generated::sy_h_contig__Meta));
// REG-NEXT: m.impl("i_channels_last", TORCH_FN(opgen_generated::sy_i_channels_last__Meta));
// REG-NEXT: m.impl("j_clone_contig", TORCH_FN(opgen_generated::sy_j_clone_contig__Meta));
// REG-NEXT: }

// MANIFEST: "kind": "synthesized",
// MANIFEST-NEXT: "where": "{{.*}}fake_synth.cpp:33"
// MANIFEST: "name": "sy::a_crop",
