// The schemas of the ops and of their backward ops, and their C++ API.
#include "ops.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

namespace vision {
namespace ops {

at::Tensor roi_align_symint(const at::Tensor& input, const at::Tensor& rois,
                            double spatial_scale, c10::SymInt pooled_height,
                            c10::SymInt pooled_width, int64_t sampling_ratio,
                            bool aligned) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("torchvision::roi_align", "")
                       .typed<decltype(roi_align_symint)>();
  return op.call(input, rois, spatial_scale, pooled_height, pooled_width,
                 sampling_ratio, aligned);
}

std::tuple<at::Tensor, at::Tensor> ps_roi_pool_symint(
    const at::Tensor& input, const at::Tensor& rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("torchvision::ps_roi_pool", "")
                       .typed<decltype(ps_roi_pool_symint)>();
  return op.call(input, rois, spatial_scale, pooled_height, pooled_width);
}

at::Tensor scale(const at::Tensor& x, double factor) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("torchvision::scale", "")
                       .typed<decltype(scale)>();
  return op.call(x, factor);
}

namespace detail {

at::Tensor _roi_align_backward_symint(
    const at::Tensor& grad, const at::Tensor& rois, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width,
    c10::SymInt batch_size, c10::SymInt channels, c10::SymInt height,
    c10::SymInt width, int64_t sampling_ratio, bool aligned) {
  static auto op =
      c10::Dispatcher::singleton()
          .findSchemaOrThrow("torchvision::_roi_align_backward", "")
          .typed<decltype(_roi_align_backward_symint)>();
  return op.call(grad, rois, spatial_scale, pooled_height, pooled_width,
                 batch_size, channels, height, width, sampling_ratio, aligned);
}

at::Tensor _ps_roi_pool_backward_symint(
    const at::Tensor& grad, const at::Tensor& rois,
    const at::Tensor& channel_mapping, double spatial_scale,
    c10::SymInt pooled_height, c10::SymInt pooled_width,
    c10::SymInt batch_size, c10::SymInt channels, c10::SymInt height,
    c10::SymInt width) {
  static auto op =
      c10::Dispatcher::singleton()
          .findSchemaOrThrow("torchvision::_ps_roi_pool_backward", "")
          .typed<decltype(_ps_roi_pool_backward_symint)>();
  return op.call(grad, rois, channel_mapping, spatial_scale, pooled_height,
                 pooled_width, batch_size, channels, height, width);
}

at::Tensor _scale_backward(const at::Tensor& grad, double factor) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("torchvision::_scale_backward", "")
                       .typed<decltype(_scale_backward)>();
  return op.call(grad, factor);
}

} // namespace detail

TORCH_LIBRARY(torchvision, m) {
  m.def("roi_align(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, int sampling_ratio, bool aligned) -> Tensor");
  m.def("_roi_align_backward(Tensor grad, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width, int sampling_ratio, bool aligned) -> Tensor");
  m.def("ps_roi_pool(Tensor input, Tensor rois, float spatial_scale, SymInt pooled_height, SymInt pooled_width) -> (Tensor, Tensor)");
  m.def("_ps_roi_pool_backward(Tensor grad, Tensor rois, Tensor channel_mapping, float spatial_scale, SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, SymInt height, SymInt width) -> Tensor");
  m.def("scale(Tensor x, float factor) -> Tensor");
  m.def("_scale_backward(Tensor grad, float factor) -> Tensor");
}

} // namespace ops
} // namespace vision
