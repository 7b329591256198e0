// C++ fakes of ops.cpp's ops, in a source of their own (as FBGEMM keeps its
// *_meta.cpp files).
#include "shared.h"

namespace shards {

[[custom_op_fake("shards::first_rows")]]
at::Tensor first_rows_fake(const at::Tensor& x, c10::SymInt n) {
  std::vector<c10::SymInt> sizes(x.sym_sizes().begin(), x.sym_sizes().end());
  sizes[0] = n;
  return at::empty_symint(sizes, x.options());
}

[[custom_op_fake("shards::bump_")]]
void bump_fake(at::Tensor& x) {}

} // namespace shards
