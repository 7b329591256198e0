// Return forms real libraries register (docs/annotation.md): a view of an
// argument (`aliases`), several out arguments returned as a tuple of
// references with named returns (`returns`), and a list of strings.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

#include <string>
#include <tuple>
#include <vector>

namespace returns_example {

// -> Tensor(a): the first n rows of x, sharing its storage.
[[custom_op("rt::head", aliases="x")]]
at::Tensor head(const at::Tensor &x, int64_t n) {
  TORCH_CHECK(x.dim() >= 1, "head: x must have a dimension");
  TORCH_CHECK(n >= 0 && n <= x.size(0), "head: n must be in [0, x.size(0)]");
  return x.narrow(0, 0, n);
}

// -> (Tensor(a!) mins, Tensor(b!) maxs): the row minima and maxima of x,
// written into the out arguments, which are returned.
[[custom_op("rt::minmax.out", mutates="mins, maxs", kwonly="mins",
            returns="mins, maxs")]]
std::tuple<at::Tensor &, at::Tensor &> minmax_out(const at::Tensor &x,
                                                  at::Tensor &mins,
                                                  at::Tensor &maxs) {
  TORCH_CHECK(x.dim() == 2 && x.size(1) > 0, "minmax: x must be N x M, M > 0");
  at::amin_out(mins, x, {1});
  at::amax_out(maxs, x, {1});
  return std::tie(mins, maxs);
}

// -> str[]: the dtype of each tensor, by name.
[[custom_op("rt::dtype_names")]]
std::vector<std::string> dtype_names(const std::vector<at::Tensor> &xs) {
  std::vector<std::string> names;
  for (const at::Tensor &x : xs)
    names.push_back(c10::toString(x.scalar_type()));
  return names;
}

} // namespace returns_example
