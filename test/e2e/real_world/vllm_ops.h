// vLLM (vllm-project/vllm, Apache-2.0): kernel declarations the way
// csrc/ops.h and csrc/cpu/*.h write them (torch::Tensor& for read-only
// inputs included, which opgen warns about), registered in namespace _C.
//
// vLLM registers most writes with the legacy bare `Tensor!`; opgen writes
// the modern alias sets, a, b, c, ... in parameter order, so the expected
// schema is the registered one with each `Tensor!` numbered
// (test_real_world_signatures.py does that mechanically).
#pragma once

#include <opgen/opgen.h>

#include <torch/all.h>
#include <torch/library.h>

#include <optional>
#include <string>
#include <vector>

using fptr_t = int64_t;

// from: vllm-project/vllm:csrc/torch_bindings.cpp:166
[[custom_op("_C::rms_norm", mutates="result")]]
void rms_norm(torch::Tensor& result, torch::Tensor& input,
              torch::Tensor& weight, double epsilon);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:140
[[custom_op("_C::fused_add_rms_norm", mutates="input, residual")]]
void fused_add_rms_norm(torch::Tensor& input, torch::Tensor& residual,
                        torch::Tensor& weight, double epsilon);

// The docs/annotation.md example.
// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:147
[[custom_op("_C::rotary_embedding", mutates="query,key")]]
void rotary_embedding(torch::Tensor& positions, torch::Tensor& query,
                      std::optional<torch::Tensor> key, int64_t head_size,
                      torch::Tensor& cos_sin_cache, bool is_neox);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:219
[[custom_op("_C::batched_rotary_embedding", mutates="query,key")]]
void batched_rotary_embedding(torch::Tensor& positions, torch::Tensor& query,
                              std::optional<torch::Tensor> key,
                              int64_t head_size, torch::Tensor& cos_sin_cache,
                              bool is_neox, int64_t rot_dim,
                              torch::Tensor& cos_sin_cache_offsets);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:111
[[custom_op("_C::silu_and_mul", mutates="result")]]
void silu_and_mul(torch::Tensor& result, torch::Tensor& input);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:130
[[custom_op("_C::fatrelu_and_mul", mutates="out")]]
void fatrelu_and_mul(torch::Tensor& out, torch::Tensor& input,
                     double threshold);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:75
[[custom_op("_C::merge_attn_states", mutates="output, output_lse")]]
void merge_attn_states(torch::Tensor output,
                       std::optional<torch::Tensor> output_lse,
                       const torch::Tensor prefix_output,
                       const torch::Tensor prefix_lse,
                       const torch::Tensor suffix_output,
                       const torch::Tensor suffix_lse);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:80
[[custom_op("_C::paged_attention_v1", mutates="out")]]
void paged_attention_v1(
    torch::Tensor& out, torch::Tensor& query, torch::Tensor& key_cache,
    torch::Tensor& value_cache, int64_t num_kv_heads, double scale,
    torch::Tensor& block_tables, torch::Tensor& seq_lens, int64_t block_size,
    int64_t max_seq_len, const std::optional<torch::Tensor>& alibi_slopes,
    const std::string& kv_cache_dtype, torch::Tensor& k_scale,
    torch::Tensor& v_scale, const int64_t tp_rank,
    const int64_t blocksparse_local_blocks,
    const int64_t blocksparse_vert_stride, const int64_t blocksparse_block_size,
    const int64_t blocksparse_head_sliding_step);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:93
[[custom_op("_C::paged_attention_v2",
            mutates="out, exp_sums, max_logits, tmp_out")]]
void paged_attention_v2(
    torch::Tensor& out, torch::Tensor& exp_sums, torch::Tensor& max_logits,
    torch::Tensor& tmp_out, torch::Tensor& query, torch::Tensor& key_cache,
    torch::Tensor& value_cache, int64_t num_kv_heads, double scale,
    torch::Tensor& block_tables, torch::Tensor& seq_lens, int64_t block_size,
    int64_t max_seq_len, const std::optional<torch::Tensor>& alibi_slopes,
    const std::string& kv_cache_dtype, torch::Tensor& k_scale,
    torch::Tensor& v_scale, const int64_t tp_rank,
    const int64_t blocksparse_local_blocks,
    const int64_t blocksparse_vert_stride, const int64_t blocksparse_block_size,
    const int64_t blocksparse_head_sliding_step);

