//===- opgen/autograd.h - Helpers for generated Autograd kernels ---*- C++ -*-===//
///
/// \file
/// What the generated torch::autograd::Functions (autograd.cpp) share:
/// passing undefined tensors ("no gradient") through Function::apply, and
/// the `output_mask` a backward may take; and no_backward, the Autograd
/// kernel of the ops that have no backward.
//===----------------------------------------------------------------------===//
#ifndef OPGEN_AUTOGRAD_H
#define OPGEN_AUTOGRAD_H

#include <ATen/core/dispatch/Dispatcher.h>
#include <c10/util/SmallVector.h>
#include <torch/csrc/autograd/VariableTypeUtils.h>
#include <torch/csrc/autograd/custom_function.h>
#include <torch/csrc/autograd/functions/basic_ops.h>
#include <torch/csrc/autograd/functions/utils.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace opgen::rt {

/// Function::apply wraps every output of a forward into the autograd graph,
/// and an undefined tensor cannot be wrapped (`get_autograd_meta() on
/// undefined tensor`). A backward op returns undefined tensors for the
/// gradients it does not compute, so its Function returns only the defined
/// outputs; \p Defined records which they were, for put_back.
inline torch::autograd::variable_list
defined_only(const torch::autograd::variable_list &All, std::vector<bool> &Defined) {
  Defined.clear();
  torch::autograd::variable_list Some;
  for (const at::Tensor &T : All) {
    Defined.push_back(T.defined());
    if (T.defined())
      Some.push_back(T);
  }
  return Some;
}

/// The inverse of defined_only: \p Some in the places \p Defined marks,
/// undefined tensors elsewhere. Also maps the gradients of a Function's
/// defined outputs back to all outputs.
inline torch::autograd::variable_list
put_back(const torch::autograd::variable_list &Some, const std::vector<bool> &Defined) {
  torch::autograd::variable_list All;
  size_t Next = 0;
  for (bool D : Defined)
    All.push_back(D && Next < Some.size() ? Some[Next++] : at::Tensor());
  TORCH_CHECK(Next == Some.size(), "opgen: ", Some.size(),
              " tensors for ", Next, " defined outputs");
  return All;
}

/// The gradient a backward returned for an optional tensor input: none when
/// the input was absent (autograd rejects a gradient for an input that was
/// not a tensor), whatever the backward returned.
inline at::Tensor grad_if(bool Present, at::Tensor Grad) {
  return Present ? std::move(Grad) : at::Tensor();
}

/// The flags of defined_only as a saved_data value, and back.
inline c10::IValue flags(const std::vector<bool> &Flags) {
  c10::List<bool> List;
  for (bool F : Flags)
    List.push_back(F);
  return List;
}
inline std::vector<bool> flags(const c10::IValue &Saved) {
  std::vector<bool> Flags;
  for (bool F : Saved.toBoolList())
    Flags.push_back(F);
  return Flags;
}

/// The `output_mask` of a backward: for each tensor input of the forward,
/// whether this backward pass needs its gradient. \p Edges holds each tensor
/// input's autograd edge (Function::apply numbers only the defined tensors),
/// or -1 for an undefined optional tensor, which needs none.
template <size_t N>
std::array<bool, N> output_mask(const torch::autograd::AutogradContext *Ctx,
                                const std::vector<int64_t> &Edges) {
  TORCH_CHECK(Edges.size() == N, "opgen: ", Edges.size(),
              " autograd edges for an output_mask of ", N);
  std::array<bool, N> Mask{};
  for (size_t I = 0; I < N; ++I)
    Mask[I] = Edges[I] >= 0 && Ctx->needs_input_grad(static_cast<size_t>(Edges[I]));
  return Mask;
}

/// Calls \p F(argument index, tensor) for every defined tensor of the \p N
/// stack values from \p Start: `Tensor`, `Tensor?`, `Tensor[]`, `Tensor?[]`.
template <typename F>
void for_each_tensor(const torch::jit::Stack &Stack, size_t Start, size_t N, F Fn) {
  for (size_t I = 0; I < N; ++I) {
    const c10::IValue &V = Stack[Start + I];
    if (V.isTensor()) {
      if (V.toTensor().defined())
        Fn(I, V.toTensor());
    } else if (V.isList()) {
      for (const c10::IValue &E : V.toListRef())
        if (E.isTensor() && E.toTensor().defined())
          Fn(I, E.toTensor());
    }
  }
}

/// What differentiating an op without a backward raises. The stable
/// flavour's Python registration (fakes.py) raises the same words
/// (noBackwardMessage in opgen's emit/api/Names.cpp).
inline std::string no_backward_message(const c10::FunctionSchema &S) {
  std::string Name = S.name();
  if (!S.overload_name().empty())
    Name += "." + S.overload_name();
  return Name + " has no backward, so it cannot be differentiated; write one "
                "with [[custom_op_backward(\"" + Name + "\")]], or call it on "
                "tensors that do not require grad (or under torch.no_grad())";
}

/// A new autograd node of type \p NodeT, held as torch holds nodes: a
/// std::shared_ptr up to torch 2.14, a c10::intrusive_ptr from 2.15 on (the
/// type of Edge::function tells which), so the runtime builds with both.
template <class NodeT, class... Args> auto make_node(Args &&...A) {
  using Held = decltype(std::declval<torch::autograd::Edge &>().function);
  if constexpr (std::is_same_v<Held, std::shared_ptr<torch::autograd::Node>>)
    return std::make_shared<NodeT>(std::forward<Args>(A)...);
  else
    return c10::make_intrusive<NodeT>(std::forward<Args>(A)...);
}

