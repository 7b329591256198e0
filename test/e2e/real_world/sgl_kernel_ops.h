// sgl-kernel (sgl-project/sglang, Apache-2.0): declarations as in
// sgl-kernel/include/sgl_kernel_ops.h, registered in namespace sgl_kernel
// by csrc/common_extension.cc, mostly with the legacy bare `Tensor!`.
#pragma once

#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <torch/library.h>
#include <torch/types.h>

#include <optional>
#include <vector>

using fptr_t = int64_t;

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:69
[[custom_op("sgl_kernel::rmsnorm", mutates="output")]]
void rmsnorm(at::Tensor& output, at::Tensor& input, at::Tensor& weight,
             double eps, bool enable_pdl);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:72
[[custom_op("sgl_kernel::fused_add_rmsnorm", mutates="input,residual")]]
void sgl_fused_add_rmsnorm(torch::Tensor input, torch::Tensor residual,
                           torch::Tensor weight, double eps, bool enable_pdl);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:81
[[custom_op("sgl_kernel::silu_and_mul", mutates="out")]]
void silu_and_mul(at::Tensor& out, at::Tensor& input);

// sgl-kernel takes `const torch::Dtype& out_dtype`; opgen wants enums by
// value (docs/types.md rejects references to scalars), so it is by value here.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:101
[[custom_op("sgl_kernel::int8_scaled_mm")]]
torch::Tensor int8_scaled_mm(const torch::Tensor& mat_a,
                             const torch::Tensor& mat_b,
                             const torch::Tensor& scales_a,
                             const torch::Tensor& scales_b,
                             const torch::Dtype out_dtype,
                             const c10::optional<torch::Tensor>& bias);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:111
[[custom_op("sgl_kernel::fp8_blockwise_scaled_mm")]]
torch::Tensor fp8_blockwise_scaled_mm(const torch::Tensor& mat_a,
                                      const torch::Tensor& mat_b,
                                      const torch::Tensor& scales_a,
                                      const torch::Tensor& scales_b,
                                      const torch::Dtype out_dtype);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:166
[[custom_op("sgl_kernel::moe_align_block_size",
            mutates="sorted_token_ids, experts_ids, num_tokens_post_pad, "
                    "token_cnts_buffer, cumsum_buffer")]]
void moe_align_block_size(torch::Tensor topk_ids, int64_t num_experts,
                          int64_t block_size, torch::Tensor sorted_token_ids,
                          torch::Tensor experts_ids,
                          torch::Tensor num_tokens_post_pad,
                          torch::Tensor token_cnts_buffer,
                          torch::Tensor cumsum_buffer,
                          bool pad_sorted_token_ids);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:172
[[custom_op("sgl_kernel::topk_softmax", mutates="topk_weights,topk_indices")]]
void topk_softmax(torch::Tensor& topk_weights, torch::Tensor& topk_indices,
                  torch::Tensor& gating_output, bool renormalize);

// The registered `-> (Tensor[])` is printed by torch as `-> Tensor[]`.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:175
[[custom_op("sgl_kernel::moe_fused_gate")]]
std::vector<at::Tensor> moe_fused_gate(at::Tensor& input, at::Tensor& bias,
                                       int64_t num_expert_group,
                                       int64_t topk_group, int64_t topk,
                                       int64_t num_fused_shared_experts,
                                       double routed_scaling_factor);

// sgl-kernel registers the quantized outputs without `!` although the
// kernel writes them (vLLM's per_token_group_fp8_quant marks them): opgen
// marks what `mutates` lists.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:116
// expect: sgl_kernel::sgl_per_token_group_quant_fp8(Tensor input, Tensor(a!) output_q, Tensor(b!) output_s, int group_size, float eps, float fp8_min, float fp8_max, bool scale_ue8m0) -> ()
[[custom_op("sgl_kernel::sgl_per_token_group_quant_fp8",
            mutates="output_q, output_s")]]
void sgl_per_token_group_quant_fp8(at::Tensor input, at::Tensor output_q,
                                   at::Tensor output_s, int64_t group_size,
                                   double eps, double fp8_min, double fp8_max,
                                   bool scale_ue8m0);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:239
[[custom_op("sgl_kernel::segment_packbits", mutates="y")]]
void segment_packbits(at::Tensor x, at::Tensor input_indptr,
                      at::Tensor output_indptr, at::Tensor y,
                      int64_t batch_size, int64_t cuda_stream);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:319
