// ${op} (Autograd): backward ${backward}, from ${where}
struct ${name} : public torch::autograd::Function<${name}> {
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext *ctx${parameters}) {
    ${call_below_autograd}
    ${record_edges}
${#each save_for_backward}
    ctx->save_for_backward({${saved}});
${/each}
${#each saved_data}
    ctx->saved_data[${key}] = ${value};
${/each}
${#each mark_non_differentiable}
    ctx->mark_non_differentiable({${non_differentiable}});
${/each}
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
${#each load_saved}
    const torch::autograd::variable_list saved = ctx->get_saved_variables();
${/each}
    const auto input_grads = backward_op.call(${backward_arguments});
${#each check_gradient_count}
    TORCH_CHECK(input_grads.size() == ${count}, ${returned}, input_grads.size(), ${has});
${/each}
    return {${gradients}};
  }
};

${wrapper}
