// ${op} (Autograd): backward ${backward}, from ${where}
struct ${name} : public torch::autograd::Function<${name}> {
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext *ctx${parameters}) {
    ${call_below_autograd}
    ${record_edges}
    ${save_for_backward}
${#each saved_data}
    ctx->saved_data[${key}] = ${value};
${/each}
    ${mark_non_differentiable}
    ${keep_defined}
    return outputs;
  }

  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext *ctx,
      torch::autograd::variable_list ${grads_parameter}) {
    static const auto backward_op = c10::Dispatcher::singleton()
        .findSchemaOrThrow(${backward_name}, ${backward_overload})
        .typed<${backward_function_type}>();
    ${load_grads}
    ${load_saved}
    const auto input_grads = backward_op.call(${backward_arguments});
    ${check_gradient_count}
    return {${gradients}};
  }
};

${wrapper}
