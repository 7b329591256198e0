"""Samples for the return-form test ops (opgen's SAMPLES convention)."""

import torch


def head(device, dtype, requires_grad=False):
    x = torch.rand(5, 3, device=device, dtype=dtype)
    # Non-contiguous: a transposed tensor.
    xt = torch.rand(3, 5, device=device, dtype=dtype).t()
    return [((x, 2), {}), ((xt, 5), {}), ((x, 0), {})]


def minmax_out(device, dtype, requires_grad=False):
    x = torch.rand(4, 6, device=device, dtype=dtype)
    xt = torch.rand(6, 4, device=device, dtype=dtype).t()
    out = lambda: torch.empty(4, device=device, dtype=dtype)  # noqa: E731
    return [((x,), {"mins": out(), "maxs": out()}),
            ((xt,), {"mins": out(), "maxs": out()})]


def dtype_names(device, dtype, requires_grad=False):
    return [(([torch.zeros(2, device=device, dtype=dtype),
               torch.zeros(1, device=device, dtype=torch.int64)],), {})]


SAMPLES = {
    "rt::head": head,
    "rt::minmax.out": minmax_out,
    "rt::dtype_names": dtype_names,
}
