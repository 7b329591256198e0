// The Autograd kernel of the ops without a backward: it runs them below
// autograd, and differentiating their outputs or the inputs they mutate
// raises (see opgen/autograd.h). Registered for:
${#each ops}
//   ${op}
${/each}
void ${name}(
    const c10::OperatorHandle &op, c10::DispatchKeySet keys, torch::jit::Stack *stack) {
  opgen::rt::no_backward(op, keys, stack);
}

