// The Autograd kernel of the ops without a backward: as a
// torch.library.custom_op without register_autograd, a call with inputs
// that require grad ties the outputs to a node whose backward raises; other
// calls run the op below autograd (see opgen/autograd.h). Registered for:
${#each ops}
//   ${op}
${/each}
void ${name}(
    const c10::OperatorHandle &op, c10::DispatchKeySet keys, torch::jit::Stack *stack) {
  opgen::rt::no_backward(op, keys, stack);
}
