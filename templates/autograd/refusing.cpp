// ${op} (Autograd): the backward of ${backward_of}; it has no backward of its own
${forward}
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