[[custom_op("sgl_kernel::top_k_renorm_probs", mutates="renorm_probs")]]
void top_k_renorm_probs(at::Tensor probs, at::Tensor renorm_probs,
                        std::optional<at::Tensor> maybe_top_k_arr,
                        int64_t top_k_val);

// Registered without `!`, but the kernel writes the samples into `output`.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:325
// expect: sgl_kernel::top_k_top_p_sampling_from_probs(Tensor probs, Tensor(a!) output, Tensor? maybe_indices, Tensor? maybe_top_k_arr, float top_k_val, Tensor? maybe_top_p_arr, float top_p_val, bool deterministic, Generator? gen) -> ()
[[custom_op("sgl_kernel::top_k_top_p_sampling_from_probs", mutates="output")]]
void top_k_top_p_sampling_from_probs(
    at::Tensor probs, at::Tensor output,
    std::optional<at::Tensor> maybe_indices,
    std::optional<at::Tensor> maybe_top_k_arr, double top_k_val,
    std::optional<at::Tensor> maybe_top_p_arr, double top_p_val,
    bool deterministic, std::optional<at::Generator> gen);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:31
[[custom_op("sgl_kernel::init_custom_ar")]]
fptr_t init_custom_ar(const std::vector<fptr_t>& ipc_tensors,
                      torch::Tensor& rank_data, int64_t rank,
                      bool full_nvlink);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:413
[[custom_op("sgl_kernel::create_greenctx_stream_by_value")]]
std::vector<int64_t> create_greenctx_stream_by_value(int64_t smA, int64_t smB,
                                                     int64_t device);

// Registered without `!`, but the kernel copies into every tensor of
// dst_layers: `Tensor(a!)[]`.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:281
// expect: sgl_kernel::transfer_kv_direct(Tensor[] src_layers, Tensor(a!)[] dst_layers, Tensor src_indices, Tensor dst_indices, int page_size) -> ()
[[custom_op("sgl_kernel::transfer_kv_direct", mutates="dst_layers")]]
void transfer_kv_direct(const std::vector<at::Tensor>& src_layers,
                        std::vector<at::Tensor> dst_layers,
                        const at::Tensor src_indices,
                        const at::Tensor dst_indices, int64_t page_size);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:36
[[custom_op("sgl_kernel::all_reduce", mutates="out")]]
void all_reduce(
    fptr_t fa, const torch::Tensor& inp, torch::Tensor& out,
    fptr_t reg_buffer, int64_t reg_buffer_sz_bytes);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:42
[[custom_op("sgl_kernel::mscclpp_init_context")]]
int64_t mscclpp_init_context(
    const torch::Tensor& unique_id, int64_t rank, int64_t world_size,
    const torch::Tensor& scratch, const torch::Tensor& put_buffer,
    int64_t nranks_per_node, const std::vector<int64_t>& rank_to_node,
    const std::vector<int64_t>& rank_to_ib, int64_t context_selection);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:47
[[custom_op("sgl_kernel::mscclpp_allreduce", mutates="out")]]
void mscclpp_allreduce(
    fptr_t context, const torch::Tensor& inp, torch::Tensor& out,
    int64_t nthreads, int64_t nblocks);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:52
[[custom_op("sgl_kernel::lightning_attention_decode",
            mutates="output, new_kv")]]
void lightning_attention_decode(
    const torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v,
    const torch::Tensor& past_kv, const torch::Tensor& slope,
    torch::Tensor& output, torch::Tensor& new_kv);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:56
[[custom_op("sgl_kernel::merge_state", mutates="v_merged, s_merged")]]
void merge_state(
    const torch::Tensor& v_a, const torch::Tensor& s_a,
    const torch::Tensor& v_b, const torch::Tensor& s_b,
    torch::Tensor& v_merged, torch::Tensor& s_merged);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:58
[[custom_op("sgl_kernel::merge_state_v2", mutates="v_merged, s_merged")]]
void merge_state_v2(
    const torch::Tensor& v_a, const torch::Tensor& s_a,
    const torch::Tensor& v_b, const torch::Tensor& s_b,
    torch::Tensor& v_merged, torch::Tensor& s_merged);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:60
