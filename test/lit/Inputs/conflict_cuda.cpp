// The other kernels for err_conflicting_kernels.cpp.
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace cf {

[[custom_op("cf::types", device="cuda")]]
at::Tensor types_cuda(const at::Tensor& x, double n);

[[custom_op("cf::names", device="cuda")]]
at::Tensor names_cuda(const at::Tensor& input, int64_t n);

[[custom_op("cf::defaults", device="cuda")]]
at::Tensor defaults_cuda(const at::Tensor& x, int64_t n = 2);

[[custom_op("cf::mutation", device="cuda", mutates="x")]]
void mutation_cuda(at::Tensor& x);

[[custom_op("cf::twice")]]
at::Tensor twice_again(const at::Tensor& x);

} // namespace cf
