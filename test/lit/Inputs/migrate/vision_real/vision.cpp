#include <torch/library.h>

#ifdef WITH_CUDA
#include <cuda.h>
#endif

namespace vision {
int64_t cuda_version() {
#ifdef WITH_CUDA
  // looks like 12060, 12080, etc.
  return CUDA_VERSION;
#else
  return -1;
#endif
}

TORCH_LIBRARY_FRAGMENT(tvr, m) {
  m.def("_cuda_version", &cuda_version);
}
} // namespace vision
