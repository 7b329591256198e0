"""Hand-written tests of the defaults libraries (test/defaults, issue #25):
every op of the classic (dflt) and the stable (sdflt) flavour, called with
its defaults left out and with them given, eagerly against a reference
computed here, under FakeTensorMode, torch.compile(fullgraph=True) and
torch.export. torch leaves trailing arguments equal to their defaults (and
keyword-only ones equal to theirs) out of the call of a Python fake, so a
fake whose parameters lack the defaults fails with a TypeError."""
import importlib.util
import os
import warnings

import pytest
import torch
from torch._subclasses.fake_tensor import FakeTensorMode

import dflt  # noqa: F401  (loads the classic library)
import sdflt  # noqa: F401  (loads the stable library, its fakes and autograd)

NS = {"classic": torch.ops.dflt, "stable": torch.ops.sdflt}


def _x(*shape, dtype=torch.float32):
    torch.manual_seed(0)
    return torch.randn(*shape, dtype=dtype)


def _affine_ref(x, scale=1.5, shift=0, negate=False, mode="add", dtype=None):
    y = x * scale + shift if mode == "add" else x * scale - shift
    y = -y if negate else y
    return y.to(dtype) if dtype is not None else y


def _pick_classic_ref(x, dims=(0,), w=None, k=None, *, alpha=1.0, keepdim=False):
    y = x.sum(list(dims), keepdim=keepdim) * alpha
    return y + (w if w is not None else 0) + (k if k is not None else 0)


def _pick_stable_ref(x, w=None, coeffs=(1, 1), k=None, *, alpha=1.0):
    y = coeffs[0] * x + (coeffs[1] * w if w is not None else 0)
    return alpha * y + (k if k is not None else 0)


def _pair_ref(x, others, weights=(), *, swap=False):
    acc = sum(o * (weights[i] if weights else 1.0) for i, o in enumerate(others))
    return (x - acc, x + acc) if swap else (x + acc, x - acc)


def _clamp_ref(x, lo=None, hi=None):
    return x if lo is None and hi is None else x.clamp(lo, hi)


# (flavour, op, args, kwargs, reference of the result (functional ops) or
# of the written argument (mutating ops), defaults left out?)
FUNCTIONAL = [
    ("classic", "affine", lambda: ((_x(3, 4),), {}), _affine_ref, True),
    ("classic", "affine",
     lambda: ((_x(3, 4), 0.5, 2, True, "sub", torch.float64), {}), _affine_ref, False),
    ("stable", "affine", lambda: ((_x(3, 4),), {}), _affine_ref, True),
    ("stable", "affine",
     lambda: ((_x(3, 4), 0.5, 2, True, "sub"), {}), _affine_ref, False),
    ("classic", "pick", lambda: ((_x(3, 4),), {}), _pick_classic_ref, True),
    ("classic", "pick",
     lambda: ((_x(3, 4), [1], _x(3, 1), 3), {"alpha": 2.0, "keepdim": True}),
     _pick_classic_ref, False),
    ("stable", "pick", lambda: ((_x(3, 4),), {}), _pick_stable_ref, True),
    ("stable", "pick",
     lambda: ((_x(3, 4), _x(3, 4) + 1, [2, -3], 4), {"alpha": 0.5}),
     _pick_stable_ref, False),
    ("classic", "pair", lambda: ((_x(3, 4), [_x(3, 4), _x(3, 4) * 2]), {}), _pair_ref, True),
    ("classic", "pair",
     lambda: ((_x(3, 4), [_x(3, 4), _x(3, 4) * 2], [0.5, -1.0]), {"swap": True}),
     _pair_ref, False),
    ("stable", "pair", lambda: ((_x(3, 4), [_x(3, 4), _x(3, 4) * 2]), {}), _pair_ref, True),
    ("stable", "pair",
     lambda: ((_x(3, 4), [_x(3, 4), _x(3, 4) * 2], [0.5, -1.0]), {"swap": True}),
     _pair_ref, False),
]

MUTATING = [
    ("classic", "clamp_", lambda: ((_x(3, 4),), {}), _clamp_ref, True),
    ("classic", "clamp_", lambda: ((_x(3, 4), -0.5, 0.5), {}), _clamp_ref, False),
    ("stable", "clamp_", lambda: ((_x(3, 4),), {}), _clamp_ref, True),
    ("stable", "clamp_", lambda: ((_x(3, 4), -0.5), {"hi": 0.5}), _clamp_ref, False),
]


def _ids(case):
    return f"{case[0]}-{case[1]}-{'defaults' if case[4] else 'given'}"


def _op(flavour, name):
    return getattr(NS[flavour], name).default


def _clone(value):
    return torch.utils._pytree.tree_map_only(torch.Tensor, lambda t: t.clone(), value)


