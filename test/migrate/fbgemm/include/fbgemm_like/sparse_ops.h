// FBGEMM's fbgemm_gpu/sparse_ops.h: the kernels, declared once for the
// files that define them (src/*/..._cpu.cpp, ..._meta.cpp, and the .cu
// files of the CUDA build) and for those that register them.
#pragma once

#include <ATen/ATen.h>

#include <optional>
#include <tuple>
#include <vector>

namespace fbgemm_gpu {

using Tensor = at::Tensor;

// src/jagged_tensor_ops/jagged_tensor_ops_cpu.cpp
Tensor jagged_2d_to_dense_cpu(Tensor values, Tensor offsets,
                              int64_t max_sequence_length);
Tensor jagged_1d_to_dense_cpu(Tensor values, Tensor offsets,
                              int64_t max_sequence_length,
                              int64_t padding_value);
Tensor jagged_to_padded_dense_cpu(const Tensor& values,
                                  const std::vector<Tensor>& offsets,
                                  c10::SymIntArrayRef max_lengths,
                                  const double padding_value);
std::tuple<Tensor, std::vector<Tensor>> dense_to_jagged_cpu(
    const Tensor& dense, const std::vector<Tensor>& x_offsets,
    std::optional<at::SymInt> total_L);
std::vector<Tensor> jagged_index_select_cpu(
    const Tensor& values, const Tensor& lengths, const Tensor& indices,
    const std::optional<int64_t> num_dense_output_rows);

// src/jagged_tensor_ops/jagged_tensor_ops_meta.cpp
Tensor jagged_2d_to_dense_meta(Tensor values, Tensor offsets,
                               c10::SymInt max_sequence_length);
Tensor jagged_to_padded_dense_meta(const Tensor& values,
                                   const std::vector<Tensor>& offsets,
                                   c10::SymIntArrayRef max_lengths,
                                   const double padding_value);

// src/jagged_tensor_ops/jagged_tensor_ops.cu (CUDA build)
Tensor jagged_to_padded_dense_cuda(const Tensor& values,
                                   const std::vector<Tensor>& offsets,
                                   c10::SymIntArrayRef max_lengths,
                                   const double padding_value);

// src/sparse_ops/sparse_ops_cpu.cpp
Tensor asynchronous_complete_cumsum_cpu(const Tensor& t_in);
Tensor asynchronous_complete_cumsum_meta(const Tensor& t_in);
Tensor offsets_range_cpu(const Tensor& offsets, int64_t range_size);

} // namespace fbgemm_gpu
