#pragma once
#include <opgen/opgen.h>
#include <ATen/core/Tensor.h>

namespace hw {
[[custom_op("hw::f")]]
inline at::Tensor f(const at::Tensor& x, int64_t n) { return x; }
} // namespace hw
