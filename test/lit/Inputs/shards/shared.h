// A kernel declared (and defined, inline) in a header that two sources
// include: each source's shard hosts its wrapper.
#pragma once
#include <opgen/opgen.h>
#include <ATen/ATen.h>

namespace sh {
[[custom_op("sh::twice")]]
inline at::Tensor twice(const at::Tensor& x) { return x * 2; }
} // namespace sh
