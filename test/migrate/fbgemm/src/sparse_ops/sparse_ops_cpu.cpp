// FBGEMM's sparse ops (src/sparse_ops/sparse_ops_cpu.cpp there): this file
// defines its ops in a TORCH_LIBRARY_FRAGMENT of its own and registers
// their CPU and Meta kernels in TORCH_LIBRARY_IMPL blocks below, through
// the macros. Schemas as FBGEMM's.
#include "fbgemm_like/ops_utils.h"
#include "fbgemm_like/sparse_ops.h"

namespace fbgemm_gpu {

// [t_0, t_1, ...] -> [0, t_0, t_0 + t_1, ...]
Tensor asynchronous_complete_cumsum_cpu(const Tensor& t_in) {
  TORCH_CHECK(t_in.dim() == 1, "t_in must be 1-D");
  Tensor out = at::zeros({t_in.numel() + 1}, t_in.options());
  out.narrow(0, 1, t_in.numel()).copy_(at::cumsum(t_in, 0));
  return out;
}

Tensor asynchronous_complete_cumsum_meta(const Tensor& t_in) {
  return at::empty_symint({t_in.sym_numel() + 1}, t_in.options());
}

// offsets [N] (where each of N ranges starts in [0, range_size)) ->
// [range_size]: position i holds i - the start of its range.
Tensor offsets_range_cpu(const Tensor& offsets, int64_t range_size) {
  Tensor off = offsets.to(at::kLong).contiguous();
  Tensor out = at::empty({range_size}, offsets.options());
  Tensor o64 = out.to(at::kLong);
  const int64_t* o = off.const_data_ptr<int64_t>();
  int64_t* r = o64.mutable_data_ptr<int64_t>();
  const int64_t n = off.numel();
  for (int64_t j = 0; j < n; ++j) {
    const int64_t end = j + 1 < n ? o[j + 1] : range_size;
    for (int64_t i = o[j]; i < end; ++i)
      r[i] = i - o[j];
  }
  out.copy_(o64);
  return out;
}

} // namespace fbgemm_gpu

TORCH_LIBRARY_FRAGMENT(fbgemm, m) {
  m.def("asynchronous_complete_cumsum(Tensor t_in) -> Tensor");
  m.def("offsets_range(Tensor offsets, SymInt range_size) -> Tensor");
}

TORCH_LIBRARY_IMPL(fbgemm, CPU, m) {
  DISPATCH_TO_CPU("asynchronous_complete_cumsum", fbgemm_gpu::asynchronous_complete_cumsum_cpu);
  DISPATCH_TO_CPU("offsets_range", fbgemm_gpu::offsets_range_cpu);
}

TORCH_LIBRARY_IMPL(fbgemm, Meta, m) {
  DISPATCH_TO_META("asynchronous_complete_cumsum", fbgemm_gpu::asynchronous_complete_cumsum_meta);
}
