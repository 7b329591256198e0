// Every device= value registers its kernel under its dispatch key, and the
// generated tests run only the kernels plain CPU and CUDA samples reach.
// RUN: rm -rf %t && opgen %s -o %t --python-package dk 2> %t.err
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/device_keys.cpp
// RUN: FileCheck %s --check-prefix=TESTS --input-file=%t/tests/test_dk_ops.py
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// RUN: FileCheck %s --check-prefix=AUTOGRAD --input-file=%t/autograd.cpp
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace dk {

[[custom_op("dk::q", device="quantizedcpu")]]
at::Tensor q_cpu(const at::Tensor &x);
[[custom_op("dk::q", device="quantizedcuda")]]
at::Tensor q_cuda(const at::Tensor &x);
[[custom_op("dk::q", device="xpu")]]
at::Tensor q_xpu(const at::Tensor &x);
[[custom_op("dk::q", device="mps")]]
at::Tensor q_mps(const at::Tensor &x);
[[custom_op("dk::q", device="privateuse1")]]
at::Tensor q_privateuse1(const at::Tensor &x);

// A CompositeImplicitAutograd kernel decomposes into ATen ops: it serves
// every device, its fake and its gradient come from the decomposition.
[[custom_op("dk::twice", device="compositeimplicit")]]
at::Tensor twice(const at::Tensor &x) { return x.add(x); }

// A backward op that decomposes is differentiable in turn: no refusing
// Autograd kernel for it, only the forward's.
[[custom_op("dk::cube")]]
at::Tensor cube(const at::Tensor &x);
[[custom_op_backward("dk::cube", device="compositeimplicit")]]
at::Tensor cube_grad(const at::Tensor &grad, const at::Tensor &x) {
  return grad.mul(x.mul(x)).mul(3);
}

} // namespace dk

// No Meta kernel: nothing to synthesise for dk::q, and dk::twice decomposes.
// REG-NOT: TORCH_LIBRARY_IMPL(dk, Meta
// REG: TORCH_LIBRARY_IMPL(dk, QuantizedCPU, m) {
// REG-NEXT:   m.impl("q", TORCH_FN(opgen_generated::dk_q__QuantizedCPU));
// REG-NEXT: }
// REG: TORCH_LIBRARY_IMPL(dk, QuantizedCUDA, m) {
// REG-NEXT:   m.impl("q", TORCH_FN(opgen_generated::dk_q__QuantizedCUDA));
// REG-NEXT: }
// REG: TORCH_LIBRARY_IMPL(dk, XPU, m) {
// REG-NEXT:   m.impl("q", TORCH_FN(opgen_generated::dk_q__XPU));
// REG-NEXT: }
// REG: TORCH_LIBRARY_IMPL(dk, MPS, m) {
// REG-NEXT:   m.impl("q", TORCH_FN(opgen_generated::dk_q__MPS));
// REG-NEXT: }
// REG: TORCH_LIBRARY_IMPL(dk, PrivateUse1, m) {
// REG-NEXT:   m.impl("q", TORCH_FN(opgen_generated::dk_q__PrivateUse1));
// REG-NEXT: }
// REG: TORCH_LIBRARY_IMPL(dk, CompositeImplicitAutograd, m) {
// REG-NEXT:   m.impl("cube_backward", TORCH_FN(opgen_generated::dk_cube_backward__CompositeImplicitAutograd));
// REG-NEXT:   m.impl("twice", TORCH_FN(opgen_generated::dk_twice__CompositeImplicitAutograd));
// REG-NEXT: }
// Autograd kernels: dk::cube's glue, and for dk::q, which has no backward,
// the one that raises when it is differentiated; the decompositions give
// dk::twice and dk::cube_backward their gradients.
// REG: TORCH_LIBRARY_IMPL(dk, Autograd, m) {
// REG-NEXT:   m.impl("cube", TORCH_FN(opgen_generated::dk_cube__Autograd));
// REG-NEXT:   m.impl("q", torch::CppFunction::makeFromBoxedFunction<
// REG-NEXT:              &opgen_generated::opgen_no_backward>());
// REG-NEXT: }

// MANIFEST: "MPS": "{{.*}}device_keys.cpp:24",
// MANIFEST-NEXT: "PrivateUse1": "{{.*}}device_keys.cpp:26",
// MANIFEST-NEXT: "QuantizedCPU": "{{.*}}device_keys.cpp:18",
// MANIFEST-NEXT: "QuantizedCUDA": "{{.*}}device_keys.cpp:20",
// MANIFEST-NEXT: "XPU": "{{.*}}device_keys.cpp:22"
// MANIFEST-NEXT: },
// MANIFEST-NEXT: "name": "dk::q",
// MANIFEST: "kind": "composite",
// MANIFEST: "CompositeImplicitAutograd": "{{.*}}device_keys.cpp:31"
// MANIFEST-NEXT: },
// MANIFEST-NEXT: "name": "dk::twice",

// The QuantizedCUDA wrapper makes the tensors' CUDA device current, as a
// CUDA wrapper does.
// SHARD: at::Tensor dk_q__QuantizedCPU(const at::Tensor& x) {
// SHARD-NEXT: return ::dk::q_cpu(x);
// SHARD: at::Tensor dk_q__QuantizedCUDA(const at::Tensor& x) {
// SHARD-NEXT: const c10::cuda::OptionalCUDAGuard device_guard(
// SHARD: return ::dk::q_cuda(x);
// SHARD: at::Tensor dk_q__XPU(const at::Tensor& x) {
// SHARD-NEXT: return ::dk::q_xpu(x);

// AUTOGRAD: struct dk_cube_Function
// AUTOGRAD-NOT: cube_backward_Function

// A decomposing op is differentiable: the generated tests run gradcheck on
// it, and a decomposing backward op is not expected to refuse a double
// backward.
// TESTS: "name": "dk::cube_backward",
// TESTS: "devices": ["cpu", "cuda"],
// TESTS: "has_fake": True,
// TESTS: "has_autograd": True,
// TESTS: "backward_of": "dk::cube",
// TESTS: "name": "dk::q",
// TESTS: "devices": [],
// TESTS: "name": "dk::twice",
// TESTS: "devices": ["cpu", "cuda"],
// TESTS: "has_fake": True,
// TESTS: "has_autograd": True,

// dk::cube and dk::q have no kernel body to synthesise from; dk::twice and
// dk::cube_backward need no fake.
// ERR: note: no fake synthesised for 'dk::cube'
// ERR: note: no fake synthesised for 'dk::q'
// ERR-NOT: dk::twice
// ERR-NOT: cube_backward
