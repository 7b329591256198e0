

# ${op} (Autograd): ${about}
def _${identifier}_setup_context(${setup_parameters}):
    pass


def _${identifier}_backward(ctx, *grads):
    raise RuntimeError(${message})


torch.library.register_autograd(${op_name}, _${identifier}_backward,
                                setup_context=_${identifier}_setup_context)
