// More kernels for kernels.cpp, with the dispatch key set by `device`.
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace km {

[[custom_op("km::shift", device="default")]]
at::Tensor shift_composite(const at::Tensor& x, int64_t by);

[[custom_op("km::shift", device="meta")]]
at::Tensor shift_meta(const at::Tensor& x, c10::SymInt by);

// A .cpp file can hold a CUDA kernel.
[[custom_op("km::gather", device="cuda")]]
at::Tensor gather_cuda(const at::Tensor& x, const at::Tensor& index);

} // namespace km
