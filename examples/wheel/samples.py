"""Sample inputs for the generated tests of wheel_example (add_custom_op SAMPLES)."""
import torch


def scale_shift(device, dtype, requires_grad=False):
    x = torch.randn(3, 5, device=device, dtype=dtype)
    t = torch.randn(5, 3, device=device, dtype=dtype).t()  # non-contiguous
    return [((x.requires_grad_(requires_grad), 2.0), {"beta": 0.5}),
            ((t.detach().requires_grad_(requires_grad), -1.5), {})]


SAMPLES = {"wheel_example::scale_shift": scale_shift}