// vLLM marks value_caches at the list, `Tensor[](b!)`, and key_caches at
// the elements, `Tensor(a!)[]`; both mean "written" to torch. `value_caches[]`
// puts the set where the registration has it.
// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:271
[[custom_op("_C::copy_blocks", mutates="key_caches, value_caches[]")]]
void copy_blocks(std::vector<torch::Tensor> const& key_caches,
                 std::vector<torch::Tensor> const& value_caches,
                 const torch::Tensor& block_mapping);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:659
[[custom_op("_C::copy_blocks_mla", mutates="kv_caches")]]
void copy_blocks_mla(std::vector<torch::Tensor> const& kv_caches,
                     const torch::Tensor& block_mapping);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:673
[[custom_op("_C::reshape_and_cache_flash", mutates="key_cache,value_cache")]]
void reshape_and_cache_flash(torch::Tensor& key, torch::Tensor& value,
                             torch::Tensor& key_cache,
                             torch::Tensor& value_cache,
                             torch::Tensor& slot_mapping,
                             const std::string& kv_cache_dtype,
                             torch::Tensor& k_scale, torch::Tensor& v_scale);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:598
[[custom_op("_C::dynamic_scaled_int8_quant", mutates="result, scale, azp")]]
void dynamic_scaled_int8_quant(torch::Tensor& result,
                               torch::Tensor const& input,
                               torch::Tensor& scale,
                               std::optional<torch::Tensor> const& azp);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:605
[[custom_op("_C::selective_scan_fwd",
            mutates="u, delta, A, B, C, z_, ssm_states")]]
void selective_scan_fwd(const torch::Tensor& u, const torch::Tensor& delta,
                        const torch::Tensor& A, const torch::Tensor& B,
                        const torch::Tensor& C,
                        const std::optional<torch::Tensor>& D_,
                        const std::optional<torch::Tensor>& z_,
                        const std::optional<torch::Tensor>& delta_bias_,
                        bool delta_softplus,
                        const std::optional<torch::Tensor>& query_start_loc,
                        const std::optional<torch::Tensor>& cache_indices,
                        const std::optional<torch::Tensor>& has_initial_state,
                        const torch::Tensor& ssm_states, int64_t pad_slot_id);

// The registered schema marks the three inputs as written (a0!, a1!, a2!);
// the kernel only reads them (see real_schemas.README.md).
// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:242
// expect: _C::weight_packed_linear(Tensor mat1, Tensor mat2, Tensor? bias, bool is_vnni) -> Tensor
[[custom_op("_C::weight_packed_linear")]]
at::Tensor weight_packed_linear(const at::Tensor& mat1, const at::Tensor& mat2,
                                const std::optional<at::Tensor>& bias,
                                bool is_vnni);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:248
[[custom_op("_C::fused_experts_cpu", mutates="hidden_states")]]
at::Tensor fused_experts_cpu(
    at::Tensor& hidden_states, at::Tensor& w1, at::Tensor& w2,
    at::Tensor& topk_weights, at::Tensor& topk_ids, bool inplace,
    bool use_int8_w8a8, bool use_fp8_w8a16,
    const std::optional<at::Tensor>& w1_scale,
    const std::optional<at::Tensor>& w2_scale,
    at::OptionalSymIntArrayRef block_size,
    const std::optional<at::Tensor>& a1_scale,
    const std::optional<at::Tensor>& a2_scale, bool is_vnni);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:219
[[custom_op("_C::init_shm_manager")]]
int64_t init_shm_manager(const std::string& name, const int64_t group_size,
                         const int64_t rank);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:221
[[custom_op("_C::join_shm_manager")]]
std::string join_shm_manager(int64_t handle, const std::string& name);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:296
[[custom_op("_C::init_cpu_threads_env")]]
std::string init_cpu_threads_env(const std::string& cpu_ids);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:290
[[custom_op("_C::machete_supported_schedules")]]
std::vector<std::string> supported_schedules(
    at::ScalarType a_type, int64_t b_type,
    std::optional<at::ScalarType> maybe_group_scales_type,
    std::optional<at::ScalarType> maybe_group_zeros_type,
    std::optional<at::ScalarType> maybe_channel_scales_type,
    std::optional<at::ScalarType> maybe_token_scales_type,
    std::optional<at::ScalarType> maybe_out_type);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:300
