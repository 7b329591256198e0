// A source that compiles but whose op opgen rejects.
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace jobs {

[[custom_op("jobs::narrow")]]
at::Tensor narrow(const at::Tensor& x, int n);

} // namespace jobs