def _assert_like(fake, real):
    fakes = fake if isinstance(fake, (tuple, list)) else (fake,)
    reals = real if isinstance(real, (tuple, list)) else (real,)
    assert len(fakes) == len(reals)
    for f, r in zip(fakes, reals):
        assert f.shape == r.shape and f.dtype == r.dtype


def _compile(fn):
    torch._dynamo.reset()
    return torch.compile(fn, fullgraph=True, backend="aot_eager")


@pytest.mark.parametrize("case", FUNCTIONAL, ids=_ids)
def test_functional_values(case):
    flavour, name, make, ref, _ = case
    args, kwargs = make()
    torch.testing.assert_close(_op(flavour, name)(*args, **kwargs), ref(*args, **kwargs))


@pytest.mark.parametrize("case", FUNCTIONAL, ids=_ids)
def test_functional_fake(case):
    flavour, name, make, ref, _ = case
    args, kwargs = make()
    real = ref(*args, **kwargs)
    mode = FakeTensorMode()
    fake_args, fake_kwargs = torch.utils._pytree.tree_map_only(
        torch.Tensor, mode.from_tensor, (args, kwargs))
    with mode:
        fake = _op(flavour, name)(*fake_args, **fake_kwargs)
    _assert_like(fake, real)


@pytest.mark.parametrize("case", FUNCTIONAL, ids=_ids)
def test_functional_compile(case):
    flavour, name, make, ref, _ = case
    args, kwargs = make()
    op = _op(flavour, name)
    compiled = _compile(lambda *a: op(*a, **kwargs))
    torch.testing.assert_close(compiled(*args), ref(*args, **kwargs))


class _Call(torch.nn.Module):
    def __init__(self, op, constants, kwargs):
        super().__init__()
        self.op, self.constants, self.kwargs = op, constants, kwargs

    def forward(self, x, *tensors):
        # x and the tensor arguments are inputs; numbers, strings, dtypes
        # are constants of the graph.
        it = iter(tensors)
        args = [x] + [next(it) if c is _TENSOR else
                      [next(it) for _ in c] if isinstance(c, _TensorList) else c
                      for c in self.constants]
        kwargs = {k: next(it) if v is _TENSOR else v for k, v in self.kwargs.items()}
        return self.op(*args, **kwargs)


_TENSOR = object()


class _TensorList(list):
    pass


def _split(args, kwargs):
    """The tensors of (args[1:], kwargs) as module inputs, the rest as
    constants."""
    tensors, constants = [], []
    for a in args[1:]:
        if isinstance(a, torch.Tensor):
            tensors.append(a)
            constants.append(_TENSOR)
        elif isinstance(a, list) and a and isinstance(a[0], torch.Tensor):
            tensors.extend(a)
            constants.append(_TensorList([None] * len(a)))
        else:
            constants.append(a)
    kw = {}
    for k, v in kwargs.items():
        if isinstance(v, torch.Tensor):
            tensors.append(v)
            kw[k] = _TENSOR
        else:
            kw[k] = v
    return tensors, constants, kw


@pytest.mark.parametrize("case", FUNCTIONAL + MUTATING, ids=_ids)
def test_export(case):
    flavour, name, make, ref, _ = case
    args, kwargs = make()
    tensors, constants, kw = _split(args, kwargs)
    module = _Call(_op(flavour, name), constants, kw)
    ep = torch.export.export(module, (args[0], *tensors))
    x = args[0].clone()
    got = ep.module()(x, *tensors)
    if case in MUTATING:
        torch.testing.assert_close(x, ref(*_clone(args), **kwargs))
    else:
        torch.testing.assert_close(got, ref(*args, **kwargs))


@pytest.mark.parametrize("case", MUTATING, ids=_ids)
def test_mutating_values_fake_compile(case):
    flavour, name, make, ref, defaults = case
    args, kwargs = make()
    expected = ref(*_clone(args), **kwargs)
    x = args[0].clone()
    assert _op(flavour, name)(x, *args[1:], **kwargs) is None
    torch.testing.assert_close(x, expected)
    assert torch.equal(x, args[0]) == defaults  # writes only when given a bound
    with FakeTensorMode() as mode:
        _op(flavour, name)(mode.from_tensor(args[0]), *args[1:], **kwargs)
    x = args[0].clone()
    op = _op(flavour, name)
    _compile(lambda t: op(t, *args[1:], **kwargs))(x)
    torch.testing.assert_close(x, expected)


@pytest.mark.parametrize("flavour,op", [("classic", torch.ops.dflt.scale.out),
                                        ("stable", torch.ops.sdflt.scale_out.default)])
