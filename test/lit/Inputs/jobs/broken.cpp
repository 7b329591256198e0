// A source that does not compile: Clang's error, then opgen's.
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace jobs {

[[custom_op("jobs::fine")]]
at::Tensor fine(const at::Tensor& x);

at::Tensor broken = at::undeclared_thing();

} // namespace jobs
