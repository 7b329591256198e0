"""mixed::clampadd (mixed.cpp): a fake per device from kernels of two kinds
(issue #49). On CPU tensors the fake is the CPU kernel run on the fake
tensors, so a transposed input gives a transposed output, as the kernel
does; on CUDA tensors it is the CUDA kernel's allocation, contiguous, which
FakeTensorMode shows without a GPU."""
import torch
from torch._subclasses.fake_tensor import FakeTensorMode

import mixed  # noqa: F401  (loads the opgen-built library)

op = torch.ops.mixed.clampadd.default


def _transposed(device):
    return torch.empty(3, 5, device=device).t()


def test_cpu_branch_is_the_kernel():
    a, b = torch.randn(3, 5).t(), torch.randn(3, 5).t()
    real = op(a, b, -0.5, 0.5)
    assert real.stride() == (1, 5)  # ATen keeps the inputs' layout
    with FakeTensorMode():
        fake = op(_transposed("cpu"), _transposed("cpu"), -0.5, 0.5)
    assert (fake.shape, fake.stride(), fake.device) == (real.shape, real.stride(), real.device)


def test_cuda_branch_is_the_cuda_kernels_allocation():
    with FakeTensorMode():
        fake = op(_transposed("cuda"), _transposed("cuda"), -0.5, 0.5)
    assert fake.device.type == "cuda"
    assert fake.shape == (5, 3) and fake.stride() == (3, 1)


def test_compiles_on_the_cpu():
    a, b = torch.randn(4, 6), torch.randn(4, 6)
    compiled = torch.compile(lambda a, b: op(a, b, -1.0, 1.0), fullgraph=True, dynamic=True)
    torch.testing.assert_close(compiled(a, b), (a + b).clamp(-1.0, 1.0))
