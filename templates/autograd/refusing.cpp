// ${op} (Autograd): the backward of ${backward_of}; it has no backward of its own
struct ${name} : public torch::autograd::Function<${name}> {
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext *ctx${parameters}) {
    ${call_below_autograd}
    // Undefined gradients cannot pass through apply (see opgen/autograd.h).
    return opgen::rt::defined_only(outputs, *defined);
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext *,
      torch::autograd::variable_list) {
    TORCH_CHECK(false, ${message});
    return {};
  }
};

${wrapper}
