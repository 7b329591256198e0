// The kernels of muladd_hand.cpp (pytorch/extension-cpp's mymuladd, mymul,
// myadd_out), the same bodies, annotated: opgen generates their schema and
// registration as extcpp_gen::*, and add_custom_op() builds them in its
// default configuration, no CMAKE_BUILD_TYPE (bench/run.py, item 5).
// mymuladd is differentiable as extension-cpp's is (there by a Python
// register_autograd in extension_cpp/ops.py; here by the C++
// [[custom_op_backward]] below, the same gradients); mymul and myadd_out have
// no backward there or here (here differentiating them raises).
#include <opgen/opgen.h>

#include <ATen/Operators.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <array>
#include <tuple>
#include <torch/all.h>

namespace extcpp_gen {

[[custom_op("extcpp_gen::mymuladd")]]
at::Tensor mymuladd_cpu(const at::Tensor& a, const at::Tensor& b, double c) {
  TORCH_CHECK(a.sizes() == b.sizes());
  TORCH_CHECK(a.dtype() == at::kFloat);
  TORCH_CHECK(b.dtype() == at::kFloat);
  TORCH_INTERNAL_ASSERT(a.device().type() == at::DeviceType::CPU);
  TORCH_INTERNAL_ASSERT(b.device().type() == at::DeviceType::CPU);
  at::Tensor a_contig = a.contiguous();
  at::Tensor b_contig = b.contiguous();
  at::Tensor result = torch::empty(a_contig.sizes(), a_contig.options());
  const float* a_ptr = a_contig.data_ptr<float>();
  const float* b_ptr = b_contig.data_ptr<float>();
  float* result_ptr = result.data_ptr<float>();
  for (int64_t i = 0; i < result.numel(); i++) {
    result_ptr[i] = a_ptr[i] * b_ptr[i] + c;
  }
  return result;
}

// mymuladd's backward, the gradients extension-cpp's Python _backward
// computes: grad_a = mymul(grad, b), grad_b = mymul(grad, a), each only when
// that input needs it (output_mask); c gets none. mymul is called through
// the dispatcher, as torch.ops.extension_cpp.mymul is there: one composite
// kernel for every device.
[[custom_op_backward("extcpp_gen::mymuladd", device="default")]]
std::tuple<at::Tensor, at::Tensor> mymuladd_backward(const at::Tensor& grad,
                                                     const at::Tensor& a,
                                                     const at::Tensor& b,
                                                     std::array<bool, 2> output_mask) {
  static const auto mymul = c10::Dispatcher::singleton()
      .findSchemaOrThrow("extcpp_gen::mymul", "")
      .typed<at::Tensor(const at::Tensor&, const at::Tensor&)>();
  return {output_mask[0] ? mymul.call(grad, b) : at::Tensor(),
          output_mask[1] ? mymul.call(grad, a) : at::Tensor()};
}

[[custom_op("extcpp_gen::mymul")]]
at::Tensor mymul_cpu(const at::Tensor& a, const at::Tensor& b) {
  TORCH_CHECK(a.sizes() == b.sizes());
  TORCH_CHECK(a.dtype() == at::kFloat);
  TORCH_CHECK(b.dtype() == at::kFloat);
  TORCH_INTERNAL_ASSERT(a.device().type() == at::DeviceType::CPU);
  TORCH_INTERNAL_ASSERT(b.device().type() == at::DeviceType::CPU);
  at::Tensor a_contig = a.contiguous();
  at::Tensor b_contig = b.contiguous();
  at::Tensor result = torch::empty(a_contig.sizes(), a_contig.options());
  const float* a_ptr = a_contig.data_ptr<float>();
  const float* b_ptr = b_contig.data_ptr<float>();
  float* result_ptr = result.data_ptr<float>();
  for (int64_t i = 0; i < result.numel(); i++) {
    result_ptr[i] = a_ptr[i] * b_ptr[i];
  }
  return result;
}

[[custom_op("extcpp_gen::myadd_out", mutates="out")]]
void myadd_out_cpu(const at::Tensor& a, const at::Tensor& b, at::Tensor& out) {
  TORCH_CHECK(a.sizes() == b.sizes());
  TORCH_CHECK(b.sizes() == out.sizes());
  TORCH_CHECK(a.dtype() == at::kFloat);
  TORCH_CHECK(b.dtype() == at::kFloat);
  TORCH_CHECK(out.dtype() == at::kFloat);
  TORCH_CHECK(out.is_contiguous());
  TORCH_INTERNAL_ASSERT(a.device().type() == at::DeviceType::CPU);
  TORCH_INTERNAL_ASSERT(b.device().type() == at::DeviceType::CPU);
  TORCH_INTERNAL_ASSERT(out.device().type() == at::DeviceType::CPU);
  at::Tensor a_contig = a.contiguous();
  at::Tensor b_contig = b.contiguous();
  const float* a_ptr = a_contig.data_ptr<float>();
  const float* b_ptr = b_contig.data_ptr<float>();
  float* result_ptr = out.data_ptr<float>();
  for (int64_t i = 0; i < out.numel(); i++) {
    result_ptr[i] = a_ptr[i] + b_ptr[i];
  }
}

} // namespace extcpp_gen
