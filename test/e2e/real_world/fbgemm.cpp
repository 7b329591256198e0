// FBGEMM_GPU (pytorch/FBGEMM, BSD-3-Clause): jagged tensor and sparse ops as
// fbgemm_gpu/include/fbgemm_gpu/sparse_ops.h declares them, with
// `using Tensor = at::Tensor;`, at::SymInt and optionals with defaults.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <torch/library.h>

#include <optional>
#include <tuple>
#include <vector>

namespace fbgemm_gpu {

using Tensor = at::Tensor;

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1846
[[custom_op("fbgemm::dense_to_jagged")]]
std::tuple<Tensor, std::vector<Tensor>> dense_to_jagged(
    const Tensor& dense, const std::vector<Tensor>& x_offsets,
    std::optional<at::SymInt> total_L = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1852
[[custom_op("fbgemm::jagged_2d_to_dense")]]
Tensor jagged_2d_to_dense(Tensor values, Tensor offsets,
                          c10::SymInt max_sequence_length);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1855
[[custom_op("fbgemm::jagged_1d_to_dense")]]
Tensor jagged_1d_to_dense(Tensor values, Tensor offsets,
                          c10::SymInt max_sequence_length,
                          int64_t padding_value);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1858
[[custom_op("fbgemm::stacked_jagged_2d_to_dense_forward")]]
std::tuple<std::vector<Tensor>, std::vector<Tensor>>
stacked_jagged_2d_to_dense_forward(Tensor values, Tensor lengths,
                                   const std::vector<int64_t>& offset_per_key,
                                   const std::vector<int64_t>& max_lengths_per_key,
                                   int64_t padding_value = 0);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1860
[[custom_op("fbgemm::stacked_jagged_2d_to_dense_backward")]]
Tensor stacked_jagged_2d_to_dense_backward(
    int64_t B, int64_t D, int64_t total_L,
    const std::vector<Tensor>& grad_padded_values_per_key,
    const std::vector<Tensor>& offsets_tensor_per_key,
    const std::vector<int64_t>& offset_per_key);

// The registered `float padding_value = 0` prints as torch's `0.`.
// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1866
[[custom_op("fbgemm::jagged_to_padded_dense")]]
Tensor jagged_to_padded_dense(const Tensor& values,
                              const std::vector<Tensor>& offsets,
                              c10::SymIntArrayRef max_lengths,
                              const double padding_value = 0);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1872
[[custom_op("fbgemm::jagged_to_padded_dense_backward")]]
Tensor jagged_to_padded_dense_backward(const Tensor& grad_output,
                                       const std::vector<Tensor>& offsets,
                                       c10::SymInt total_L);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1881
[[custom_op("fbgemm::jagged_dense_elementwise_add_jagged_output")]]
std::tuple<Tensor, std::vector<Tensor>>
jagged_dense_elementwise_add_jagged_output(const Tensor& x_values,
                                           const std::vector<Tensor>& x_offsets,
                                           const Tensor& y);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1897
[[custom_op("fbgemm::jagged_dense_elementwise_mul_backward")]]
std::tuple<Tensor, Tensor> jagged_dense_elementwise_mul_backward(
    const Tensor& grad_output, const std::vector<Tensor>& x_offsets,
    const Tensor& y, const Tensor& x_values);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1909
[[custom_op("fbgemm::jagged_index_select")]]
std::vector<Tensor> jagged_index_select_2d(
    const Tensor& values, const Tensor& lengths, const Tensor& indices,
    const std::optional<int64_t> num_dense_output_rows = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1919
[[custom_op("fbgemm::jagged_index_add_2d_forward_v2")]]
Tensor jagged_index_add_2d_forward_v2(const Tensor& values,
                                      const Tensor& indices,
                                      const Tensor& input_offsets,
                                      const Tensor& output_offsets,
                                      const c10::SymInt num_output_rows,
                                      const c10::SymInt num_dense_input_rows);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1924
[[custom_op("fbgemm::masked_select_jagged_1d")]]
std::tuple<Tensor, Tensor> masked_select_jagged_1d(
    const Tensor& values, const Tensor& lengths, const Tensor& mask,
    const std::optional<bool> check_length = false);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1927
[[custom_op("fbgemm::jagged_softmax")]]
std::tuple<Tensor, Tensor> jagged_softmax(const Tensor& values,
                                          const Tensor& x_offsets,
                                          const int64_t max_L);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1955
[[custom_op("fbgemm::get_source_mask")]]
Tensor get_source_mask(const Tensor& num_sources, const Tensor& num_targets,
                       const c10::SymInt output_size);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3841
[[custom_op("fbgemm::permute_2D_sparse_data")]]
std::tuple<Tensor, Tensor, std::optional<Tensor>> permute_2D_sparse_data(
    const Tensor& permute, const Tensor& lengths, const Tensor& values,
    const std::optional<Tensor>& weights = std::nullopt,
    const std::optional<c10::SymInt>& permuted_lengths_sum = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3862
[[custom_op("fbgemm::block_bucketize_sparse_features")]]
std::tuple<Tensor, Tensor, std::optional<Tensor>, std::optional<Tensor>,
           std::optional<Tensor>>
block_bucketize_sparse_features(
    const Tensor& lengths, const Tensor& indices, const bool bucketize_pos,
    const bool sequence, const Tensor& block_sizes, const c10::SymInt my_size,
    const std::optional<Tensor>& weights = std::nullopt,
    const std::optional<Tensor>& batch_size_per_feature = std::nullopt,
    const c10::SymInt max_B = -1,
    const std::optional<std::vector<at::Tensor>>& block_bucketize_pos =
        std::nullopt,
    const bool keep_orig_idx = false,
    const std::optional<Tensor>& total_num_blocks = std::nullopt,
    const std::optional<Tensor>& keep_orig_idx_per_feature = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3872
[[custom_op("fbgemm::reorder_batched_ad_lengths")]]
Tensor reorder_batched_ad_lengths_cpu(const Tensor& cat_ad_lengths,
                                      const Tensor& batch_offsets,
                                      const c10::SymInt num_ads_in_batch,
                                      const bool broadcast_lengths = false,
                                      const c10::SymInt max_batch_size = 0);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3876
[[custom_op("fbgemm::cat_reorder_batched_ad_indices")]]
Tensor cat_reorder_batched_ad_indices_cpu(
    const Tensor& cat_ad_offsets, const std::vector<Tensor>& cat_ad_indices,
    const Tensor& reordered_cat_ad_offsets, const Tensor& batch_offsets,
    const c10::SymInt num_ads_in_batch, const bool broadcast_indices,
    const c10::SymInt total_num_indices, const bool pinned_memory = false,
    const c10::SymInt max_batch_size = 0);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3882
[[custom_op("fbgemm::histogram_binning_calibration")]]
std::tuple<Tensor, Tensor> histogram_binning_calibration_cpu(
    const Tensor& logit, const Tensor& bin_num_examples,
    const Tensor& bin_num_positives, double positive_weight,
    double lower_bound, double upper_bound, c10::SymInt bin_ctr_in_use_after,
    double bin_ctr_weight_value);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3888
[[custom_op("fbgemm::segment_sum_csr")]]
Tensor segment_sum_csr_cpu(const c10::SymInt batch_size, const Tensor& csr_seg,
                           const Tensor& values);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3891
[[custom_op("fbgemm::embedding_bag_rowwise_prune")]]
std::tuple<Tensor, Tensor> embedding_bag_rowwise_prune(
    const Tensor& weight, const Tensor& indicator, const double threshold,
    at::ScalarType compressed_indices_dtype, const bool abs = true,
    const c10::SymInt min_num_rows = 0,
    const std::optional<double> min_save_ratio = 1.0);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3893
[[custom_op("fbgemm::lengths_range")]]
Tensor lengths_range(const Tensor& t_in,
                     at::OptionalSymIntArrayRef shape = std::nullopt);

// The registered schema does not say that `output` is written (see
// real_schemas.README.md): opgen writes the out-variant form, `Tensor(a!)`
// on the argument and on the returned reference.
// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3894
// expect: fbgemm::lengths_range_out(Tensor(a!) output, Tensor t_in, SymInt[]? shape=None) -> Tensor(a!)
[[custom_op("fbgemm::lengths_range_out", mutates="output")]]
Tensor& lengths_range_out(Tensor& output, const Tensor& t_in,
                          at::OptionalSymIntArrayRef shape = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3930
[[custom_op("fbgemm::index_select_dim0")]]
Tensor index_select_dim0(
    const Tensor& input, const Tensor& indices,
    std::optional<c10::SymInt> consecutive_range_start = 0,
    std::optional<c10::SymInt> consecutive_range_length = 0,
    std::optional<bool> skip_indices_sorting_fwd = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3908
[[custom_op("fbgemm::pack_segments_v2",
            returns="packed_segments, presence_mask")]]
std::tuple<Tensor, std::optional<Tensor>> pack_segments_v2_cpu(
    const Tensor& t_in, const Tensor& lengths, const at::SymInt max_length,
    const bool pad_minf = false, const bool return_presence_mask = false);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3932
[[custom_op("fbgemm::group_index_select_dim0")]]
std::vector<Tensor> group_index_select_dim0(at::TensorList input_group,
                                            at::TensorList indices_group);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3938
[[custom_op("fbgemm::group_index_select_dim0_gpu_backward")]]
std::vector<Tensor> group_index_select_dim0_gpu_backward(
    at::TensorList inputs, c10::SymIntArrayRef output_shape_group);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1824
[[custom_op("fbgemm::keyed_jagged_index_select_dim1_forward")]]
std::vector<Tensor> keyed_jagged_index_select_dim1_forward(
    const Tensor& values, const Tensor& lengths, const Tensor& offsets,
    const Tensor& indices, c10::SymInt batch_size,
    const std::optional<Tensor>& weights,
    std::optional<c10::SymInt> selected_lengths_sum);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1834
[[custom_op("fbgemm::keyed_jagged_index_select_dim1_backward")]]
Tensor keyed_jagged_index_select_dim1_backward(
    const Tensor& grad, const Tensor& indices, const Tensor& grad_offsets,
    const Tensor& output_offsets, const Tensor& saved_tensor);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1849
[[custom_op("fbgemm::dense_to_jagged_forward")]]
Tensor dense_to_jagged_forward(
    const Tensor& dense, const std::vector<Tensor>& x_offsets,
    std::optional<c10::SymInt> total_L = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1862
[[custom_op("fbgemm::stacked_jagged_1d_to_dense")]]
std::vector<Tensor> stacked_jagged_1d_to_dense(
    const Tensor& values, const Tensor& lengths,
    const std::vector<int64_t>& offset_per_key,
    const std::vector<int64_t>& max_lengths_per_key, int64_t padding_value);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1864
[[custom_op("fbgemm::stacked_jagged_2d_to_dense")]]
std::vector<Tensor> stacked_jagged_2d_to_dense(
    const Tensor& values, const Tensor& lengths,
    const std::vector<int64_t>& offset_per_key,
    const std::vector<int64_t>& max_lengths_per_key,
    int64_t padding_value = 0);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1869
[[custom_op("fbgemm::jagged_to_padded_dense_forward")]]
Tensor jagged_to_padded_dense_forward(
    const Tensor& values, const std::vector<Tensor>& offsets,
    c10::SymIntArrayRef max_lengths, double padding_value = 0);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1876
[[custom_op("fbgemm::jagged_dense_elementwise_add")]]
Tensor jagged_dense_elementwise_add(
    const Tensor& x_values, const std::vector<Tensor>& x_offsets,
    const Tensor& y);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1884
[[custom_op("fbgemm::jagged_dense_dense_elementwise_add_jagged_output_forward")]]
Tensor jagged_dense_dense_elementwise_add_jagged_output_forward(
    const Tensor& x_values, const std::vector<Tensor>& x_offsets,
    const Tensor& y_0, const Tensor& y_1);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1887
[[custom_op("fbgemm::jagged_dense_dense_elementwise_add_jagged_output")]]
std::tuple<Tensor, std::vector<Tensor>> jagged_dense_dense_elementwise_add_jagged_output(
    const Tensor& x_values, const std::vector<Tensor>& x_offsets,
    const Tensor& y_0, const Tensor& y_1);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1891
[[custom_op("fbgemm::jagged_dense_elementwise_mul")]]
std::tuple<Tensor, std::vector<Tensor>> jagged_dense_elementwise_mul(
    const Tensor& x_values, const std::vector<Tensor>& x_offsets,
    const Tensor& y);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1894
[[custom_op("fbgemm::jagged_dense_elementwise_mul_forward")]]
Tensor jagged_dense_elementwise_mul_forward(
    const Tensor& x_values, const std::vector<Tensor>& x_offsets,
    const Tensor& y);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1900
[[custom_op("fbgemm::batched_dense_vec_jagged_2d_mul")]]
Tensor batched_dense_vec_jagged_2d_mul(
    const Tensor& v, const Tensor& a_values, const Tensor& a_offsets);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1903
[[custom_op("fbgemm::batched_dense_vec_jagged_2d_mul_forward")]]
Tensor batched_dense_vec_jagged_2d_mul_forward(
    const Tensor& v, const Tensor& a_values, const Tensor& a_offsets);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1906
[[custom_op("fbgemm::batched_dense_vec_jagged_2d_mul_backward")]]
std::tuple<Tensor, Tensor> batched_dense_vec_jagged_2d_mul_backward(
    const Tensor& grad_output, const Tensor& v, const Tensor& a_values,
    const Tensor& a_offsets);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1912
[[custom_op("fbgemm::jagged_index_select_2d_forward")]]
Tensor jagged_index_select_2d_forward(
    const Tensor& values, const Tensor& indices, const Tensor& input_offsets,
    const Tensor& output_offsets, int64_t num_dense_output_rows);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1914
[[custom_op("fbgemm::jagged_index_select_2d_forward_v2")]]
Tensor jagged_index_select_2d_forward_v2(
    const Tensor& values, const Tensor& indices, const Tensor& input_offsets,
    const Tensor& output_offsets,
    std::optional<int64_t> num_dense_output_rows = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1917
[[custom_op("fbgemm::jagged_index_add_2d_forward")]]
Tensor jagged_index_add_2d_forward(
    const Tensor& values, const Tensor& indices, const Tensor& input_offsets,
    const Tensor& output_offsets, int64_t num_dense_input_rows,
    int64_t num_output_rows);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1922
[[custom_op("fbgemm::jagged_1d_to_truncated_values")]]
Tensor jagged_1d_to_truncated_values(
    const Tensor& values, const Tensor& lengths, int64_t max_truncated_length);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1930
[[custom_op("fbgemm::jagged_softmax_forward")]]
Tensor jagged_softmax_forward(
    const Tensor& values, const Tensor& x_offsets, int64_t max_L);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1932
[[custom_op("fbgemm::jagged_softmax_backward")]]
Tensor jagged_softmax_backward(
    const Tensor& grad_output, const Tensor& output, const Tensor& x_offsets,
    int64_t max_L);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1934
[[custom_op("fbgemm::jagged_jagged_bmm")]]
Tensor jagged_jagged_bmm(
    const Tensor& x_values, const Tensor& y_values, const Tensor& x_offsets,
    int64_t max_L);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1937
[[custom_op("fbgemm::jagged_jagged_bmm_forward")]]
Tensor jagged_jagged_bmm_forward(
    const Tensor& x_values, const Tensor& y_values, const Tensor& x_offsets,
    int64_t max_L);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1939
[[custom_op("fbgemm::jagged_dense_bmm")]]
std::tuple<Tensor, Tensor> jagged_dense_bmm(
    const Tensor& x_values, const Tensor& x_offsets, const Tensor& y,
    int64_t max_L);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1942
[[custom_op("fbgemm::jagged_dense_bmm_forward")]]
Tensor jagged_dense_bmm_forward(
    const Tensor& x_values, const Tensor& x_offsets, const Tensor& y,
    int64_t max_L);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1945
[[custom_op("fbgemm::jagged_slice")]]
std::tuple<Tensor, Tensor> jagged_slice(
    const Tensor& x_values, const Tensor& x_lengths, const Tensor& start,
    int64_t slice_length);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1947
[[custom_op("fbgemm::jagged_slice_forward")]]
Tensor jagged_slice_forward(
    const Tensor& x_values, const Tensor& x_lengths, const Tensor& src_start,
    const Tensor& output_lengths, const Tensor& tgt_start,
    int64_t num_output_rows, int64_t slice_length, bool fill_zeros);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1949
[[custom_op("fbgemm::jagged_unique_indices")]]
std::tuple<Tensor, Tensor, Tensor, Tensor> jagged_unique_indices(
    const Tensor& hash_size_cumsum, const Tensor& hash_size_offsets,
    const Tensor& offsets, const Tensor& indices);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1951
[[custom_op("fbgemm::jagged_hash_size_cumsum")]]
std::tuple<Tensor, Tensor> jagged_hash_size_cumsum(
    const Tensor& offsets, const Tensor& indices, int64_t batch_size);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1953
[[custom_op("fbgemm::jagged_acc_weights_and_counts")]]
Tensor jagged_acc_weights_and_counts(
    const Tensor& weights, const Tensor& reverse_indices,
    int64_t num_unique_indices);

// from: pytorch/FBGEMM:fbgemm_gpu/src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp:1957
[[custom_op("fbgemm::repeat_arange")]]
Tensor repeat_arange(const Tensor& lengths);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3839
[[custom_op("fbgemm::permute_sparse_data")]]
std::tuple<Tensor, Tensor, std::optional<Tensor>> permute_sparse_data(
    const Tensor& permute, const Tensor& lengths, const Tensor& values,
    const std::optional<Tensor>& weights = std::nullopt,
    std::optional<c10::SymInt> permuted_lengths_sum = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3851
[[custom_op("fbgemm::permute_2D_sparse_data_input1D")]]
std::tuple<Tensor, Tensor, std::optional<Tensor>> permute_2D_sparse_data_input1D(
    const Tensor& permute, const Tensor& lengths, const Tensor& values,
    c10::SymInt stride, const std::optional<Tensor>& weights = std::nullopt,
    std::optional<c10::SymInt> permuted_lengths_sum = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3853
[[custom_op("fbgemm::permute_1D_sparse_data")]]
std::tuple<Tensor, Tensor, std::optional<Tensor>> permute_1D_sparse_data(
    const Tensor& permute, const Tensor& lengths, const Tensor& values,
    const std::optional<Tensor>& weights = std::nullopt,
    std::optional<c10::SymInt> permuted_lengths_sum = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3856
[[custom_op("fbgemm::invert_permute")]]
Tensor invert_permute(const Tensor& permute);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3857
[[custom_op("fbgemm::expand_into_jagged_permute")]]
Tensor expand_into_jagged_permute(
    const Tensor& permute, const Tensor& input_offset,
    const Tensor& output_offset, c10::SymInt output_size);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3860
[[custom_op("fbgemm::populate_bucketized_permute")]]
Tensor populate_bucketized_permute(
    const Tensor& lengths, const Tensor& bucketized_lengths,
    const Tensor& bucket_mapping);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3864
[[custom_op("fbgemm::block_bucketize_sparse_features_inference")]]
std::tuple<Tensor, Tensor, std::optional<Tensor>, std::optional<Tensor>, std::optional<Tensor>, std::optional<Tensor>> block_bucketize_sparse_features_inference(
    const Tensor& lengths, const Tensor& indices, bool bucketize_pos,
    bool sequence, const Tensor& block_sizes, c10::SymInt my_size,
    const std::optional<Tensor>& weights = std::nullopt,
    const std::optional<Tensor>& batch_size_per_feature = std::nullopt,
    c10::SymInt max_B = -1,
    std::optional<std::vector<Tensor>> block_bucketize_pos = std::nullopt,
    bool return_bucket_mapping = false, bool keep_orig_idx = false,
    const std::optional<Tensor>& total_num_blocks = std::nullopt,
    const std::optional<Tensor>& keep_orig_idx_per_feature = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3866
[[custom_op("fbgemm::block_bucketize_sparse_features_2d_weights")]]
std::tuple<Tensor, Tensor, Tensor, std::optional<Tensor>, std::optional<Tensor>> block_bucketize_sparse_features_2d_weights(
    const Tensor& lengths, const Tensor& indices, bool bucketize_pos,
    bool sequence, const Tensor& block_sizes, c10::SymInt my_size,
    const Tensor& weights, c10::SymInt weights_dim = 1,
    const std::optional<Tensor>& batch_size_per_feature = std::nullopt,
    c10::SymInt max_B = -1,
    std::optional<std::vector<Tensor>> block_bucketize_pos = std::nullopt,
    bool keep_orig_idx = false,
    const std::optional<Tensor>& total_num_blocks = std::nullopt,
    const std::optional<Tensor>& keep_orig_idx_per_feature = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3868
[[custom_op("fbgemm::bucketize_sparse_features")]]
std::tuple<Tensor, Tensor, std::optional<Tensor>, std::optional<Tensor>> bucketize_sparse_features(
    const Tensor& lengths, const Tensor& indices, bool bucketize_pos,
    c10::SymInt my_size, const std::optional<Tensor>& weights = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3870
[[custom_op("fbgemm::reorder_batched_sequence_embeddings")]]
Tensor reorder_batched_sequence_embeddings(
    const Tensor& cat_sequence_embeddings_offsets,
    const Tensor& cat_sequence_embeddings,
    const Tensor& reordered_cat_sequence_embeddings_offsets,
    const Tensor& batch_offsets, c10::SymInt num_items_in_batch);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3874
[[custom_op("fbgemm::reorder_batched_ad_indices")]]
Tensor reorder_batched_ad_indices(
    const Tensor& cat_ad_offsets, const Tensor& cat_ad_indices,
    const Tensor& reordered_cat_ad_offsets, const Tensor& batch_offsets,
    c10::SymInt num_ads_in_batch, bool broadcast_indices = false,
    c10::SymInt num_indices_after_broadcast = -1);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3878
[[custom_op("fbgemm::offsets_range")]]
Tensor offsets_range(const Tensor& offsets, c10::SymInt range_size);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3879
[[custom_op("fbgemm::batched_unary_embeddings")]]
Tensor batched_unary_embeddings(
    const Tensor& weight, const Tensor& table_offsets, const Tensor& offsets,
    const Tensor& indices);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3884
[[custom_op("fbgemm::histogram_binning_calibration_by_feature")]]
std::tuple<Tensor, Tensor> histogram_binning_calibration_by_feature(
    const Tensor& logit, const Tensor& segment_value,
    const Tensor& segment_lengths, c10::SymInt num_segments,
    const Tensor& bin_num_examples, const Tensor& bin_num_positives,
    c10::SymInt num_bins, double positive_weight, double lower_bound,
    double upper_bound, c10::SymInt bin_ctr_in_use_after,
    double bin_ctr_weight_value);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3886
[[custom_op("fbgemm::generic_histogram_binning_calibration_by_feature")]]
std::tuple<Tensor, Tensor> generic_histogram_binning_calibration_by_feature(
    const Tensor& logit, const Tensor& segment_value,
    const Tensor& segment_lengths, c10::SymInt num_segments,
    const Tensor& bin_num_examples, const Tensor& bin_num_positives,
    const Tensor& bin_boundaries, double positive_weight,
    c10::SymInt bin_ctr_in_use_after, double bin_ctr_weight_value);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3896
[[custom_op("fbgemm::permute_sparse_features")]]
std::tuple<Tensor, Tensor, std::optional<Tensor>> permute_sparse_features(
    const Tensor& permute, const Tensor& lengths, const Tensor& indices,
    const std::optional<Tensor>& weights = std::nullopt);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3899
[[custom_op("fbgemm::Bfloat16QuantizedToFloat")]]
Tensor Bfloat16QuantizedToFloat(const Tensor& input);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3900
[[custom_op("fbgemm::FloatToBfloat16Quantized")]]
Tensor FloatToBfloat16Quantized(const Tensor& input);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3901
[[custom_op("fbgemm::permute102_baddbmm_permute102")]]
Tensor permute102_baddbmm_permute102(
    const Tensor& bias, const Tensor& A, const Tensor& B);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3903
[[custom_op("fbgemm::permute_sequence_embeddings")]]
std::tuple<Tensor, Tensor> permute_sequence_embeddings(
    const Tensor& permute, const Tensor& lengths, const Tensor& embeddings);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3905
[[custom_op("fbgemm::pack_segments")]]
Tensor pack_segments(
    const Tensor& t_in, const Tensor& lengths, c10::SymInt max_length);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3911
[[custom_op("fbgemm::pack_segments_backward")]]
Tensor pack_segments_backward(
    const Tensor& data, const Tensor& lengths, c10::SymInt total_length,
    c10::SymInt max_length);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3936
[[custom_op("fbgemm::group_index_select_dim0_gpu_impl")]]
std::vector<Tensor> group_index_select_dim0_gpu_impl(
    const std::vector<Tensor>& inputs, int64_t group_size);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3947
[[custom_op("fbgemm::bottom_k_per_row")]]
Tensor bottom_k_per_row(
    const Tensor& input, const Tensor& k_offsets, bool requires_unique);

// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3949
[[custom_op("fbgemm::keyed_jagged_index_select_dim1")]]
std::vector<Tensor> keyed_jagged_index_select_dim1(
    const Tensor& values, const Tensor& lengths, const Tensor& offsets,
    const Tensor& indices, c10::SymInt batch_size,
    const std::optional<Tensor>& weights = std::nullopt,
    std::optional<c10::SymInt> selected_lengths_sum = std::nullopt);

// The preallocated outputs are optional out arguments, returned by value
// as FBGEMM's kernels return them; `aliases` says which output is which
// argument, so the outputs keep the arguments' write sets.
// from: pytorch/FBGEMM:fbgemm_gpu/src/sparse_ops/sparse_ops_cpu.cpp:3849
[[custom_op("fbgemm::permute_2D_sparse_preallocated_out",
            mutates="permuted_lengths_out, permuted_indices_out, "
                    "permuted_weights_out",
            aliases="permuted_lengths_out, permuted_indices_out, "
                    "permuted_weights_out")]]
std::tuple<Tensor, Tensor, std::optional<Tensor>>
permute_2D_sparse_data_cpu_preallocated_out(
    const Tensor& permute, const Tensor& lengths, const Tensor& values,
    const std::optional<Tensor>& weights = std::nullopt,
    const std::optional<c10::SymInt> permuted_lengths_sum = std::nullopt,
    const std::optional<Tensor>& permuted_lengths_out = std::nullopt,
    const std::optional<Tensor>& permuted_indices_out = std::nullopt,
    const std::optional<Tensor>& permuted_weights_out = std::nullopt);

} // namespace fbgemm_gpu
