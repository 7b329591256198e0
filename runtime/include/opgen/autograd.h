//===- opgen/autograd.h - Helpers for generated Autograd kernels ---*- C++ -*-===//
///
/// \file
/// What the generated torch::autograd::Functions (autograd.cpp) share:
/// passing undefined tensors ("no gradient") through Function::apply, and
/// the `output_mask` a backward may take; and no_backward, the Autograd
/// kernels of the ops that have no backward (Autograd and ADInplaceOrView).
//===----------------------------------------------------------------------===//
#ifndef OPGEN_AUTOGRAD_H
#define OPGEN_AUTOGRAD_H

#include <ATen/core/LegacyTypeDispatch.h>
#include <ATen/core/dispatch/Dispatcher.h>
#include <ATen/core/grad_mode.h>
#include <c10/core/InferenceMode.h>
#include <c10/util/SmallVector.h>
#include <torch/csrc/autograd/VariableTypeUtils.h>
#include <torch/csrc/autograd/custom_function.h>
#include <torch/csrc/autograd/functions/basic_ops.h>
#include <torch/csrc/autograd/functions/utils.h>
#include <torch/csrc/autograd/variable.h>
#include <torch/version.h>

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_set>
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

namespace detail {

using TensorImplSet = std::unordered_set<at::TensorImpl *>;

/// How torch holds an autograd node: a std::shared_ptr up to torch 2.14, a
/// c10::intrusive_ptr from 2.15 on.
using NodeHolder = decltype(std::declval<torch::autograd::Edge &>().function);

/// torch::autograd::_wrap_outputs, whose signature changed in torch 2.15
/// (an intrusive_ptr node, and the node it attached returned through an
/// out parameter): the newer form where it exists, else the older.
template <class Holder>
auto wrap_outputs(int, const torch::autograd::variable_list &Inputs,
                  at::ArrayRef<std::optional<at::Tensor>> Raw, const Holder &Node,
                  const torch::autograd::_jvp_fn_t &Jvp,
                  const torch::autograd::_view_as_self_fn_t &ViewAsSelf)
    -> decltype(torch::autograd::_wrap_outputs(Inputs, TensorImplSet(), TensorImplSet(),
                                               Raw, Node, Jvp, TensorImplSet(),
                                               ViewAsSelf, false,
                                               std::declval<Holder &>())) {
  Holder Attached;
  return torch::autograd::_wrap_outputs(Inputs, {}, {}, Raw, Node, Jvp, {}, ViewAsSelf,
                                        /*pure_view=*/false, Attached);
}
template <class Holder>
auto wrap_outputs(long, const torch::autograd::variable_list &Inputs,
                  at::ArrayRef<std::optional<at::Tensor>> Raw, const Holder &Node,
                  const torch::autograd::_jvp_fn_t &Jvp,
                  const torch::autograd::_view_as_self_fn_t &ViewAsSelf)
    -> decltype(torch::autograd::_wrap_outputs(Inputs, TensorImplSet(), TensorImplSet(),
                                               Raw, Node, Jvp, TensorImplSet(),
                                               ViewAsSelf, false)) {
  return torch::autograd::_wrap_outputs(Inputs, {}, {}, Raw, Node, Jvp, {}, ViewAsSelf,
                                        /*pure_view=*/false);
}

/// A defined tensor in \p V (an undefined one is Python's None).
inline bool is_tensor(const c10::IValue &V) {
  return V.isTensor() && V.toTensor().defined();
}

/// Whether \p V is a list that torch.library's supports_tensorlist flattens
/// into its tensors: a list whose every element is a tensor (an empty list
/// too). A list holding a None, or no tensors, is one value of its own.
inline bool is_tensor_list(const c10::IValue &V) {
  if (!V.isList())
    return false;
  for (const c10::IValue &E : V.toListRef())
    if (!is_tensor(E))
      return false;
  return true;
}

/// Calls \p Fn on the tensors of \p V, one stack value: a tensor, or each
/// tensor of a list (Tensor[], Tensor?[], Tensor[]?; None skipped).
template <typename F> void each_tensor(const c10::IValue &V, F Fn) {
  if (is_tensor(V))
    Fn(V.toTensor());
  else if (V.isList())
    for (const c10::IValue &E : V.toListRef())
      if (is_tensor(E))
        Fn(E.toTensor());
}

/// Calls \p Fn on the tensors of \p V as an autograd.Function of
/// torch.library sees a value (supports_tensorlist): a tensor, or each
/// tensor of a list of nothing but tensors; returns whether \p V is one of
/// those (else it is one value outside the graph).
template <typename F> bool each_function_tensor(const c10::IValue &V, F Fn) {
  if (!is_tensor(V) && !is_tensor_list(V))
    return false;
  each_tensor(V, Fn);
  return true;
}

/// Calls \p Fn on the inputs of the autograd.Function that
/// torch.library.custom_op's Autograd kernel (torch/_library/autograd.py,
/// make_autograd_impl) applies: the tensors of the positional arguments
/// (each_function_tensor). Keyword-only arguments reach it as keyword
/// arguments and are not inputs.
template <typename F>
void each_function_input(const c10::FunctionSchema &S, const torch::jit::Stack &Stack,
                         size_t Start, F Fn) {
  for (size_t I = 0; I < S.arguments().size(); ++I)
    if (!S.arguments()[I].kwarg_only())
      each_function_tensor(Stack[Start + I], Fn);
}

/// The error node of the outputs of an op without a backward: differentiating
/// through it raises \p Message. Its edges are the op's tensor inputs.
inline auto raising_node(const std::string &Message,
                         const torch::autograd::variable_list &Inputs) {
  return make_node<torch::autograd::Error>(Message,
                                           torch::autograd::collect_next_edges(Inputs));
}

/// The mutated tensors whose history torch.library.custom_op keeps though
/// the op overwrote them: tensors that require grad and are no leaves (nor
/// views of one, whose base's history would change). Backward through them
/// would use the history of the values before the call: opgen gives them
/// the raising node instead, as an in-place op's (rebased). Leaves keep
/// theirs, as with custom_op (a leaf's history cannot be rebased).
inline void rebase_overwritten(const c10::FunctionSchema &S,
                               c10::ArrayRef<c10::IValue> Mutated,
                               const torch::autograd::variable_list &Inputs) {
  if (!at::GradMode::is_enabled())
    return;
  for (const c10::IValue &V : Mutated)
    each_tensor(V, [&](const at::Tensor &T) {
      if (!T.requires_grad() || !torch::autograd::isDifferentiableType(T.scalar_type()))
        return;
      auto *View = torch::autograd::impl::get_view_autograd_meta(T);
      if (View && !View->has_bw_view())
        View = nullptr;
      if (View ? View->get_backward_view().base_.is_leaf() ||
                     View->get_creation_meta() != torch::autograd::CreationMeta::DEFAULT
               : T.is_leaf())
        return;
      // The tensor written first among the node's edges, as an in-place
      // op's self (rebasing a view makes the node's first edge its base's).
      torch::autograd::variable_list Edges{T};
      for (const at::Tensor &I : Inputs)
        if (!I.is_same(T))
          Edges.push_back(I);
      auto Node = raising_node(no_backward_message(S), Edges);
      // A view is rebased through its base. Its version was bumped before
      // the kernel ran (ADInplaceOrView) and its grad_fn read since (the
      // node's edges: which rebuilds it from its base's and marks it
      // current): marked stale, so that rebasing rebuilds it from the
      // base's new history.
      if (View)
        View->set_attr_version(static_cast<uint32_t>(T._version()) + 1);
      torch::autograd::rebase_history(T, std::move(Node));
    });
}

/// The op's mutated arguments, as they are on the stack before the call
/// (held past the redispatch, which pops them; the common call allocates
/// nothing for them).
using MutatedArguments = c10::SmallVector<c10::IValue, 4>;
inline MutatedArguments mutated_arguments(const c10::FunctionSchema &S,
                                          const torch::jit::Stack &Stack, size_t Start) {
  MutatedArguments Mutated;
  for (size_t I = 0; I < S.arguments().size(); ++I)
    if (S.is_mutable({c10::SchemaArgType::input, I}))
      Mutated.push_back(Stack[Start + I]);
  return Mutated;
}

/// A view function that cannot be replayed (torch's ErroringViewFunc in
/// autograd_not_implemented_fallback.cpp): in-place ops on a view an op
/// without a backward returned raise instead of replaying the view.
struct ErroringViewFunc final : torch::autograd::ViewFunc {
  explicit ErroringViewFunc(std::string Message) : Message(std::move(Message)) {}
  at::Tensor operator()(const at::Tensor &) const override {
    TORCH_CHECK(false, Message);
    return {};
  }
  std::unique_ptr<torch::autograd::ViewFunc>
  clone_and_set(std::optional<std::vector<c10::SymInt>> = std::nullopt,
                std::optional<std::vector<at::Tensor>> = std::nullopt) const override {
    return std::make_unique<ErroringViewFunc>(Message);
  }
  std::string Message;
};

} // namespace detail