[[custom_op("_C::machete_mm")]]
torch::Tensor mm(torch::Tensor const& A, torch::Tensor const& B,
                 int64_t b_type, std::optional<at::ScalarType> const& out_type,
                 std::optional<torch::Tensor> const& group_scales,
                 std::optional<torch::Tensor> const& group_zeros,
                 std::optional<int64_t> group_size,
                 std::optional<torch::Tensor> const& channel_scales,
                 std::optional<torch::Tensor> const& token_scales,
                 std::optional<std::string> schedule);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:314
[[custom_op("_C::machete_prepack_B")]]
torch::Tensor prepack_B(torch::Tensor const& B, at::ScalarType const a_type,
                        int64_t b_type,
                        std::optional<at::ScalarType> const& group_scales_type);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:327
[[custom_op("_C::gptq_marlin_gemm")]]
torch::Tensor gptq_marlin_gemm(
    torch::Tensor& a, std::optional<torch::Tensor> c_or_none,
    torch::Tensor& b_q_weight, torch::Tensor& b_scales,
    std::optional<torch::Tensor> const& global_scale,
    std::optional<torch::Tensor> const& b_zeros_or_none,
    std::optional<torch::Tensor> const& g_idx_or_none,
    std::optional<torch::Tensor> const& perm_or_none, torch::Tensor& workspace,
    int64_t b_q_type, c10::SymInt size_m, c10::SymInt size_n,
    c10::SymInt size_k, bool is_k_full, bool use_atomic_add,
    bool use_fp32_reduce, bool is_zp_float);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:343
[[custom_op("_C::awq_marlin_repack")]]
torch::Tensor awq_marlin_repack(torch::Tensor& b_q_weight, c10::SymInt size_k,
                                c10::SymInt size_n, int64_t num_bits);

// vLLM's kernel takes int64_t m and n and registers SymInt by hand; with
// opgen the signature says SymInt.
// from: vllm-project/vllm:csrc/torch_bindings.cpp:350
[[custom_op("_C::ggml_dequantize")]]
torch::Tensor ggml_dequantize(torch::Tensor W, int64_t type, c10::SymInt m,
                              c10::SymInt n,
                              std::optional<at::ScalarType> const& dtype);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:437
[[custom_op("_C::cutlass_scaled_mm_supports_fp8")]]
bool cutlass_scaled_mm_supports_fp8(int64_t cuda_device_capability);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:709
[[custom_op("_C::get_device_attribute")]]
int64_t get_device_attribute(int64_t attribute, int64_t device_id);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:721
[[custom_op("_C::init_custom_ar")]]
fptr_t init_custom_ar(const std::vector<fptr_t>& ipc_tensors,
                      torch::Tensor& rank_data, int64_t rank,
                      bool fully_connected);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:511
[[custom_op("_C::cutlass_sparse_compress")]]
std::vector<torch::Tensor> cutlass_sparse_compress(torch::Tensor const& a);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:121
[[custom_op("_C::gelu_new", mutates="out")]]
void gelu_new(torch::Tensor& out, torch::Tensor const& input);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:125
[[custom_op("_C::gelu_fast", mutates="out")]]
void gelu_fast(torch::Tensor& out, torch::Tensor const& input);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:129
[[custom_op("_C::gelu_quick", mutates="out")]]
void gelu_quick(torch::Tensor& out, torch::Tensor const& input);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:158
[[custom_op("_C::static_scaled_int8_quant", mutates="out")]]
void static_scaled_int8_quant(
    torch::Tensor& out, torch::Tensor const& input, torch::Tensor const& scale,
    std::optional<torch::Tensor> const& azp);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:173
[[custom_op("_C::cutlass_scaled_mm", mutates="out")]]
void cutlass_scaled_mm(
    torch::Tensor& out, torch::Tensor const& a, torch::Tensor const& b,
    torch::Tensor const& a_scales, torch::Tensor const& b_scales,
    std::optional<torch::Tensor> const& bias);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:181
