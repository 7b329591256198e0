_opgen_libraries = {}


def _opgen_has_fake(qualname):
    """Whether the op has a fake by now: a torch.library.register_fake
    function, or a Meta kernel (torch.library.Library(...).impl(..., "Meta"),
    or C++)."""
    entry = torch._library.simple_registry.singleton.find(qualname)
    if entry.fake_impl.kernel is not None:
        return True
    return any(torch._C._dispatch_has_kernel_for_dispatch_key(qualname, key)
               for key in ("Meta", "CompositeImplicitAutograd"))


def _opgen_register_skeleton(qualname, fn):
    """Registers fn, a skeleton that raises, as the op's fake, unless the op
    has a fake already: decided now, at import time, after the author's
    module registered its fakes (however it did: decorators, helpers)."""
    if _opgen_has_fake(qualname):
        return
    fn._opgen_skeleton = True
    namespace = qualname.split("::")[0]
    if namespace not in _opgen_libraries:
        _opgen_libraries[namespace] = torch.library.Library(namespace, "FRAGMENT")
    # Straight into the fake registry: torch.library.register_fake would also
    # insist that the registering module is the one m.set_python_module
    # names, and with PYTHON_MODULE that is the author's module, not this one.
    source = f"{fn.__code__.co_filename}:{fn.__code__.co_firstlineno}"
    torch._library.simple_registry.singleton.find(qualname).fake_impl.register(
        fn, source, lib=_opgen_libraries[namespace])
