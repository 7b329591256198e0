// Autocast kernels whose ops have integer outputs, written as torchvision
// writes them (nms_autocast returns nms's int64 indices uncast;
// roi_pool_autocast casts both outputs back, its int32 argmax too), with
// kernels whose allocations opgen follows, so that it reads the outputs'
// dtypes: test/lit/migrate_autocast.test.
#include <ATen/ATen.h>
#include <ATen/autocast_mode.h>
#include <torch/library.h>

namespace tvo {

at::Tensor nms(const at::Tensor& dets, const at::Tensor& scores, double iou_threshold);
std::tuple<at::Tensor, at::Tensor> pool(const at::Tensor& input, const at::Tensor& rois);
std::tuple<at::Tensor, at::Tensor> pool_first(const at::Tensor& input, const at::Tensor& rois);

at::Tensor nms_kernel(const at::Tensor& dets, const at::Tensor& scores, double iou_threshold) {
  return at::empty({dets.size(0)}, dets.options().dtype(at::kLong));
}

std::tuple<at::Tensor, at::Tensor> pool_kernel(const at::Tensor& input, const at::Tensor& rois) {
  at::Tensor output = at::empty({rois.size(0), input.size(1)}, input.options());
  at::Tensor argmax = at::empty({rois.size(0), input.size(1)}, input.options().dtype(at::kInt));
  return std::make_tuple(output, argmax);
}

std::tuple<at::Tensor, at::Tensor> pool_first_kernel(const at::Tensor& input, const at::Tensor& rois) {
  at::Tensor output = at::empty({rois.size(0), input.size(1)}, input.options());
  at::Tensor argmax = at::empty({rois.size(0), input.size(1)}, input.options().dtype(at::kInt));
  return std::make_tuple(output, argmax);
}

namespace {

template <c10::DispatchKey autocast_key, c10::DeviceType device_type>
at::Tensor nms_autocast(const at::Tensor& dets, const at::Tensor& scores, double iou_threshold) {
  c10::impl::ExcludeDispatchKeyGuard no_autocast(autocast_key);

  return nms(
      at::autocast::cached_cast(at::kFloat, dets, device_type),
      at::autocast::cached_cast(at::kFloat, scores, device_type),
      iou_threshold);
}

std::tuple<at::Tensor, at::Tensor> pool_autocast(const at::Tensor& input, const at::Tensor& rois) {
  c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::Autocast);
  auto result = pool(
      at::autocast::cached_cast(at::kFloat, input),
      at::autocast::cached_cast(at::kFloat, rois));

  return std::make_tuple(
      std::get<0>(result).to(input.scalar_type()),
      std::get<1>(result).to(input.scalar_type()));
}

std::tuple<at::Tensor, at::Tensor> pool_first_autocast(const at::Tensor& input, const at::Tensor& rois) {
  c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::Autocast);
  auto result = pool_first(
      at::autocast::cached_cast(at::kFloat, input),
      at::autocast::cached_cast(at::kFloat, rois));

  return std::make_tuple(std::get<0>(result).to(input.scalar_type()), std::get<1>(result));
}

} // namespace

TORCH_LIBRARY(tvo, m) {
  m.def("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor");
  m.def("pool(Tensor input, Tensor rois) -> (Tensor, Tensor)");
  m.def("pool_first(Tensor input, Tensor rois) -> (Tensor, Tensor)");
}

TORCH_LIBRARY_IMPL(tvo, CPU, m) {
  m.impl("nms", &nms_kernel);
  m.impl("pool", &pool_kernel);
  m.impl("pool_first", &pool_first_kernel);
}

TORCH_LIBRARY_IMPL(tvo, Autocast, m) {
  m.impl("nms", TORCH_FN((nms_autocast<c10::DispatchKey::Autocast, c10::DeviceType::CUDA>)));
  m.impl("pool", &pool_autocast);
  m.impl("pool_first", &pool_first_autocast);
}

TORCH_LIBRARY_IMPL(tvo, AutocastCPU, m) {
  m.impl("nms", TORCH_FN((nms_autocast<c10::DispatchKey::AutocastCPU, c10::DeviceType::CPU>)));
}

} // namespace tvo
