// Another decoder's ops, in another fragment of the same namespace.
#include <ATen/ATen.h>
#include <torch/library.h>

namespace fimg {

at::Tensor decode_jpeg(const at::Tensor& data, int64_t mode) {
  return at::empty({mode, 2, 2}, data.options());
}

TORCH_LIBRARY_FRAGMENT(fimg, m) {
  m.def("decode_jpeg(Tensor data, int mode) -> Tensor");
}

TORCH_LIBRARY_IMPL(fimg, CPU, m) {
  m.impl("decode_jpeg", &decode_jpeg);
}

} // namespace fimg
