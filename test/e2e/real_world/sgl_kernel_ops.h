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