[[custom_op("sgl_kernel::cutlass_mla_decode", mutates="out, workspace")]]
void cutlass_mla_decode(
    torch::Tensor& out, const torch::Tensor& q_nope, const torch::Tensor& q_pe,
    const torch::Tensor& kv_c_and_k_pe_cache, const torch::Tensor& seq_lens,
    const torch::Tensor& page_table, torch::Tensor& workspace, double sm_scale,
    int64_t num_kv_splits);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:75
[[custom_op("sgl_kernel::gemma_rmsnorm", mutates="output")]]
void gemma_rmsnorm(
    torch::Tensor& output, const torch::Tensor& input,
    const torch::Tensor& weight, double eps, bool enable_pdl);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:78
[[custom_op("sgl_kernel::gemma_fused_add_rmsnorm", mutates="input, residual")]]
void gemma_fused_add_rmsnorm(
    torch::Tensor& input, torch::Tensor& residual, const torch::Tensor& weight,
    double eps, bool enable_pdl);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:84
[[custom_op("sgl_kernel::gelu_tanh_and_mul", mutates="out")]]
void gelu_tanh_and_mul(torch::Tensor& out, const torch::Tensor& input);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:87
[[custom_op("sgl_kernel::gelu_and_mul", mutates="out")]]
void gelu_and_mul(torch::Tensor& out, const torch::Tensor& input);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:90
[[custom_op("sgl_kernel::apply_rope_pos_ids_cos_sin_cache",
            mutates="q_rope, k_rope")]]
void apply_rope_pos_ids_cos_sin_cache(
    const torch::Tensor& q, const torch::Tensor& k, torch::Tensor& q_rope,
    torch::Tensor& k_rope, const torch::Tensor& cos_sin_cache,
    const torch::Tensor& pos_ids, bool interleave, int64_t cuda_stream);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:98
[[custom_op("sgl_kernel::awq_dequantize")]]
torch::Tensor awq_dequantize(
    const torch::Tensor& qweight, const torch::Tensor& scales,
    const torch::Tensor& qzeros);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:106
[[custom_op("sgl_kernel::fp8_scaled_mm")]]
torch::Tensor fp8_scaled_mm(
    const torch::Tensor& mat_a, const torch::Tensor& mat_b,
    const torch::Tensor& scales_a, const torch::Tensor& scales_b,
    at::ScalarType out_dtype, const std::optional<torch::Tensor>& bias);

// Registered without `!`, but the kernel writes output_q, output_s.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:121
// expect: sgl_kernel::sgl_per_token_group_quant_int8(Tensor input, Tensor(a!) output_q, Tensor(b!) output_s, int group_size, float eps, float int8_min, float int8_max) -> ()
[[custom_op("sgl_kernel::sgl_per_token_group_quant_int8",
            mutates="output_q, output_s")]]
void sgl_per_token_group_quant_int8(
    const torch::Tensor& input, torch::Tensor& output_q,
    torch::Tensor& output_s, int64_t group_size, double eps, double int8_min,
    double int8_max);

// Registered without `!`, but the kernel writes output_q, output_s.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:126
// expect: sgl_kernel::sgl_per_tensor_quant_fp8(Tensor input, Tensor(a!) output_q, Tensor(b!) output_s, bool is_static) -> ()
[[custom_op("sgl_kernel::sgl_per_tensor_quant_fp8",
            mutates="output_q, output_s")]]
void sgl_per_tensor_quant_fp8(
    const torch::Tensor& input, torch::Tensor& output_q,
    torch::Tensor& output_s, bool is_static);

// Registered without `!`, but the kernel writes output_q, output_s.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:129
// expect: sgl_kernel::sgl_per_token_quant_fp8(Tensor input, Tensor(a!) output_q, Tensor(b!) output_s) -> ()
[[custom_op("sgl_kernel::sgl_per_token_quant_fp8",
            mutates="output_q, output_s")]]
void sgl_per_token_quant_fp8(
    const torch::Tensor& input, torch::Tensor& output_q,
    torch::Tensor& output_s);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:132
[[custom_op("sgl_kernel::cutlass_scaled_fp4_mm", mutates="out")]]
void cutlass_scaled_fp4_mm(
    torch::Tensor& out, const torch::Tensor& a, const torch::Tensor& b,
    const torch::Tensor& block_scale_a, const torch::Tensor& block_scale_b,
    const torch::Tensor& alpha);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:138
