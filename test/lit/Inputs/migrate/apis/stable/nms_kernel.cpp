// A stable-ABI kernel, registered with TORCH_BOX (torchvision main's
// ops/cpu/nms_kernel.cpp).
#include <torch/csrc/stable/library.h>
#include <torch/csrc/stable/ops.h>
#include <torch/csrc/stable/tensor.h>

namespace stv {
namespace {

using torch::stable::Tensor;

Tensor nms_kernel(const Tensor& dets, const Tensor& scores, double iou_threshold) {
  return torch::stable::new_empty(dets, {0}, torch::headeronly::ScalarType::Long);
}

} // namespace

STABLE_TORCH_LIBRARY_IMPL(stv, CPU, m) {
  m.impl("nms", TORCH_BOX(&nms_kernel));
}

} // namespace stv
