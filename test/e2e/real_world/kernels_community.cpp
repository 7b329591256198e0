// Hugging Face kernels-community (layer-norm, rmsnorm): torch-ext/torch_binding.h
// declarations. Their torch_binding.cpp registers the schemas without a
// namespace (the build adds one); opgen needs one, so they are in
// `layer_norm` and `rmsnorm`.
#include <opgen/opgen.h>

#include <torch/types.h>

#include <optional>
#include <vector>

// from: huggingface/kernels-community:layer-norm/torch-ext/torch_binding.cpp:141
[[custom_op("layer_norm::dropout_add_ln_fwd")]]
std::vector<at::Tensor> dropout_add_ln_fwd(
    const at::Tensor& input, const at::Tensor& gamma,
    std::optional<at::Tensor> beta, std::optional<at::Tensor> rowscale,
    std::optional<at::Tensor> colscale, std::optional<at::Tensor> x0_subset,
    std::optional<at::Tensor> z_subset, const double dropout_p,
    const double epsilon, const double rowscale_const, const int64_t z_numrows,
    std::optional<at::Generator> gen, bool residual_in_fp32,
    bool is_rms_norm);

// from: huggingface/kernels-community:layer-norm/torch-ext/torch_binding.cpp:144
[[custom_op("layer_norm::dropout_add_ln_bwd")]]
std::vector<at::Tensor> dropout_add_ln_bwd(
    const at::Tensor& dz, std::optional<const at::Tensor> dx,
    const at::Tensor& x, std::optional<const at::Tensor> x0,
    std::optional<const at::Tensor> dmask, const at::Tensor& mu,
    const at::Tensor& rsigma, const at::Tensor& gamma,
    std::optional<const at::Tensor> rowscale,
    std::optional<const at::Tensor> colscale,
    std::optional<const at::Tensor> x0_subset,
    std::optional<const at::Tensor> z_subset, const double dropout_p,
    const double rowscale_const, const int64_t x0_numrows,
    const bool has_residual, bool is_rms_norm);

// from: huggingface/kernels-community:layer-norm/torch-ext/torch_binding.cpp:147
[[custom_op("layer_norm::dropout_add_ln_parallel_residual_fwd")]]
std::vector<at::Tensor> dropout_add_ln_parallel_residual_fwd(
    const at::Tensor& input, std::optional<const at::Tensor> x1,
    std::optional<const at::Tensor> residual, const at::Tensor& gamma0,
    std::optional<const at::Tensor> beta0,
    std::optional<const at::Tensor> gamma1,
    std::optional<const at::Tensor> beta1, const double dropout_p,
    const double epsilon, std::optional<at::Generator> gen,
    bool residual_in_fp32, bool is_rms_norm);

// from: huggingface/kernels-community:rmsnorm/torch-ext/torch_binding.cpp:79
[[custom_op("rmsnorm::apply_rms_norm")]]
std::vector<torch::Tensor> apply_rms_norm(torch::Tensor const& hidden_states,
                                          torch::Tensor const& weight,
                                          double variance_epsilon);

// from: huggingface/kernels-community:rmsnorm/torch-ext/torch_binding.cpp:80
[[custom_op("rmsnorm::apply_rms_norm_backward")]]
std::vector<torch::Tensor> apply_rms_norm_backward(
    torch::Tensor const& grad_output, torch::Tensor const& hidden_states,
    torch::Tensor const& weight, torch::Tensor const& output,
    torch::Tensor const& rstd, double variance_epsilon,
    bool input_requires_grad, bool weight_requires_grad);

// from: huggingface/kernels-community:layer-norm/torch-ext/torch_binding.cpp:150
[[custom_op("layer_norm::dropout_add_ln_parallel_residual_bwd")]]
std::vector<at::Tensor> dropout_add_ln_parallel_residual_bwd(
    const at::Tensor& dz0, const std::optional<at::Tensor>& dz1,
    const std::optional<at::Tensor>& dx, const at::Tensor& x,
    const std::optional<at::Tensor>& dmask0,
    const std::optional<at::Tensor>& dmask1, const at::Tensor& mu,
    const at::Tensor& rsigma, const at::Tensor& gamma0,
    const std::optional<at::Tensor>& gamma1, double dropout_p, bool has_x1,
    bool has_residual, bool is_rms_norm);
