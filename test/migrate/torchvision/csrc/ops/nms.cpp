// torchvision's ops/nms.cpp: the op's schema (a TORCH_LIBRARY_FRAGMENT of
// the torchvision library, TORCH_SELECTIVE_SCHEMA, the module of its Python
// fakes) and its C++ API. Its kernels are in cpu/, cuda/, quantized/ and
// autocast/, each registered where it is defined.
#include "nms.h"

#include <ATen/core/dispatch/Dispatcher.h>
#include <torch/library.h>

namespace vision {
namespace ops {

at::Tensor nms(const at::Tensor& dets, const at::Tensor& scores,
               double iou_threshold) {
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("torchvision::nms", "")
                       .typed<decltype(nms)>();
  return op.call(dets, scores, iou_threshold);
}

TORCH_LIBRARY_FRAGMENT(torchvision, m) {
  m.set_python_module("torchvision_like._meta_registrations");
  m.def(TORCH_SELECTIVE_SCHEMA(
      "torchvision::nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor"));
}

} // namespace ops
} // namespace vision
