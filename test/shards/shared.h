// A kernel defined in a header that both sources include: the shard of each
// source hosts its wrapper (weak), and the library links with one.
#pragma once
#include <opgen/opgen.h>
#include <ATen/ATen.h>

namespace shards {
[[custom_op("shards::twice")]]
inline at::Tensor twice(const at::Tensor& x) { return x * 2; }
} // namespace shards
