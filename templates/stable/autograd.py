

# ${op} (Autograd): backward ${backward}, from ${where}
def _${identifier}_setup_context(${setup_parameters}):
${#each unpack_inputs}
    ${names} = inputs
${/each}
    outputs = ${outputs}
${#each save_for_backward}
    ctx.save_for_backward(${saved})
${/each}
    ctx.opgen_saved = {${saved_data}}
${#each mark_non_differentiable}
    ctx.mark_non_differentiable(${non_differentiable})
${/each}


def _${identifier}_backward(ctx, *grads):
${#each load_saved}
    saved = ctx.saved_tensors
${/each}
    input_grads = ${backward_op}(${backward_arguments})
${#each check_gradient_count}
    if len(input_grads) != ${count}:
        raise RuntimeError(f${message})
${/each}
    # One gradient per positional argument; None where there is none.
    return (${gradients})


torch.library.register_autograd(${op_name}, _${identifier}_backward,
                                setup_context=_${identifier}_setup_context)
