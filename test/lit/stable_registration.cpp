// A stable-ABI library (docs/stable-abi.md): STABLE_TORCH_LIBRARY with
// TORCH_BOX wrappers, nothing that includes ATen or libtorch's C++ API;
// the synthesised fake and the autograd are registered in Python.
// RUN: rm -rf %t && opgen %s -o %t --python-package sr
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp --implicit-check-not="#include <ATen" --implicit-check-not=torch/library.h
// RUN: FileCheck %s --check-prefix=SHARD --input-file=%t/shards/stable_registration.cpp --implicit-check-not="#include <ATen" --implicit-check-not=opgen/runtime
// RUN: FileCheck %s --check-prefix=DECL --input-file=%t/shards/stable_registration.cpp.h --implicit-check-not="#include <ATen"
// RUN: FileCheck %s --check-prefix=NONE --input-file=%t/autograd.cpp --implicit-check-not=#include
// RUN: FileCheck %s --check-prefix=NONE-OPS --input-file=%t/include/sr/ops.h --implicit-check-not=#include
// RUN: FileCheck %s --check-prefix=PY --input-file=%t/python/sr/fakes.py
// RUN: FileCheck %s --check-prefix=NOBW --input-file=%t/python/sr/fakes.py
// The generated CMakeLists.txt (a build of the output directory on its own)
// defines TORCH_TARGET_VERSION as the cache variable's value, not `$` and
// the value (`$${...}` in CMake is a `$` followed by the variable).
// RUN: FileCheck %s --check-prefix=CMAKE --input-file=%t/CMakeLists.txt
// CMAKE: set(OPGEN_TORCH_TARGET_VERSION 0x020a000000000000 CACHE STRING
// CMAKE: {{^}}  TORCH_TARGET_VERSION=${OPGEN_TORCH_TARGET_VERSION})
// The generated shard compiles against the stable headers for torch 2.10.
// RUN: clang++ -std=c++17 -fsyntax-only -DTORCH_TARGET_VERSION=0x020a000000000000 -I%torch_include -I%runtime_include -I%t %t/shards/stable_registration.cpp
// RUN: clang++ -std=c++17 -fsyntax-only -DTORCH_TARGET_VERSION=0x020a000000000000 -I%torch_include -I%runtime_include -I%t %t/registration.cpp
// --stable-abi with an ATen kernel, and the two flavours in one library:
// RUN: not opgen --stable-abi %S/Inputs/stable_classic.cpp -o %t/c 2> %t/c.err
// RUN: FileCheck %s --check-prefix=FLAG --input-file=%t/c.err
// RUN: not opgen %s %S/Inputs/stable_classic.cpp -o %t/m 2> %t/m.err
// RUN: FileCheck %s --check-prefix=MIXED --input-file=%t/m.err
// RUN: test ! -e %t/m
#include <opgen/opgen.h>

#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>
#include <torch/headeronly/util/Exception.h>
#include <torch/headeronly/util/HeaderOnlyArrayRef.h>

#include <optional>
#include <tuple>