/// Runs the op below autograd (its kernel's nested ATen calls skip autograd,
/// as under torch's autogradNotImplementedFallback), then bumps the version
/// of each input it mutated, so that tensors saved before it are detected.
inline void run_below_autograd(const c10::OperatorHandle &Op,
                               c10::DispatchKeySet Keys, torch::jit::Stack *Stack,
                               c10::SmallVectorImpl<at::Tensor> &Mutated) {
  {
    at::AutoDispatchBelowADInplaceOrView Guard;
    Op.redispatchBoxed(Keys & c10::after_ADInplaceOrView_keyset, Stack);
  }
  for (const at::Tensor &T : Mutated)
    torch::autograd::increment_version(T);
}

/// no_backward's call when grad mode is on and an input requires grad: the
/// op runs and every differentiable output and mutated input gets a node
/// that raises. Out of line, so that the common call stays small.
[[gnu::noinline]] inline void
no_backward_recording(const c10::OperatorHandle &Op, c10::DispatchKeySet Keys,
                      torch::jit::Stack *Stack,
                      c10::SmallVectorImpl<at::Tensor> &Mutated) {
  const c10::FunctionSchema &S = Op.schema();
  const size_t NumArgs = S.arguments().size(), NumReturns = S.returns().size();
  const size_t Start = Stack->size() - NumArgs;
  for (const at::Tensor &T : Mutated)
    torch::autograd::check_inplace(T, /*requires_grad=*/true);
  torch::autograd::edge_list Edges;
  {
    std::vector<at::Tensor> Inputs;
    for_each_tensor(*Stack, Start, NumArgs,
                    [&](size_t, const at::Tensor &T) { Inputs.push_back(T); });
    Edges = torch::autograd::collect_next_edges(Inputs);
  }
  auto node = [&] {
    return make_node<torch::autograd::Error>(no_backward_message(S),
                                             torch::autograd::edge_list(Edges));
  };
  run_below_autograd(Op, Keys, Stack, Mutated);
  for (const at::Tensor &T : Mutated)
    if (torch::autograd::isDifferentiableType(T.scalar_type()))
      torch::autograd::rebase_history(T, node());
  auto Outputs = node();
  for_each_tensor(*Stack, Stack->size() - NumReturns, NumReturns,
                  [&](size_t Ret, const at::Tensor &T) {
                    if (!S.is_aliasing({c10::SchemaArgType::output, Ret}) &&
                        torch::autograd::isDifferentiableType(T.scalar_type()))
                      torch::autograd::set_history(T, Outputs);
                  });
}

/// The Autograd kernel of an op without a [[custom_op_backward]] (a boxed
/// kernel: the same for every op). Without it torch's default autograd
/// fallback lets such an op through: outputs get a node that only warns,
/// and a mutated input keeps its old history, so its gradient is silently
/// wrong. Like torch's autogradNotImplementedFallback, it runs the op below
/// autograd and, when grad mode is on and a tensor input requires grad,
/// puts a node that raises no_backward_message() in the history of every
/// differentiable output and every mutated input (rebased, as an in-place
/// op's), whose edges are the tensor inputs: differentiating through any of
/// them raises. Each mutated tensor gets a node of its own, as rebasing a
/// view's history wants a node of one input; outputs that alias an input
/// are that input. Mutated inputs have their version bumped (so saved
/// tensors it overwrote are detected) and are checked as in-place ops'
/// (a leaf that requires grad cannot be mutated).
///
/// The common call (no input requires grad, or grad mode off) costs what
/// torch's own fallback for ops without an Autograd kernel costs, plus the
/// guard (nested ATen calls of the kernel skip autograd, as they do under
/// torch's autogradNotImplementedFallback) and the version bumps
/// (docs/performance.md, item 5, has the instruction counts).
inline void no_backward(const c10::OperatorHandle &Op, c10::DispatchKeySet Keys,
                        torch::jit::Stack *Stack) {
  const c10::FunctionSchema &S = Op.schema();
  const size_t NumArgs = S.arguments().size();
  const size_t Start = Stack->size() - NumArgs;
  // The common call allocates nothing: the mutated inputs (held past the
  // redispatch, which pops the arguments) fit in place.
  c10::SmallVector<at::Tensor, 4> Mutated;
  bool AnyRequiresGrad = false;
  for_each_tensor(*Stack, Start, NumArgs, [&](size_t Arg, const at::Tensor &T) {
    // A tensor without autograd metadata neither requires grad nor has a
    // forward gradient (both live there): the common call checks no more.
    // (Not torch::autograd::isFwGradDefined: it takes an optional<Tensor>,
    // a copy of each input, two atomic refcount updates.)
    if (T.unsafeGetTensorImpl()->autograd_meta()) {
      TORCH_CHECK_NOT_IMPLEMENTED(!T._fw_grad(/*level=*/0).defined(),
                                  "Trying to use forward AD with ", S.name(),
                                  ", which does not support it.");
      AnyRequiresGrad = AnyRequiresGrad || T.requires_grad();
    }
    if (S.is_mutable({c10::SchemaArgType::input, Arg}))
      Mutated.push_back(T);
  });
  if (AnyRequiresGrad && at::GradMode::is_enabled())
    return no_backward_recording(Op, Keys, Stack, Mutated);
  run_below_autograd(Op, Keys, Stack, Mutated);
}

} // namespace opgen::rt

#endif // OPGEN_AUTOGRAD_H