/// The Autograd kernel of an op without a [[custom_op_backward]] (a boxed
/// kernel: the same for every op): what torch.library.custom_op registers
/// for an op without register_autograd (make_autograd_impl in
/// torch/_library/autograd.py), in C++. When grad mode is on and a tensor
/// of a positional argument requires grad, the op runs as the forward of an
/// autograd.Function whose backward raises no_backward_message(): its
/// differentiable outputs get that node as history (through torch's own
/// _wrap_outputs, as Function.apply: an output that is an input becomes a
/// view of it, integer outputs stay out of the graph), a forward gradient
/// raises as a Function without jvp does. Otherwise the op runs below
/// autograd and nothing joins the graph. Mutated inputs keep their
/// requires_grad and, leaves or not requiring grad, their history, as
/// custom_op's do; one exception, so that no gradient comes out silently
/// wrong: a non-leaf that requires grad (custom_op keeps its old history)
/// gets the raising node, as an in-place op's. Version counters are bumped
/// by the ADInplaceOrView kernel, inplace_or_view below.
inline void no_backward(const c10::OperatorHandle &Op, c10::DispatchKeySet Keys,
                        torch::jit::Stack *Stack) {
  const c10::FunctionSchema &S = Op.schema();
  const size_t NumArgs = S.arguments().size(), NumReturns = S.returns().size();
  const size_t Start = Stack->size() - NumArgs;
  const bool Mutable = S.is_mutable();
  // custom_op's torch._C._any_requires_grad(*args): the Function's inputs.
  bool Record = false;
  if (at::GradMode::is_enabled())
    detail::each_function_input(S, *Stack, Start, [&](const at::Tensor &T) {
      Record = Record || T.requires_grad();
    });
  detail::MutatedArguments Mutated;
  if (Mutable && at::GradMode::is_enabled())
    Mutated = detail::mutated_arguments(S, *Stack, Start);
  if (!Record) {
    // The common call: nothing is allocated for the autograd graph.
    {
      at::AutoDispatchBelowAutograd Guard;
      Op.redispatchBoxed(Keys & c10::after_autograd_keyset, Stack);
    }
    // Here only a keyword-only argument can be a mutated tensor that
    // requires grad; its node's edges are the mutated tensors.
    torch::autograd::variable_list Written;
    for (const c10::IValue &V : Mutated)
      detail::each_tensor(V, [&](const at::Tensor &T) {
        if (T.requires_grad())
          Written.push_back(T);
      });
    if (!Written.empty())
      detail::rebase_overwritten(S, Mutated, Written);
    return;
  }
  torch::autograd::variable_list Inputs;
  detail::each_function_input(S, *Stack, Start,
                              [&](const at::Tensor &T) { Inputs.push_back(T); });
  auto Node = detail::raising_node(no_backward_message(S), Inputs);
  {
    // Function.apply runs the forward with grad mode (and forward grad
    // mode) off; custom_op's forward redispatches below autograd.
    at::AutoGradMode NoGrad(false);
    at::AutoFwGradMode NoFwGrad(false);
    at::AutoDispatchBelowAutograd Guard;
    Op.redispatchBoxed(Keys & c10::after_autograd_keyset, Stack);
  }
  // The forward's result as Function.apply sees it: `()` is one None, a
  // list of tensors is flattened (supports_tensorlist), anything else
  // that is not a tensor is one value outside the graph.
  const size_t First = Stack->size() - NumReturns;
  std::vector<std::optional<at::Tensor>> Raw;
  if (NumReturns == 0)
    Raw.emplace_back();
  for (size_t R = 0; R < NumReturns; ++R)
    if (!detail::each_function_tensor((*Stack)[First + R],
                                      [&](const at::Tensor &T) { Raw.emplace_back(T); }))
      Raw.emplace_back();
  torch::autograd::_jvp_fn_t Jvp = [](const torch::autograd::variable_list &,
                                      const torch::autograd::variable_list &)
      -> torch::autograd::variable_list {
    TORCH_CHECK_NOT_IMPLEMENTED(false, "You must implement the jvp function for custom "
                                       "autograd.Function to use it with forward mode AD.");
    return {};
  };
  auto Wrapped = detail::wrap_outputs(
      0, Inputs, Raw, detail::NodeHolder(Node), Jvp,
      [](const at::Tensor &X) { return X.view_as(X); });
  // Back onto the stack: an output that was an input is now a view of it.
  size_t Next = NumReturns == 0 ? 1 : 0;
  for (size_t R = 0; R < NumReturns; ++R) {
    c10::IValue &V = (*Stack)[First + R];
    if (detail::is_tensor(V)) {
      V = *Wrapped[Next++];
    } else if (detail::is_tensor_list(V)) {
      // A returned list is a Tensor[] (a schema returns no Tensor?[]).
      c10::List<at::Tensor> List;
      for (size_t E = 0; E < V.toListRef().size(); ++E)
        List.push_back(*Wrapped[Next++]);
      V = std::move(List);
    } else {
      ++Next;
    }
  }
  if (!Mutated.empty())
    detail::rebase_overwritten(S, Mutated, Inputs);
}

