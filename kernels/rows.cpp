// Row kernels for the bundled `mylib` op library: pad_rows and topk_rows.
//
// Both treat a tensor as a sequence of rows: pad_rows along dim 0 (a row is
// x[i], of shape x.shape[1:]), topk_rows along the last dim. Both are element
// loops over the data. float32 and float64; any strides.
//
// C++ features opgen has to cope with:
//   * pad_rows  - named namespace; c10::SymInt by value, optional tensor,
//                 string_view / double / optional ScalarType defaults;
//   * topk_rows - a `static` function in an anonymous namespace, a bool
//                 default, a std::tuple return.
#include <opgen/opgen.h>

#include <ATen/ATen.h>
#include <ATen/Parallel.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <string_view>
#include <tuple>
#include <vector>

#include "kernel_checks.h"

namespace checks = opgen_examples::checks;

namespace opgen_examples {

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
at::Tensor pad_rows(const at::Tensor& x, c10::SymInt pad,
                    const std::optional<at::Tensor>& weight = std::nullopt,
                    std::string_view mode = "constant", double value = 0.0,
                    std::optional<at::ScalarType> dtype = std::nullopt) {
  const int64_t npad = pad.expect_int();
  checks::pad_rows(x, npad, weight, mode);
  const bool replicate = mode == "replicate";
  const int64_t rows = x.size(0);
  const c10::IntArrayRef row_shape = x.sizes().slice(1);
  const bool weighted = weight.has_value() && weight->defined();

  // View both x and the result as (rows, cols) matrices; reshape copies only
  // when x's strides do not allow a view. The result is contiguous.
  const int64_t cols = c10::multiply_integers(row_shape);
  const at::Tensor x2 = x.reshape({rows, cols});
  const at::Tensor w1 = weighted ? weight->reshape({cols}) : at::Tensor();
  std::vector<int64_t> out_shape = x.sizes().vec();
  out_shape[0] = rows + npad;
  at::Tensor out = at::empty(out_shape, x.options());
  at::Tensor out2 = out.view({rows + npad, cols});

  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "pad_rows", [&] {
    const auto src = x2.accessor<scalar_t, 2>();
    auto dst = out2.accessor<scalar_t, 2>();
    const scalar_t fill = static_cast<scalar_t>(value);
    std::optional<at::TensorAccessor<scalar_t, 1>> w;
    if (weighted)
      w.emplace(w1.accessor<scalar_t, 1>());
    for (int64_t i = 0; i < rows + npad; ++i) {
      for (int64_t j = 0; j < cols; ++j) {
        scalar_t v;
        if (i < rows)
          v = src[i][j];
        else
          v = replicate ? src[rows - 1][j] : fill;
        dst[i][j] = w ? v * (*w)[j] : v;
      }
    }
  });
  if (dtype.has_value() && *dtype != out.scalar_type())
    out = out.to(*dtype);
  return out;
}

} // namespace opgen_examples

namespace {

// topk_rows(x, k, largest) -> (values, indices): the k largest (or smallest)
// entries of every row along the last dim, sorted (largest first, or
// smallest first), with their int64 positions in the row. Ties keep the
// order of the row (lower index first); NaN compares greater than any
// number, as in torch.sort. Both results have shape (*x.shape[:-1], k).
[[custom_op("mylib::topk_rows")]]
static std::tuple<at::Tensor, at::Tensor> topk_rows(const at::Tensor& x,
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
  auto values2 = values.view({rows, k});
  auto indices2 = indices.view({rows, k});
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "topk_rows", [&] {
    const auto src = x2.accessor<scalar_t, 2>();
    auto val = values2.accessor<scalar_t, 2>();
    auto idx = indices2.accessor<int64_t, 2>();
    at::parallel_for(0, rows, 1, [&](int64_t begin, int64_t end) {
      std::vector<int64_t> order(len);
      for (int64_t r = begin; r < end; ++r) {
        const auto row = src[r];
        // "a comes before b" in the requested order; NaN is the greatest.
        auto before = [&](int64_t a, int64_t b) {
          const scalar_t va = row[a], vb = row[b];
          const bool na = std::isnan(va), nb = std::isnan(vb);
          if (na || nb) {
            if (na && nb)
              return a < b;
            return largest ? na : nb;
          }
          if (va != vb)
            return largest ? va > vb : va < vb;
          return a < b;
        };
        std::iota(order.begin(), order.end(), int64_t{0});
        std::partial_sort(order.begin(), order.begin() + k, order.end(),
                          before);
        for (int64_t j = 0; j < k; ++j) {
          val[r][j] = row[order[j]];
          idx[r][j] = order[j];
        }
      }
    });
  });
  return std::make_tuple(values, indices);
}

// topk_rows' backward: the values' gradient scattered back to where the
// values came from. It takes only grad_0 (the values' gradient), so the
// indices (output 1) are marked non-differentiable; result_1 is that output.
[[custom_op_backward("mylib::topk_rows", device="default")]]
static at::Tensor topk_rows_backward(const at::Tensor& grad_0,
                                     const at::Tensor& x,
                                     const at::Tensor& result_1) {
  return at::zeros_like(x).scatter(-1, result_1, grad_0);
}

} // namespace
