#include <ATen/ATen.h>
#include <torch/library.h>

namespace vision {
namespace ops {

namespace {

std::tuple<at::Tensor, at::Tensor> pool_forward_kernel(
    const at::Tensor& input,
    const at::Tensor& rois,
    double spatial_scale,
    int64_t pooled_height,
    int64_t pooled_width) {
  TORCH_CHECK(input.device().is_cpu(), "input must be a CPU tensor");
  TORCH_CHECK(rois.device().is_cpu(), "rois must be a CPU tensor");
  int num_rois = rois.size(0);
  int channels = input.size(1);
  at::Tensor output = at::zeros(
      {num_rois, channels, pooled_height, pooled_width}, input.options());
  at::Tensor argmax = at::zeros(
      {num_rois, channels, pooled_height, pooled_width},
      input.options().dtype(at::kInt));
  return std::make_tuple(output, argmax);
}

at::Tensor pool_backward_kernel(
    const at::Tensor& grad,
    const at::Tensor& rois,
    const at::Tensor& argmax,
    double spatial_scale,
    int64_t pooled_height,
    int64_t pooled_width,
    int64_t batch_size,
    int64_t channels,
    int64_t height,
    int64_t width) {
  TORCH_CHECK(grad.device().is_cpu(), "grad must be a CPU tensor");
  at::Tensor grad_input =
      at::zeros({batch_size, channels, height, width}, grad.options());
  return grad_input;
}

} // namespace

TORCH_LIBRARY_IMPL(tvr, CPU, m) {
  m.impl(
      TORCH_SELECTIVE_NAME("tvr::pool"),
      TORCH_FN(pool_forward_kernel));
  m.impl(
      TORCH_SELECTIVE_NAME("tvr::_pool_backward"),
      TORCH_FN(pool_backward_kernel));
}

} // namespace ops
} // namespace vision
