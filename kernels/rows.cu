// CUDA kernels for the row ops of the bundled `mylib` op library: pad_rows
// and topk_rows. The CPU twins are in rows.cpp; the schemas (parameter
// names, types, defaults, returns) are identical, as opgen requires of all
// kernels of one op.
//
// Both view their input as a (rows, cols) matrix the way the CPU kernels do
// (reshape, which copies only when the strides allow no view) and read it
// through its strides; the outputs are fresh contiguous tensors.
//
// The __global__ kernels and helpers live in an anonymous namespace; the
// annotated entry points have external linkage (an unreferenced function
// with internal linkage draws nvcc warning #177 when the file is compiled
// on its own), with names distinct from the CPU kernels.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/NumericUtils.h>
#include <ATen/cuda/CUDAContext.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

#include "kernel_checks.h"

namespace checks = opgen_examples::checks;

namespace opgen_examples {
namespace {

constexpr int kThreads = 256;

// Blocks for a grid-stride loop over n > 0 elements.
unsigned int num_blocks(int64_t n) {
  const int64_t blocks = (n + kThreads - 1) / kThreads;
  return static_cast<unsigned int>(std::min<int64_t>(blocks, int64_t{1} << 20));
}

// dst (rows + npad) x cols, contiguous: row i < rows is src[i], a new row
// is `fill` or (replicate) src[rows - 1]; every row times w if w != nullptr.
template <typename scalar_t>
__global__ void pad_rows_kernel(const scalar_t* __restrict__ src,
                                int64_t src_row_stride,
                                int64_t src_col_stride,
                                const scalar_t* __restrict__ w,
                                int64_t w_stride, scalar_t* __restrict__ dst,
                                int64_t n, int64_t rows, int64_t cols,
                                bool replicate, scalar_t fill) {
  for (int64_t t = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
       t < n; t += static_cast<int64_t>(blockDim.x) * gridDim.x) {
    const int64_t i = t / cols, j = t % cols;
    scalar_t v;
    if (i < rows)
      v = src[i * src_row_stride + j * src_col_stride];
    else
      v = replicate ? src[(rows - 1) * src_row_stride + j * src_col_stride]
                    : fill;
    dst[t] = w ? v * w[j * w_stride] : v;
  }
}

// "value a at index ia comes before value b at index ib" in the order of
// topk_rows: descending (largest) or ascending, NaN greater than any number,
// ties (and NaN vs NaN) by index. A strict total order on (value, index).
template <typename scalar_t>
__device__ __forceinline__ bool comes_before(scalar_t a, int64_t ia,
                                             scalar_t b, int64_t ib,
                                             bool largest) {
  const bool na = at::_isnan(a), nb = at::_isnan(b);
  if (na || nb) {
    if (na && nb)
      return ia < ib;
    return largest ? na : nb;
  }
  if (a != b)
    return largest ? a > b : a < b;
  return ia < ib;
}

// Stable selection by ranking: the rank of element i of a row is the number
// of elements of the row that come before it; ranks are a permutation of
// 0..len-1 (the order is total), and an element of rank r < k is the r-th
// result. Block (x, y) handles rows x, x + gridDim.x, ... and, in each, the
// elements y * blockDim.x + threadIdx.x (+ gridDim.y * blockDim.x ...); the
// row is streamed through shared memory a tile of blockDim.x at a time.
// blockDim.x <= kThreads.
template <typename scalar_t>
__global__ void topk_rows_kernel(const scalar_t* __restrict__ src,
                                 int64_t row_stride, int64_t col_stride,
                                 int64_t rows, int64_t len, int64_t k,
                                 bool largest, scalar_t* __restrict__ values,
                                 int64_t* __restrict__ indices) {
  __shared__ scalar_t tile[kThreads];
  const int64_t tile_len = blockDim.x;
  for (int64_t r = blockIdx.x; r < rows; r += gridDim.x) {
    const scalar_t* row = src + r * row_stride;
    for (int64_t base = static_cast<int64_t>(blockIdx.y) * tile_len;
         base < len; base += static_cast<int64_t>(gridDim.y) * tile_len) {
      const int64_t i = base + threadIdx.x;
      const bool active = i < len;
      const scalar_t v = active ? row[i * col_stride] : scalar_t(0);
      int64_t rank = 0;
      for (int64_t start = 0; start < len; start += tile_len) {
        __syncthreads(); // the previous tile has been read by every thread
        const int64_t j = start + threadIdx.x;
        if (j < len)
          tile[threadIdx.x] = row[j * col_stride];
        __syncthreads();
        const int64_t count = len - start < tile_len ? len - start : tile_len;
        if (active && rank < k)
          for (int64_t t = 0; t < count; ++t)
            rank += comes_before(tile[t], start + t, v, i, largest);
      }
      if (active && rank < k) {
        values[r * k + rank] = v;
        indices[r * k + rank] = i;
      }
    }
  }
}

} // namespace

// pad_rows(x, pad, weight, mode, value, dtype): appends `pad` rows to x along
// dim 0, multiplies every row (the new ones too) by weight, and casts to
// dtype.
//   * mode "constant": the new rows are filled with `value`;
//     mode "replicate": they are copies of the last row of x (x must then
//     have at least one row, unless pad == 0).
//   * weight, if given, has the shape of one row (x.shape[1:]) and x's dtype.
//   * dtype, if given, is the dtype of the result (default: x's dtype).
// The result is a fresh contiguous tensor of shape (N + pad, *x.shape[1:]).
[[custom_op("mylib::pad_rows")]]
at::Tensor pad_rows_cuda(const at::Tensor& x, c10::SymInt pad,
                         const std::optional<at::Tensor>& weight = std::nullopt,
                         std::string_view mode = "constant",
                         double value = 0.0,
                         std::optional<at::ScalarType> dtype = std::nullopt) {
  const int64_t npad = pad.expect_int();
  checks::pad_rows(x, npad, weight, mode);
  const bool replicate = mode == "replicate";
  const int64_t rows = x.size(0);
  const c10::IntArrayRef row_shape = x.sizes().slice(1);
  const bool weighted = weight.has_value() && weight->defined();

  const int64_t cols = c10::multiply_integers(row_shape);
  std::vector<int64_t> out_shape = x.sizes().vec();
  out_shape[0] = rows + npad;
  at::Tensor out = at::empty(out_shape, x.options());
  const int64_t n = out.numel();
  if (n > 0) {
    const at::Tensor x2 = x.reshape({rows, cols});
    const at::Tensor w1 = weighted ? weight->reshape({cols}) : at::Tensor();
    AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "pad_rows", [&] {
      pad_rows_kernel<scalar_t><<<num_blocks(n), kThreads, 0,
                                  at::cuda::getCurrentCUDAStream()>>>(
          x2.const_data_ptr<scalar_t>(), x2.stride(0), x2.stride(1),
          weighted ? w1.const_data_ptr<scalar_t>() : nullptr,
          weighted ? w1.stride(0) : 0, out.mutable_data_ptr<scalar_t>(), n,
          rows, cols, replicate, static_cast<scalar_t>(value));
      C10_CUDA_KERNEL_LAUNCH_CHECK();
    });
  }
  if (dtype.has_value() && *dtype != out.scalar_type())
    out = out.to(*dtype);
  return out;
}

