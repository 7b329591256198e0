// autocast_devices="...": the Autocast kernels of the devices named, as
// torchvision registers roi_align for AutocastCPU, AutocastCUDA and
// AutocastXPU and nms for AutocastCUDA and AutocastXPU; each casts for its
// own device type. Registered in the order cpu, cuda, xpu, mps,
// privateuse1. Without the key: cpu and cuda (autocast.cpp).
// RUN: rm -rf %t && opgen %s -o %t --python-package tv 2>&1 | FileCheck %s --allow-empty --check-prefix=STDERR
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: %python %inputs/roundtrip.py %t
// STDERR-NOT: error
// STDERR-NOT: warning
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace tv {

// REG: at::Tensor tv_nms__AutocastCUDA(
// REG-NEXT: c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::AutocastCUDA);
// REG: opgen::rt::autocast_input(at::kFloat, dets, c10::DeviceType::CUDA)
// REG: at::Tensor tv_nms__AutocastXPU(
// REG-NEXT: c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::AutocastXPU);
// REG: opgen::rt::autocast_input(at::kFloat, dets, c10::DeviceType::XPU)
// REG: at::Tensor tv_roi_align__AutocastCPU(
// REG: at::Tensor tv_roi_align__AutocastCUDA(
// REG: at::Tensor tv_roi_align__AutocastXPU(
// REG: at::Tensor tv_roi_pool__AutocastMPS(
// REG: opgen::rt::autocast_input(at::kFloat, input, c10::DeviceType::MPS)
// REG: at::Tensor tv_roi_pool__AutocastPrivateUse1(
// REG: opgen::rt::autocast_input(at::kFloat, input, c10::DeviceType::PrivateUse1)
// REG-NOT: tv_nms__AutocastCPU

// REG-LABEL: TORCH_LIBRARY_IMPL(tv, AutocastCPU, m) {
// REG-NEXT: m.impl("roi_align", TORCH_FN(opgen_generated::tv_roi_align__AutocastCPU));
// REG-NEXT: }
// REG-LABEL: TORCH_LIBRARY_IMPL(tv, AutocastCUDA, m) {
// REG-NEXT: m.impl("nms", TORCH_FN(opgen_generated::tv_nms__AutocastCUDA));
// REG-NEXT: m.impl("roi_align", TORCH_FN(opgen_generated::tv_roi_align__AutocastCUDA));
// REG-NEXT: }
// REG-LABEL: TORCH_LIBRARY_IMPL(tv, AutocastXPU, m) {
// REG-NEXT: m.impl("nms", TORCH_FN(opgen_generated::tv_nms__AutocastXPU));
// REG-NEXT: m.impl("roi_align", TORCH_FN(opgen_generated::tv_roi_align__AutocastXPU));
// REG-NEXT: }
// REG-LABEL: TORCH_LIBRARY_IMPL(tv, AutocastMPS, m) {
// REG-NEXT: m.impl("roi_pool", TORCH_FN(opgen_generated::tv_roi_pool__AutocastMPS));
// REG-NEXT: }
// REG-LABEL: TORCH_LIBRARY_IMPL(tv, AutocastPrivateUse1, m) {
// REG-NEXT: m.impl("roi_pool", TORCH_FN(opgen_generated::tv_roi_pool__AutocastPrivateUse1));
// REG-NEXT: }

[[custom_op("tv::nms", autocast="float32", autocast_devices="xpu, cuda")]]
at::Tensor nms(const at::Tensor &dets, const at::Tensor &scores,
               double iou_threshold);

[[custom_op("tv::roi_align", autocast="float32",
            autocast_devices="cpu,cuda,xpu")]]
at::Tensor roi_align(const at::Tensor &input, const at::Tensor &rois,
                     double spatial_scale);

[[custom_op("tv::roi_pool", autocast="float32",
            autocast_devices="privateuse1,mps")]]
at::Tensor roi_pool(const at::Tensor &input, const at::Tensor &rois,
                    double spatial_scale);

} // namespace tv
