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

// vLLM annotates value_caches as `Tensor[](b!)`, an alias of the list
// itself; the kernel writes its elements, which is `Tensor(b!)[]`, as for
// key_caches.
// from: vllm-project/vllm:csrc/cpu/torch_bindings.cpp:271
// expect: _C::copy_blocks(Tensor(a!)[] key_caches, Tensor(b!)[] value_caches, Tensor block_mapping) -> ()
[[custom_op("_C::copy_blocks", mutates="key_caches, value_caches")]]
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