[[custom_op("sgl_kernel::scaled_fp4_quant",
            mutates="output, input, output_scale, input_scale")]]
void scaled_fp4_quant(
    torch::Tensor& output, torch::Tensor& input, torch::Tensor& output_scale,
    torch::Tensor& input_scale);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:143
[[custom_op("sgl_kernel::dsv3_fused_a_gemm", mutates="output")]]
void dsv3_fused_a_gemm(
    torch::Tensor& output, const torch::Tensor& mat_a,
    const torch::Tensor& mat_b);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:147
[[custom_op("sgl_kernel::scaled_fp4_experts_quant",
            mutates="output, output_scale")]]
void scaled_fp4_experts_quant(
    torch::Tensor& output, torch::Tensor& output_scale,
    const torch::Tensor& input, const torch::Tensor& input_global_scale,
    const torch::Tensor& input_offset_by_experts,
    const torch::Tensor& output_scale_offset_by_experts);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:153
[[custom_op("sgl_kernel::cutlass_fp4_group_mm", mutates="output")]]
void cutlass_fp4_group_mm(
    torch::Tensor& output, const torch::Tensor& a, const torch::Tensor& b,
    const torch::Tensor& a_blockscale, const torch::Tensor& b_blockscale,
    const torch::Tensor& alphas, const torch::Tensor& ab_strides,
    const torch::Tensor& c_strides, const torch::Tensor& problem_sizes,
    const torch::Tensor& expert_offsets, const torch::Tensor& sf_offsets);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:160
[[custom_op("sgl_kernel::dsv3_router_gemm", mutates="output")]]
void dsv3_router_gemm(
    torch::Tensor& output, const torch::Tensor& mat_a,
    const torch::Tensor& mat_b);

// Registered without `!`, but the kernel writes gateup_input.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:180
// expect: sgl_kernel::ep_moe_pre_reorder(Tensor input, Tensor(a!) gateup_input, Tensor src2dst, Tensor topk_ids, Tensor a1_scales, int start_expert_id, int end_expert_id, int topk, bool use_per_token_if_dynamic) -> ()
[[custom_op("sgl_kernel::ep_moe_pre_reorder", mutates="gateup_input")]]
void ep_moe_pre_reorder(
    const torch::Tensor& input, torch::Tensor& gateup_input,
    const torch::Tensor& src2dst, const torch::Tensor& topk_ids,
    const torch::Tensor& a1_scales, int64_t start_expert_id,
    int64_t end_expert_id, int64_t topk, bool use_per_token_if_dynamic);

// Registered without `!`, but the kernel writes down_input.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:184
// expect: sgl_kernel::ep_moe_silu_and_mul(Tensor gateup_output, Tensor(a!) down_input, Tensor reorder_topk_ids, Tensor scales, int start_expert_id, int end_expert_id) -> ()
[[custom_op("sgl_kernel::ep_moe_silu_and_mul", mutates="down_input")]]
void ep_moe_silu_and_mul(
    const torch::Tensor& gateup_output, torch::Tensor& down_input,
    const torch::Tensor& reorder_topk_ids, const torch::Tensor& scales,
    int64_t start_expert_id, int64_t end_expert_id);

// Registered without `!`, but the kernel writes output.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:188
// expect: sgl_kernel::ep_moe_post_reorder(Tensor down_output, Tensor(a!) output, Tensor src2dst, Tensor topk_ids, Tensor topk_weights, int start_expert_id, int end_expert_id, int topk) -> ()
[[custom_op("sgl_kernel::ep_moe_post_reorder", mutates="output")]]
void ep_moe_post_reorder(
    const torch::Tensor& down_output, torch::Tensor& output,
    const torch::Tensor& src2dst, const torch::Tensor& topk_ids,
    const torch::Tensor& topk_weights, int64_t start_expert_id,
    int64_t end_expert_id, int64_t topk);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:192