namespace sr {

using torch::stable::Tensor;

// REG: #include <torch/csrc/stable/library.h>
// REG: STABLE_TORCH_LIBRARY(sr, m) {
// REG-NEXT:   // sr::add_scaled from {{.*}}stable_registration.cpp:[[@LINE+7]]
// REG-NEXT:   m.def("add_scaled(Tensor x, Tensor? y, int[] coeffs) -> Tensor");
// REG-NEXT:   // sr::add_scaled_backward from
// REG-NEXT:   m.def("add_scaled_backward(Tensor grad, int[] coeffs) -> (Tensor, Tensor)");
// REG-NEXT:   // sr::scale_ from
// REG-NEXT:   m.def("scale_(Tensor(a!) x, float alpha) -> ()");
[[custom_op("sr::add_scaled")]]
Tensor add_scaled(const Tensor &x, const std::optional<Tensor> &y,
                  torch::headeronly::HeaderOnlyArrayRef<int64_t> coeffs) {
  STD_TORCH_CHECK(coeffs.size() == 2, "coeffs must have 2 items");
  Tensor out = torch::stable::empty_like(x);
  return out;
}
// REG: STABLE_TORCH_LIBRARY_IMPL(sr, CPU, m) {
// REG-NEXT:   m.impl("add_scaled", &opgen_generated::sr_add_scaled__CPU);
// REG-NEXT:   m.impl("add_scaled_backward", &opgen_generated::sr_add_scaled_backward__CPU);
// REG-NEXT:   m.impl("scale_", &opgen_generated::sr_scale___CPU);
// REG-NEXT: }
// SHARD: #include <torch/csrc/stable/library.h>
// SHARD: void sr_add_scaled__CPU(StableIValue *stack, uint64_t num_args, uint64_t num_outputs) {
// SHARD-NEXT:   TORCH_BOX(&::sr::add_scaled)(stack, num_args, num_outputs);
// DECL: void sr_add_scaled__CPU(uint64_t *stack, uint64_t num_args, uint64_t num_outputs);
// NONE: A stable-ABI library has no C++ autograd
// NONE-OPS: A stable-ABI library has no typed C++ entry points

// PY: @torch.library.register_fake("sr::add_scaled")
// PY-NEXT: def _sr_add_scaled_fake(x, y, coeffs):
// PY-NEXT:     return torch.empty_like(x)

[[custom_op_backward("sr::add_scaled")]]
std::tuple<Tensor, Tensor> add_scaled_backward(const Tensor &grad,
                                               torch::headeronly::HeaderOnlyArrayRef<int64_t> coeffs) {
  return std::make_tuple(torch::stable::empty_like(grad), torch::stable::empty_like(grad));
}
// PY: def _sr_add_scaled_setup_context(ctx, inputs, output):
// PY-NEXT:     x, y, coeffs = inputs
// PY-NEXT:     outputs = (output,)
// PY-NEXT:     ctx.opgen_saved = {"coeffs": coeffs, "opgen_present_y": y is not None}
// PY: def _sr_add_scaled_backward(ctx, *grads):
// PY-NEXT:     input_grads = torch.ops.sr.add_scaled_backward.default(grads[0], ctx.opgen_saved["coeffs"])
// PY: return (input_grads[0], (input_grads[1] if ctx.opgen_saved["opgen_present_y"] else None), None)
// PY: torch.library.register_autograd("sr::add_scaled", _sr_add_scaled_backward,
// PY: # sr::add_scaled_backward (Autograd): the backward of sr::add_scaled; it has no backward of its own
// PY: raise RuntimeError("sr::add_scaled_backward (the backward of sr::add_scaled) has no backward, so sr::add_scaled cannot be differentiated twice;

// An op without a backward raises when differentiated (docs/autograd.md):
// a mutating one through custom_op's Autograd and ADInplaceOrView kernels,
// which _opgen_register_no_backward registers (register_autograd takes
// functional ops only), defined once.
// NOBW: class _OpgenNoBackward(torch.autograd.Function):
// NOBW: def _opgen_register_no_backward(qualname, message):
// NOBW: autograd_impl = torch._library.autograd.make_autograd_impl(
// NOBW: library.impl(name, autograd_kernel, "Autograd", with_keyset=True)
// NOBW: library.m.register_ad_inplace_or_view_fallback(name)
// NOBW: library.impl(name, inplace_or_view, "ADInplaceOrView", with_keyset=True)
// NOBW: # sr::scale_ (Autograd): no backward, and it mutates an argument or returns a view
// NOBW-NEXT: # of one (register_autograd takes functional ops only); differentiating it
// NOBW-NEXT: # raises
// NOBW-NEXT: _opgen_register_no_backward("sr::scale_", "sr::scale_ has no backward, so it cannot be differentiated; write one with {{\[\[}}custom_op_backward(\"sr::scale_\"){{\]\]}}, or call it on tensors that do not require grad (or under torch.no_grad())")
[[custom_op("sr::scale_", mutates="x")]]
void scale_(Tensor &x, double alpha) { torch::stable::zero_(x); }

} // namespace sr

// FLAG: stable_classic.cpp:[[#]]:[[#]]: error: --stable-abi is given, but 'g' is written against ATen [StableAbiClassicKernel]
// MIXED: error: 'sr::add_scaled' is written against the stable ABI, but 'g' of the same library uses ATen; one library cannot mix the two flavours [StableAbiMixed]
// MIXED: stable_classic.cpp:[[#]]:[[#]]: note: 'g' uses ATen here
