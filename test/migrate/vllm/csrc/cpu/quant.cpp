// vLLM's CPU quantization kernels (csrc/cpu/quant.cpp and friends), written
// with ATen ops: int8 quantization with a given or computed scale (and an
// optional zero point), AQLM-style dequantization by codebook partitions,
// a column permutation, a GPTQ-Marlin-style repack with its Meta kernel.
#include "../ops.h"

#include <numeric>

namespace {

at::Tensor quantize(const at::Tensor& input, const at::Tensor& scale,
                    const std::optional<at::Tensor>& azp) {
  at::Tensor q = at::round(input.to(at::kFloat) / scale.to(at::kFloat));
  if (azp.has_value())
    q = q + azp->to(at::kFloat);
  return q.clamp(-128, 127).to(at::kChar);
}

}  // namespace

void static_scaled_int8_quant(at::Tensor& out, const at::Tensor& input,
                              const at::Tensor& scale,
                              std::optional<at::Tensor> const& azp) {
  TORCH_CHECK(out.scalar_type() == at::kChar, "out must be int8");
  TORCH_CHECK(scale.numel() == 1, "one scale");
  out.copy_(quantize(input, scale, azp));
}

void dynamic_scaled_int8_quant(at::Tensor& out, const at::Tensor& input,
                               at::Tensor& scales,
                               std::optional<at::Tensor> const& azp) {
  // One scale per token (row): symmetric max(|x|) / 127, or with a zero
  // point (azp) (max - min) / 255 and azp = -128 - min / scale.
  at::Tensor x = input.to(at::kFloat).flatten(0, -2);
  if (!azp.has_value()) {
    at::Tensor s = x.abs().amax(-1, /*keepdim=*/true) / 127.0;
    scales.copy_(s.view_as(scales));
    out.copy_(quantize(x, s, std::nullopt).view_as(out));
    return;
  }
  at::Tensor mx = x.amax(-1, true), mn = x.amin(-1, true);
  at::Tensor s = (mx - mn) / 255.0;
  at::Tensor zp = at::round(-128.0 - mn / s);
  scales.copy_(s.view_as(scales));
  azp->copy_(zp.to(azp->scalar_type()).view_as(*azp));
  out.copy_(quantize(x, s, zp).view_as(out));
}

at::Tensor aqlm_dequant(const at::Tensor& codes, const at::Tensor& codebooks,
                        const std::vector<int64_t>& codebook_partition_sizes) {
  // codes [n, num_codebooks] (indices), codebooks [num_codebooks,
  // codebook_size, d]; the rows of partition p (codebook_partition_sizes[p]
  // rows, in order) are codebook p's entries: out[i] = codebooks[p, codes[i, p]].
  const int64_t n = codes.size(0);
  TORCH_CHECK(std::accumulate(codebook_partition_sizes.begin(),
                              codebook_partition_sizes.end(), int64_t(0)) == n,
              "the partition sizes must add up to the number of codes");
  at::Tensor out = at::empty({n, codebooks.size(2)}, codebooks.options());
  int64_t row = 0;
  for (size_t p = 0; p < codebook_partition_sizes.size(); ++p) {
    const int64_t rows = codebook_partition_sizes[p];
    at::Tensor idx = codes.narrow(0, row, rows).select(1, int64_t(p)).to(at::kLong);
    out.narrow(0, row, rows).copy_(codebooks.select(0, int64_t(p)).index_select(0, idx));
    row += rows;
  }
  return out;
}

at::Tensor permute_cols(const at::Tensor& A, const at::Tensor& perm) {
  return A.index_select(1, perm.to(at::kLong));
}

at::Tensor gptq_marlin_repack(at::Tensor& b_q_weight, at::Tensor& perm,
                              int64_t size_k, int64_t size_n,
                              int64_t num_bits) {
  // b_q_weight [size_k, size_n]; the rows permuted by perm (when it is not
  // empty), returned transposed: [size_n, size_k].
  TORCH_CHECK(num_bits == 4 || num_bits == 8, "num_bits must be 4 or 8");
  TORCH_CHECK(b_q_weight.size(0) == size_k && b_q_weight.size(1) == size_n,
              "b_q_weight must be size_k x size_n");
  at::Tensor rows =
      perm.numel() ? b_q_weight.index_select(0, perm.to(at::kLong)) : b_q_weight;
  return rows.t().contiguous();
}

at::Tensor gptq_marlin_repack_meta(at::Tensor& b_q_weight, at::Tensor& perm,
                                   c10::SymInt size_k, c10::SymInt size_n,
                                   int64_t num_bits) {
  return at::empty_symint({size_n, size_k}, b_q_weight.options());
}

bool cutlass_scaled_mm_supports_fp8(int64_t cuda_device_capability) {
  return cuda_device_capability >= 89;
}