[[custom_op("_C::cutlass_scaled_mm_azp", mutates="out")]]
void cutlass_scaled_mm_azp(
    torch::Tensor& out, torch::Tensor const& a, torch::Tensor const& b,
    torch::Tensor const& a_scales, torch::Tensor const& b_scales,
    torch::Tensor const& azp_adj, std::optional<torch::Tensor> const& azp,
    std::optional<torch::Tensor> const& bias);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:222
[[custom_op("_C::shm_allreduce", mutates="data")]]
void shm_allreduce(int64_t handle, torch::Tensor& data);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:224
[[custom_op("_C::shm_gather", mutates="outputs[]")]]
void shm_gather(
    int64_t handle, torch::Tensor const& data,
    std::optional<std::vector<torch::Tensor>> outputs, int64_t dst);

// vLLM gives tensor_list the alias set `Tensor[](a)`, which no other
// argument or output shares: it relates nothing, and opgen writes alias
// sets only for writes and for outputs that alias an input.
// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:232
// expect: _C::shm_send_tensor_list(int handle, Tensor[] tensor_list, int dst) -> ()
[[custom_op("_C::shm_send_tensor_list")]]
void shm_send_tensor_list(int64_t handle,
                          const std::vector<torch::Tensor>& tensor_list,
                          int64_t dst);

// Registered `-> Tensor[](a)`, but no argument is in set `a` (the op takes
// no tensor): the received tensors are new, a plain `Tensor[]`.
// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:236
// expect: _C::shm_recv_tensor_list(int handle, int src) -> Tensor[]
[[custom_op("_C::shm_recv_tensor_list")]]
std::vector<torch::Tensor> shm_recv_tensor_list(int64_t handle, int64_t src);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:228
[[custom_op("_C::shm_all_gather", mutates="output")]]
void shm_all_gather(
    int64_t handle, torch::Tensor const& data, torch::Tensor& output);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:246
[[custom_op("_C::convert_weight_packed", mutates="weight")]]
torch::Tensor convert_weight_packed(torch::Tensor& weight);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:255
[[custom_op("_C::int8_scaled_mm_with_quant")]]
torch::Tensor int8_scaled_mm_with_quant(
    torch::Tensor const& mat1, torch::Tensor const& mat2,
    torch::Tensor const& scales2, std::optional<torch::Tensor> const& bias,
    at::ScalarType out_dtype, bool is_vnni);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:266
[[custom_op("_C::swap_blocks", mutates="dst")]]
void swap_blocks(
    torch::Tensor const& src, torch::Tensor& dst,
    torch::Tensor const& block_mapping);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:277
[[custom_op("_C::reshape_and_cache", mutates="key_cache, value_cache")]]
void reshape_and_cache(
    torch::Tensor const& key, torch::Tensor const& value,
    torch::Tensor& key_cache, torch::Tensor& value_cache,
    torch::Tensor const& slot_mapping, std::string const& kv_cache_dtype,
    torch::Tensor const& k_scale, torch::Tensor const& v_scale);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:285
[[custom_op("_C::concat_and_cache_mla", mutates="kv_cache")]]
void concat_and_cache_mla(
    torch::Tensor const& kv_c, torch::Tensor const& k_pe,
    torch::Tensor& kv_cache, torch::Tensor const& slot_mapping,
    std::string const& kv_cache_dtype, torch::Tensor const& scale);

// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:300
[[custom_op("_C::mla_decode_kvcache", mutates="out")]]
void mla_decode_kvcache(
    torch::Tensor& out, torch::Tensor const& query,
    torch::Tensor const& kv_cache, double scale,
    torch::Tensor const& block_tables, torch::Tensor const& seq_lens);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:35
[[custom_op("_C::weak_ref_tensor")]]
torch::Tensor weak_ref_tensor(torch::Tensor const& input);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:38
[[custom_op("_C::get_cuda_view_from_cpu_tensor")]]
torch::Tensor get_cuda_view_from_cpu_tensor(torch::Tensor const& cpu_tensor);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:114
[[custom_op("_C::silu_and_mul_quant", mutates="result")]]
void silu_and_mul_quant(
    torch::Tensor& result, torch::Tensor const& input,
    torch::Tensor const& scale);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:118