[[custom_op("sgl_kernel::fp8_blockwise_scaled_grouped_mm")]]
void fp8_blockwise_scaled_grouped_mm(
    const torch::Tensor& output, const torch::Tensor& a_ptrs,
    const torch::Tensor& b_ptrs, const torch::Tensor& out_ptrs,
    const torch::Tensor& a_scales_ptrs, const torch::Tensor& b_scales_ptrs,
    const torch::Tensor& a, const torch::Tensor& b,
    const torch::Tensor& scales_a, const torch::Tensor& scales_b,
    const torch::Tensor& stride_a, const torch::Tensor& stride_b,
    const torch::Tensor& stride_c, const torch::Tensor& layout_sfa,
    const torch::Tensor& layout_sfb, const torch::Tensor& problem_sizes,
    const torch::Tensor& expert_offsets, const torch::Tensor& workspace);

// Registered without `!`, but the kernel writes expert_offsets, problem_sizes1, problem_sizes2, input_permutation, output_permutation.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:198
// expect: sgl_kernel::prepare_moe_input(Tensor topk_ids, Tensor(a!) expert_offsets, Tensor? blockscale_offsets, Tensor(b!) problem_sizes1, Tensor(c!) problem_sizes2, Tensor(d!) input_permutation, Tensor(e!) output_permutation, int num_experts, int n, int k) -> ()
[[custom_op("sgl_kernel::prepare_moe_input",
            mutates="expert_offsets, problem_sizes1, problem_sizes2, input_permutation, output_permutation")]]
void prepare_moe_input(
    const torch::Tensor& topk_ids, torch::Tensor& expert_offsets,
    const std::optional<torch::Tensor>& blockscale_offsets,
    torch::Tensor& problem_sizes1, torch::Tensor& problem_sizes2,
    torch::Tensor& input_permutation, torch::Tensor& output_permutation,
    int64_t num_experts, int64_t n, int64_t k);

// Registered without `!`, but the kernel writes output.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:204
// expect: sgl_kernel::shuffle_rows(Tensor input, Tensor dst2src_map, Tensor(a!) output) -> ()
[[custom_op("sgl_kernel::shuffle_rows", mutates="output")]]
void shuffle_rows(
    const torch::Tensor& input, const torch::Tensor& dst2src_map,
    torch::Tensor& output);

// Registered without `!`, but the kernel writes output.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:206
// expect: sgl_kernel::apply_shuffle_mul_sum(Tensor input, Tensor(a!) output, Tensor permutation, Tensor? factors) -> ()
[[custom_op("sgl_kernel::apply_shuffle_mul_sum", mutates="output")]]
void apply_shuffle_mul_sum(
    const torch::Tensor& input, torch::Tensor& output,
    const torch::Tensor& permutation,
    const std::optional<torch::Tensor>& factors);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:209
[[custom_op("sgl_kernel::gptq_marlin_repack", mutates="b_q_weight, perm")]]
torch::Tensor gptq_marlin_repack(
    torch::Tensor& b_q_weight, torch::Tensor& perm, int64_t size_k,
    int64_t size_n, int64_t num_bits);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:212
[[custom_op("sgl_kernel::awq_marlin_repack", mutates="b_q_weight")]]
torch::Tensor awq_marlin_repack(
    torch::Tensor& b_q_weight, int64_t size_k, int64_t size_n,
    int64_t num_bits);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:218
[[custom_op("sgl_kernel::tree_speculative_sampling_target_only",
            mutates="predicts, accept_index, accept_token_num")]]
void tree_speculative_sampling_target_only(
    torch::Tensor& predicts, torch::Tensor& accept_index,
    torch::Tensor& accept_token_num, const torch::Tensor& candidates,
    const torch::Tensor& retrive_index,
    const torch::Tensor& retrive_next_token,
    const torch::Tensor& retrive_next_sibling,
    const torch::Tensor& uniform_samples,
    const torch::Tensor& uniform_samples_for_final_sampling,
    const torch::Tensor& target_probs, const torch::Tensor& draft_probs,
    double threshold_single, double threshold_acc, bool deterministic,
    int64_t cuda_stream);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:226
[[custom_op("sgl_kernel::verify_tree_greedy",
            mutates="predicts, accept_index, accept_token_num")]]
void verify_tree_greedy(
    torch::Tensor& predicts, torch::Tensor& accept_index,
    torch::Tensor& accept_token_num, const torch::Tensor& candidates,
    const torch::Tensor& retrive_index,
    const torch::Tensor& retrive_next_token,
    const torch::Tensor& retrive_next_sibling,
    const torch::Tensor& target_predict, int64_t cuda_stream);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:232
