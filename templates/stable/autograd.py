

# ${op} (Autograd): backward ${backward}, from ${where}
def _${identifier}_setup_context(${setup_parameters}):
    ${unpack_inputs}
    ${outputs}
    ${save_for_backward}
    ctx.opgen_saved = {${saved_data}}
    ${mark_non_differentiable}


def _${identifier}_backward(ctx, *grads):
    ${load_saved}
    input_grads = ${backward_op}(${backward_arguments})
    ${check_gradient_count}
    # One gradient per positional argument; None where there is none.
    return (${gradients})


torch.library.register_autograd(${op_name}, _${identifier}_backward,
                                setup_context=_${identifier}_setup_context)
