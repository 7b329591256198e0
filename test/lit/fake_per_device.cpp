// One fake for every device (docs/fakes.md#one-fake-for-every-device): the
// kernels of the CPU and CUDA (device="cuda") are compared by what they
// allocate. Alike: one fake. Followed and different: a Python fake per
// device; so too a meta-safe CPU kernel (its own fake on the CPU) beside a
// CUDA kernel opgen follows. One known and the other not: no fake, and a
// note naming both kernels.
// RUN: rm -rf %t && opgen %s -o %t --python-package pd 2> %t.err
// RUN: FileCheck %s --check-prefix=NOTE --input-file=%t.err --implicit-check-not=note: --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=FAKES --input-file=%t/python/pd/fakes.py
// RUN: FileCheck %s --check-prefix=SKEL --input-file=%t/python/pd/fakes.py
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=TESTS --input-file=%t/tests/test_pd_ops.py
#include <opgen/opgen.h>

#include <ATen/ATen.h>

namespace pd {

// Both allocate x's sizes, contiguous: the CPU kernel (meta-safe) serves
// both devices.
// MANIFEST: "kind": "kernel",
// MANIFEST-NEXT: "where": "{{.*}}fake_per_device.cpp:[[@LINE+2]]"
[[custom_op("pd::alike")]]
at::Tensor alike(const at::Tensor &x) {
  at::Tensor xc = x.contiguous();
  return at::empty_like(xc);
}

// TESTS-LABEL: "name": "pd::alike",
// TESTS: "kernel_facts": {
// TESTS-NEXT: "cpu": lambda x: torch.empty_like(x.contiguous()),
// TESTS-NEXT: "cuda": lambda x: x.new_empty(list(x.size())),
// TESTS-NEXT: },
[[custom_op("pd::alike", device="cuda")]]
at::Tensor alike_cuda(const at::Tensor &x) {
  return at::empty(x.sizes(), x.options());
}

// Issue #49's op: the CPU kernel is its own fake (meta-safe: what its ATen
// calls compute, whose metadata opgen cannot follow), the CUDA kernel
// allocates what opgen follows. A fake per device: on CPU tensors it runs
// the CPU kernel itself, on CUDA tensors it makes the CUDA kernel's
// allocation.
// MANIFEST: "kind": "per-device",
// MANIFEST-NEXT: "where": "CPU: {{.*}}fake_per_device.cpp:[[@LINE+2]] (the kernel itself), CUDA: {{.*}}fake_per_device.cpp:[[@LINE+20]]"
[[custom_op("pd::clampadd")]]
at::Tensor clampadd(const at::Tensor &a, const at::Tensor &b, double lo, double hi) {
  return (a + b).clamp(lo, hi);
}

// FAKES: @torch.library.register_fake("pd::clampadd")
// FAKES-NEXT: def _pd_clampadd_fake(a, b, lo, hi):
// FAKES-NEXT:     key = _opgen_dispatch_key(a, b)
// FAKES-NEXT:     if key == "CPU":
// FAKES-NEXT:         return torch.ops.pd.clampadd.default.redispatch(torch._C.DispatchKeySet("CPU"), a, b, lo, hi)
// FAKES-NEXT:     if key == "CUDA":
// FAKES-NEXT:         return torch.empty_like(a.contiguous())
// FAKES-NEXT:     if key == "Meta":
// FAKES-NEXT:         raise NotImplementedError(
// FAKES-NEXT:     raise NotImplementedError(f"pd::clampadd has no kernel for {key}, so no fake either")
// TESTS-LABEL: "name": "pd::clampadd",
// TESTS: "fake": "per-device",
// REG-NOT: pd_clampadd__Meta
[[custom_op("pd::clampadd", device="cuda")]]
at::Tensor clampadd_cuda(const at::Tensor &a, const at::Tensor &b, double lo, double hi) {
  at::Tensor out = at::empty_like(a.contiguous());
  return out;
}

// A meta-safe CPU kernel beside a CUDA kernel opgen cannot follow: the CPU
// kernel is exact on the CPU only, and nothing says what the CUDA kernel
// makes. No fake, and a note naming both.
// MANIFEST: "fake": null,
// MANIFEST: "name": "pd::clampmul",
// NOTE: fake_per_device.cpp:[[@LINE+9]]:12: note: no fake for 'pd::clampmul': one fake cannot be shown to serve both the CPU kernel 'pd::clampmul' ({{.*}}fake_per_device.cpp:[[@LINE+2]]), which returns what its ATen calls compute, whose metadata (strides above all) opgen cannot follow, and the CUDA kernel 'pd::clampmul_cuda' ({{.*}}fake_per_device.cpp:[[@LINE+9]]), which makes its outputs in a way opgen cannot follow: 'make_like(a)' is not an allocation {{.*}}
[[custom_op("pd::clampmul")]]
at::Tensor clampmul(const at::Tensor &a, const at::Tensor &b, double lo, double hi) {
  return (a * b).clamp(lo, hi);
}

static at::Tensor make_like(const at::Tensor &x) { return x.new_empty(x.sizes()); }
// NOTE: note: hint: a fake must give each device's kernel's sizes, strides and dtype
[[custom_op("pd::clampmul", device="cuda")]]
at::Tensor clampmul_cuda(const at::Tensor &a, const at::Tensor &b, double lo, double hi) {
  return make_like(a);
}

// SKEL: @torch.library.register_fake("pd::clampmul")
// SKEL-NEXT: def _pd_clampmul_fake(a, b, lo, hi):
// SKEL: raise NotImplementedError(

// MANIFEST: "kind": "per-device",
// MANIFEST-NEXT: "where": "CPU: {{.*}}fake_per_device.cpp:[[@LINE+2]], CUDA: {{.*}}fake_per_device.cpp:[[@LINE+19]]"
[[custom_op("pd::differ")]]
at::Tensor differ(const at::Tensor &x, double s) {
  return at::empty_like(x);
}

// FAKES: # pd::differ: a fake per device
// FAKES: @torch.library.register_fake("pd::differ")
// FAKES-NEXT: def _pd_differ_fake(x, s):
// FAKES-NEXT:     key = _opgen_dispatch_key(x)
// FAKES-NEXT:     if key == "CPU":
// FAKES-NEXT:         return torch.empty_like(x)
// FAKES-NEXT:     if key == "CUDA":
// FAKES-NEXT:         return torch.empty_like(x.contiguous())
// FAKES-NEXT:     if key == "Meta":
// FAKES-NEXT:         raise NotImplementedError("pd::differ's kernels allocate their outputs differently per device, and its inputs are meta tensors
// FAKES-NEXT:     raise NotImplementedError(f"pd::differ has no kernel for {key}, so no fake either")
// REG-NOT: pd_differ__Meta
[[custom_op("pd::differ", device="cuda")]]
at::Tensor differ_cuda(const at::Tensor &x, double s) {
  return at::empty_like(x.contiguous());
}

// A CUDA kernel opgen cannot follow stops the CPU kernel's synthesis from
// serving it (the first kernel that synthesised used to serve every device).
// MANIFEST: "fake": null,
// MANIFEST: "name": "pd::helper",
// NOTE: fake_per_device.cpp:[[@LINE+9]]:12: note: no fake for 'pd::helper': one fake cannot be shown to serve both the CPU kernel 'pd::helper' ({{.*}}fake_per_device.cpp:[[@LINE+2]]), which allocates with at::empty at {{.*}}fake_per_device.cpp:[[@LINE+3]], and the CUDA kernel 'pd::helper_cuda' ({{.*}}), which makes its outputs in a way opgen cannot follow: 'make(x)' is not an allocation
[[custom_op("pd::helper")]]
at::Tensor helper(const at::Tensor &x) {
  return at::empty({x.size(0)}, x.options());
}

static at::Tensor make(const at::Tensor &x) { return x.new_empty({x.size(0)}); }
// NOTE: note: hint: a fake must give
[[custom_op("pd::helper", device="cuda")]]
at::Tensor helper_cuda(const at::Tensor &x) {
  return make(x);
}

// An op that returns and writes nothing: its fake makes nothing, whatever
// the body reads.
// MANIFEST: "kind": "synthesized",
// MANIFEST-NEXT: "where": "{{.*}}fake_per_device.cpp:[[@LINE+2]]"
[[custom_op("pd::log_it")]]
void log_it(const at::Tensor &x) {
  (void)x.data_ptr();
}
// REG: void pd_log_it__Meta(const at::Tensor& x) {
// REG-NEXT: return;
// REG-NEXT: }

} // namespace pd
