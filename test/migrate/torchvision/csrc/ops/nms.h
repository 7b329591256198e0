#pragma once

#include <ATen/ATen.h>

namespace vision {
namespace ops {

// C++ API: calls the op through the dispatcher.
at::Tensor nms(const at::Tensor& dets, const at::Tensor& scores,
               double iou_threshold);

} // namespace ops
} // namespace vision
