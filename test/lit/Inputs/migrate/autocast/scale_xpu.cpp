#include <ATen/ATen.h>
#include <ATen/autocast_mode.h>
#include <torch/library.h>

namespace mylib {

at::Tensor scale_cpu(const at::Tensor& x, double factor) {
  return x * factor;
}

namespace {

at::Tensor scale_autocast(const at::Tensor& x, double factor) {
  c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::Autocast);
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("mylib::scale", "")
                       .typed<at::Tensor(const at::Tensor&, double)>();
  return op.call(at::autocast::cached_cast(at::kFloat, x), factor)
      .to(x.scalar_type());
}

at::Tensor scale_autocast_xpu(const at::Tensor& x, double factor) {
  c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::AutocastXPU);
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("mylib::scale", "")
                       .typed<at::Tensor(const at::Tensor&, double)>();
  return op.call(at::autocast::cached_cast(at::kFloat, x, c10::DeviceType::XPU), factor)
      .to(x.scalar_type());
}

} // namespace

TORCH_LIBRARY(mylib, m) {
  m.def("scale(Tensor x, float factor) -> Tensor");
}

TORCH_LIBRARY_IMPL(mylib, CPU, m) {
  m.impl("scale", &scale_cpu);
}

TORCH_LIBRARY_IMPL(mylib, Autocast, m) {
  m.impl("scale", &scale_autocast);
}

TORCH_LIBRARY_IMPL(mylib, AutocastXPU, m) {
  m.impl("scale", &scale_autocast_xpu);
}

} // namespace mylib
