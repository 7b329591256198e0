// torchao (pytorch/ao, BSD-3-Clause): the C++/CUDA kernels behind
// torchao/ops.py, which registers their schemas from Python.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <torch/library.h>

#include <optional>
#include <tuple>

namespace torchao {

// from: pytorch/ao:torchao/ops.py:13
[[custom_op("torchao::rowwise_scaled_linear_sparse_cutlass_f8f8")]]
at::Tensor rowwise_scaled_linear_sparse_cutlass_f8f8(
    const at::Tensor& input, const at::Tensor& input_scale,
    const at::Tensor& weight, const at::Tensor& weight_meta,
    const at::Tensor& weight_scale,
    const std::optional<at::Tensor>& bias = std::nullopt,
    std::optional<at::ScalarType> out_dtype = std::nullopt);

// from: pytorch/ao:torchao/ops.py:16
[[custom_op("torchao::to_sparse_semi_structured_cutlass_sm9x_f8")]]
std::tuple<at::Tensor, at::Tensor>
to_sparse_semi_structured_cutlass_sm9x_f8(const at::Tensor& weight);

// from: pytorch/ao:torchao/ops.py:21
[[custom_op("torchao::mx_fp8_bf16")]]
at::Tensor mx_fp8_bf16(at::Tensor a, at::Tensor b, at::Tensor a_scale,
                       at::Tensor b_scale);

// from: pytorch/ao:torchao/ops.py:25
[[custom_op("torchao::qscaled_dot_product")]]
at::Tensor qscaled_dot_product(
    const at::Tensor& query, const at::Tensor& key, const at::Tensor& value,
    const std::optional<at::Tensor>& attn_mask = std::nullopt,
    double dropout_p = 0.0, bool is_causal = false,
    std::optional<double> scale = std::nullopt, double q_scale = 1.0,
    int64_t q_zp = 0, double k_scale = 1.0, int64_t k_zp = 0,
    double v_scale = 1.0, int64_t v_zp = 0, double a_scale = 1.0,
    int64_t a_zp = 0, double o_scale = 1.0, int64_t o_zp = 0);

// from: pytorch/ao:torchao/ops.py:28
[[custom_op("torchao::da8w4_linear_prepack_cpu")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
da8w4_linear_prepack_impl(const at::Tensor& weight, const at::Tensor& scales,
                          const at::Tensor& qzeros);

// from: pytorch/ao:torchao/ops.py:31
[[custom_op("torchao::da8w4_linear_cpu")]]
at::Tensor da8w4_linear_impl(const at::Tensor& input,
                             const at::Tensor& input_scales,
                             const at::Tensor& input_qzeros,
                             const at::Tensor& weight,
                             const at::Tensor& weight_scales,
                             const at::Tensor& weight_qzeros,
                             const at::Tensor& compensation,
                             const std::optional<at::Tensor>& bias,
                             const at::ScalarType output_dtype);

// from: pytorch/ao:torchao/ops.py:34
[[custom_op("torchao::_scaled_embedding_bag")]]
at::Tensor _scaled_embedding_bag_impl(const at::Tensor& qweight,
                                      const at::Tensor& indices,
                                      const at::Tensor& offsets,
                                      const at::Tensor& weight_scale,
                                      double o_scale, const int64_t mode,
                                      bool include_last_offset,
                                      at::ScalarType output_dtype);

// from: pytorch/ao:torchao/ops.py:40
[[custom_op("torchao::float8_linear_cpu")]]
at::Tensor float8_linear_impl(const at::Tensor& input,
                              const at::Tensor& input_scales,
                              const at::Tensor& weight,
                              const at::Tensor& weight_scales,
                              const std::optional<at::Tensor>& bias,
                              at::ScalarType output_dtype);

// from: pytorch/ao:torchao/ops.py:37
[[custom_op("torchao::float8_linear_prepack_cpu")]]
std::tuple<at::Tensor, at::Tensor> float8_linear_prepack_cpu(
    const at::Tensor& weight, const at::Tensor& scales);

} // namespace torchao
