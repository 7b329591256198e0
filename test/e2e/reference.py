"""Plain-torch reference implementations of the bundled ``mylib`` ops.

``REFERENCES`` maps ``"ns::op"`` / ``"ns::op.overload"`` (the keys of
``kernels/samples.py``) to a function that takes the op's arguments and
returns an :class:`Expected`: the op's expected return value and the
expected final contents of every argument the op mutates. Reference
functions never modify their inputs.

Run this file to check it against the samples (no compiled op needed)::

    python test/e2e/reference.py
"""

from dataclasses import dataclass
from typing import Any, Dict, NamedTuple

import torch
import torch.nn.functional as F


@dataclass(frozen=True)
class Alias:
    """The op returns the argument called ``name`` itself (``Tensor(a!)``)."""

    name: str


class Expected(NamedTuple):
    result: Any  # the return value; None for ``-> ()``; Alias(...) for ``-> Tensor(a!)``
    mutated: Dict[str, torch.Tensor] = {}  # final contents of mutated args


def crop(pic, box):
    left, upper, right, lower = box
    return Expected(pic[:, upper:lower, left:right].contiguous().clone())


def paste(im, patch, coord):
    left, upper = coord
    out = im.clone(memory_format=torch.contiguous_format)
    out[:, upper:upper + patch.shape[1], left:left + patch.shape[2]] = patch
    return Expected(out)


def box_blur(pic, kernel_size=(3,)):
    kh, kw = (kernel_size[0], kernel_size[0]) if len(kernel_size) == 1 else kernel_size
    # avg_pool2d treats a 3-D input as one unbatched C x H x W image.
    return Expected(F.avg_pool2d(pic, (kh, kw), stride=1).contiguous())


def sin_out(x, out):
    return Expected(None, {"out": torch.sin(x)})


def sin(x):
    return Expected(torch.sin(x))
def clamp_(x, lo, hi):
    return Expected(None, {"x": torch.clamp(x, lo, hi)})


def muladd(a, b, c):
    return Expected((a * b + c).contiguous())


def muladd_out(a, b, c, *, out):
    return Expected(Alias("out"), {"out": a * b + c})


def soft_clip(x, limit):
    return Expected((limit * torch.tanh(x / limit)).contiguous())


def softplus_beta(x, beta):
    return Expected((torch.log1p(torch.exp(beta * x)) / beta).contiguous())


def pad_rows(x, pad, weight=None, mode="constant", value=0.0, dtype=None):
    if mode == "constant":
        extra = torch.full((pad, *x.shape[1:]), value, dtype=x.dtype, device=x.device)
    elif mode == "replicate":
        extra = x[-1:].expand(pad, *x.shape[1:])
    else:
        raise ValueError(f"unknown mode {mode!r}")
    y = torch.cat([x, extra])
    if weight is not None:
        y = y * weight  # broadcasts over the rows
    if dtype is not None:
        y = y.to(dtype)
    return Expected(y.contiguous())


def topk_rows(x, k, largest=True):
    # A stable sort keeps tied entries in row order, like the kernel.
    values, indices = torch.sort(x, dim=-1, descending=largest, stable=True)
    return Expected((values[..., :k].contiguous(), indices[..., :k].contiguous()))


def gated(x, gate):
    return Expected(torch.where(gate > 0, x, torch.zeros_like(x)).contiguous())


def affine(x, weight=None, bias=None):
    y = x.clone()
    if weight is not None:
        y = y * weight
    if bias is not None:
        y = y + bias
    return Expected(y.contiguous())


def positive_values(x):
    return Expected(x[x > 0].contiguous())


# The backward ops ([[custom_op_backward]]), against torch's own autograd of
# the references above.

def _vjp(fn, inputs, grads):
    inputs = [t.detach().requires_grad_() for t in inputs]
    outputs = fn(*inputs)
    outputs = outputs if isinstance(outputs, tuple) else (outputs,)
    pairs = [(o, g) for o, g in zip(outputs, grads) if g is not None]
    return torch.autograd.grad([o for o, _ in pairs], inputs, [g for _, g in pairs],
                               allow_unused=True)