[[custom_op("_C::mul_and_silu", mutates="out")]]
void mul_and_silu(torch::Tensor& out, torch::Tensor const& input);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:146
[[custom_op("_C::advance_step_flashattn",
            mutates="input_tokens, input_positions, seq_lens, slot_mapping")]]
void advance_step_flashattn(
    int64_t num_seqs, int64_t num_queries, int64_t block_size,
    torch::Tensor& input_tokens, torch::Tensor const& sampled_token_ids,
    torch::Tensor& input_positions, torch::Tensor& seq_lens,
    torch::Tensor& slot_mapping, torch::Tensor const& block_tables);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:153
[[custom_op("_C::advance_step_flashinfer",
            mutates="input_tokens, input_positions, seq_lens, slot_mapping, paged_kv_indices, paged_kv_indptr, paged_kv_last_page_len, block_table_bounds")]]
void advance_step_flashinfer(
    int64_t num_seqs, int64_t num_queries, int64_t block_size,
    torch::Tensor& input_tokens, torch::Tensor const& sampled_token_ids,
    torch::Tensor& input_positions, torch::Tensor& seq_lens,
    torch::Tensor& slot_mapping, torch::Tensor const& block_tables,
    torch::Tensor& paged_kv_indices, torch::Tensor& paged_kv_indptr,
    torch::Tensor& paged_kv_last_page_len, torch::Tensor& block_table_bounds);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:178
[[custom_op("_C::apply_repetition_penalties_", mutates="logits")]]
void apply_repetition_penalties_(
    torch::Tensor& logits, torch::Tensor const& prompt_mask,
    torch::Tensor const& output_mask,
    torch::Tensor const& repetition_penalties);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:186
[[custom_op("_C::rms_norm_static_fp8_quant", mutates="result")]]
void rms_norm_static_fp8_quant(
    torch::Tensor& result, torch::Tensor const& input,
    torch::Tensor const& weight, torch::Tensor const& scale, double epsilon);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:194
[[custom_op("_C::fused_add_rms_norm_static_fp8_quant",
            mutates="result, residual")]]
void fused_add_rms_norm_static_fp8_quant(
    torch::Tensor& result, torch::Tensor const& input, torch::Tensor& residual,
    torch::Tensor const& weight, torch::Tensor const& scale, double epsilon);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:202
[[custom_op("_C::rms_norm_dynamic_per_token_quant",
            mutates="result, scale, residual")]]
void rms_norm_dynamic_per_token_quant(
    torch::Tensor& result, torch::Tensor const& input,
    torch::Tensor const& weight, torch::Tensor& scale, double epsilon,
    std::optional<torch::Tensor> const& scale_ub,
    std::optional<torch::Tensor> residual);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:230
[[custom_op("_C::aqlm_gemm")]]
torch::Tensor aqlm_gemm(
    torch::Tensor const& input, torch::Tensor const& codes,
    torch::Tensor const& codebooks, torch::Tensor const& scales,
    std::vector<int64_t> const& codebook_partition_sizes,
    std::optional<torch::Tensor> const& bias);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:238
[[custom_op("_C::aqlm_dequant")]]
torch::Tensor aqlm_dequant(
    torch::Tensor const& codes, torch::Tensor const& codebooks,
    std::vector<int64_t> const& codebook_partition_sizes);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:245
[[custom_op("_C::awq_gemm", symint="split_k_iters")]]
torch::Tensor awq_gemm(
    torch::Tensor const& _in_feats, torch::Tensor const& _kernel,
    torch::Tensor const& _scaling_factors, torch::Tensor const& _zeros,
    int64_t split_k_iters);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:252
[[custom_op("_C::awq_dequantize", symint="split_k_iters")]]
torch::Tensor awq_dequantize(
    torch::Tensor const& _kernel, torch::Tensor const& _scaling_factors,
    torch::Tensor const& _zeros, int64_t split_k_iters, int64_t thx,
    int64_t thy);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:273
[[custom_op("_C::marlin_gemm",
            mutates="workspace",
            symint="size_m, size_n, size_k")]]
