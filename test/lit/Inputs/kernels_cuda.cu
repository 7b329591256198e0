// CUDA kernels for kernels.cpp: a .cu file registers for CUDA by default.
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace km {

// c10::SymInt here, int64_t in the CPU kernel: the op takes SymInt.
[[custom_op("km::scale")]]
at::Tensor scale_cuda(const at::Tensor& x, c10::SymInt n, double factor = 0.5);

// c10::IntArrayRef here, c10::SymIntArrayRef in the CPU kernel.
[[custom_op("km::pad")]]
at::Tensor pad_cuda(const at::Tensor& x, c10::IntArrayRef pads);

} // namespace km
