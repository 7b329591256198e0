"""mylib::scale_rows trains under torch.compile(fullgraph=True) with no fake
written by hand: its backward (kernels/scale.cpp) calls only ATen ops, so
opgen registers that kernel for Meta as its own fake (docs/fakes.md,
"Kernels that are their own fake")."""
import importlib.util
from pathlib import Path

import pytest
import torch

HERE = Path(__file__).resolve().parent


def _load(name, path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


bundled = _load("opgen_e2e_bundled_for_meta_safe", HERE / "test_bundled_ops.py")
mylib = bundled.mylib


def _loss(x, w):
    y = torch.ops.mylib.scale_rows(x, w)
    return (y * y).sum()


@pytest.mark.parametrize("dynamic", [False, True])
@pytest.mark.parametrize("transposed", [False, True])
def test_scale_rows_trains_compiled(dynamic, transposed):
    torch._dynamo.reset()
    # The forward and (through AOTAutograd) the backward graph are compiled;
    # tracing them runs the ops' fakes, the backward's being its own kernel.
    compiled = torch.compile(_loss, fullgraph=True, dynamic=dynamic)
    for rows in (3, 5):
        x0 = torch.randn(4, rows).t() if transposed else torch.randn(rows, 4)
        w0 = torch.randn(rows)
        xe, we = x0.clone().requires_grad_(), w0.clone().requires_grad_()
        xc, wc = x0.clone().requires_grad_(), w0.clone().requires_grad_()
        if transposed:
            xe = x0.t().contiguous().t().requires_grad_()
            xc = x0.t().contiguous().t().requires_grad_()
        expected = _loss(xe, we)
        expected.backward()
        actual = compiled(xc, wc)
        actual.backward()
        torch.testing.assert_close(actual, expected)
        torch.testing.assert_close(xc.grad, xe.grad)
        torch.testing.assert_close(wc.grad, we.grad)
        torch.testing.assert_close(wc.grad, (2 * x0 * x0 * w0[:, None]).sum(1))


def test_backward_is_its_own_fake():
    """The backward op has a Meta kernel (the CPU kernel itself) and no
    Python fake: on meta tensors it gives the real kernel's metadata."""
    assert torch._C._dispatch_has_kernel_for_dispatch_key(
        "mylib::scale_rows_backward", "Meta")
    grad, x, w = torch.randn(3, 4), torch.randn(4, 3).t(), torch.randn(3)
    real = torch.ops.mylib.scale_rows_backward(grad, x, w)
    meta = torch.ops.mylib.scale_rows_backward(grad.to("meta"), x.to("meta"), w.to("meta"))
    for r, m in zip(real, meta):
        assert m.device.type == "meta"
        assert (m.shape, m.stride(), m.dtype) == (r.shape, r.stride(), r.dtype)
