// autocast="<dtype>": AutocastCPU and AutocastCUDA kernels that exclude their
// autocast key, cast floating tensor inputs (Tensor, Tensor?, Tensor[],
// Tensor?[], Tensor[]?) to the dtype, call the op again through the
// dispatcher and cast floating outputs back to the first floating input's
// dtype. Other arguments pass through unchanged.
// RUN: rm -rf %t && opgen %s -o %t --python-package ac 2> %t.err
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: %python %inputs/roundtrip.py %t
#include <opgen/opgen.h>

#include <ATen/core/List.h>
#include <ATen/core/Tensor.h>

#include <optional>
#include <tuple>
#include <vector>

namespace ac {

// REG: #include <ATen/core/dispatch/Dispatcher.h>
// REG-NEXT: #include <opgen/runtime_autocast.h>

// REG-LABEL: // ac::f (AutocastCPU), autocast="float32": casts floating tensor inputs to
// REG: at::Tensor ac_f__AutocastCPU(const at::Tensor& x, const std::optional<at::Tensor>& w, at::TensorList l, double s) {
// REG-NEXT:   c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::AutocastCPU);
// REG-NEXT:   static const auto op = c10::Dispatcher::singleton()
// REG-NEXT:       .findSchemaOrThrow("ac::f", "")
// REG-NEXT:       .typed<at::Tensor(const at::Tensor&, const std::optional<at::Tensor>&, at::TensorList, double)>();
// REG-NEXT:   std::optional<at::ScalarType> dtype;
// REG-NEXT:   opgen::rt::note_floating_dtype(dtype, x);
// REG-NEXT:   opgen::rt::note_floating_dtype(dtype, w);
// REG-NEXT:   opgen::rt::note_floating_dtype(dtype, l);
// REG-NEXT:   return opgen::rt::autocast_output(
// REG-NEXT:       op.call(opgen::rt::autocast_input(at::kFloat, x, c10::DeviceType::CPU),
// REG-NEXT:               opgen::rt::autocast_input(at::kFloat, w, c10::DeviceType::CPU),
// REG-NEXT:               opgen::rt::autocast_input(at::kFloat, l, c10::DeviceType::CPU),
// REG-NEXT:               s),
// REG-NEXT:       dtype);
// REG-NEXT: }
// REG-LABEL: // ac::f (AutocastCUDA), autocast="float32"
// REG: c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::AutocastCUDA);
// REG: op.call(opgen::rt::autocast_input(at::kFloat, x, c10::DeviceType::CUDA),
[[custom_op("ac::f", autocast="float32")]]
at::Tensor f(const at::Tensor &x, const std::optional<at::Tensor> &w,
             at::TensorList l, double s);

// A tuple with a non-tensor output; list inputs of optional tensors.
// REG-LABEL: // ac::g (AutocastCPU), autocast="bfloat16"
// REG: op.call(opgen::rt::autocast_input(at::kBFloat16, x, c10::DeviceType::CPU),
// REG-NEXT: opgen::rt::autocast_input(at::kBFloat16, i, c10::DeviceType::CPU),
// REG-NEXT: opgen::rt::autocast_input(at::kBFloat16, o, c10::DeviceType::CPU)),
[[custom_op("ac::g", autocast=" bfloat16 ")]]
std::tuple<at::Tensor, at::Tensor, int64_t>
g(const at::Tensor &x, const c10::List<std::optional<at::Tensor>> &i,
  std::optional<at::TensorList> o);

// No outputs to cast back, so no dtype to remember.
// REG-LABEL: // ac::h (AutocastCPU), autocast="float64"
// REG-NOT: dtype;
// REG: op.call(opgen::rt::autocast_input(at::kDouble, x, c10::DeviceType::CPU));
// REG-NEXT: }
[[custom_op("ac::h", autocast="float64")]]
void h(const at::Tensor &x);

// float16, and autocast on one kernel of an op applies to the op.
// REG-LABEL: // ac::k (AutocastCPU), autocast="float16"
// REG: opgen::rt::autocast_input(at::kHalf, x, c10::DeviceType::CPU)
[[custom_op("ac::k", autocast="float16")]]
at::Tensor k_cpu(const at::Tensor &x);
[[custom_op("ac::k", device="cuda")]]
at::Tensor k_cuda(const at::Tensor &x);

// An op without autocast gets no Autocast kernel.
[[custom_op("ac::plain")]]
at::Tensor plain(const at::Tensor &x);

} // namespace ac

// REG: TORCH_LIBRARY_IMPL(ac, AutocastCPU, m) {
// REG-NEXT:   m.impl("f", TORCH_FN(opgen_generated::ac_f__AutocastCPU));
// REG-NEXT:   m.impl("g", TORCH_FN(opgen_generated::ac_g__AutocastCPU));
// REG-NEXT:   m.impl("h", TORCH_FN(opgen_generated::ac_h__AutocastCPU));
// REG-NEXT:   m.impl("k", TORCH_FN(opgen_generated::ac_k__AutocastCPU));
// REG-NEXT: }
// REG: TORCH_LIBRARY_IMPL(ac, AutocastCUDA, m) {
// REG-NEXT:   m.impl("f", TORCH_FN(opgen_generated::ac_f__AutocastCUDA));
// REG-NEXT:   m.impl("g", TORCH_FN(opgen_generated::ac_g__AutocastCUDA));
// REG-NEXT:   m.impl("h", TORCH_FN(opgen_generated::ac_h__AutocastCUDA));
// REG-NEXT:   m.impl("k", TORCH_FN(opgen_generated::ac_k__AutocastCUDA));
// REG-NEXT: }
// REG-NOT: plain__Autocast
