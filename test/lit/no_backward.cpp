// Ops without a backward (docs/autograd.md#ops-without-a-backward): each
// gets the boxed Autograd kernel opgen_no_backward, which raises when the op
// is differentiated, functional or mutating, as a torch.library.custom_op
// without register_autograd; not an op with a backward, a backward op (its
// refusing kernel is its own) or a compositeimplicit op.
// RUN: rm -rf %t && opgen %s -o %t --python-package nb 2>&1 | not grep -E "error:|warning:"
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=AG --input-file=%t/autograd.cpp
// RUN: FileCheck %s --check-prefix=DECL --input-file=%t/autograd.h
// RUN: FileCheck %s --check-prefix=TESTS --input-file=%t/tests/test_nb_ops.py
// The registration compiles without the autograd headers.
// RUN: clang++ -std=c++17 -fsyntax-only -I%torch_include -I%torch_include/torch/csrc/api/include -I%runtime_include -I%t %t/registration.cpp
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace nb {

[[custom_op("nb::scale")]]
at::Tensor scale(const at::Tensor& x, double s);

[[custom_op("nb::clamp_", mutates="x")]]
void clamp_(at::Tensor& x, double lo, double hi);

[[custom_op("nb::twice", device="compositeimplicit")]]
at::Tensor twice(const at::Tensor& x) { return x.add(x); }

[[custom_op("nb::mul")]]
at::Tensor mul(const at::Tensor& x, double s);

[[custom_op_backward("nb::mul", device="default")]]
at::Tensor mul_backward(const at::Tensor& grad, double s) { return grad.mul(s); }

} // namespace nb

// REG: TORCH_LIBRARY_IMPL(nb, Autograd, m) {
// REG-NEXT:   m.impl("clamp_", torch::CppFunction::makeFromBoxedFunction<
// REG-NEXT:              &opgen_generated::opgen_no_backward>());
// REG-NEXT:   m.impl("mul", TORCH_FN(opgen_generated::nb_mul__Autograd));
// REG-NEXT:   m.impl("mul_backward", TORCH_FN(opgen_generated::nb_mul_backward__Autograd));
// REG-NEXT:   m.impl("scale", torch::CppFunction::makeFromBoxedFunction<
// REG-NEXT:              &opgen_generated::opgen_no_backward>());
// REG-NEXT: }

// A mutating op also gets the ADInplaceOrView kernel opgen_inplace_or_view
// (version counters, as custom_op's); a functional op does not.
// REG: TORCH_LIBRARY_IMPL(nb, ADInplaceOrView, m) {
// REG-NEXT:   m.impl("clamp_", torch::CppFunction::makeFromBoxedFunction<
// REG-NEXT:              &opgen_generated::opgen_inplace_or_view>());
// REG-NEXT: }

// AG: // The Autograd kernel of the ops without a backward: as a
// AG: // calls run the op below autograd (see opgen/autograd.h). Registered for:
// AG-NEXT: //   nb::clamp_
// AG-NEXT: //   nb::scale
// AG-NEXT: void opgen_no_backward(
// AG-NEXT:     const c10::OperatorHandle &op, c10::DispatchKeySet keys, torch::jit::Stack *stack) {
// AG-NEXT:   opgen::rt::no_backward(op, keys, stack);
// AG-NEXT: }
// AG: // torch.library.custom_op (see opgen/autograd.h). Registered for:
// AG-NEXT: //   nb::clamp_
// AG-NEXT: void opgen_inplace_or_view(
// AG-NEXT:     const c10::OperatorHandle &op, c10::DispatchKeySet keys, torch::jit::Stack *stack) {
// AG-NEXT:   opgen::rt::inplace_or_view(op, keys, stack);
// AG-NEXT: }

// DECL: #include <ATen/core/dispatch/Dispatcher.h>
// DECL: // The Autograd kernel of the ops without a backward, in autograd.cpp
// DECL-NEXT: void opgen_no_backward(const c10::OperatorHandle &op, c10::DispatchKeySet keys, torch::jit::Stack *stack);
// DECL: // The ADInplaceOrView kernel of the ops without a backward that mutate or return a view, in autograd.cpp
// DECL-NEXT: void opgen_inplace_or_view(const c10::OperatorHandle &op, c10::DispatchKeySet keys, torch::jit::Stack *stack);

// TESTS: def test_no_backward_raises(op, device):
