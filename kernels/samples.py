"""Author-supplied sample inputs for the bundled ``mylib`` ops.

opgen's generated opcheck tests and ``test/e2e/test_bundled_ops.py`` read
``SAMPLES``: it maps ``"ns::op"`` / ``"ns::op.overload"`` to a function
``(device, dtype, requires_grad=False) -> [(args, kwargs), ...]``. ``args``
holds the positional arguments in schema order, ``kwargs`` the keyword-only
ones.

Conventions:
* every floating-point input tensor is a fresh leaf with
  ``requires_grad=requires_grad`` (non-contiguous ones too: they are detached
  views, so they stay leaves and keep their strides);
* integer tensors never require grad;
* mutated outputs (``out``) are plain zero tensors of the right shape that
  never require grad, and so are tensors an op mutates in place
  (``clamp_``'s ``x``: a leaf that requires grad cannot be mutated);
* each op has a sample with a non-contiguous tensor input (transposed,
  permuted or strided slice).
"""

import torch


def _leaf(t, requires_grad):
    """``t`` (possibly a non-contiguous view) as a leaf tensor."""
    return t.detach().requires_grad_(requires_grad)


def _rand(*shape, device, dtype, requires_grad):
    return _leaf(torch.rand(*shape, device=device, dtype=dtype), requires_grad)


def _out(*shape, device, dtype):
    return torch.zeros(*shape, device=device, dtype=dtype)


