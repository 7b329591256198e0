// One of two sources named nms_kernel.cpp (as torchvision's ops/cpu/ and
// ops/autocast/).
#include "../nms.h"

namespace sn {
[[custom_op("sn::nms")]]
at::Tensor nms(const at::Tensor& boxes, double threshold) {
  return boxes.clone();
}
} // namespace sn
