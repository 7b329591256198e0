// scale_rows(x, w) = x * w[:, None]: every row i of the 2-D x is scaled by
// w[i]. Its backward calls only ATen ops, so it runs on Meta tensors as it
// is: opgen registers it for Meta as its own fake (docs/fakes.md, "Kernels
// that are their own fake"), and the op trains under
// torch.compile(fullgraph=True) without any fake written by hand. The
// forward is meta-safe in the same way. The checks use sym_size so that
// they hold on dynamic-shape fake tensors too; the generated tests derive
// their samples from them.
#include <opgen/opgen.h>

#include <ATen/ATen.h>

#include <tuple>

namespace opgen_examples {

[[custom_op("mylib::scale_rows")]]
at::Tensor scale_rows(const at::Tensor &x, const at::Tensor &w) {
  TORCH_CHECK(x.dim() == 2, "scale_rows: x must be 2-D");
  TORCH_CHECK(w.dim() == 1, "scale_rows: w must be 1-D");
  TORCH_CHECK(w.sym_size(0) == x.sym_size(0),
              "scale_rows: w must have one item per row of x");
  return x * w.unsqueeze(1);
}

[[custom_op_backward("mylib::scale_rows")]]
std::tuple<at::Tensor, at::Tensor> scale_rows_backward(const at::Tensor &grad,
                                                       const at::Tensor &x,
                                                       const at::Tensor &w) {
  TORCH_CHECK(x.dim() == 2, "scale_rows_backward: x must be 2-D");
  TORCH_CHECK(w.dim() == 1, "scale_rows_backward: w must be 1-D");
  TORCH_CHECK(w.sym_size(0) == x.sym_size(0),
              "scale_rows_backward: w must have one item per row of x");
  TORCH_CHECK(grad.sym_sizes() == x.sym_sizes(),
              "scale_rows_backward: grad must have x's shape");
  return {grad * w.unsqueeze(1), (grad * x).sum(1)};
}

} // namespace opgen_examples
