// The CPU kernels (they take int64_t where the schemas say SymInt).
#include <ATen/ATen.h>
#include <torch/library.h>

namespace vision {
namespace ops {

namespace {

at::Tensor roi_align_forward_kernel(const at::Tensor& input,
                                    const at::Tensor& rois,
                                    double spatial_scale,
                                    int64_t pooled_height,
                                    int64_t pooled_width,
                                    int64_t sampling_ratio, bool aligned) {
  return at::zeros({rois.size(0), input.size(1), pooled_height, pooled_width},
                   input.options());
}

at::Tensor roi_align_backward_kernel(
    const at::Tensor& grad, const at::Tensor& rois, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width, int64_t batch_size,
    int64_t channels, int64_t height, int64_t width, int64_t sampling_ratio,
    bool aligned) {
  return at::zeros({batch_size, channels, height, width}, grad.options());
}

std::tuple<at::Tensor, at::Tensor> ps_roi_pool_forward_kernel(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width) {
  at::Tensor output = at::zeros(
      {rois.size(0), input.size(1) / (pooled_height * pooled_width),
       pooled_height, pooled_width},
      input.options());
  return {output, at::zeros_like(output, output.options().dtype(at::kInt))};
}

at::Tensor ps_roi_pool_backward_kernel(
    const at::Tensor& grad, const at::Tensor& rois,
    const at::Tensor& channel_mapping, double spatial_scale,
    int64_t pooled_height, int64_t pooled_width, int64_t batch_size,
    int64_t channels, int64_t height, int64_t width) {
  return at::zeros({batch_size, channels, height, width}, grad.options());
}

at::Tensor scale_kernel(const at::Tensor& x, double factor) {
  return x * factor;
}

at::Tensor scale_backward_kernel(const at::Tensor& grad, double factor) {
  return grad * factor;
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, CPU, m) {
  m.impl("roi_align", TORCH_FN(roi_align_forward_kernel));
  m.impl("_roi_align_backward", TORCH_FN(roi_align_backward_kernel));
  m.impl("ps_roi_pool", TORCH_FN(ps_roi_pool_forward_kernel));
  m.impl("_ps_roi_pool_backward", TORCH_FN(ps_roi_pool_backward_kernel));
  m.impl("scale", TORCH_FN(scale_kernel));
  m.impl("_scale_backward", TORCH_FN(scale_backward_kernel));
}

} // namespace ops
} // namespace vision
