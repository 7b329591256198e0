

class _OpgenNoBackward(torch.autograd.Function):
    """A node that raises when differentiated. apply(message, dirty,
    *inputs) rebases the history of dirty, a tensor the op overwrote, onto
    it (as an in-place op does); inputs, the op's tensors that require
    grad, are its edges."""

    @staticmethod
    def forward(ctx, message, dirty, *inputs):
        ctx.opgen_message = message
        ctx.mark_dirty(dirty)
        return dirty

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


def _opgen_overwritten(t):
    """Whether the history of t, which the op overwrote, is to be rebased:
    it requires grad and is no leaf, nor a view of one or one that torch
    forbids to modify in place (opgen::rt::detail::rebase_overwritten)."""
    if not t.requires_grad or t.is_leaf or not (t.is_floating_point() or t.is_complex()):
        return False
    if t._is_view():
        return (not t._base.is_leaf and torch._C._autograd._get_creation_meta(t)
                == torch._C._autograd.CreationMeta.DEFAULT)
    return True


def _opgen_register_no_backward(qualname, message):
    """Registers for a mutating op (or a view) without a backward what
    torch.library.custom_op registers for it without register_autograd,
    through torch's own code: the Autograd kernel of make_autograd_impl,
    whose backward raises message, and the ADInplaceOrView kernel (the
    version counters of the mutated arguments bumped, then torch's
    ADInplaceOrView fallback). As the classic flavour's C++ kernel
    (opgen::rt::no_backward), a mutated tensor that requires grad and is no
    leaf gets the raising node as its history (custom_op keeps the old one,
    a silently wrong gradient); here mark_dirty bumps its version counter
    once more."""
    op = torch._library.utils.lookup_op(qualname)
    schema = op._schema
    names = [a.name for a in schema.arguments]
    mutated = {a.name for a in schema.arguments
               if a.alias_info is not None and a.alias_info.is_write}

    def backward(ctx, *grads):
        raise RuntimeError(message)

    autograd_impl = torch._library.autograd.make_autograd_impl(
        op, torch._library.autograd.Info(backward, None))

    def autograd_kernel(keyset, *args, **kwargs):
        named = list(zip(names, args)) + list(kwargs.items())
        result = autograd_impl(keyset, *args, **kwargs)
        if torch.is_grad_enabled():
            edges = [t for _, v in named for t in _opgen_tensors(v) if t.requires_grad]
            for name, value in named:
                for t in _opgen_tensors(value) if name in mutated else ():
                    if _opgen_overwritten(t):
                        _OpgenNoBackward.apply(message, t, *[e for e in edges if e is not t])
        return result

    namespace, name = qualname.split("::")
    library = torch.library.Library(namespace, "IMPL")
    library.impl(name, autograd_kernel, "Autograd", with_keyset=True)
    library.m.register_ad_inplace_or_view_fallback(name)
    if mutated:
        fallback = torch._C._dispatch_get_computed_kernel_for_dispatch_key(
            qualname, "ADInplaceOrView")
        positions = [i for i, a in enumerate(schema.arguments)
                     if a.name in mutated and not a.kwarg_only]
        keywords = [a.name for a in schema.arguments if a.name in mutated and a.kwarg_only]

        # Up to torch 2.12, custom_op goes on through the fallback after its
        # version bumps; from 2.13 on (pytorch/pytorch#184715), a mutating
        # op that returns no view redispatches past ADInplaceOrView.
        through_fallback = schema._is_view_op() or \
            torch.torch_version.TorchVersion(torch.__version__) < (2, 13)
        after = torch._C._after_ADInplaceOrView_keyset

        def inplace_or_view(keyset, *args, **kwargs):
            for value in [*(args[i] for i in positions), *(kwargs[k] for k in keywords)]:
                for t in _opgen_tensors(value):
                    torch.autograd.graph.increment_version(t)
            if through_fallback:
                return fallback.call_boxed(keyset, *args, **kwargs)
            return op.redispatch(keyset & after, *args, **kwargs)

        import warnings

        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message="Warning only once for all operators")
            library.impl(name, inplace_or_view, "ADInplaceOrView", with_keyset=True)
    _OPGEN_LIBRARIES.append(library)


_OPGEN_LIBRARIES = []  # kept alive: a Library's registrations end with it
