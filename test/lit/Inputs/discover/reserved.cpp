// A parameter name the schema cannot use: the check phase rejects it.
#include <opgen/opgen.h>
#include <ATen/core/Tensor.h>

[[custom_op("dc::bad")]]
at::Tensor bad(const at::Tensor& x, int64_t in);
