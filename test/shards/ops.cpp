// Ops whose schema other sources complete (fakes.cpp): each source's shard is
// generated from that source alone, before the other is parsed.
#include "shared.h"

namespace shards {

// Takes int64_t; fakes.cpp's fake takes c10::SymInt, so the schema says
// SymInt and registration.cpp adapts this wrapper (it makes n concrete).
[[custom_op("shards::first_rows")]]
at::Tensor first_rows(const at::Tensor& x, int64_t n) {
  TORCH_CHECK(n >= 0 && n <= x.size(0), "first_rows: n out of range");
  return x.narrow(0, 0, n).clone();
}

// Mutates x; its fake is in fakes.cpp.
[[custom_op("shards::bump_", mutates="x")]]
void bump_(at::Tensor& x) { x.add_(1); }

} // namespace shards
