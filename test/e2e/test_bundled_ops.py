"""End-to-end checks of the bundled ``mylib`` op library (kernels/*.cpp).

Runs after the build has generated and compiled the op library: the package
``mylib`` is imported from ``$OPGEN_BUILD_DIR/kernels/python`` (default
``<repo>/build``). Every op is run through the dispatcher
(``torch.ops.mylib.<op>.<overload>``) on every sample of
``kernels/samples.py`` in float32 and float64 and compared with the
plain-torch reference in ``reference.py``.

If the package has not been built, the whole module is skipped, loudly: the
reason is printed and issued as a warning. Set ``OPGEN_E2E_REQUIRED=1`` to
turn that skip into an error (for CI). A package that exists but fails to
import is always an error.
"""

import importlib.util
import os
import sys
import warnings
from pathlib import Path

import pytest
import torch
import torch.utils._python_dispatch

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
BUILD_DIR = Path(os.environ.get("OPGEN_BUILD_DIR") or REPO / "build")
PYTHON_DIR = BUILD_DIR / "kernels" / "python"


def _load_by_path(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _skip_loudly(reason):
    banner = "!" * 78
    print(f"\n{banner}\n{reason}\n{banner}", file=sys.stderr, flush=True)
    print(f"\n{banner}\n{reason}\n{banner}", flush=True)
    warnings.warn(reason, pytest.PytestWarning, stacklevel=2)
    pytest.skip(reason, allow_module_level=True)


def _import_mylib():
    if PYTHON_DIR.is_dir() and str(PYTHON_DIR) not in sys.path:
        sys.path.insert(0, str(PYTHON_DIR))
    hint = (
        "Build the project (OPGEN_BUILD_KERNELS=ON) or point OPGEN_BUILD_DIR at a "
        "build directory; set OPGEN_E2E_REQUIRED=1 to make this an error."
    )
    required = bool(os.environ.get("OPGEN_E2E_REQUIRED"))
    try:
        import mylib
    except ImportError as error:
        if (PYTHON_DIR / "mylib").exists() or required:
            raise  # built but broken, or required: a real failure
        _skip_loudly(
            f"END-TO-END TESTS NOT RUN: the bundled op package 'mylib' is not built "
            f"({PYTHON_DIR / 'mylib'} does not exist; import failed with: {error}). {hint}"
        )
    if getattr(mylib, "__file__", None) is None:
        # An empty directory imports as a namespace package: a build that has
        # not laid out the package (yet).
        reason = (
            f"END-TO-END TESTS NOT RUN: the bundled op package 'mylib' is incomplete "
            f"({list(mylib.__path__)} has no __init__.py). {hint}"
        )
        if required:
            raise ImportError(reason)
        _skip_loudly(reason)
    return mylib


mylib = _import_mylib()
reference = _load_by_path("opgen_e2e_reference", HERE / "reference.py")
samples = _load_by_path("opgen_kernel_samples", REPO / "kernels" / "samples.py")
SAMPLES = samples.SAMPLES
REFERENCES = reference.REFERENCES

# The schemas the kernels' signatures are meant to produce, as PyTorch prints
# them (str(torch.ops.ns.op.overload._schema)).
EXPECTED_SCHEMAS = {
    "mylib::crop": "mylib::crop(Tensor pic, int[] box) -> Tensor",
    "mylib::paste": "mylib::paste(Tensor im, Tensor patch, int[] coord) -> Tensor",
    "mylib::box_blur": "mylib::box_blur(Tensor pic, SymInt[] kernel_size=[3]) -> Tensor",
    "mylib::sin_out": "mylib::sin_out(Tensor x, Tensor(a!) out) -> ()",
    "mylib::sin": "mylib::sin(Tensor x) -> Tensor",
    "mylib::clamp_": "mylib::clamp_(Tensor(a!) x, float lo, float hi) -> ()",
    "mylib::muladd": "mylib::muladd(Tensor a, Tensor b, float c) -> Tensor",
    "mylib::muladd.out": (
        "mylib::muladd.out(Tensor a, Tensor b, float c, *, Tensor(a!) out) -> Tensor(a!)"
    ),
    "mylib::soft_clip": "mylib::soft_clip(Tensor x, float limit) -> Tensor",
    "mylib::softplus_beta": "mylib::softplus_beta(Tensor x, float beta) -> Tensor",
    "mylib::pad_rows": (
        'mylib::pad_rows(Tensor x, SymInt pad, Tensor? weight=None, str mode="constant", '
        "float value=0., ScalarType? dtype=None) -> Tensor"
    ),
    "mylib::topk_rows": (
        "mylib::topk_rows(Tensor x, int k, bool largest=True) -> (Tensor, Tensor)"
    ),
    "mylib::positive_values": "mylib::positive_values(Tensor x) -> Tensor",
    "mylib::crop_backward": (
        "mylib::crop_backward(Tensor grad, Tensor pic, int[] box) -> Tensor"
    ),
    "mylib::muladd_backward": (
        "mylib::muladd_backward(Tensor grad, Tensor a, Tensor b) -> (Tensor, Tensor)"
    ),
    "mylib::topk_rows_backward": (
        "mylib::topk_rows_backward(Tensor grad_0, Tensor x, Tensor result_1) -> Tensor"
    ),
    "mylib::gated": "mylib::gated(Tensor x, Tensor gate) -> Tensor",
    "mylib::gated_backward": "mylib::gated_backward(Tensor grad, Tensor gate) -> (Tensor, Tensor)",
    "mylib::gated_backward_backward": (
        "mylib::gated_backward_backward(Tensor grad_0, Tensor gate) -> (Tensor, Tensor)"
    ),
    "mylib::affine": "mylib::affine(Tensor x, Tensor? weight=None, Tensor? bias=None) -> Tensor",
    "mylib::affine_backward": (
        "mylib::affine_backward(Tensor grad, Tensor x, Tensor? weight, bool[3] output_mask) "
        "-> (Tensor, Tensor, Tensor)"
    ),
}

DTYPES = [torch.float32, torch.float64]


def op_overload(name):
    """torch.ops.<ns>.<op>.<overload> for "ns::op" / "ns::op.overload"."""
    ns, rest = name.split("::")
    op, _, overload = rest.partition(".")
    return getattr(getattr(getattr(torch.ops, ns), op), overload or "default")


def _id(name):
    """A test id without "::" (which pytest uses to separate node ids)."""
    return name.replace("::", ".")


def _cases():
    for name in sorted(SAMPLES):
        for dtype in DTYPES:
            count = len(SAMPLES[name]("cpu", dtype, False))
            for index in range(count):
                yield pytest.param(name, dtype, index,
                                   id=f"{_id(name)}-{str(dtype).replace('torch.', '')}-{index}")


def _tensors(value):
    if isinstance(value, torch.Tensor):
        yield value
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _tensors(v)


def _bind(schema, args, kwargs):
    """Map argument name -> value for a call op(*args, **kwargs)."""
    bound = {}
    for i, arg in enumerate(schema.arguments):
        if i < len(args):
            bound[arg.name] = args[i]
        elif arg.name in kwargs:
            bound[arg.name] = kwargs[arg.name]
    return bound


def _shares_storage(a, b):
    return a.untyped_storage().data_ptr() == b.untyped_storage().data_ptr() and a.numel() and b.numel()


def test_every_op_has_samples_reference_and_schema():
    assert set(SAMPLES) == set(REFERENCES) == set(EXPECTED_SCHEMAS)


@pytest.mark.parametrize("name", sorted(EXPECTED_SCHEMAS), ids=_id)
def test_schema(name):
    assert str(op_overload(name)._schema) == EXPECTED_SCHEMAS[name]


@pytest.mark.parametrize("name, dtype, index", list(_cases()))
def test_matches_reference(name, dtype, index):
    torch.manual_seed(1234 + index)
    args, kwargs = SAMPLES[name]("cpu", dtype, False)[index]
    op = op_overload(name)
    schema = op._schema
    bound = _bind(schema, args, kwargs)
    mutable = {a.name for a in schema.arguments if a.alias_info is not None and a.alias_info.is_write}

    expected = reference.run_reference(name, args, kwargs)
    assert set(expected.mutated) == mutable, "reference and schema disagree on mutated args"
    inputs = {k: [t.detach().clone() for t in _tensors(v)] for k, v in bound.items() if k not in mutable}

    result = op(*args, **kwargs)

    # Inputs that are not mutated are left alone.
    for key, before in inputs.items():
        for now, then in zip(_tensors(bound[key]), before):
            torch.testing.assert_close(now, then, rtol=0, atol=0,
                                       msg=lambda m: f"{name} modified input {key!r}: {m}")
    # Mutated arguments hold the reference values.
    for key, want in expected.mutated.items():
        torch.testing.assert_close(bound[key], want, msg=lambda m: f"{name}: {key!r}: {m}")
    # The return value.
    if isinstance(expected.result, reference.Alias):
        assert result is bound[expected.result.name], (
            f"{name} must return the very tensor passed as {expected.result.name!r}")
    elif expected.result is None:
        assert result is None
    else:
        torch.testing.assert_close(result, expected.result)
        # Fresh results: contiguous (or, for ops that keep their input's
        # strides, with its strides), never sharing memory with an input.
        for out in _tensors(result):
            if name in reference.KEEPS_INPUT_STRIDES:
                assert out.stride() == args[0].stride(), (
                    f"{name} returned strides {out.stride()}, not its input's {args[0].stride()}")
            else:
                assert out.is_contiguous(), f"{name} returned a non-contiguous tensor"
            for value in bound.values():
                for t in _tensors(value):
                    assert not _shares_storage(out, t), f"{name} returned a tensor aliasing an input"


@pytest.mark.parametrize("name", sorted(n for n in SAMPLES if "." not in n.split("::")[1]), ids=_id)
def test_python_ops_module(name):
    """mylib.ops.<op> (default overloads) calls the same operator."""
    fn = getattr(mylib.ops, name.split("::")[1])
    args, kwargs = SAMPLES[name]("cpu", torch.float64, False)[0]
    expected = reference.run_reference(name, args, kwargs)
    result = fn(*args, **kwargs)
    if expected.result is None:
        assert result is None
        for key, want in expected.mutated.items():
            torch.testing.assert_close(_bind(op_overload(name)._schema, args, kwargs)[key], want)
    else:
        torch.testing.assert_close(result, expected.result)


def test_defaults_are_applied():
    x = torch.rand(3, 9, 8, dtype=torch.float64)
    torch.testing.assert_close(torch.ops.mylib.box_blur(x), torch.ops.mylib.box_blur(x, [3, 3]))
    y = torch.rand(4, 5)
    padded = torch.ops.mylib.pad_rows(y, 2)
    assert padded.dtype == torch.float32 and padded.shape == (6, 5)
    torch.testing.assert_close(padded[4:], torch.zeros(2, 5))
    values, _ = torch.ops.mylib.topk_rows(y, 2)
    torch.testing.assert_close(values, y.topk(2, dim=-1).values)


def test_out_variant_returns_out():
    a, b = torch.rand(2, 3), torch.rand(2, 3)
    out = torch.empty(2, 3)
    assert torch.ops.mylib.muladd.out(a, b, 1.0, out=out) is out
    torch.testing.assert_close(out, a * b + 1.0)


def _pic():
    return torch.rand(3, 16, 12)


INVALID = [
    # crop
    ("crop box out of bounds", lambda: torch.ops.mylib.crop(_pic(), [2, 3, 13, 9]),
     r"crop: box \(left, upper, right, lower\) = \[2, 3, 13, 9\] does not fit an image "
     r"of height 16 and width 12"),
    ("crop box inverted", lambda: torch.ops.mylib.crop(_pic(), [5, 3, 4, 9]),
     r"crop: box .* does not fit"),
    ("crop box length", lambda: torch.ops.mylib.crop(_pic(), [1, 2, 3]),
     r"crop: box must have 4 elements \(left, upper, right, lower\), got 3"),
    ("crop 2-D pic", lambda: torch.ops.mylib.crop(torch.rand(16, 12), [0, 0, 4, 4]),
     r"crop: expected pic to be a C x H x W tensor, got a tensor with 2 dimension"),
    # paste
    ("paste does not fit", lambda: torch.ops.mylib.paste(_pic(), torch.rand(3, 6, 8), [5, 3]),
     r"paste: a patch of height 6 and width 8 at \(left=5, upper=3\) does not fit in an "
     r"image of height 16 and width 12"),
    ("paste negative coord", lambda: torch.ops.mylib.paste(_pic(), torch.rand(3, 2, 2), [0, -1]),
     r"paste: a patch .* does not fit"),
    ("paste channels", lambda: torch.ops.mylib.paste(_pic(), torch.rand(1, 2, 2), [0, 0]),
     r"paste: patch has 1 channel\(s\) but im has 3"),
    ("paste coord length", lambda: torch.ops.mylib.paste(_pic(), torch.rand(3, 2, 2), [0, 0, 2, 2]),
     r"paste: coord must have 2 elements \(left, upper\), got 4"),
    ("paste dtype", lambda: torch.ops.mylib.paste(_pic(), torch.rand(3, 2, 2, dtype=torch.float64), [0, 0]),
     r"paste: patch has dtype Double but im has dtype Float"),
    # the others
    ("box_blur window", lambda: torch.ops.mylib.box_blur(_pic(), [17, 2]),
     r"box_blur: a 17 x 2 window does not fit"),
    ("sin_out shape", lambda: torch.ops.mylib.sin_out(torch.rand(2, 3), torch.empty(3, 2)),
     r"sin_out: out has shape \[3, 2\] but x has shape \[2, 3\]"),
    ("muladd shapes", lambda: torch.ops.mylib.muladd(torch.rand(2, 3), torch.rand(3), 1.0),
     r"muladd: b has shape \[3\] but a has shape \[2, 3\]"),
    ("muladd.out dtype", lambda: torch.ops.mylib.muladd.out(torch.rand(2), torch.rand(2), 1.0,
                                                            out=torch.empty(2, dtype=torch.float64)),
     r"muladd: out has dtype Double but a has dtype Float"),
    ("pad_rows mode", lambda: torch.ops.mylib.pad_rows(torch.rand(2, 3), 1, None, "reflect"),
     r'pad_rows: mode must be "constant" or "replicate", got "reflect"'),
    ("pad_rows weight", lambda: torch.ops.mylib.pad_rows(torch.rand(2, 3), 1, torch.rand(2)),
     r"pad_rows: weight must have the shape of one row of x, \[3\], got \[2\]"),
    ("pad_rows negative", lambda: torch.ops.mylib.pad_rows(torch.rand(2, 3), -1),
     r"pad_rows: pad must be >= 0, got -1"),
    ("topk_rows k", lambda: torch.ops.mylib.topk_rows(torch.rand(2, 3), 4),
     r"topk_rows: k must be in \[0, 3\]"),
]


@pytest.mark.parametrize("call, pattern", [pytest.param(c, p, id=i) for i, c, p in INVALID])
def test_invalid_inputs_raise(call, pattern):
    with pytest.raises(RuntimeError, match=pattern):
        call()


def test_crop_paste_roundtrip():
    """paste(zeros_like(pic), crop(pic, box), box[:2]) keeps exactly the box."""
    pic = torch.rand(3, 16, 12, dtype=torch.float64)
    box = [2, 3, 10, 9]
    pasted = torch.ops.mylib.paste(torch.zeros_like(pic), torch.ops.mylib.crop(pic, box), box[:2])
    mask = torch.zeros_like(pic, dtype=torch.bool)
    mask[:, 3:9, 2:10] = True
    torch.testing.assert_close(pasted, torch.where(mask, pic, torch.zeros_like(pic)))


def test_crop_other_dtypes():
    pic = torch.randint(0, 256, (3, 8, 8), dtype=torch.uint8).transpose(1, 2)
    torch.testing.assert_close(torch.ops.mylib.crop(pic, [1, 2, 5, 7]), pic[:, 2:7, 1:5].contiguous())


@pytest.mark.parametrize("name", ["mylib::crop", "mylib::muladd", "mylib::topk_rows",
                                  "mylib::gated", "mylib::affine"])
def test_gradients_match_reference_autograd(name):
    """The generated autograd glue gives the gradients torch's autograd gives
    for the plain-torch reference, through the ops' own backwards."""
    for args, kwargs in SAMPLES[name]("cpu", torch.float64, requires_grad=True):
        leaves = [a for a in args if isinstance(a, torch.Tensor) and a.requires_grad]
        out = op_overload(name)(*args, **kwargs)
        outs = out if isinstance(out, tuple) else (out,)
        loss = sum((o * o).sum() for o in outs if o.is_floating_point())
        # gated's gate gets no gradient (None) from either.
        actual = torch.autograd.grad(loss, leaves, allow_unused=True)
        ref_args = [a.detach().requires_grad_() if isinstance(a, torch.Tensor)
                    and a.requires_grad else a for a in args]
        ref_leaves = [a for a in ref_args if isinstance(a, torch.Tensor) and a.requires_grad]
        ref = REFERENCES[name](*ref_args, **kwargs).result
        ref_outs = ref if isinstance(ref, tuple) else (ref,)
        ref_loss = sum((o * o).sum() for o in ref_outs if o.is_floating_point())
        expected = torch.autograd.grad(ref_loss, ref_leaves, allow_unused=True)
        for a, e in zip(actual, expected, strict=True):
            torch.testing.assert_close(a, e)
    if name == "mylib::topk_rows":
        x = torch.rand(2, 5, dtype=torch.float64, requires_grad=True)
        values, indices = torch.ops.mylib.topk_rows(x, 3)
        assert values.requires_grad and not indices.requires_grad


# --- Undefined gradients and output_mask (docs/autograd.md) -----------------

def _gate(*shape):
    """Values away from 0, so that `gate > 0` is clear."""
    return (torch.rand(*shape, dtype=torch.float64) * 0.9 + 0.1) * torch.tensor([1.0, -1.0]).repeat(shape[-1] // 2)


@pytest.mark.parametrize("gate_requires_grad", [False, True])
def test_undefined_gradient_is_no_gradient(gate_requires_grad):
    """gated's backward returns at::Tensor() for the gate: the gate gets no
    gradient whether or not it requires one, and x gets its own."""
    x = torch.rand(3, 4, dtype=torch.float64, requires_grad=True)
    gate = _gate(3, 4).requires_grad_(gate_requires_grad)
    torch.ops.mylib.gated(x, gate).sum().backward()
    assert gate.grad is None
    torch.testing.assert_close(x.grad, (gate > 0).to(x.dtype))
    if gate_requires_grad:
        x.grad = None
        grads = torch.autograd.grad(torch.ops.mylib.gated(x, gate).sum(), [x, gate],
                                    allow_unused=True)
        assert grads[1] is None and grads[0] is not None


@pytest.mark.parametrize("grad_requires_grad", [False, True])
def test_backward_op_called_directly_returns_none_for_no_gradient(grad_requires_grad):
    """The backward op through the dispatcher: its Autograd kernel passes the
    undefined gradient back as None, with grad mode on and inputs requiring
    grad too; differentiating it further raises the documented error."""
    grad = torch.rand(3, 4, dtype=torch.float64, requires_grad=grad_requires_grad)
    gate = _gate(3, 4)
    grad_x, grad_gate = torch.ops.mylib.gated_backward(grad, gate)
    assert grad_gate is None
    torch.testing.assert_close(grad_x, torch.where(gate > 0, grad, 0.0))
    assert grad_x.requires_grad == grad_requires_grad
    if grad_requires_grad:
        # gated_backward has a backward (full glue around an undefined output);
        # gated_backward_backward has none.
        grad_x.sum().backward()
        torch.testing.assert_close(grad.grad, (gate > 0).to(grad.dtype))
        grad_grad, none = torch.ops.mylib.gated_backward_backward(grad, gate)
        assert none is None
        with pytest.raises(RuntimeError,
                           match="mylib::gated_backward cannot be differentiated twice"):
            grad_grad.sum().backward()
    with torch.no_grad():
        assert torch.ops.mylib.gated_backward(grad, gate)[1] is None


def test_double_backward_through_an_undefined_gradient():
    """gated twice differentiated: gated_backward's Function returns only its
    defined output and maps the gradients back for gated_backward_backward."""
    x = torch.rand(3, 4, dtype=torch.float64, requires_grad=True)
    gate = _gate(3, 4).requires_grad_()
    y = torch.ops.mylib.gated(x, gate)
    (grad_x,) = torch.autograd.grad((y * y).sum(), [x], create_graph=True)
    mask = (gate > 0).to(x.dtype)
    torch.testing.assert_close(grad_x, 2 * x.detach() * mask)
    grad_x.sum().backward()
    torch.testing.assert_close(x.grad, 2 * mask)
    assert gate.grad is None
    assert torch.autograd.gradgradcheck(
        lambda a: torch.ops.mylib.gated(a, gate.detach()), (x.detach().requires_grad_(),))


@pytest.mark.parametrize("mask", [[True, True, True], [False, True, False],
                                  [True, False, True], [False, False, False]])
def test_affine_backward_computes_what_output_mask_asks(mask):
    grad = torch.rand(2, 5, dtype=torch.float64, requires_grad=True)
    x = torch.rand(2, 5, dtype=torch.float64)
    weight = torch.rand(5, dtype=torch.float64)
    grads = torch.ops.mylib.affine_backward(grad, x, weight, mask)
    expected = reference.affine_backward(grad.detach(), x, weight, mask).result
    for g, e, wanted in zip(grads, expected, mask, strict=True):
        assert (g is not None) == wanted
        torch.testing.assert_close(g, e)


class _BackwardCalls(torch.utils._python_dispatch.TorchDispatchMode):
    """Records the output_mask of every mylib::affine_backward call, as the
    dispatcher sees it (the autograd engine calls it from C++)."""

    def __init__(self):
        super().__init__()
        self.masks = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if func is torch.ops.mylib.affine_backward.default:
            self.masks.append(list(args[3]))
        return func(*args, **(kwargs or {}))


def _affine_inputs(x_grad, weight, bias):
    """weight / bias: None (absent), False (no grad) or True (requires grad)."""
    x = torch.rand(3, 4, dtype=torch.float64, requires_grad=x_grad)
    w = None if weight is None else torch.rand(4, dtype=torch.float64, requires_grad=weight)
    b = None if bias is None else torch.rand(4, dtype=torch.float64, requires_grad=bias)
    return x, w, b


@pytest.mark.parametrize("x_grad,weight,bias,mask", [
    (True, True, True, [True, True, True]),
    (True, False, False, [True, False, False]),
    (False, True, None, [False, True, False]),
    # No weight: bias is the Function's second tensor input, not its third.
    (False, None, True, [False, False, True]),
    (True, None, False, [True, False, False]),
])
def test_output_mask_says_which_inputs_need_a_gradient(x_grad, weight, bias, mask):
    x, w, b = _affine_inputs(x_grad, weight, bias)
    with _BackwardCalls() as calls:
        torch.ops.mylib.affine(x, w, b).sum().backward()
    assert calls.masks == [mask]
    for t, wanted in zip((x, w, b), mask):
        if t is not None:
            assert (t.grad is not None) == wanted
    if w is not None and w.grad is not None:
        torch.testing.assert_close(w.grad, x.detach().sum(0))
    if b is not None and b.grad is not None:
        torch.testing.assert_close(b.grad, torch.full((4,), 3.0, dtype=torch.float64))


def test_output_mask_follows_what_this_backward_pass_needs():
    """needs_input_grad, not requires_grad: autograd.grad for weight only asks
    for weight's gradient although x and bias require grad."""
    x, w, b = _affine_inputs(True, True, True)
    with _BackwardCalls() as calls:
        (grad_w,) = torch.autograd.grad(torch.ops.mylib.affine(x, w, b).sum(), [w])
    assert calls.masks == [[False, True, False]]
    torch.testing.assert_close(grad_w, x.detach().sum(0))


def test_nothing_is_saved_when_no_input_needs_a_gradient():
    """What the backward takes is saved (here x, with save_for_backward) only
    when some input needs a gradient; saved-tensor hooks see every save."""
    def saves(x, w, b, grad_mode=True):
        packed = []
        with torch.autograd.graph.saved_tensors_hooks(
                lambda t: packed.append(t) or t, lambda t: t):
            with torch.set_grad_enabled(grad_mode):
                torch.ops.mylib.affine(x, w, b)
        return len(packed)

    assert saves(*_affine_inputs(True, False, None)) == 1
    assert saves(*_affine_inputs(False, False, True)) == 1
    assert saves(*_affine_inputs(False, False, False)) == 0
    assert saves(*_affine_inputs(True, True, True), grad_mode=False) == 0


@pytest.mark.parametrize("x_grad,weight,bias", [(True, False, True), (False, True, None),
                                                (True, True, True)])
def test_compiled_training_step_with_some_gradients_unneeded(x_grad, weight, bias):
    """torch.compile(fullgraph=True): the backward graph calls the backward
    ops with their masks and undefined gradients, and gives eager's grads."""
    torch._dynamo.reset()

    def step(x, w, b, gate):
        return (torch.ops.mylib.gated(torch.ops.mylib.affine(x, w, b), gate) ** 2).sum()

    compiled = torch.compile(step, fullgraph=True)
    gate = _gate(3, 4).requires_grad_()
    eager = _affine_inputs(x_grad, weight, bias)
    comp = tuple(None if t is None else t.detach().clone().requires_grad_(t.requires_grad)
                 for t in eager)
    step(*eager, gate).backward()
    compiled(*comp, gate).backward()
    assert gate.grad is None
    for e, c in zip(eager, comp):
        if e is not None:
            assert (e.grad is None) == (c.grad is None) == (not e.requires_grad)
            torch.testing.assert_close(c.grad, e.grad)


def test_torchscript_calls_the_ops_and_differentiates_them():
    @torch.jit.script
    def scripted(x: torch.Tensor, w: torch.Tensor, gate: torch.Tensor) -> torch.Tensor:
        return torch.ops.mylib.gated(torch.ops.mylib.affine(x, w, None), gate).sum()

    for _ in range(3):  # the profiling executor optimises after a few runs
        x, w, _unused = _affine_inputs(True, True, None)
        gate = _gate(3, 4).requires_grad_()
        with _BackwardCalls() as calls:
            scripted(x, w, gate).backward()
        assert calls.masks == [[True, True, False]]
        assert gate.grad is None
        torch.testing.assert_close(x.grad, (gate > 0).to(x.dtype) * w.detach())


def test_torchscript_direct_backward_call_behaves_like_aten():
    """A `Tensor` return that is undefined is what ATen's *_backward ops with
    an output_mask return too; TorchScript's profiling executor handles both
    the same way (docs/autograd.md says which way)."""
    def outcome(fn, *args):
        try:
            return ("ok", [r is None for r in fn(*args)])
        except RuntimeError as error:
            return ("error", str(error).splitlines()[0])

    @torch.jit.script
    def ours(g: torch.Tensor, x: torch.Tensor, w: torch.Tensor):
        return torch.ops.mylib.affine_backward(g, x, w, [True, False, False])

    @torch.jit.script
    def aten(g: torch.Tensor, x: torch.Tensor, w: torch.Tensor):
        return torch.ops.aten.native_layer_norm_backward(
            g, x, [4], torch.zeros(3, 1), torch.ones(3, 1), w, w, [True, False, False])

    g, x, w = torch.ones(3, 4), torch.rand(3, 4), torch.ones(4)
    assert outcome(ours, g, x, w) == outcome(aten, g, x, w)

    @torch.jit.script
    def all_grads(g: torch.Tensor, x: torch.Tensor, w: torch.Tensor):
        return torch.ops.mylib.affine_backward(g, x, w, [True, True, True])

    for _ in range(3):
        grads = all_grads(g, x, w)
        torch.testing.assert_close(grads[2], g.sum(0))


@pytest.mark.parametrize("low", [torch.bfloat16, torch.float16], ids=str)
def test_autocast_runs_float32_kernel_and_returns_input_dtype(low):
    """soft_clip's kernel computes in float32/float64 only; its annotation's
    autocast="float32" registers an AutocastCPU kernel that runs it on a
    float32 copy under torch.autocast and casts the result back."""
    x = (torch.randn(4, 5) * 3).to(low)
    x_t = (torch.randn(6, 4) * 3).to(low).t()
    for inp in (x, x_t):
        # Exactly the float32 kernel's result, rounded to the input's dtype.
        expected = torch.ops.mylib.soft_clip(inp.float(), 2.0).to(low)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            out = torch.ops.mylib.soft_clip(inp, 2.0)
            via_ops = mylib.ops.soft_clip(inp, 2.0)
        assert out.dtype == low and via_ops.dtype == low
        assert out.shape == inp.shape
        torch.testing.assert_close(out, expected, rtol=0, atol=0)
        torch.testing.assert_close(via_ops, expected, rtol=0, atol=0)
        torch.testing.assert_close(out.float(), 2.0 * torch.tanh(inp.float() / 2.0),
                                   rtol=1e-2, atol=1e-2)
    # float32 and float64 inputs keep their dtype and the kernel's exact
    # result (autocast leaves float64 alone, as torch's own fp32 ops do).
    for dtype in (torch.float32, torch.float64):
        y = torch.randn(3, 4, dtype=dtype)
        plain = torch.ops.mylib.soft_clip(y, 0.5)
        with torch.autocast("cpu", dtype=torch.bfloat16):
            out = torch.ops.mylib.soft_clip(y, 0.5)
        assert out.dtype == dtype
        torch.testing.assert_close(out, plain, rtol=0, atol=0)


def test_autocast_kernel_only_under_autocast():
    """Outside autocast the kernel sees the bfloat16 input as it is and
    rejects it, as the C++ function does; under a disabled autocast too."""
    x = torch.randn(4, 5).to(torch.bfloat16)
    with pytest.raises(RuntimeError, match="soft_clip: expected x to be float32 or float64, got BFloat16"):
        torch.ops.mylib.soft_clip(x, 2.0)
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=False):
        with pytest.raises(RuntimeError, match="got BFloat16"):
            torch.ops.mylib.soft_clip(x, 2.0)
    assert torch._C._dispatch_has_kernel_for_dispatch_key("mylib::soft_clip", "AutocastCPU")
    assert torch._C._dispatch_has_kernel_for_dispatch_key("mylib::soft_clip", "AutocastCUDA")
    assert not torch._C._dispatch_has_kernel_for_dispatch_key("mylib::muladd", "AutocastCPU")


def test_autocast_under_torch_compile():
    """Under torch.compile the Autocast kernel is traced like any kernel:
    its casts land in the graph around the op, whose fake is synthesised."""
    x = (torch.randn(3, 4) * 3).to(torch.bfloat16)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        compiled = torch.compile(lambda t: torch.ops.mylib.soft_clip(t, 2.0), fullgraph=True)
        out = compiled(x)
    assert out.dtype == torch.bfloat16
    torch.testing.assert_close(out, (2.0 * torch.tanh(x.float() / 2.0)).to(torch.bfloat16))


def test_composite_implicit_decomposes():
    """softplus_beta is registered as CompositeImplicitAutograd only: its
    gradient and its fake come from the ATen ops it calls."""
    name = "mylib::softplus_beta"
    assert torch._C._dispatch_has_kernel_for_dispatch_key(name, "CompositeImplicitAutograd")
    for key in ("CPU", "CUDA", "Meta", "Autograd", "CompositeExplicitAutograd"):
        assert not torch._C._dispatch_has_kernel_for_dispatch_key(name, key), key
    x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    out = torch.ops.mylib.softplus_beta(x, 2.0)
    (grad,) = torch.autograd.grad(out.sum(), x)
    torch.testing.assert_close(grad, torch.sigmoid(2.0 * x.detach()))
    meta = torch.ops.mylib.softplus_beta(torch.empty(2, 7, device="meta"), 1.0)
    assert meta.shape == (2, 7) and meta.device.type == "meta"


NO_BACKWARD = r"has no backward, so it cannot be differentiated; write one with \[\[custom_op_backward"


def test_in_place_op_without_backward_raises():
    """clamp_ has no backward: differentiating through it raises. torch's
    default autograd fallback gave the identity's gradient, [1, 1, 1], for
    the clamp's [0, 1, 0], without a word."""
    x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
    y = x * 1
    torch.ops.mylib.clamp_(y, -1.0, 1.0)
    torch.testing.assert_close(y.detach(), torch.tensor([-1.0, 0.5, 1.0]))
    with pytest.raises(RuntimeError, match=r"mylib::clamp_ " + NO_BACKWARD +
                       r"\(\"mylib::clamp_\"\)\]\]"):
        y.sum().backward()
    assert x.grad is None
    # Mutating a view rebases its base's history as well.
    base = torch.ones(2, 3, requires_grad=True) * 1
    torch.ops.mylib.clamp_(base[0], 0.0, 0.5)
    with pytest.raises(RuntimeError, match=NO_BACKWARD):
        base.sum().backward()
    # A leaf that requires grad may be written and stays a leaf, as with a
    # torch.library.custom_op (pytorch/extension-cpp's opcheck samples
    # write one): its history cannot be rebased.
    leaf = torch.ones(3, requires_grad=True)
    torch.ops.mylib.clamp_(leaf, 0.0, 0.5)
    assert leaf.is_leaf and leaf.requires_grad and leaf.grad_fn is None
    assert leaf._version == 1


def test_functional_op_without_backward_raises():
    x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
    out = torch.ops.mylib.soft_clip(x, 2.0)
    torch.testing.assert_close(out.detach(), 2.0 * torch.tanh(x.detach() / 2.0))
    with pytest.raises(RuntimeError, match=r"mylib::soft_clip " + NO_BACKWARD):
        out.sum().backward()
    # An integer output is not differentiable: it does not join the graph.
    values, indices = torch.ops.mylib.topk_rows(x.reshape(1, 3), 2)
    assert not indices.requires_grad


def test_op_without_backward_is_fine_without_grad():
    x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
    with torch.no_grad():
        y = x * 1
        torch.ops.mylib.clamp_(y, -1.0, 1.0)
        assert not torch.ops.mylib.soft_clip(x, 2.0).requires_grad
    z = torch.tensor([-2.0, 0.5, 3.0])
    torch.ops.mylib.clamp_(z, -1.0, 1.0)
    assert not z.requires_grad and not torch.ops.mylib.soft_clip(z, 2.0).requires_grad
    # The version of a mutated tensor is bumped: autograd sees that a tensor
    # another op saved was overwritten.
    w = torch.ones(3) * 2
    v = (x * w).sum()
    torch.ops.mylib.clamp_(w, -1.0, 1.0)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        v.backward()


def test_ops_without_backward_have_the_refusing_autograd_kernel():
    """What opcheck's test_autograd_registration looks for: an Autograd
    kernel, for every op, except one that decomposes."""
    for name in EXPECTED_SCHEMAS:
        has = torch._C._dispatch_has_kernel_for_dispatch_key(name, "Autograd")
        assert has == (name != "mylib::softplus_beta"), name
    x = torch.rand(3, 4, requires_grad=True)
    torch.library.opcheck(torch.ops.mylib.soft_clip.default, (x, 2.0),
                          test_utils=["test_autograd_registration"])


def test_reference_self_check():
    """reference.py agrees with kernels/samples.py (shapes, dtypes, leaves,
    non-contiguous samples), so neither can rot unnoticed."""
    assert reference.self_check() > 0


def test_symint_window_compiles_once_across_sizes():
    """box_blur takes c10::IntArrayRef but is annotated symint="kernel_size",
    so its schema says SymInt[]: under torch.compile(dynamic=True) new
    picture and window sizes reuse the one compiled graph (an int[] argument
    would specialise on each window and recompile)."""
    from torch._dynamo.testing import CompileCounterWithBackend

    torch._dynamo.reset()
    counter = CompileCounterWithBackend("inductor")
    blur = torch.compile(lambda pic, k: torch.ops.mylib.box_blur(pic, [k, k + 1]),
                         backend=counter, dynamic=True, fullgraph=True)
    for height, k in [(6, 2), (9, 3), (11, 4)]:
        pic = torch.rand(2, height, height + 2, dtype=torch.float64)
        torch.testing.assert_close(blur(pic, k), reference.box_blur(pic, [k, k + 1]).result)
    assert counter.frame_count == 1, f"recompiled: {counter.frame_count} graphs"