// topk_rows(x, k, largest) -> (values, indices): the k largest (or smallest)
// entries of every row along the last dim, sorted (largest first, or
// smallest first), with their int64 positions in the row. Ties keep the
// order of the row (lower index first); NaN compares greater than any
// number, as in torch.sort. Both results have shape (*x.shape[:-1], k).
[[custom_op("mylib::topk_rows")]]
std::tuple<at::Tensor, at::Tensor> topk_rows_cuda(const at::Tensor& x,
                                                  int64_t k,
                                                  bool largest = true) {
  checks::topk_rows(x, k);
  const int64_t len = x.size(-1);

  const int64_t rows = len == 0 ? x.numel() : x.numel() / len;
  std::vector<int64_t> out_shape = x.sizes().vec();
  out_shape.back() = k;
  at::Tensor values = at::empty(out_shape, x.options());
  at::Tensor indices = at::empty(out_shape, x.options().dtype(at::kLong));
  if (rows == 0 || k == 0)
    return std::make_tuple(values, indices);

  const at::Tensor x2 = x.reshape({rows, len});
  // One warp-multiple of threads per row chunk, at most kThreads; row
  // chunks spread over gridDim.y so that long rows use many blocks.
  const int threads = static_cast<int>(
      std::min<int64_t>(kThreads, (len + 31) / 32 * 32));
  const dim3 grid(
      static_cast<unsigned int>(std::min<int64_t>(rows, int64_t{1} << 20)),
      static_cast<unsigned int>(
          std::min<int64_t>((len + threads - 1) / threads, 65535)));
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "topk_rows", [&] {
    topk_rows_kernel<scalar_t><<<grid, threads, 0,
                                 at::cuda::getCurrentCUDAStream()>>>(
        x2.const_data_ptr<scalar_t>(), x2.stride(0), x2.stride(1), rows, len,
        k, largest, values.mutable_data_ptr<scalar_t>(),
        indices.mutable_data_ptr<int64_t>());
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  });
  return std::make_tuple(values, indices);
}

} // namespace opgen_examples
