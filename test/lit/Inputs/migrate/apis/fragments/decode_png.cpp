// One decoder's ops, in a fragment of the namespace (torchvision's
// io/image/cpu/decode_png.cpp before the stable ABI).
#include <ATen/ATen.h>
#include <torch/library.h>

namespace fimg {

at::Tensor decode_png(const at::Tensor& data, int64_t mode) {
  return at::empty({mode, 1, 1}, data.options());
}

TORCH_LIBRARY_FRAGMENT(fimg, m) {
  m.def("decode_png(Tensor data, int mode) -> Tensor");
}

TORCH_LIBRARY_IMPL(fimg, CPU, m) {
  m.impl("decode_png", &decode_png);
}

} // namespace fimg
