// A CPU kernel whose body calls only ATen ops runs on Meta tensors as it
// is: opgen registers the same wrapper for Meta, as the op's fake (kind
// "kernel" in the manifest), before trying to synthesise one. Bodies that
// read data, ask for a device or call functions opgen does not follow keep
// the other sources.
// RUN: rm -rf %t && opgen %s -o %t --python-package ms 2> %t.err
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err
#include <opgen/opgen.h>

#include <ATen/ATen.h>


#include <string>
#include <tuple>
#include <vector>

namespace ms {

[[custom_op("ms::scale_rows")]]
at::Tensor scale_rows(const at::Tensor &x, const at::Tensor &w) {
  return x * w.unsqueeze(1);
}

// The backward of the example in docs/fakes.md: ATen ops only.
[[custom_op_backward("ms::scale_rows")]]
std::tuple<at::Tensor, at::Tensor> scale_rows_backward(const at::Tensor &grad,
                                                       const at::Tensor &x,
                                                       const at::Tensor &w) {
  TORCH_CHECK(grad.sym_sizes() == x.sym_sizes(), "scale_rows_backward: bad grad");
  return {grad * w.unsqueeze(1), (grad * x).sum(1)};
}

// Reads data: not meta-safe; its allocation is followed instead.
[[custom_op("ms::b_data")]]
at::Tensor b_data(const at::Tensor &x) {
  at::Tensor out = at::empty_like(x);
  float *p = out.data_ptr<float>();
  p[0] = 1;
  return out;
}

void fill(at::Tensor &t);

// Calls a project function: not meta-safe, and nothing to synthesise
// either, so the note is the synthesis's.
// NOTE: meta_safe.cpp:[[@LINE+5]]:10: note: no fake synthesised for 'ms::c_helper'
[[custom_op("ms::c_helper")]]
at::Tensor c_helper(const at::Tensor &x) {
  at::Tensor out = at::empty_like(x);
  fill(out);
  return out.to(at::kDouble);
}

// Asks for the device: not meta-safe (on Meta tensors it would say false).
[[custom_op("ms::d_device")]]
at::Tensor d_device(const at::Tensor &x) {
  TORCH_CHECK(x.is_cpu(), "d_device: CPU only");
  return at::empty_like(x);
}

// Concrete sizes fail on dynamic-shape fake tensors: not meta-safe, and the
// allocation is followed instead (with SymInt sizes).
[[custom_op("ms::f_sizes")]]
at::Tensor f_sizes(const at::Tensor &x) {
  return at::empty({x.size(0)}, x.options());
}

// Only CPU kernels qualify: a CUDA kernel's wrapper holds a device guard.
[[custom_op("ms::e_cuda", device="cuda")]]
at::Tensor e_cuda(const at::Tensor &x) { return x.sin(); }

// Returns strings: nothing FakeTensor could trace, so never its own fake
// (FakeTensor raises for it; the op keeps the skeleton).
[[custom_op("ms::g_names")]]
std::vector<std::string> g_names(const at::Tensor &x) {
  return {c10::toString(x.scalar_type())};
}

} // namespace ms

// REG: TORCH_LIBRARY_IMPL(ms, CPU, m) {
// REG: m.impl("scale_rows", TORCH_FN([[FWD:opgen_generated::[A-Za-z0-9_]+]]));
// REG: m.impl("scale_rows_backward", TORCH_FN([[BWD:opgen_generated::[A-Za-z0-9_]+]]));
// REG: TORCH_LIBRARY_IMPL(ms, Meta, m) {
// REG-NEXT: m.impl("b_data", TORCH_FN(opgen_generated::ms_b_data__Meta));
// REG-NEXT: m.impl("d_device", TORCH_FN(opgen_generated::ms_d_device__Meta));
// REG-NEXT: m.impl("f_sizes", TORCH_FN(opgen_generated::ms_f_sizes__Meta));
// REG-NEXT: m.impl("scale_rows", TORCH_FN([[FWD]]));
// REG-NEXT: m.impl("scale_rows_backward", TORCH_FN([[BWD]]));
// REG-NEXT: }

// MANIFEST: "kind": "synthesized",
// MANIFEST: "name": "ms::b_data",
// MANIFEST: "fake": null
// MANIFEST: "name": "ms::c_helper",
// MANIFEST: "kind": "synthesized",
// MANIFEST: "name": "ms::d_device",
// MANIFEST: "fake": null
// MANIFEST: "name": "ms::e_cuda",
// MANIFEST: "fake": null
// MANIFEST: "name": "ms::g_names",
// MANIFEST: "kind": "kernel",
// MANIFEST-NEXT: "where": "{{.*}}meta_safe.cpp:22"
// MANIFEST: "name": "ms::scale_rows",
// MANIFEST: "kind": "kernel",
// MANIFEST-NEXT: "where": "{{.*}}meta_safe.cpp:28"
// MANIFEST: "name": "ms::scale_rows_backward",
