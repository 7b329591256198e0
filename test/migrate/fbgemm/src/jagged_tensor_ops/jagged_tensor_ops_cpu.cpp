// FBGEMM's CPU jagged tensor kernels (one jagged dimension: values
// [total, D...] split into B rows by offsets [B + 1]), written with ATen
// ops, and their registration in a TORCH_LIBRARY_IMPL block of their own
// through FBGEMM's DISPATCH_TO_CPU.
#include "fbgemm_like/ops_utils.h"
#include "fbgemm_like/sparse_ops.h"

namespace fbgemm_gpu {

namespace {

/// values' rows of row b, at most max_L of them.
Tensor row(const Tensor& values, const int64_t* o, int64_t b, int64_t max_L) {
  const int64_t len = std::min(o[b + 1] - o[b], max_L);
  return values.narrow(0, o[b], std::max<int64_t>(len, 0));
}

Tensor to_padded(const Tensor& values, const Tensor& offsets, int64_t max_L,
                 double padding) {
  TORCH_CHECK(offsets.dim() == 1, "offsets must be 1-D");
  Tensor off = offsets.to(at::kLong).contiguous();
  const int64_t B = off.numel() - 1;
  std::vector<int64_t> size = {B, max_L};
  for (int64_t d = 1; d < values.dim(); ++d)
    size.push_back(values.size(d));
  Tensor out = at::full(size, padding, values.options());
  const int64_t* o = off.const_data_ptr<int64_t>();
  for (int64_t b = 0; b < B; ++b) {
    Tensor r = row(values, o, b, max_L);
    out[b].narrow(0, 0, r.size(0)).copy_(r);
  }
  return out;
}

} // namespace

Tensor jagged_2d_to_dense_cpu(Tensor values, Tensor offsets,
                              int64_t max_sequence_length) {
  TORCH_CHECK(values.dim() == 2, "values must be 2-D");
  return to_padded(values, offsets, max_sequence_length, 0);
}

Tensor jagged_1d_to_dense_cpu(Tensor values, Tensor offsets,
                              int64_t max_sequence_length,
                              int64_t padding_value) {
  TORCH_CHECK(values.dim() == 1, "values must be 1-D");
  return to_padded(values, offsets, max_sequence_length, double(padding_value));
}

Tensor jagged_to_padded_dense_cpu(const Tensor& values,
                                  const std::vector<Tensor>& offsets,
                                  c10::SymIntArrayRef max_lengths,
                                  const double padding_value) {
  TORCH_CHECK(offsets.size() == 1 && max_lengths.size() == 1,
              "one jagged dimension");
  return to_padded(values, offsets[0], max_lengths[0].expect_int(), padding_value);
}

std::tuple<Tensor, std::vector<Tensor>> dense_to_jagged_cpu(
    const Tensor& dense, const std::vector<Tensor>& x_offsets,
    std::optional<at::SymInt> total_L) {
  TORCH_CHECK(x_offsets.size() == 1, "one jagged dimension");
  Tensor off = x_offsets[0].to(at::kLong).contiguous();
  const int64_t* o = off.const_data_ptr<int64_t>();
  const int64_t B = off.numel() - 1;
  const int64_t total = total_L.has_value() ? total_L->expect_int() : o[B];
  std::vector<int64_t> size = {total};
  for (int64_t d = 2; d < dense.dim(); ++d)
    size.push_back(dense.size(d));
  Tensor values = at::zeros(size, dense.options());
  for (int64_t b = 0; b < B; ++b) {
    const int64_t len = std::min(o[b + 1] - o[b], dense.size(1));
    values.narrow(0, o[b], len).copy_(dense[b].narrow(0, 0, len));
  }
  return {values, x_offsets};
}

std::vector<Tensor> jagged_index_select_cpu(
    const Tensor& values, const Tensor& lengths, const Tensor& indices,
    const std::optional<int64_t> num_dense_output_rows) {
  // The rows of the jagged tensor (values, lengths) that indices name, in
  // order: {their values, their lengths}.
  Tensor len = lengths.to(at::kLong).contiguous();
  Tensor idx = indices.to(at::kLong).contiguous();
  Tensor starts = at::cumsum(len, 0) - len;
  std::vector<Tensor> rows;
  for (int64_t i = 0; i < idx.numel(); ++i) {
    const int64_t r = idx[i].item<int64_t>();
    rows.push_back(values.narrow(0, starts[r].item<int64_t>(), len[r].item<int64_t>()));
  }
  Tensor out = rows.empty() ? values.narrow(0, 0, 0).clone() : at::cat(rows, 0);
  if (num_dense_output_rows.has_value())
    TORCH_CHECK(out.size(0) == *num_dense_output_rows,
                "num_dense_output_rows does not match the selected rows");
  return {out, lengths.index_select(0, idx)};
}

} // namespace fbgemm_gpu

TORCH_LIBRARY_IMPL(fbgemm, CPU, m) {
  DISPATCH_TO_CPU("jagged_2d_to_dense", fbgemm_gpu::jagged_2d_to_dense_cpu);
  DISPATCH_TO_CPU("jagged_1d_to_dense", fbgemm_gpu::jagged_1d_to_dense_cpu);
  DISPATCH_TO_CPU("jagged_to_padded_dense", fbgemm_gpu::jagged_to_padded_dense_cpu);
  DISPATCH_TO_CPU("dense_to_jagged", fbgemm_gpu::dense_to_jagged_cpu);
  DISPATCH_TO_CPU("jagged_index_select", fbgemm_gpu::jagged_index_select_cpu);
}
