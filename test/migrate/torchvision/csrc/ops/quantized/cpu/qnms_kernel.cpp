// torchvision's ops/quantized/cpu/qnms_kernel.cpp: nms of quantized boxes
// and scores (QuantizedCPU): dequantized, then suppressed as float ones by
// the op's CPU kernel, through the dispatcher.
#include "../../nms.h"

#include <torch/library.h>

namespace vision {
namespace ops {

namespace {

at::Tensor qnms_kernel(const at::Tensor& dets, const at::Tensor& scores,
                       double iou_threshold) {
  TORCH_CHECK(dets.is_quantized() && scores.is_quantized(),
              "qnms: expected quantized dets and scores");
  return nms(dets.dequantize(), scores.dequantize(), iou_threshold);
}

} // namespace

TORCH_LIBRARY_IMPL(torchvision, QuantizedCPU, m) {
  m.impl(TORCH_SELECTIVE_NAME("torchvision::nms"), TORCH_FN(qnms_kernel));
}

} // namespace ops
} // namespace vision
