

class _OpgenNoBackward(torch.autograd.Function):
    """A node that raises when differentiated. apply(message, dirty, outputs,
    *inputs): with dirty, rebases that mutated input's history onto it (as
    an in-place op does); else makes it the history of the outputs (a list,
    returned as they are). inputs, the op's tensors that require grad, are
    its edges."""

    @staticmethod
    def forward(ctx, message, dirty, outputs, *inputs):
        ctx.opgen_message = message
        if dirty is not None:
            ctx.mark_dirty(dirty)
            return dirty
        return tuple(outputs)

    @staticmethod
    def backward(ctx, *grads):
        raise RuntimeError(ctx.opgen_message)


def _opgen_tensors(value):
    """The tensors of an argument or a result: a tensor, a list or a tuple."""
    if isinstance(value, torch.Tensor):
        return [value]
    if isinstance(value, (list, tuple)):
        return [t for v in value for t in _opgen_tensors(v)]
    return []


def _opgen_register_no_backward(qualname, message):
    """Registers the Autograd kernel of a mutating op without a backward, as
    the classic flavour's C++ one (opgen::rt::no_backward) does: the op runs
    below autograd; with grad mode on and a tensor input that requires
    grad, every differentiable mutated input and output gets a node that
    raises message when differentiated. Mutated inputs have their version
    bumped and are checked as in-place ops' are."""
    op = torch._library.utils.lookup_op(qualname)
    names = [a.name for a in op._schema.arguments]
    mutated = {a.name for a in op._schema.arguments
               if a.alias_info is not None and a.alias_info.is_write}

    def differentiable(t):
        return t.is_floating_point() or t.is_complex()

    def kernel(keyset, *args, **kwargs):
        named = list(zip(names, args)) + list(kwargs.items())
        inputs = [t for _, v in named for t in _opgen_tensors(v)]
        dirty = [t for n, v in named if n in mutated for t in _opgen_tensors(v)]
        grad = torch.is_grad_enabled() and any(t.requires_grad for t in inputs)
        for t in dirty if grad else ():
            if t.requires_grad and t.is_leaf:
                raise RuntimeError("a leaf Variable that requires grad is being "
                                   "used in an in-place operation.")
            if t.requires_grad and t._base is not None and t._base.is_leaf:
                raise RuntimeError("a view of a leaf Variable that requires grad "
                                   "is being used in an in-place operation.")
        with torch._C._AutoDispatchBelowAutograd():
            result = op.redispatch(keyset & torch._C._after_autograd_keyset,
                                   *args, **kwargs)
        for t in dirty:
            torch.autograd.graph.increment_version(t)
        if not grad:
            return result
        edges = [t for t in inputs if t.requires_grad]
        for t in dirty:
            if differentiable(t):
                _OpgenNoBackward.apply(message, t, None,
                                       *[e for e in edges if e is not t])
        outputs = [t for t in _opgen_tensors(result) if differentiable(t)
                   and not any(t is i for i in inputs)]
        if outputs:
            _OpgenNoBackward.apply(message, None, outputs, *edges)
        return result

    namespace, name = qualname.split("::")
    library = torch.library.Library(namespace, "IMPL")
    library.impl(name, kernel, "Autograd", with_keyset=True)
    _OPGEN_LIBRARIES.append(library)


_OPGEN_LIBRARIES = []  # kept alive: a Library's registrations end with it
