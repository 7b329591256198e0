// The namespace's classic part, in another library (torchvision main's
// vision.cpp).
#include <torch/library.h>

namespace stv {

int64_t cuda_version() {
  return -1;
}

TORCH_LIBRARY_FRAGMENT(stv, m) {
  m.def("_cuda_version", &cuda_version);
}

} // namespace stv
