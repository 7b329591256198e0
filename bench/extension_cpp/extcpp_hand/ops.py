"""What pytorch/extension-cpp's extension_cpp/ops.py registers, for the
extcpp_hand::* ops of muladd_hand.cpp: a Python entry point for mymuladd
(its `mymuladd`), a fake (register_fake) for mymuladd and for mymul (that
file has none for myadd_out), and mymuladd's autograd in Python
(register_autograd: a backward that computes each needed input gradient
with mymul, and a setup_context that saves only the tensors that backward
will use). mymul and myadd_out get no autograd kernel: torch's default
autograd fallback runs them."""
import torch
from torch import Tensor

__all__ = ["mymuladd"]


def mymuladd(a: Tensor, b: Tensor, c: float):
    return torch.ops.extcpp_hand.mymuladd.default(a, b, c)


def _fake_pointwise(a, b, *_):
    torch._check(a.shape == b.shape)
    torch._check(a.dtype == torch.float)
    torch._check(b.dtype == torch.float)
    torch._check(a.device == b.device)
    return torch.empty_like(a)


torch.library.register_fake("extcpp_hand::mymuladd")(_fake_pointwise)
torch.library.register_fake("extcpp_hand::mymul")(_fake_pointwise)


def _setup_context(ctx, inputs, output):
    a, b, _ = inputs
    # d(a*b + c)/da = b, /db = a: keep each only if its gradient is wanted.
    ctx.save_for_backward(b if ctx.needs_input_grad[0] else None,
                          a if ctx.needs_input_grad[1] else None)


def _backward(ctx, grad):
    b, a = ctx.saved_tensors
    mul = torch.ops.extcpp_hand.mymul.default
    return (mul(grad, b) if ctx.needs_input_grad[0] else None,
            mul(grad, a) if ctx.needs_input_grad[1] else None,
            None)


torch.library.register_autograd("extcpp_hand::mymuladd", _backward,
                                setup_context=_setup_context)