[[custom_op("sgl_kernel::build_tree_kernel_efficient",
            mutates="tree_mask, positions, retrive_index, retrive_next_token, retrive_next_sibling")]]
void build_tree_kernel_efficient(
    const torch::Tensor& parent_list, const torch::Tensor& selected_index,
    const torch::Tensor& verified_seq_len, torch::Tensor& tree_mask,
    torch::Tensor& positions, torch::Tensor& retrive_index,
    torch::Tensor& retrive_next_token, torch::Tensor& retrive_next_sibling,
    int64_t topk, int64_t depth, int64_t draft_token_num,
    int64_t tree_mask_mode);

// Registered without `!`, but the kernel writes dst_k, dst_v.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:247
// expect: sgl_kernel::transfer_kv_per_layer(Tensor src_k, Tensor(a!) dst_k, Tensor src_v, Tensor(b!) dst_v, Tensor src_indices, Tensor dst_indices, int item_size, int block_quota, int num_warps_per_block) -> ()
[[custom_op("sgl_kernel::transfer_kv_per_layer", mutates="dst_k, dst_v")]]
void transfer_kv_per_layer(
    const torch::Tensor& src_k, torch::Tensor& dst_k,
    const torch::Tensor& src_v, torch::Tensor& dst_v,
    const torch::Tensor& src_indices, const torch::Tensor& dst_indices,
    int64_t item_size, int64_t block_quota, int64_t num_warps_per_block);

// Registered without `!`, but the kernel writes dst_k, dst_v.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:251
// expect: sgl_kernel::transfer_kv_per_layer_pf_lf(Tensor src_k, Tensor(a!) dst_k, Tensor src_v, Tensor(b!) dst_v, Tensor src_indices, Tensor dst_indices, int item_size, int src_layout_dim, int block_quota, int num_warps_per_block) -> ()
[[custom_op("sgl_kernel::transfer_kv_per_layer_pf_lf", mutates="dst_k, dst_v")]]
void transfer_kv_per_layer_pf_lf(
    const torch::Tensor& src_k, torch::Tensor& dst_k,
    const torch::Tensor& src_v, torch::Tensor& dst_v,
    const torch::Tensor& src_indices, const torch::Tensor& dst_indices,
    int64_t item_size, int64_t src_layout_dim, int64_t block_quota,
    int64_t num_warps_per_block);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:255
[[custom_op("sgl_kernel::transfer_kv_all_layer")]]
void transfer_kv_all_layer(
    const torch::Tensor& src_k_layers, const torch::Tensor& dst_k_layers,
    const torch::Tensor& src_v_layers, const torch::Tensor& dst_v_layers,
    const torch::Tensor& src_indices, const torch::Tensor& dst_indices,
    int64_t item_size, int64_t num_layers, int64_t block_quota,
    int64_t num_warps_per_block);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:260
[[custom_op("sgl_kernel::transfer_kv_all_layer_lf_pf")]]
void transfer_kv_all_layer_lf_pf(
    const torch::Tensor& src_k_layers, const torch::Tensor& dst_k,
    const torch::Tensor& src_v_layers, const torch::Tensor& dst_v,
    const torch::Tensor& src_indices, const torch::Tensor& dst_indices,
    int64_t item_size, int64_t dst_layout_dim, int64_t num_layers,
    int64_t block_quota, int64_t num_warps_per_block);

// Registered without `!`, but the kernel writes dst.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:265
// expect: sgl_kernel::transfer_kv_per_layer_mla(Tensor src, Tensor(a!) dst, Tensor src_indices, Tensor dst_indices, int item_size, int block_quota, int num_warps_per_block) -> ()
[[custom_op("sgl_kernel::transfer_kv_per_layer_mla", mutates="dst")]]
void transfer_kv_per_layer_mla(
    const torch::Tensor& src, torch::Tensor& dst,
    const torch::Tensor& src_indices, const torch::Tensor& dst_indices,
    int64_t item_size, int64_t block_quota, int64_t num_warps_per_block);

