// A backward that takes metadata of a forward tensor instead of the tensor
// (`bind`), returns gradients for some tensor inputs only (`grads`), and is
// named by the library (`name`), written like torchvision's roi_align: the
// forward saves rois and the input's sizes (as SymInts where the backward's
// schema says SymInt), never the input.
// RUN: rm -rf %t && opgen %s -o %t --python-package bd 2>&1 | not grep -E "error:|warning:"
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=AG --input-file=%t/autograd.cpp
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <array>
#include <optional>
#include <tuple>
#include <vector>

namespace bd {

// REG: m.def("_pool_backward(Tensor grad, Tensor rois, SymInt batch_size, SymInt channels, int[] shape, int rank, ScalarType dtype, Device device) -> Tensor");
// REG: m.def("pool(Tensor input, Tensor rois, SymInt pooled) -> Tensor");
[[custom_op("bd::pool", symint="pooled")]]
at::Tensor pool(const at::Tensor &input, const at::Tensor &rois,
                int64_t pooled);

// AG-LABEL: // bd::pool (Autograd): backward bd::_pool_backward
// AG: ctx->save_for_backward({rois});
// AG-NEXT: ctx->saved_data["batch_size"] = input.sym_size(0);
// AG-NEXT: ctx->saved_data["channels"] = input.sym_size(-3);
// AG-NEXT: ctx->saved_data["shape"] = input.sizes().vec();
// AG-NEXT: ctx->saved_data["rank"] = static_cast<int64_t>(input.dim());
// AG-NEXT: ctx->saved_data["dtype"] = input.scalar_type();
// AG-NEXT: ctx->saved_data["device"] = input.device();
// AG-NOT: saved_data
// AG: backward_op.call(grads[0], saved[0], ctx->saved_data["batch_size"].to<c10::SymInt>(), ctx->saved_data["channels"].to<c10::SymInt>(), ctx->saved_data["shape"].to<std::vector<int64_t>>(), ctx->saved_data["rank"].to<int64_t>(), ctx->saved_data["dtype"].to<at::ScalarType>(), ctx->saved_data["device"].to<at::Device>());
// The backward returns input's gradient only; rois and pooled get none.
// AG-NEXT: return {input_grads, at::Tensor(), at::Tensor()};
[[custom_op_backward("bd::pool", name="bd::_pool_backward", grads="input",
                     symint="batch_size, channels",
                     bind="batch_size = input.size(0), channels=input.sym_size(-3),"
                          "shape=input.sizes(), rank=input.dim(),"
                          "dtype=input.scalar_type(), device=input.device()")]]
at::Tensor pool_backward(const at::Tensor &grad, const at::Tensor &rois,
                         int64_t batch_size, int64_t channels,
                         std::vector<int64_t> shape, int64_t rank,
                         at::ScalarType dtype, at::Device device);

// grads= may reorder: the backward returns (b's, a's) gradients.
// AG-LABEL: // bd::swap (Autograd)
// AG: return {std::get<1>(input_grads), std::get<0>(input_grads)};
[[custom_op("bd::swap")]]
at::Tensor swap(const at::Tensor &a, const at::Tensor &b);
[[custom_op_backward("bd::swap", grads="b, a")]]
std::tuple<at::Tensor, at::Tensor> swap_backward(const at::Tensor &grad,
                                                 const at::Tensor &a,
                                                 const at::Tensor &b);

// output_mask follows grads=: one flag per gradient the backward returns,
// from the autograd edges of the inputs it names, in its order.
// AG-LABEL: // bd::tmask (Autograd)
// AG: edges.push_back(edge++);
// AG-NEXT: edges.push_back(w.has_value() && w->defined() ? edge++ : -1);
// AG-NEXT: edges.push_back(edge++);
// AG-NEXT: ctx->saved_data["opgen_edges"] = std::vector<int64_t>{edges[2], edges[0]};
// AG: backward_op.call(grads[0], opgen::rt::output_mask<2>(ctx, ctx->saved_data["opgen_edges"].toIntVector()));
// AG-NEXT: return {std::get<1>(input_grads), at::Tensor(), std::get<0>(input_grads)};
[[custom_op("bd::tmask")]]
at::Tensor tmask(const at::Tensor &x, const std::optional<at::Tensor> &w,
                  const at::Tensor &b);
[[custom_op_backward("bd::tmask", grads="b, x")]]
std::tuple<at::Tensor, at::Tensor>
tmask_backward(const at::Tensor &grad, std::array<bool, 2> output_mask);

} // namespace bd
