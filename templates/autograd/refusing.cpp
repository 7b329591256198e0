// ${op} (Autograd): the backward of ${backward_of}; it has no backward of its own
${forward}
    return outputs;
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext *,
      torch::autograd::variable_list) {
    TORCH_CHECK(false, ${message});
    return {};
  }
};

${wrapper}