// Registered without `!`, but the kernel writes dst.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:269
// expect: sgl_kernel::transfer_kv_per_layer_mla_pf_lf(Tensor src, Tensor(a!) dst, Tensor src_indices, Tensor dst_indices, int item_size, int src_layout_dim, int block_quota, int num_warps_per_block) -> ()
[[custom_op("sgl_kernel::transfer_kv_per_layer_mla_pf_lf", mutates="dst")]]
void transfer_kv_per_layer_mla_pf_lf(
    const torch::Tensor& src, torch::Tensor& dst,
    const torch::Tensor& src_indices, const torch::Tensor& dst_indices,
    int64_t item_size, int64_t src_layout_dim, int64_t block_quota,
    int64_t num_warps_per_block);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:273
[[custom_op("sgl_kernel::transfer_kv_all_layer_mla")]]
void transfer_kv_all_layer_mla(
    const torch::Tensor& src_layers, const torch::Tensor& dst_layers,
    const torch::Tensor& src_indices, const torch::Tensor& dst_indices,
    int64_t item_size, int64_t num_layers, int64_t block_quota,
    int64_t num_warps_per_block);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:277
[[custom_op("sgl_kernel::transfer_kv_all_layer_mla_lf_pf")]]
void transfer_kv_all_layer_mla_lf_pf(
    const torch::Tensor& src_layers, const torch::Tensor& dst,
    const torch::Tensor& src_indices, const torch::Tensor& dst_indices,
    int64_t item_size, int64_t dst_layout_dim, int64_t num_layers,
    int64_t block_quota, int64_t num_warps_per_block);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:289
[[custom_op("sgl_kernel::get_cutlass_w4a8_moe_mm_data",
            mutates="expert_offsets, problem_sizes1, problem_sizes2, input_permutation, output_permutation")]]
void get_cutlass_w4a8_moe_mm_data(
    const torch::Tensor& topk_ids, torch::Tensor& expert_offsets,
    torch::Tensor& problem_sizes1, torch::Tensor& problem_sizes2,
    torch::Tensor& input_permutation, torch::Tensor& output_permutation,
    int64_t num_experts, int64_t n, int64_t k);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:297
[[custom_op("sgl_kernel::cutlass_w4a8_moe_mm", mutates="d")]]
void cutlass_w4a8_moe_mm(
    torch::Tensor& d, const torch::Tensor& a, const torch::Tensor& b,
    const torch::Tensor& a_scales, const torch::Tensor& b_scales,
    const torch::Tensor& expert_offsets, const torch::Tensor& problem_sizes,
    const torch::Tensor& a_strides, const torch::Tensor& b_strides,
    const torch::Tensor& d_strides, const torch::Tensor& s_strides,
    int64_t chunk_size, int64_t topk);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:308
[[custom_op("sgl_kernel::bmm_fp8", mutates="D")]]
void bmm_fp8(
    const torch::Tensor& A, const torch::Tensor& B, torch::Tensor& D,
    const torch::Tensor& A_scale, const torch::Tensor& B_scale,
    const torch::Tensor& workspace_buffer, int64_t cublas_handle,
    int64_t cuda_stream);

// Registered without `!`, but the kernel writes output.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:314
// expect: sgl_kernel::min_p_sampling_from_probs(Tensor probs, Tensor(a!) output, Tensor? maybe_indices, Tensor? maybe_min_p_arr, float min_p_val, bool deterministic, Generator? gen) -> ()
[[custom_op("sgl_kernel::min_p_sampling_from_probs", mutates="output")]]
void min_p_sampling_from_probs(
    const torch::Tensor& probs, torch::Tensor& output,
    const std::optional<torch::Tensor>& maybe_indices,
    const std::optional<torch::Tensor>& maybe_min_p_arr, double min_p_val,
    bool deterministic, std::optional<at::Generator> gen);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:322
[[custom_op("sgl_kernel::top_p_renorm_probs", mutates="renorm_probs")]]
void top_p_renorm_probs(
    const torch::Tensor& probs, torch::Tensor& renorm_probs,
    const std::optional<torch::Tensor>& maybe_top_p_arr, double top_p_val);

// Registered without `!`, but the kernel writes output.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:330
// expect: sgl_kernel::top_p_sampling_from_probs(Tensor probs, Tensor(a!) output, Tensor? maybe_indices, Tensor? maybe_top_p_arr, float top_p_val, bool deterministic, Generator? gen) -> ()
[[custom_op("sgl_kernel::top_p_sampling_from_probs", mutates="output")]]
void top_p_sampling_from_probs(
    const torch::Tensor& probs, torch::Tensor& output,
    const std::optional<torch::Tensor>& maybe_indices,
    const std::optional<torch::Tensor>& maybe_top_p_arr, double top_p_val,
    bool deterministic, std::optional<at::Generator> gen);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:334