torch::Tensor marlin_gemm(
    torch::Tensor const& a, torch::Tensor const& b_q_weight,
    torch::Tensor const& b_scales, torch::Tensor& workspace, int64_t size_m,
    int64_t size_n, int64_t size_k);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:281
[[custom_op("_C::gptq_marlin_24_gemm", symint="size_m, size_n, size_k")]]
torch::Tensor gptq_marlin_24_gemm(
    torch::Tensor const& a, torch::Tensor const& b_q_weight,
    torch::Tensor const& b_meta, torch::Tensor const& b_scales,
    torch::Tensor const& workspace, int64_t b_q_type, int64_t size_m,
    int64_t size_n, int64_t size_k);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:323
[[custom_op("_C::permute_cols")]]
torch::Tensor permute_cols(torch::Tensor const& A, torch::Tensor const& perm);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:337
[[custom_op("_C::gptq_marlin_repack", symint="size_k, size_n")]]
torch::Tensor gptq_marlin_repack(
    torch::Tensor const& b_q_weight, torch::Tensor const& perm, int64_t size_k,
    int64_t size_n, int64_t num_bits);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:356
[[custom_op("_C::ggml_mul_mat_vec_a8", symint="row")]]
torch::Tensor ggml_mul_mat_vec_a8(
    torch::Tensor const& W, torch::Tensor const& X, int64_t type, int64_t row);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:362
[[custom_op("_C::ggml_mul_mat_a8", symint="row")]]
torch::Tensor ggml_mul_mat_a8(
    torch::Tensor const& W, torch::Tensor const& X, int64_t type, int64_t row);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:367
[[custom_op("_C::ggml_moe_a8", symint="row, top_k, tokens")]]
torch::Tensor ggml_moe_a8(
    torch::Tensor const& X, torch::Tensor const& W,
    torch::Tensor const& sorted_token_ids, torch::Tensor const& expert_ids,
    torch::Tensor const& num_tokens_post_padded, int64_t type, int64_t row,
    int64_t top_k, int64_t tokens);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:374
[[custom_op("_C::ggml_moe_a8_vec", symint="row, tokens")]]
torch::Tensor ggml_moe_a8_vec(
    torch::Tensor const& X, torch::Tensor const& W,
    torch::Tensor const& topk_ids, int64_t top_k, int64_t type, int64_t row,
    int64_t tokens);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:384
[[custom_op("_C::marlin_qqq_gemm",
            mutates="workspace",
            symint="size_m, size_n, size_k")]]
torch::Tensor marlin_qqq_gemm(
    torch::Tensor const& a, torch::Tensor const& b_q_weight,
    torch::Tensor const& s_tok, torch::Tensor const& s_ch,
    torch::Tensor const& s_group, torch::Tensor& workspace, int64_t size_m,
    int64_t size_n, int64_t size_k);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:401
[[custom_op("_C::cutlass_blockwise_scaled_grouped_mm", mutates="output")]]
void cutlass_blockwise_scaled_grouped_mm(
    torch::Tensor& output, torch::Tensor const& a, torch::Tensor const& b,
    torch::Tensor const& scales_a, torch::Tensor const& scales_b,
    torch::Tensor const& problem_sizes, torch::Tensor const& expert_offsets);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:409
[[custom_op("_C::cutlass_fp4_group_mm", mutates="out")]]
void cutlass_fp4_group_mm(
    torch::Tensor& out, torch::Tensor const& a, torch::Tensor const& b,
    torch::Tensor const& a_blockscale, torch::Tensor const& b_blockscales,
    torch::Tensor const& alphas, torch::Tensor const& problem_sizes,
    torch::Tensor const& expert_offsets, torch::Tensor const& sf_offsets);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:442
[[custom_op("_C::cutlass_group_gemm_supported")]]
bool cutlass_group_gemm_supported(int64_t cuda_device_capability);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:446
[[custom_op("_C::cutlass_moe_mm", mutates="out_tensors")]]
void cutlass_moe_mm(
    torch::Tensor& out_tensors, torch::Tensor const& a_tensors,
    torch::Tensor const& b_tensors, torch::Tensor const& a_scales,
    torch::Tensor const& b_scales, torch::Tensor const& expert_offsets,
    torch::Tensor const& problem_sizes, torch::Tensor const& a_strides,
    torch::Tensor const& b_strides, torch::Tensor const& c_strides,
    bool per_act_token, bool per_out_ch);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:461