def crop(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    pic = _rand(3, 16, 12, requires_grad=requires_grad, **kw)
    # (3, 16, 12), permuted: strides (1, 3, 48).
    permuted = _leaf(torch.rand(12, 16, 3, **kw).permute(2, 1, 0), requires_grad)
    # (2, 9, 7), a strided slice with gaps.
    strided = _leaf(torch.rand(2, 18, 21, **kw)[:, ::2, ::3], requires_grad)
    return [
        ((pic, [2, 3, 10, 9]), {}),
        ((permuted, [0, 0, 12, 16]), {}),  # the whole image
        ((strided, [1, 2, 6, 9]), {}),
    ]


def paste(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    im = _rand(3, 16, 12, requires_grad=requires_grad, **kw)
    patch = _rand(3, 6, 8, requires_grad=requires_grad, **kw)
    # crop's backward: paste(zeros_like(pic), grad, box[:2]); the patch is
    # permuted (3, 6, 8) and lands in the bottom-right corner.
    zeros = _leaf(torch.zeros(3, 16, 12, **kw), requires_grad)
    grad = _leaf(torch.rand(8, 6, 3, **kw).permute(2, 1, 0), requires_grad)
    # A transposed (2, 16, 12) image and a 1 x 1 patch.
    im_t = _leaf(torch.rand(2, 12, 16, **kw).transpose(1, 2), requires_grad)
    dot = _rand(2, 1, 1, requires_grad=requires_grad, **kw)
    return [
        ((im, patch, [2, 3]), {}),
        ((zeros, grad, [4, 10]), {}),
        ((im_t, dot, [0, 0]), {}),
    ]


def box_blur(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    pic = _rand(3, 16, 12, requires_grad=requires_grad, **kw)
    # (3, 10, 12), a strided slice.
    strided = _leaf(torch.rand(3, 20, 24, **kw)[:, ::2, ::2], requires_grad)
    small = _rand(1, 7, 9, requires_grad=requires_grad, **kw)
    return [
        ((pic,), {}),  # default kernel_size=[3]
        ((strided, [2, 5]), {}),
        ((small, [7]), {}),  # the window is as tall as the image
    ]


def sin_out(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    x = _rand(4, 5, requires_grad=requires_grad, **kw)
    x_t = _leaf(torch.rand(6, 4, **kw).t(), requires_grad)  # (4, 6)
    x3 = _leaf(torch.rand(2, 3, 4, **kw) * 10 - 5, requires_grad)
    return [
        ((x, _out(4, 5, **kw)), {}),
        ((x_t, _out(4, 6, **kw)), {}),
        ((x3, _out(2, 3, 4, **kw)), {}),
    ]


def sin(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    return [
        ((_rand(4, 5, requires_grad=requires_grad, **kw),), {}),
        # transposed (4, 6): the CPU kernel's result keeps these strides, the
        # CUDA kernel's is contiguous (the fake follows the device).
        ((_leaf(torch.rand(6, 4, **kw).t(), requires_grad),), {}),
    ]


def clamp_(device, dtype, requires_grad=False):
    # x is mutated: it never requires grad (requires_grad is not used).
    kw = dict(device=device, dtype=dtype)
    x = torch.rand(4, 5, **kw) * 4 - 2
    x_t = (torch.rand(6, 4, **kw) * 4 - 2).t()  # (4, 6), transposed
    return [
        ((x, -1.0, 1.0), {}),
        ((x_t, -0.5, 1.5), {}),
    ]


def _muladd_inputs(device, dtype, requires_grad):
    kw = dict(device=device, dtype=dtype)
    r = dict(requires_grad=requires_grad, **kw)
    return [
        (_rand(4, 5, **r), _rand(4, 5, **r), 0.5),
        # a is transposed (4, 5), b a strided slice (4, 5).
        (_leaf(torch.rand(5, 4, **kw).t(), requires_grad),
         _leaf(torch.rand(4, 10, **kw)[:, ::2], requires_grad), -2.0),
        (_rand(3, **r), _rand(3, **r), 0.0),
    ]


def muladd(device, dtype, requires_grad=False):
    return [((a, b, c), {}) for a, b, c in _muladd_inputs(device, dtype, requires_grad)]


def muladd_out(device, dtype, requires_grad=False):
    return [
        ((a, b, c), {"out": _out(*a.shape, device=device, dtype=dtype)})
        for a, b, c in _muladd_inputs(device, dtype, requires_grad)
    ]


def soft_clip(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    x = _leaf(torch.randn(4, 5, **kw) * 3, requires_grad)
    x_t = _leaf(torch.randn(6, 4, **kw).t() * 3, requires_grad)  # (4, 6)
    return [
        ((x, 2.0), {}),
        ((x_t, 0.5), {}),
    ]


def softplus_beta(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    x = _leaf(torch.randn(4, 5, **kw), requires_grad)
    x_t = _leaf(torch.randn(6, 4, **kw).t(), requires_grad)  # (4, 6)
    return [
        ((x, 1.0), {}),
        ((x_t, 2.5), {}),
    ]


def pad_rows(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    x = _rand(4, 3, requires_grad=requires_grad, **kw)
    x_t = _leaf(torch.rand(3, 5, **kw).t(), requires_grad)  # (5, 3)
    weight = _rand(3, requires_grad=requires_grad, **kw)
    x3 = _rand(2, 3, 4, requires_grad=requires_grad, **kw)
    other = torch.float64 if dtype == torch.float32 else torch.float32
    return [
        ((x, 2), {}),
        ((x_t, 3, weight, "replicate"), {}),
        ((x3, 1, None, "constant", 1.5, other), {}),
    ]


def topk_rows(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    x = _rand(3, 10, requires_grad=requires_grad, **kw)
    x_t = _leaf(torch.rand(8, 5, **kw).t(), requires_grad)  # (5, 8)
    samples = [
        ((x, 4), {}),
        ((x_t, 3, False), {}),
    ]
    if not requires_grad:
        # Many ties: small integers stored as floats. (Not for gradients:
        # gradcheck's finite differences would reorder the ties.)
        ties = _leaf(torch.randint(0, 4, (2, 3, 7), device=device).to(dtype), False)
        samples.append(((ties, 7), {}))
    return samples


def _gate(*shape, device, dtype):
    """Values in [-1, -0.1] or [0.1, 1]: no finite difference of gradcheck
    flips ``gate > 0``."""
    g = torch.rand(*shape, device=device, dtype=dtype) * 0.9 + 0.1
    sign = torch.randint(0, 2, shape, device=device).to(dtype) * 2 - 1
    return g * sign


def gated(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    x = _rand(4, 5, requires_grad=requires_grad, **kw)
    gate = _leaf(_gate(4, 5, **kw), requires_grad)
    x_t = _leaf(torch.rand(6, 3, **kw).t(), requires_grad)  # (3, 6)
    row = _leaf(_gate(6, **kw), requires_grad)  # broadcast over the rows
    return [((x, gate), {}), ((x_t, row), {})]


def affine(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    r = dict(requires_grad=requires_grad, **kw)
    x_t = _leaf(torch.rand(5, 4, **kw).t(), requires_grad)  # (4, 5)
    return [
        ((_rand(2, 3, 4, **r), _rand(4, **r), _rand(4, **r)), {}),
        ((x_t, None, _rand(5, **r)), {}),  # no weight: bias is input 1 of autograd
        ((_rand(3, 4, **r), _rand(4, **r)), {}),  # no bias
    ]


# The backward ops (``ns::op_backward``, from [[custom_op_backward]]) are ops
# too: opcheck runs on them with these inputs.

def crop_backward(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    pic = _rand(3, 16, 12, requires_grad=requires_grad, **kw)
    grad = _leaf(torch.rand(7, 8, 3, **kw).permute(2, 1, 0), requires_grad)  # (3, 8, 7)
    small = _rand(2, 5, 4, requires_grad=requires_grad, **kw)
    return [
        ((grad, pic, [2, 3, 9, 11]), {}),
        ((_rand(2, 5, 4, requires_grad=requires_grad, **kw), small, [0, 0, 4, 5]), {}),
    ]


def muladd_backward(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype, requires_grad=requires_grad)
    a_t = _leaf(torch.rand(5, 4, device=device, dtype=dtype).t(), requires_grad)
    return [
        ((_rand(4, 5, **kw), _rand(4, 5, **kw), _rand(4, 5, **kw)), {}),
        ((_rand(4, 5, **kw), a_t, _rand(4, 5, **kw)), {}),
    ]


def topk_rows_backward(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    x = _rand(3, 10, requires_grad=requires_grad, **kw)
    x_t = _leaf(torch.rand(6, 2, **kw).t(), requires_grad)  # (2, 6)
    return [
        ((_rand(3, 4, requires_grad=requires_grad, **kw), x,
          torch.rand(3, 10, device=device).argsort(dim=-1)[:, :4]), {}),
        ((_rand(2, 2, requires_grad=requires_grad, **kw), x_t,
          torch.rand(2, 6, device=device).argsort(dim=-1)[:, :2]), {}),
    ]


def gated_backward(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    grad_t = _leaf(torch.rand(5, 4, **kw).t(), requires_grad)  # (4, 5)
    return [
        ((grad_t, _leaf(_gate(4, 5, **kw), requires_grad)), {}),
        ((_rand(3, 6, requires_grad=requires_grad, **kw), _leaf(_gate(6, **kw), requires_grad)), {}),
    ]


def gated_backward_backward(device, dtype, requires_grad=False):
    return gated_backward(device, dtype, requires_grad)  # (grad_0, gate)


def affine_backward(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    r = dict(requires_grad=requires_grad, **kw)
    x_t = _leaf(torch.rand(5, 4, **kw).t(), requires_grad)  # (4, 5)
    return [
        ((_rand(2, 3, 4, **r), _rand(2, 3, 4, **r), _rand(4, **r), [True, True, True]), {}),
        # Only weight's gradient (x and bias get undefined ones, None).
        ((_rand(4, 5, **r), x_t, _rand(5, **r), [False, True, False]), {}),
        ((_rand(3, 4, **r), _rand(3, 4, **r), None, [True, False, True]), {}),
    ]


SAMPLES = {
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
    "mylib::crop_backward": crop_backward,
    "mylib::muladd_backward": muladd_backward,
    "mylib::topk_rows_backward": topk_rows_backward,
    "mylib::gated": gated,
    "mylib::affine": affine,
    "mylib::gated_backward": gated_backward,
    "mylib::gated_backward_backward": gated_backward_backward,
    "mylib::affine_backward": affine_backward,
}


def positive_values(device, dtype, requires_grad=False):
    x = torch.tensor([[1.5, -2.0, 0.0], [3.0, 0.25, -1.0]], device=device, dtype=dtype)
    return [((_leaf(x, requires_grad),), {}), ((_leaf(x.t(), requires_grad),), {}),
            ((_leaf(torch.rand(5, device=device, dtype=dtype) - 0.5, requires_grad),), {})]


SAMPLES["mylib::positive_values"] = positive_values
