// An op whose torch::autograd::Function computes its gradient in its
// backward (no backward op called), registered as torchvision registers
// its ops: the schemas, the CPU kernels and the Autograd kernel in blocks
// of their own.
#include <ATen/ATen.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/autograd.h>
#include <torch/library.h>

namespace mylib {

at::Tensor scale(const at::Tensor& x, double factor) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("mylib::scale", "")
                       .typed<decltype(scale)>();
  return op.call(x, factor);
}

namespace {

at::Tensor scale_kernel(const at::Tensor& x, double factor) {
  return x * factor;
}

at::Tensor scale_backward_kernel(const at::Tensor& grad, double factor) {
  return grad * factor;
}

class ScaleFunction : public torch::autograd::Function<ScaleFunction> {
 public:
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::Variable& x, double factor) {
    ctx->saved_data["factor"] = factor;
    at::AutoDispatchBelowADInplaceOrView g;
    auto result = scale(x, factor);
    return {result};
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext* ctx,
      const torch::autograd::variable_list& grad_output) {
    return {grad_output[0] * ctx->saved_data["factor"].toDouble(),
            torch::autograd::Variable()};
  }
};

at::Tensor scale_autograd(const at::Tensor& x, double factor) {
  return ScaleFunction::apply(x, factor)[0];
}

} // namespace

TORCH_LIBRARY(mylib, m) {
  m.def("scale(Tensor x, float factor) -> Tensor");
  m.def("_scale_backward(Tensor grad, float factor) -> Tensor");
}

TORCH_LIBRARY_IMPL(mylib, CPU, m) {
  m.impl("scale", TORCH_FN(scale_kernel));
  m.impl("_scale_backward", TORCH_FN(scale_backward_kernel));
}

TORCH_LIBRARY_IMPL(mylib, Autograd, m) {
  m.impl("scale", TORCH_FN(scale_autograd));
}

} // namespace mylib