def crop_backward(grad, pic, box):
    (grad_pic,) = _vjp(lambda p: crop(p, box).result, [pic], [grad])
    return Expected(grad_pic)


def muladd_backward(grad, a, b):
    return Expected(_vjp(lambda x, y: muladd(x, y, 0.0).result, [a, b], [grad]))


def topk_rows_backward(grad_0, x, result_1):
    return Expected(torch.zeros_like(x).scatter(-1, result_1, grad_0))


def gated_backward(grad, gate):
    # No gradient (None) for the gate.
    return Expected((torch.where(gate > 0, grad, torch.zeros_like(grad)), None))


def gated_backward_backward(grad_0, gate):
    return gated_backward(grad_0, gate)


def affine_backward(grad, x, weight, output_mask):
    grad_x = (grad * weight if weight is not None else grad.clone()).contiguous()
    grad_weight = (grad * x).reshape(-1, x.shape[-1]).sum(0)
    grad_bias = grad.reshape(-1, x.shape[-1]).sum(0)
    return Expected(tuple(g if wanted else None
                          for g, wanted in zip((grad_x, grad_weight, grad_bias), output_mask)))


# Ops whose fresh results keep their (dense) input's strides, as
# at::empty_like makes them, instead of being contiguous: mylib::sin's CPU
# kernel (its CUDA kernel's are contiguous; docs/fakes.md).
KEEPS_INPUT_STRIDES = {"mylib::sin"}

REFERENCES = {
    "mylib::crop": crop,
    "mylib::paste": paste,
    "mylib::box_blur": box_blur,
    "mylib::sin_out": sin_out,
    "mylib::sin": sin,
    "mylib::clamp_": clamp_,
    "mylib::muladd": muladd,
    "mylib::muladd.out": muladd_out,
    "mylib::soft_clip": soft_clip,
    "mylib::softplus_beta": softplus_beta,
    "mylib::pad_rows": pad_rows,
    "mylib::topk_rows": topk_rows,
    "mylib::positive_values": positive_values,
    "mylib::crop_backward": crop_backward,
    "mylib::muladd_backward": muladd_backward,
    "mylib::topk_rows_backward": topk_rows_backward,
    "mylib::gated": gated,
    "mylib::affine": affine,
    "mylib::gated_backward": gated_backward,
    "mylib::gated_backward_backward": gated_backward_backward,
    "mylib::affine_backward": affine_backward,
}


def detached(value):
    """``value`` with every tensor detached (lists and tuples recursed)."""
    if isinstance(value, torch.Tensor):
        return value.detach()
    if isinstance(value, (list, tuple)):
        return type(value)(detached(v) for v in value)
    if isinstance(value, dict):
        return {k: detached(v) for k, v in value.items()}
    return value


def run_reference(name, args, kwargs):
    """The reference for op ``name`` on detached copies of args/kwargs."""
    return REFERENCES[name](*detached(args), **detached(kwargs))


# --- self-check against kernels/samples.py ----------------------------------

# Expected shapes of the reference results for every sample, per op: a
# function (args, kwargs) -> expected shape(s) of the result / mutated `out`.
def _expected_shapes(name, args, kwargs):
    if name == "mylib::crop":
        pic, (l, u, r, lo) = args
        return (pic.shape[0], lo - u, r - l)
    if name in ("mylib::paste", "mylib::sin_out", "mylib::sin", "mylib::clamp_", "mylib::muladd", "mylib::muladd.out",
                "mylib::soft_clip", "mylib::softplus_beta"):
        return tuple(args[0].shape)
    if name == "mylib::box_blur":
        pic = args[0]
        ks = args[1] if len(args) > 1 else [3]
        kh, kw = (ks[0], ks[0]) if len(ks) == 1 else ks
        return (pic.shape[0], pic.shape[1] - kh + 1, pic.shape[2] - kw + 1)
    if name == "mylib::pad_rows":
        x, pad = args[:2]
        return (x.shape[0] + pad, *x.shape[1:])
    if name == "mylib::topk_rows":
        x, k = args[:2]
        return (*x.shape[:-1], k)
    if name in ("mylib::crop_backward", "mylib::muladd_backward",
                "mylib::topk_rows_backward"):
        return tuple(args[1].shape)  # the forward's first tensor input
    if name in ("mylib::gated", "mylib::affine"):
        return tuple(args[0].shape)
    if name in ("mylib::gated_backward", "mylib::gated_backward_backward"):
        return [tuple(args[0].shape)]  # the gate gets no gradient (None)
    if name == "mylib::affine_backward":
        # One shape per gradient output_mask asks for (the others are None).
        grad, x, weight, mask = args
        shapes = [tuple(x.shape), (x.shape[-1],), (x.shape[-1],)]
        return [s for s, wanted in zip(shapes, mask) if wanted]
    if name == "mylib::positive_values":
        return (int((args[0] > 0).sum()),)
    raise KeyError(name)


