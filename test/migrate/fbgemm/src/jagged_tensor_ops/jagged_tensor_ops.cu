// FBGEMM's CUDA kernels of the jagged tensor ops are .cu files that
// register themselves with DISPATCH_TO_CUDA. This one computes on the GPU
// with ATen ops (the CPU kernel's algorithm, one row at a time). Built only
// with -DLAYOUT_CUDA=ON.
#include "fbgemm_like/ops_utils.h"
#include "fbgemm_like/sparse_ops.h"

namespace fbgemm_gpu {

Tensor jagged_to_padded_dense_cuda(const Tensor& values,
                                   const std::vector<Tensor>& offsets,
                                   c10::SymIntArrayRef max_lengths,
                                   const double padding_value) {
  TORCH_CHECK(offsets.size() == 1 && max_lengths.size() == 1,
              "one jagged dimension");
  const int64_t max_L = max_lengths[0].expect_int();
  Tensor off = offsets[0].to(at::kCPU, at::kLong).contiguous();
  const int64_t* o = off.const_data_ptr<int64_t>();
  const int64_t B = off.numel() - 1;
  std::vector<int64_t> size = {B, max_L};
  for (int64_t d = 1; d < values.dim(); ++d)
    size.push_back(values.size(d));
  Tensor out = at::full(size, padding_value, values.options());
  for (int64_t b = 0; b < B; ++b) {
    const int64_t len = std::min(o[b + 1] - o[b], max_L);
    if (len > 0)
      out[b].narrow(0, 0, len).copy_(values.narrow(0, o[b], len));
  }
  return out;
}

} // namespace fbgemm_gpu

TORCH_LIBRARY_IMPL(fbgemm, CUDA, m) {
  DISPATCH_TO_CUDA("jagged_to_padded_dense", fbgemm_gpu::jagged_to_padded_dense_cuda);
}
