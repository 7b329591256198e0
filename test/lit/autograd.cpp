// [[custom_op_backward("ns::op")]]: the backward becomes the op
// ns::op_backward (schema from its signature, kernels by the usual rules),
// and the forward gets an Autograd kernel that saves what the backward
// needs (tensors with save_for_backward, the rest in saved_data), calls the
// forward below autograd and the backward op through the dispatcher, and
// marks outputs whose gradient the backward does not take non-differentiable.
// A backward op without a backward raises when differentiated.
// RUN: rm -rf %t && opgen %s -o %t --python-package ag 2>&1 | not grep -E "error:|warning:"
// RUN: FileCheck %s --check-prefix=REG --input-file=%t/registration.cpp
// RUN: FileCheck %s --check-prefix=AG --input-file=%t/autograd.cpp
// RUN: FileCheck %s --check-prefix=MANIFEST --input-file=%t/manifest.json
// RUN: FileCheck %s --check-prefix=TESTS --input-file=%t/tests/test_ag_ops.py
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <array>
#include <optional>
#include <tuple>

namespace ag {

[[custom_op("ag::scale")]]
at::Tensor scale(const at::Tensor &x, double s, int64_t n);

// grad (one output), a tensor input, a float input; n is not needed.
[[custom_op_backward("ag::scale", device="default")]]
at::Tensor scale_backward(const at::Tensor &grad, const at::Tensor &x, double s);

[[custom_op("ag::topk")]]
std::tuple<at::Tensor, at::Tensor> topk(const at::Tensor &x, int64_t k);

// grad_0 only: output 1 (the indices) is non-differentiable; result_1 is it.
[[custom_op_backward("ag::topk")]]
at::Tensor topk_backward(const at::Tensor &grad_0, const at::Tensor &x,
                         const at::Tensor &result_1, int64_t k);

[[custom_op("ag::mix")]]
at::Tensor mix(const at::Tensor &a, const at::Tensor &b);

// A tuple with one gradient per tensor input.
[[custom_op_backward("ag::mix")]]
std::tuple<at::Tensor, at::Tensor> mix_backward(const at::Tensor &grad,
                                                const at::Tensor &a,
                                                const at::Tensor &b);

// The backward of mix's backward: mix_backward gets full autograd glue too.
[[custom_op_backward("ag::mix_backward")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor> mix_backward_backward(
    const at::Tensor &grad_0, const at::Tensor &grad_1, const at::Tensor &grad,
    const at::Tensor &a, const at::Tensor &b);

// name= names the backward op (torchvision's `_roi_align_backward` style).
[[custom_op("ag::shift")]]
at::Tensor shift(const at::Tensor &x);
[[custom_op_backward("ag::shift", name="ag::_shift_backward")]]
at::Tensor shift_grad(const at::Tensor &grad);

// output_mask (bool[N], ATen's convention): one flag per gradient, whether
// that tensor input needs one. With an optional tensor input the forward
// records each input's autograd edge; without, they are the positions.
[[custom_op("ag::affine")]]
at::Tensor affine(const at::Tensor &x, const std::optional<at::Tensor> &weight,
                  const at::Tensor &bias);
[[custom_op_backward("ag::affine")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor> affine_backward(
    const at::Tensor &grad, const at::Tensor &x,
    const std::optional<at::Tensor> &weight, std::array<bool, 3> output_mask);

// affine_backward's own backward takes its output_mask argument (a forward
// argument now), saved in saved_data as the std::array it is.
[[custom_op_backward("ag::affine_backward")]]
std::tuple<at::Tensor, at::Tensor, at::Tensor> affine_backward_backward(
    const at::Tensor &grad_0, const at::Tensor &x, std::array<bool, 3> output_mask);

// Each element of a Tensor[] has an edge (the list gets no gradient).
[[custom_op("ag::blend")]]
at::Tensor blend(at::TensorList xs, const std::optional<at::Tensor> &w,
                 const at::Tensor &b);
[[custom_op_backward("ag::blend")]]
std::tuple<at::Tensor, at::Tensor> blend_backward(const at::Tensor &grad,
                                                  std::array<bool, 2> output_mask);

[[custom_op("ag::lerp")]]
at::Tensor lerp(const at::Tensor &a, const at::Tensor &b, double t);
[[custom_op_backward("ag::lerp")]]
std::tuple<at::Tensor, at::Tensor> lerp_backward(std::array<bool, 2> output_mask,
                                                 const at::Tensor &grad, double t);

} // namespace ag

// The backward ops are ops of the library.
// REG: m.def("_shift_backward(Tensor grad) -> Tensor");
// REG: m.def("affine_backward(Tensor grad, Tensor x, Tensor? weight, bool[3] output_mask) -> (Tensor, Tensor, Tensor)");
// REG: m.def("lerp_backward(bool[2] output_mask, Tensor grad, float t) -> (Tensor, Tensor)");
// REG: m.def("mix_backward(Tensor grad, Tensor a, Tensor b) -> (Tensor, Tensor)");
// REG: m.def("mix_backward_backward(Tensor grad_0, Tensor grad_1, Tensor grad, Tensor a, Tensor b) -> (Tensor, Tensor, Tensor)");
// REG: m.def("scale_backward(Tensor grad, Tensor x, float s) -> Tensor");
// REG: m.def("topk_backward(Tensor grad_0, Tensor x, Tensor result_1, int k) -> Tensor");
// REG: TORCH_LIBRARY_IMPL(ag, CompositeExplicitAutograd, m) {
// REG-NEXT: m.impl("scale_backward", TORCH_FN(opgen_generated::ag_scale_backward__CompositeExplicitAutograd));
// REG: TORCH_LIBRARY_IMPL(ag, Autograd, m) {
// REG-NEXT: m.impl("_shift_backward", TORCH_FN(opgen_generated::ag__shift_backward__Autograd));
// REG-NEXT: m.impl("affine", TORCH_FN(opgen_generated::ag_affine__Autograd));
// REG-NEXT: m.impl("affine_backward", TORCH_FN(opgen_generated::ag_affine_backward__Autograd));
// REG-NEXT: m.impl("affine_backward_backward", TORCH_FN(opgen_generated::ag_affine_backward_backward__Autograd));
// REG-NEXT: m.impl("blend", TORCH_FN(opgen_generated::ag_blend__Autograd));
// REG-NEXT: m.impl("blend_backward", TORCH_FN(opgen_generated::ag_blend_backward__Autograd));
// REG-NEXT: m.impl("lerp", TORCH_FN(opgen_generated::ag_lerp__Autograd));
// REG-NEXT: m.impl("lerp_backward", TORCH_FN(opgen_generated::ag_lerp_backward__Autograd));
// REG-NEXT: m.impl("mix", TORCH_FN(opgen_generated::ag_mix__Autograd));
// REG-NEXT: m.impl("mix_backward", TORCH_FN(opgen_generated::ag_mix_backward__Autograd));
// REG-NEXT: m.impl("mix_backward_backward", TORCH_FN(opgen_generated::ag_mix_backward_backward__Autograd));
// REG-NEXT: m.impl("scale", TORCH_FN(opgen_generated::ag_scale__Autograd));
// REG-NEXT: m.impl("scale_backward", TORCH_FN(opgen_generated::ag_scale_backward__Autograd));
// REG-NEXT: m.impl("shift", TORCH_FN(opgen_generated::ag_shift__Autograd));
// REG-NEXT: m.impl("topk", TORCH_FN(opgen_generated::ag_topk__Autograd));
// REG-NEXT: m.impl("topk_backward", TORCH_FN(opgen_generated::ag_topk_backward__Autograd));
// REG-NEXT: }

// AG: #include <opgen/autograd.h>
// AG-NEXT: #include <torch/csrc/autograd/custom_function.h>

// affine: the mask from needs_input_grad of each tensor input's edge; an
// undefined weight has none, and shifts bias's.
// AG-LABEL: struct ag_affine_Function
// AG: outputs = {op.call(x, weight, bias)};
// AG-NEXT: }
// AG-NEXT: // output_mask: needs_input_grad numbers the defined tensor inputs only.
// AG-NEXT: int64_t edge = 0;
// AG-NEXT: std::vector<int64_t> edges;
// AG-NEXT: edges.push_back(edge++);
// AG-NEXT: edges.push_back(weight.has_value() && weight->defined() ? edge++ : -1);
// AG-NEXT: edges.push_back(edge++);
// AG-NEXT: ctx->saved_data["opgen_edges"] = edges;
// AG: .typed<std::tuple<at::Tensor, at::Tensor, at::Tensor>(const at::Tensor&, const at::Tensor&, const std::optional<at::Tensor>&, std::array<bool, 3>)>();
// AG: const auto input_grads = backward_op.call(grads[0], saved[0], ctx->saved_data["weight"].to<std::optional<at::Tensor>>(), opgen::rt::output_mask<3>(ctx, ctx->saved_data["opgen_edges"].toIntVector()));

// A backward op may return undefined tensors (no gradient), which
// Function::apply cannot wrap: its Function returns the defined outputs
// only and the wrapper puts them back in place. affine_backward's is full
// glue (it has a backward), and that backward takes output_mask, a forward
// argument now, saved as the std::array it is.
// AG-LABEL: struct ag_affine_backward_Function
// AG: torch::autograd::AutogradContext *ctx, std::vector<bool> *defined, const at::Tensor& grad, const at::Tensor& x, const std::optional<at::Tensor>& weight, std::array<bool, 3> output_mask) {
// AG: ctx->saved_data["output_mask"] = output_mask;
// AG: outputs = opgen::rt::defined_only(outputs, *defined);
// AG: const auto input_grads = backward_op.call(grads[0], saved[0], ctx->saved_data["output_mask"].to<std::array<bool, 3>>());
// An absent optional input gets no gradient, whatever the backward returns.
// AG-NEXT: return {at::Tensor(), std::get<0>(input_grads), std::get<1>(input_grads), opgen::rt::grad_if(ctx->saved_data["opgen_present_weight"].toBool(), std::get<2>(input_grads)), at::Tensor()};
// AG: std::tuple<at::Tensor, at::Tensor, at::Tensor> ag_affine_backward__Autograd(
// AG-NEXT: std::vector<bool> defined;
// AG-NEXT: auto outputs = opgen::rt::put_back(ag_affine_backward_Function::apply(&defined, grad, x, weight, output_mask), defined);
// AG-NEXT: return std::make_tuple(outputs[0], outputs[1], outputs[2]);

// The refusing Function of a backward op without backward does the same.
// AG-LABEL: struct ag_affine_backward_backward_Function
// AG: torch::autograd::AutogradContext *ctx, std::vector<bool> *defined, const at::Tensor& grad_0, const at::Tensor& x, std::array<bool, 3> output_mask) {
// AG: return opgen::rt::defined_only(outputs, *defined);
// AG: ag_affine_backward_backward__Autograd(
// AG-NEXT: std::vector<bool> defined;
// AG-NEXT: auto outputs = opgen::rt::put_back(ag_affine_backward_backward_Function::apply(&defined, grad_0, x, output_mask), defined);

// AG-LABEL: struct ag_blend_Function
// AG: std::vector<int64_t> edges;
// AG-NEXT: edge += static_cast<int64_t>(xs.size());
// AG-NEXT: edges.push_back(w.has_value() && w->defined() ? edge++ : -1);
// AG-NEXT: edges.push_back(edge++);
// AG-NEXT: ctx->saved_data["opgen_edges"] = edges;
// AG: backward_op.call(grads[0], opgen::rt::output_mask<2>(ctx, ctx->saved_data["opgen_edges"].toIntVector()));

// lerp: only plain tensors, so the edges are their positions; nothing saved.
// AG-LABEL: struct ag_lerp_Function
// AG-NOT: opgen_edges
// AG: const auto input_grads = backward_op.call(opgen::rt::output_mask<2>(ctx, {0, 1}), grads[0], ctx->saved_data["t"].to<double>());

// mix: two gradients from a tuple, one per tensor input.
// AG-LABEL: struct ag_mix_Function : public torch::autograd::Function<ag_mix_Function> {
// AG: ctx->save_for_backward({a, b});
// AG: const auto input_grads = backward_op.call(grads[0], saved[0], saved[1]);
// AG-NEXT: return {std::get<0>(input_grads), std::get<1>(input_grads)};

// mix_backward has its own backward: its Function saves and calls it. It
// returns its defined outputs only, and maps the gradients of those back.
// AG-LABEL: struct ag_mix_backward_Function
// AG: ctx->save_for_backward({grad, a, b});
// AG-NEXT: outputs = opgen::rt::defined_only(outputs, *defined);
// AG-NEXT: ctx->saved_data["opgen_defined"] = opgen::rt::flags(*defined);
// AG-NEXT: return outputs;
// AG: torch::autograd::variable_list defined_grads) {
// AG: .findSchemaOrThrow("ag::mix_backward_backward", "")
// AG: const torch::autograd::variable_list grads = opgen::rt::put_back(
// AG-NEXT: defined_grads, opgen::rt::flags(ctx->saved_data["opgen_defined"]));
// AG: const auto input_grads = backward_op.call(grads[0], grads[1], saved[0], saved[1], saved[2]);
// AG-NEXT: return {at::Tensor(), std::get<0>(input_grads), std::get<1>(input_grads), std::get<2>(input_grads)};

// mix_backward_backward has none: differentiating it raises.
// AG-LABEL: struct ag_mix_backward_backward_Function
// AG: TORCH_CHECK(false, "ag::mix_backward_backward (the backward of ag::mix_backward) has no backward, so ag::mix_backward cannot be differentiated twice; write one with {{\[\[}}custom_op_backward(\"ag::mix_backward_backward\"){{\]\]}}");

// scale: the tensor saved, the float in saved_data, n neither; the
// non-tensor inputs get undefined gradients.
// AG-LABEL: struct ag_scale_Function
// AG: static torch::autograd::variable_list forward(
// AG-NEXT: torch::autograd::AutogradContext *ctx, const at::Tensor& x, double s, int64_t n) {
// AG: .findSchemaOrThrow("ag::scale", "")
// AG-NEXT: .typed<at::Tensor(const at::Tensor&, double, int64_t)>();
// AG: at::AutoDispatchBelowADInplaceOrView guard;
// AG-NEXT: outputs = {op.call(x, s, n)};
// AG: ctx->save_for_backward({x});
// AG-NEXT: ctx->saved_data["s"] = s;
// AG-NEXT: return outputs;
// AG: const auto input_grads = backward_op.call(grads[0], saved[0], ctx->saved_data["s"].to<double>());
// AG-NEXT: return {input_grads, at::Tensor(), at::Tensor()};
// AG: at::Tensor ag_scale__Autograd(const at::Tensor& x, double s, int64_t n) {
// AG-NEXT: auto outputs = ag_scale_Function::apply(x, s, n);
// AG-NEXT: return outputs[0];

// shift's Autograd kernel calls the backward op by its given name.
// AG-LABEL: struct ag_shift_Function
// AG: .findSchemaOrThrow("ag::_shift_backward", "")

// topk: a tuple output; the indices are non-differentiable and saved as an
// output for the backward.
// AG-LABEL: struct ag_topk_Function
// AG: const auto result = op.call(x, k);
// AG-NEXT: outputs = {std::get<0>(result), std::get<1>(result)};
// AG: ctx->save_for_backward({x, outputs[1]});
// AG-NEXT: ctx->saved_data["k"] = k;
// AG-NEXT: ctx->mark_non_differentiable({outputs[1]});
// AG: const auto input_grads = backward_op.call(grads[0], saved[0], saved[1], ctx->saved_data["k"].to<int64_t>());
// AG: return std::make_tuple(outputs[0], outputs[1]);

// MANIFEST: "backward": "ag::mix_backward",
// MANIFEST-NEXT: "where": "{{.*}}autograd.cpp:43"
// MANIFEST: "name": "ag::mix",
// MANIFEST: "backward_of": "ag::mix_backward"
// MANIFEST: "name": "ag::mix_backward_backward",

// TESTS: "name": "ag::mix",
// TESTS: "has_autograd": True,
// TESTS-NEXT: "backward_of": None,