def _load_samples():
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "kernels" / "samples.py"
    spec = importlib.util.spec_from_file_location("opgen_kernel_samples", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.SAMPLES


def self_check():
    samples = _load_samples()
    assert set(samples) == set(REFERENCES), set(samples) ^ set(REFERENCES)
    count = 0
    for name, make in samples.items():
        for dtype in (torch.float32, torch.float64):
            for requires_grad in (False, True):
                cases = make("cpu", dtype, requires_grad)
                assert 2 <= len(cases) <= 3, (name, len(cases))
                has_noncontig = False
                for args, kwargs in cases:
                    assert isinstance(args, tuple) and isinstance(kwargs, dict), name
                    tensors = [v for v in (*args, *kwargs.values()) if isinstance(v, torch.Tensor)]
                    has_noncontig |= any(not t.is_contiguous() for t in tensors)
                    for key, t in kwargs.items():
                        if key == "out":
                            assert not t.requires_grad, (name, key)
                    for t in tensors:
                        assert t.is_leaf, name
                        assert t.device.type == "cpu"
                        if t.is_floating_point():
                            if (t is not kwargs.get("out") and not (name == "mylib::sin_out" and t is args[1])
                                    and name != "mylib::clamp_"):
                                assert t.requires_grad == requires_grad, name
                                assert t.dtype == dtype, name
                        else:
                            assert not t.requires_grad, name
                    before = [t.detach().clone() for t in tensors]
                    expected = run_reference(name, args, kwargs)
                    for t, b in zip(tensors, before):
                        assert torch.equal(t.detach(), b), f"{name}: reference modified an input"
                    shape = _expected_shapes(name, args, kwargs)
                    results = []
                    if isinstance(expected.result, torch.Tensor):
                        results.append(expected.result)
                    elif isinstance(expected.result, tuple):
                        results.extend(expected.result)
                    results = [v for v in results if v is not None]  # no gradient
                    for v in results:  # fresh results are contiguous
                        if name in KEEPS_INPUT_STRIDES:
                            assert v.stride() == args[0].stride(), name
                        else:
                            assert v.is_contiguous(), name
                    values = results + list(expected.mutated.values())
                    assert values, name
                    shapes = shape if isinstance(shape, list) else [shape] * len(values)
                    assert len(shapes) == len(values), (name, len(values), shapes)
                    for v, shape in zip(values, shapes):
                        assert tuple(v.shape) == tuple(shape), (name, tuple(v.shape), shape)
                    if name == "mylib::topk_rows":
                        vals, idx = expected.result
                        assert idx.dtype == torch.int64
                        assert torch.equal(args[0].detach().gather(-1, idx), vals)
                    if name == "mylib::pad_rows" and len(args) > 5 and args[5] is not None:
                        assert expected.result.dtype == args[5]
                    elif isinstance(expected.result, torch.Tensor):
                        assert expected.result.dtype == dtype, name
                    if name == "mylib::crop_backward":
                        grad, _, (l, u, r, lo) = args
                        assert tuple(grad.shape[1:]) == (lo - u, r - l), name
                    count += 1
                assert has_noncontig, f"{name}: no sample has a non-contiguous tensor"
    return count


if __name__ == "__main__":
    n = self_check()
    print(f"reference.py: OK, {n} samples checked against {len(REFERENCES)} references")