[[custom_op("_C::get_cutlass_moe_mm_data",
            mutates="expert_offsets, problem_sizes1, problem_sizes2, input_permutation, output_permutation")]]
void get_cutlass_moe_mm_data(
    torch::Tensor const& topk_ids, torch::Tensor& expert_offsets,
    torch::Tensor& problem_sizes1, torch::Tensor& problem_sizes2,
    torch::Tensor& input_permutation, torch::Tensor& output_permutation,
    int64_t num_experts, int64_t n, int64_t k,
    std::optional<torch::Tensor> const& blockscale_offsets);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:475
[[custom_op("_C::get_cutlass_pplx_moe_mm_data",
            mutates="expert_offsets, problem_sizes1, problem_sizes2")]]
void get_cutlass_pplx_moe_mm_data(
    torch::Tensor& expert_offsets, torch::Tensor& problem_sizes1,
    torch::Tensor& problem_sizes2, torch::Tensor const& expert_num_tokens,
    int64_t num_local_experts, int64_t padded_m, int64_t n, int64_t k);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:487
[[custom_op("_C::cutlass_scaled_mm_supports_block_fp8")]]
bool cutlass_scaled_mm_supports_block_fp8(int64_t cuda_device_capability);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:495
[[custom_op("_C::cutlass_sparse_scaled_mm_supported")]]
bool cutlass_sparse_scaled_mm_supported(int64_t cuda_device_capability);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:502
[[custom_op("_C::cutlass_scaled_sparse_mm", mutates="out")]]
void cutlass_scaled_sparse_mm(
    torch::Tensor& out, torch::Tensor const& a, torch::Tensor const& bt_nzs,
    torch::Tensor const& bt_meta, torch::Tensor const& a_scales,
    torch::Tensor const& b_scales, std::optional<torch::Tensor> const& bias);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:515
[[custom_op("_C::cutlass_mla_decode", mutates="out")]]
void cutlass_mla_decode(
    torch::Tensor& out, torch::Tensor const& q_nope, torch::Tensor const& q_pe,
    torch::Tensor const& kv_c_and_k_pe_cache, torch::Tensor const& seq_lens,
    torch::Tensor const& page_table, double scale);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:522
[[custom_op("_C::sm100_cutlass_mla_decode", mutates="out")]]
void sm100_cutlass_mla_decode(
    torch::Tensor& out, torch::Tensor const& q_nope, torch::Tensor const& q_pe,
    torch::Tensor const& kv_c_and_k_pe_cache, torch::Tensor const& seq_lens,
    torch::Tensor const& page_table, torch::Tensor const& workspace,
    double scale, int64_t num_kv_splits);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:531
[[custom_op("_C::sm100_cutlass_mla_get_workspace_size")]]
int64_t sm100_cutlass_mla_get_workspace_size(
    int64_t max_seq_len, int64_t num_batches, int64_t sm_count,
    int64_t num_kv_splits);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:538
[[custom_op("_C::scaled_fp4_quant", mutates="output, output_scale")]]
void scaled_fp4_quant(
    torch::Tensor& output, torch::Tensor const& input,
    torch::Tensor& output_scale, torch::Tensor const& input_scale);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:552
[[custom_op("_C::cutlass_scaled_mm_supports_fp4")]]
bool cutlass_scaled_mm_supports_fp4(int64_t cuda_device_capability);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:559
[[custom_op("_C::gptq_gemm")]]
torch::Tensor gptq_gemm(
    torch::Tensor const& a, torch::Tensor const& b_q_weight,
    torch::Tensor const& b_gptq_qzeros, torch::Tensor const& b_gptq_scales,
    torch::Tensor const& b_g_idx, bool use_exllama, int64_t bit);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:567
[[custom_op("_C::gptq_shuffle", mutates="q_weight")]]
void gptq_shuffle(
    torch::Tensor& q_weight, torch::Tensor const& q_perm, int64_t bit);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:571