@pytest.mark.parametrize("alpha", [None, 3.0])
def test_out_argument(flavour, op, alpha):
    x = _x(3, 4)
    kwargs = {} if alpha is None else {"alpha": alpha}
    out = torch.empty(3, 4)
    result = op(x, out=out, **kwargs)
    torch.testing.assert_close(out, x * (2.0 if alpha is None else alpha))
    assert result is out if flavour == "classic" else result is None
    with FakeTensorMode() as mode:
        fake_out = mode.from_tensor(torch.empty(3, 4))
        result = op(mode.from_tensor(x), out=fake_out, **kwargs)
    assert flavour == "stable" or result is fake_out
    if flavour == "stable":
        # -> (): auto-functionalized under compile and export.
        out = torch.empty(3, 4)
        _compile(lambda a, o: op(a, out=o, **kwargs))(x, out)
        torch.testing.assert_close(out, x * (2.0 if alpha is None else alpha))


@pytest.mark.parametrize("flavour", ["classic", "stable"])
@pytest.mark.parametrize("n", [None, 2])
def test_view(flavour, n):
    x = _x(3, 4)
    view = NS[flavour].head.default(x, *([] if n is None else [n]))
    assert view.shape == (1 if n is None else 2, 4)
    assert view.data_ptr() == x.data_ptr()  # -> Tensor(a): shares x's storage
    if flavour == "classic":
        # x.narrow of a meta-safe kernel: registered for Meta, its own fake.
        with FakeTensorMode() as mode:
            fake = NS[flavour].head.default(mode.from_tensor(x),
                                            *([] if n is None else [n]))
        assert fake.shape == view.shape


@pytest.mark.parametrize("flavour,op,args", [
    ("classic", "nofake", ()), ("classic", "nofake", (0.25,)),
    ("stable", "cast", ()), ("stable", "cast", (torch.float64, 0.25)),
    ("stable", "head", ()), ("stable", "head", (2,))])
def test_skeleton_raises_not_implemented(flavour, op, args):
    # Not a TypeError for a missing default: the skeleton's own message.
    with FakeTensorMode() as mode:
        with pytest.raises(NotImplementedError, match=f"{op} has no fake kernel"):
            getattr(NS[flavour], op).default(mode.from_tensor(_x(3, 4)), *args)


@pytest.mark.parametrize("scale,negate", [(None, None), (0.5, True)])
def test_stable_autograd_with_defaults_left_out(scale, negate):
    # setup_context reads scale and negate; torch fills the defaults in.
    x = _x(3, 4, dtype=torch.float64).requires_grad_()
    args = () if scale is None else (scale, 0, negate)
    torch.ops.sdflt.affine.default(x, *args).sum().backward()
    expected = 1.5 if scale is None else -scale
    torch.testing.assert_close(x.grad, torch.full_like(x, expected))
    assert torch.autograd.gradcheck(lambda t: torch.ops.sdflt.affine.default(t, *args),
                                    (x.detach().requires_grad_(),))


def _generated_tests(package, library):
    """The generated test module of a library of this directory."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.abspath(package.__file__))))
    path = os.path.join(root, f"{library}_gen", "tests", f"test_{package.__name__}_ops.py")
    spec = importlib.util.spec_from_file_location(f"_gen_{package.__name__}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _op_entry(tests, name):
    return next(op for op in tests.OPS if op["name"] == name)


def test_derived_samples_give_the_defaults_values():
    tests = _generated_tests(dflt, "defaults_ops")
    samples = tests._derived_samples(_op_entry(tests, "dflt::clamp_"), "cpu", torch.float32)
    # Two with the bounds left out, one with both given.
    assert [len(args) for args, _ in samples] == [1, 1, 3]
    assert all(isinstance(v, float) for v in samples[2][0][1:])
    (x, dims, w, k), kwargs = tests._derived_samples(
        _op_entry(tests, "dflt::pick"), "cpu", torch.float32)[2]
    assert dims == [1] and isinstance(w, torch.Tensor) and k == 2
    assert kwargs == {"alpha": 0.5, "keepdim": True}
    (x, scale, shift, negate, mode, dtype), _ = tests._derived_samples(
        _op_entry(tests, "dflt::affine"), "cpu", torch.float64)[2]
    # mode keeps its default: opgen cannot know which strings the kernel takes.
    assert (scale, shift, negate, mode, dtype) == (0.5, 1, True, "add", torch.float64)


def test_samples_write_warns_when_no_sample_writes():
    tests = _generated_tests(dflt, "defaults_ops")
    with pytest.warns(UserWarning, match=r"dflt::fill_big_: its schema says it writes x, "
                      r"but none of its 2 samples changed them"):
        tests.test_samples_write(_op_entry(tests, "dflt::fill_big_"), "cpu")
    # clamp_ writes x on the sample that gives it bounds: no warning.
    for package, library, name in ((dflt, "defaults_ops", "dflt::clamp_"),
                                   (sdflt, "defaults_stable_ops", "sdflt::clamp_")):
        tests = _generated_tests(package, library)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            tests.test_samples_write(_op_entry(tests, name), "cpu")