/// Whether torch.library.custom_op's ADInplaceOrView kernel of a mutating
/// op that returns no view goes on through torch's ADInplaceOrView fallback
/// after its version bumps (which bumps a returned `Tensor(a!)` once more):
/// so up to torch 2.12; pytorch/pytorch#184715, merged after 2.12's branch
/// cut, redispatches past it (checked: 2.11 does, 2.15 does not).
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 13)
inline constexpr bool FallbackAfterMutation = false;
#else
inline constexpr bool FallbackAfterMutation = true;
#endif

/// The ADInplaceOrView kernel of an op without a backward that mutates an
/// argument or returns a view of one, as torch.library.custom_op registers
/// it: the version counter of every tensor of a mutated argument is bumped
/// (before the call; inference tensors have none), then torch's
/// ADInplaceOrView fallback (for a mutating op that returns no view, only
/// where FallbackAfterMutation): the op runs below ADInplaceOrView, a
/// returned `Tensor(a!)` is bumped once more, and a returned view
/// (`Tensor(a)`) becomes an autograd view of its input whose in-place use
/// raises. Unlike torch's fallback, the view may be of any argument, not
/// only the first.
inline void inplace_or_view(const c10::OperatorHandle &Op, c10::DispatchKeySet Keys,
                            torch::jit::Stack *Stack) {
  const c10::FunctionSchema &S = Op.schema();
  const size_t NumArgs = S.arguments().size(), NumReturns = S.returns().size();
  const size_t Start = Stack->size() - NumArgs;
  bool View = false; // an argument aliased without a write: a view op
  at::Tensor ViewBase;
  for (size_t I = 0; I < NumArgs; ++I) {
    const c10::IValue &V = (*Stack)[Start + I];
    if (S.is_mutable({c10::SchemaArgType::input, I})) {
      detail::each_tensor(V, [](const at::Tensor &T) {
        if (!T.is_inference())
          torch::autograd::increment_version(T);
      });
    } else if (S.is_aliasing({c10::SchemaArgType::input, I})) {
      View = true;
      if (detail::is_tensor(V))
        ViewBase = V.toTensor();
    }
  }
  {
    at::AutoDispatchBelowADInplaceOrView Guard;
    Op.redispatchBoxed(Keys & c10::after_ADInplaceOrView_keyset, Stack);
  }
  if (!View && !FallbackAfterMutation)
    return;
  const size_t First = Stack->size() - NumReturns;
  for (size_t R = 0; R < NumReturns; ++R) {
    c10::IValue &V = (*Stack)[First + R];
    if (S.is_mutable({c10::SchemaArgType::output, R})) {
      torch::autograd::increment_version(V.toTensor());
    } else if (ViewBase.defined() && S.is_aliasing({c10::SchemaArgType::output, R}) &&
               detail::is_tensor(V) &&
               V.toTensor().unsafeGetTensorImpl() != ViewBase.unsafeGetTensorImpl()) {
      const std::string Name = S.name();
      V = torch::autograd::as_view(
          ViewBase, V.toTensor(), /*is_bw_differentiable=*/true,
          /*is_fw_differentiable=*/true,
          std::make_unique<detail::ErroringViewFunc>(
              "Mutating the view " + Name +
              "which does not have a derivative implemented is forbidden."),
          [Name](const at::Tensor &) -> at::Tensor {
            TORCH_CHECK(false, "Accessing the reverse view for ", Name,
                        " which does not have a derivative implemented is forbidden.");
            return {};
          },
          c10::InferenceMode::is_enabled() ? torch::autograd::CreationMeta::INFERENCE_MODE
          : at::GradMode::is_enabled()     ? torch::autograd::CreationMeta::DEFAULT
                                           : torch::autograd::CreationMeta::NO_GRAD_MODE);
    }
  }
}

} // namespace opgen::rt

#endif // OPGEN_AUTOGRAD_H
