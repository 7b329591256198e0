"""What pytorch/extension-cpp's extension_cpp/ops.py registers: a Python
entry point for mymuladd, a fake (register_fake) for mymuladd and mymul
(none for myadd_out), and mymuladd's autograd in Python (register_autograd,
its backward computing each needed gradient with mymul). mymul and
myadd_out get no autograd kernel: torch's autograd fallback runs them.
opgen migrate keeps this file as it is."""
import torch
from torch import Tensor

__all__ = ["mymuladd", "myadd_out"]


def mymuladd(a: Tensor, b: Tensor, c: float):
    return torch.ops.extension_cpp.mymuladd.default(a, b, c)


def _fake_pointwise(a, b, *_):
    torch._check(a.shape == b.shape)
    torch._check(a.dtype == torch.float)
    torch._check(b.dtype == torch.float)
    torch._check(a.device == b.device)
    return torch.empty_like(a)


torch.library.register_fake("extension_cpp::mymuladd")(_fake_pointwise)
torch.library.register_fake("extension_cpp::mymul")(_fake_pointwise)


def _setup_context(ctx, inputs, output):
    a, b, _ = inputs
    # d(a*b + c)/da = b, /db = a: keep each only if its gradient is wanted.
    ctx.save_for_backward(b if ctx.needs_input_grad[0] else None,
                          a if ctx.needs_input_grad[1] else None)


def _backward(ctx, grad):
    b, a = ctx.saved_tensors
    mul = torch.ops.extension_cpp.mymul.default
    return (mul(grad, b) if ctx.needs_input_grad[0] else None,
            mul(grad, a) if ctx.needs_input_grad[1] else None,
            None)


torch.library.register_autograd("extension_cpp::mymuladd", _backward,
                                setup_context=_setup_context)


def myadd_out(a: Tensor, b: Tensor, out: Tensor) -> None:
    """Writes a + b into out"""
    torch.ops.extension_cpp.myadd_out.default(a, b, out)
