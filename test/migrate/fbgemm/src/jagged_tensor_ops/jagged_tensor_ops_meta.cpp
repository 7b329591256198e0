// FBGEMM's Meta kernels of the jagged tensor ops (symbolic sizes), in a
// file and TORCH_LIBRARY_IMPL block of their own, through DISPATCH_TO_META.
#include "fbgemm_like/ops_utils.h"
#include "fbgemm_like/sparse_ops.h"

namespace fbgemm_gpu {

Tensor jagged_2d_to_dense_meta(Tensor values, Tensor offsets,
                               c10::SymInt max_sequence_length) {
  return at::zeros_symint({offsets.sym_size(0) - 1, max_sequence_length,
                           values.sym_size(1)},
                          values.options());
}

Tensor jagged_to_padded_dense_meta(const Tensor& values,
                                   const std::vector<Tensor>& offsets,
                                   c10::SymIntArrayRef max_lengths,
                                   const double padding_value) {
  std::vector<c10::SymInt> size = {offsets[0].sym_size(0) - 1, max_lengths[0]};
  for (int64_t d = 1; d < values.dim(); ++d)
    size.push_back(values.sym_size(d));
  return at::empty_symint(size, values.options());
}

} // namespace fbgemm_gpu

TORCH_LIBRARY_IMPL(fbgemm, Meta, m) {
  DISPATCH_TO_META("jagged_2d_to_dense", fbgemm_gpu::jagged_2d_to_dense_meta);
  DISPATCH_TO_META("jagged_to_padded_dense", fbgemm_gpu::jagged_to_padded_dense_meta);
}
