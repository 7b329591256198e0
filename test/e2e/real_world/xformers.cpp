// xformers (facebookresearch/xformers, BSD-3-Clause), 2:4 sparsity ops from
// xformers/csrc/sparse24/: at::Tensor by value, std::string defaults.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <torch/library.h>

namespace xformers {
namespace sp24 {

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:5
[[custom_op("xformers::sparse24_largest_mask_2d")]]
at::Tensor sparse24_largest_mask_2d(at::Tensor input);

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:7
[[custom_op("xformers::sparse24_largest_with_Krandom_mask_2d")]]
at::Tensor sparse24_largest_with_Krandom_mask_2d(at::Tensor input,
                                                 int64_t numRandom);

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:9
[[custom_op("xformers::_sparse24_pack_mask")]]
at::Tensor _sparse24_pack_mask(const at::Tensor mask);

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:13
[[custom_op("xformers::_sparse24_gemm")]]
at::Tensor _sparse24_gemm(const at::Tensor& a, const at::Tensor& b,
                          const at::Tensor& meta_reordered);

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:17
[[custom_op("xformers::sparse24_sparsify_both_ways")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor, at::Tensor>
sparse24_sparsify_both_ways(at::Tensor input, std::string algorithm = "",
                            std::string backend = "cutlass");

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:19
[[custom_op("xformers::_sparse24_meta_shuffle_test")]]
at::Tensor _sparse24_meta_shuffle_test(at::Tensor local_meta, bool transposed);

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:21
[[custom_op("xformers::sparse24_apply")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor, at::Tensor>
sparse24_apply(at::Tensor input, at::Tensor threads_masks,
               c10::string_view backend = "cutlass");

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:23
[[custom_op("xformers::sparse24_apply_dense_output")]]
at::Tensor sparse24_apply_dense_output(at::Tensor input,
                                       at::Tensor threads_masks,
                                       double mul0 = 0.0, double mul1 = 1.0);

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:11
[[custom_op("xformers::_sparse24_reorder_meta")]]
at::Tensor _sparse24_reorder_meta(const at::Tensor& mask);

// from: facebookresearch/xformers:xformers/csrc/sparse24/sparse24.cpp:15
[[custom_op("xformers::_sparse24_pack_tensor_according_to_mask")]]
at::Tensor _sparse24_pack_tensor_according_to_mask(
    const at::Tensor& a, const at::Tensor& meta_reordered);

} // namespace sp24
} // namespace xformers
