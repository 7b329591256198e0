// Named like Inputs/good.cpp: the shards of the two would collide.
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

namespace dup {
[[custom_op("dup::op")]] at::Tensor op(const at::Tensor& x);
} // namespace dup
