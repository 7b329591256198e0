// vLLM's csrc/ops.h: the kernels csrc/torch_bindings.cpp registers,
// declared once and defined in the files of csrc/cpu/ (vLLM's CPU build;
// its CUDA build defines the same functions in .cu files).
#pragma once

#include <optional>
#include <vector>

#include <ATen/ATen.h>
#include <c10/core/SymInt.h>

// csrc/cpu/activation.cpp
void silu_and_mul(at::Tensor& out, at::Tensor& input);
void mul_and_silu(at::Tensor& out, at::Tensor& input);
void fatrelu_and_mul(at::Tensor& out, at::Tensor& input, double threshold);
void gelu_new(at::Tensor& out, at::Tensor& input);

// csrc/cpu/layernorm.cpp
void rms_norm(at::Tensor& out, at::Tensor& input, at::Tensor& weight,
              double epsilon);
void fused_add_rms_norm(at::Tensor& input, at::Tensor& residual,
                        at::Tensor& weight, double epsilon);
void rotary_embedding(at::Tensor& positions, at::Tensor& query,
                      std::optional<at::Tensor> key, int64_t head_size,
                      at::Tensor& cos_sin_cache, bool is_neox);

// csrc/cpu/quant.cpp
void static_scaled_int8_quant(at::Tensor& out, const at::Tensor& input,
                              const at::Tensor& scale,
                              std::optional<at::Tensor> const& azp);
void dynamic_scaled_int8_quant(at::Tensor& out, const at::Tensor& input,
                               at::Tensor& scales,
                               std::optional<at::Tensor> const& azp);
at::Tensor aqlm_dequant(const at::Tensor& codes, const at::Tensor& codebooks,
                        const std::vector<int64_t>& codebook_partition_sizes);
at::Tensor permute_cols(const at::Tensor& A, const at::Tensor& perm);
at::Tensor gptq_marlin_repack(at::Tensor& b_q_weight, at::Tensor& perm,
                              int64_t size_k, int64_t size_n,
                              int64_t num_bits);
at::Tensor gptq_marlin_repack_meta(at::Tensor& b_q_weight, at::Tensor& perm,
                                   c10::SymInt size_k, c10::SymInt size_n,
                                   int64_t num_bits);
bool cutlass_scaled_mm_supports_fp8(int64_t cuda_device_capability);

// csrc/cpu/cache.cpp (the _cache_ops library)
void swap_blocks(at::Tensor& src, at::Tensor& dst,
                 const at::Tensor& block_mapping);
void copy_blocks(std::vector<at::Tensor> const& key_caches,
                 std::vector<at::Tensor> const& value_caches,
                 const at::Tensor& block_mapping);
