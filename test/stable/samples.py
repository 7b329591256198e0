"""Sample inputs for the stable-ABI test ops (opgen's SAMPLES convention:
``fn(device, dtype, requires_grad) -> [(args, kwargs), ...]``)."""

import torch


def add_scaled(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    x = torch.rand(3, 4, **kw).requires_grad_(requires_grad)
    y = torch.rand(3, 4, **kw).requires_grad_(requires_grad)
    # A transposed view: non-contiguous.
    xt = torch.rand(4, 3, **kw).t().detach().requires_grad_(requires_grad)
    return [
        ((x, y, [2, -3]), {}),
        ((xt, None, [5, 1]), {}),
    ]


def add_scaled_backward(device, dtype, requires_grad=False):
    grad = torch.rand(2, 5, device=device, dtype=dtype).requires_grad_(requires_grad)
    return [((grad, [2, -3]), {})]


def scale_(device, dtype, requires_grad=False):
    return [((torch.rand(3, 4, device=device, dtype=dtype), 1.5), {})]


def scaled(device, dtype, requires_grad=False):
    x = torch.rand(3, 4, device=device, dtype=dtype).requires_grad_(requires_grad)
    return [((x, 1.5), {})]
