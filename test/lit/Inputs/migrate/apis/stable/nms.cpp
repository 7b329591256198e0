// The op's def, through the stable ABI, in a fragment (torchvision main's
// ops/nms.cpp): the namespace is shared with vision.cpp's library.
#include <torch/csrc/stable/library.h>

STABLE_TORCH_LIBRARY_FRAGMENT(stv, m) {
  m.def("nms(Tensor dets, Tensor scores, float iou_threshold) -> Tensor");
}
