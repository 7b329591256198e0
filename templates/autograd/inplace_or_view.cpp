
// The ADInplaceOrView kernel of the ops without a backward that mutate an
// argument or return a view of one: it bumps the version counters of what
// they mutate and makes their views autograd views, as for a
// torch.library.custom_op (see opgen/autograd.h). Registered for:
${#each ops}
//   ${op}
${/each}
void ${name}(
    const c10::OperatorHandle &op, c10::DispatchKeySet keys, torch::jit::Stack *stack) {
  opgen::rt::inplace_or_view(op, keys, stack);
}
