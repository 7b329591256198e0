// torchvision's autocast kernels: one template, registered for CUDA
// (Autocast), CPU (AutocastCPU) and XPU (AutocastXPU); nms is registered for
// CUDA and XPU only.
#include <ATen/ATen.h>
#include <ATen/autocast_mode.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

namespace vision {
namespace ops {

at::Tensor roi_align(const at::Tensor& input, const at::Tensor& rois,
                     double spatial_scale) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("torchvision::roi_align", "")
                       .typed<decltype(roi_align)>();
  return op.call(input, rois, spatial_scale);
}

at::Tensor nms(const at::Tensor& dets, const at::Tensor& scores,
               double iou_threshold) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("torchvision::nms", "")
                       .typed<decltype(nms)>();
  return op.call(dets, scores, iou_threshold);
}

at::Tensor roi_align_kernel(const at::Tensor& input, const at::Tensor& rois,
                            double spatial_scale) {
  return at::zeros({rois.size(0), input.size(1)}, input.options());
}

at::Tensor nms_kernel(const at::Tensor& dets, const at::Tensor& scores,
                      double iou_threshold) {
  return at::arange(dets.size(0), dets.options().dtype(at::kLong));
}

namespace {

template <c10::DispatchKey autocast_key, c10::DeviceType device_type>
at::Tensor roi_align_autocast(const at::Tensor& input, const at::Tensor& rois,
                              double spatial_scale) {
  c10::impl::ExcludeDispatchKeyGuard no_autocast(autocast_key);
  return roi_align(at::autocast::cached_cast(at::kFloat, input, device_type),
                   at::autocast::cached_cast(at::kFloat, rois, device_type),
                   spatial_scale)
      .to(input.scalar_type());
}

template <c10::DispatchKey autocast_key, c10::DeviceType device_type>
at::Tensor nms_autocast(const at::Tensor& dets, const at::Tensor& scores,
                        double iou_threshold) {
  c10::impl::ExcludeDispatchKeyGuard no_autocast(autocast_key);
  return nms(at::autocast::cached_cast(at::kFloat, dets, device_type),
             at::autocast::cached_cast(at::kFloat, scores, device_type),
             iou_threshold);
}

} // namespace

TORCH_LIBRARY(torchvision, m) {
  m.def("roi_align(Tensor input, Tensor rois, float spatial_scale) -> Tensor");
  m.def("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor");
}

TORCH_LIBRARY_IMPL(torchvision, CPU, m) {
  m.impl("roi_align", TORCH_FN(roi_align_kernel));
  m.impl("nms", TORCH_FN(nms_kernel));
}

TORCH_LIBRARY_IMPL(torchvision, Autocast, m) {
  m.impl("roi_align",
         TORCH_FN((roi_align_autocast<c10::DispatchKey::Autocast, c10::DeviceType::CUDA>)));
  m.impl("nms",
         TORCH_FN((nms_autocast<c10::DispatchKey::Autocast, c10::DeviceType::CUDA>)));
}

TORCH_LIBRARY_IMPL(torchvision, AutocastCPU, m) {
  m.impl("roi_align",
         TORCH_FN((roi_align_autocast<c10::DispatchKey::AutocastCPU, c10::DeviceType::CPU>)));
}

TORCH_LIBRARY_IMPL(torchvision, AutocastXPU, m) {
  m.impl("roi_align",
         TORCH_FN((roi_align_autocast<c10::DispatchKey::AutocastXPU, c10::DeviceType::XPU>)));
  m.impl("nms",
         TORCH_FN((nms_autocast<c10::DispatchKey::AutocastXPU, c10::DeviceType::XPU>)));
}

} // namespace ops
} // namespace vision