[[custom_op("_C::static_scaled_fp8_quant", mutates="result")]]
void static_scaled_fp8_quant(
    torch::Tensor& result, torch::Tensor const& input,
    torch::Tensor const& scale);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:577
[[custom_op("_C::dynamic_scaled_fp8_quant", mutates="result, scale")]]
void dynamic_scaled_fp8_quant(
    torch::Tensor& result, torch::Tensor const& input, torch::Tensor& scale);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:584
[[custom_op("_C::dynamic_per_token_scaled_fp8_quant", mutates="result, scale")]]
void dynamic_per_token_scaled_fp8_quant(
    torch::Tensor& result, torch::Tensor const& input, torch::Tensor& scale,
    std::optional<torch::Tensor> const& scale_ub);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:619
[[custom_op("_C::per_token_group_fp8_quant", mutates="output_q, output_s")]]
void per_token_group_fp8_quant(
    torch::Tensor const& input, torch::Tensor& output_q,
    torch::Tensor& output_s, int64_t group_size, double eps, double fp8_min,
    double fp8_max, bool scale_ue8m0);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:628
[[custom_op("_C::rearrange_kn_weight_as_n32k16_order",
            mutates="b_qweight_reorder, b_scales_reorder, b_zeros_reorder")]]
void rearrange_kn_weight_as_n32k16_order(
    torch::Tensor const& b_qweight, torch::Tensor const& b_scales,
    std::optional<torch::Tensor> const& b_zeros, bool has_zp,
    torch::Tensor& b_qweight_reorder, torch::Tensor& b_scales_reorder,
    std::optional<torch::Tensor> b_zeros_reorder, int64_t K, int64_t N,
    int64_t N_32align);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:637
[[custom_op("_C::allspark_w8a16_gemm",
            symint="n, group_size, sm_count, sm_version, CUBLAS_M_THRESHOLD")]]
torch::Tensor allspark_w8a16_gemm(
    torch::Tensor const& a, torch::Tensor const& b_qweight,
    torch::Tensor const& b_scales,
    std::optional<torch::Tensor> const& b_qzeros, int64_t n,
    int64_t group_size, int64_t sm_count, int64_t sm_version,
    int64_t CUBLAS_M_THRESHOLD, bool has_zp, bool n32k16_reorder);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:693
[[custom_op("_C::convert_fp8", mutates="dst_cache")]]
void convert_fp8(
    torch::Tensor& dst_cache, torch::Tensor const& src_cache, double scale,
    std::string const& kv_cache_dtype);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:699
[[custom_op("_C::gather_cache", mutates="dst")]]
void gather_cache(
    torch::Tensor const& src_cache, torch::Tensor& dst,
    torch::Tensor const& block_table, torch::Tensor const& cu_seq_lens,
    int64_t batch_size, std::optional<torch::Tensor> const& seq_starts);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:713
[[custom_op("_C::get_max_shared_memory_per_block_device_attribute")]]
int64_t get_max_shared_memory_per_block_device_attribute(int64_t device_id);

// from: vllm-project/vllm:csrc/torch_bindings.cpp:739
[[custom_op("_C::open_mem_handle")]]
int64_t open_mem_handle(torch::Tensor const& mem_handle);

// Registered without `!`, but the kernel writes out.
// from: vllm-project/vllm:csrc/torch_bindings.cpp:745
// expect: _C::qr_all_reduce(int fa, Tensor inp, Tensor(a!) out, int quant_level, bool cast_bf2half) -> ()
[[custom_op("_C::qr_all_reduce", mutates="out")]]
void qr_all_reduce(
    fptr_t fa, torch::Tensor const& inp, torch::Tensor& out,
    int64_t quant_level, bool cast_bf2half);

// vLLM names the list's set `b` (there is no `a`); opgen names sets a, b, c,
// ... in parameter order, so the same schema reads `Tensor[](a!)`.
// from: vllm-project/vllm:csrc/torch_bindings.cpp:755
// expect: _C::qr_open_handles(int _fa, Tensor[](a!) handles) -> ()
[[custom_op("_C::qr_open_handles", mutates="handles[]")]]
void qr_open_handles(fptr_t _fa, const std::vector<torch::Tensor>& handles);