[[custom_op("sgl_kernel::moe_wna16_marlin_gemm",
            mutates="a, b_q_weight, b_scales, workspace, expert_ids, num_tokens_past_padded, topk_weights")]]
torch::Tensor moe_wna16_marlin_gemm(
    torch::Tensor& a, const std::optional<torch::Tensor>& c_or_none,
    torch::Tensor& b_q_weight, torch::Tensor& b_scales,
    const std::optional<torch::Tensor>& b_zeros_or_none,
    const std::optional<torch::Tensor>& g_idx_or_none,
    const std::optional<torch::Tensor>& perm_or_none, torch::Tensor& workspace,
    const torch::Tensor& sorted_token_ids, torch::Tensor& expert_ids,
    torch::Tensor& num_tokens_past_padded, torch::Tensor& topk_weights,
    int64_t moe_block_size, int64_t top_k, bool mul_topk_weights, bool is_ep,
    int64_t b_q_type_id, int64_t size_m, int64_t size_n, int64_t size_k,
    bool is_full_k, bool use_atomic_add, bool use_fp32_reduce,
    bool is_zp_float);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:350
[[custom_op("sgl_kernel::fwd_sparse", mutates="q, out")]]
std::vector<torch::Tensor> fwd_sparse(
    torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v,
    const torch::Tensor& block_count, const torch::Tensor& block_offset,
    const torch::Tensor& column_count, const torch::Tensor& column_index,
    std::optional<torch::Tensor> out,
    const std::optional<torch::Tensor>& alibi_slopes, double p_dropout,
    double softmax_scale, bool is_causal, double softcap, bool return_softmax,
    std::optional<at::Generator> gen);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:359
[[custom_op("sgl_kernel::varlen_fwd_sparse", mutates="q, out")]]
std::vector<torch::Tensor> varlen_fwd_sparse(
    torch::Tensor& q, const torch::Tensor& k, const torch::Tensor& v,
    const torch::Tensor& block_count, const torch::Tensor& block_offset,
    const torch::Tensor& column_count, const torch::Tensor& column_index,
    std::optional<torch::Tensor> out, const torch::Tensor& cu_seqlens_q,
    const torch::Tensor& cu_seqlens_k,
    const std::optional<torch::Tensor>& seqused_k,
    const std::optional<torch::Tensor>& alibi_slopes, int64_t max_seqlen_q,
    int64_t max_seqlen_k, double p_dropout, double softmax_scale,
    bool zero_tensors, bool is_causal, double softcap, bool return_softmax,
    std::optional<at::Generator> gen);

// Registered without `!`, but the kernel writes logits.
// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:394
// expect: sgl_kernel::apply_token_bitmask_inplace_cuda(Tensor(a!) logits, Tensor bitmask, Tensor? indices=None) -> ()
[[custom_op("sgl_kernel::apply_token_bitmask_inplace_cuda", mutates="logits")]]
void apply_token_bitmask_inplace_cuda(
    torch::Tensor& logits, const torch::Tensor& bitmask,
    const std::optional<torch::Tensor>& indices = std::nullopt);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:400
[[custom_op("sgl_kernel::qserve_w4a8_per_chn_gemm", mutates="_out_feats")]]
void qserve_w4a8_per_chn_gemm(
    const torch::Tensor& _in_feats, const torch::Tensor& _kernel,
    const torch::Tensor& _wscales, const torch::Tensor& _ascales,
    const torch::Tensor& _w_szs, const torch::Tensor& _a_ssums,
    torch::Tensor& _out_feats);

// from: sgl-project/sglang:sgl-kernel/csrc/common_extension.cc:405
[[custom_op("sgl_kernel::qserve_w4a8_per_group_gemm", mutates="_out_feats")]]
void qserve_w4a8_per_group_gemm(
    const torch::Tensor& _in_feats, const torch::Tensor& _kernel,
    const torch::Tensor& _zeros, const torch::Tensor& _scales_i8,
    const torch::Tensor& _wscales, const torch::Tensor& _ascales,
    torch::Tensor& _out_feats);
