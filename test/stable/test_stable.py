"""Hand-written tests of the stable-ABI example library (test/stable): the
kernels' values, the Python-registered fakes and autograd, and the generated
files' promise of no ATen."""
import os

import pytest
import torch

import stableops
from stableops import ops


def test_add_scaled_values():
    x, y = torch.rand(3, 4), torch.rand(3, 4)
    torch.testing.assert_close(ops.add_scaled(x, y, [2, -3]), 2 * x - 3 * y)
    torch.testing.assert_close(ops.add_scaled(x, None, [5, 1]), 5 * x)
    xt = torch.rand(4, 3, dtype=torch.float64).t()
    torch.testing.assert_close(ops.add_scaled(xt, None, [2, 0]), 2 * xt)


def test_add_scaled_checks():
    with pytest.raises(RuntimeError, match="coeffs must have 2 items"):
        ops.add_scaled(torch.rand(2), None, [1])
    with pytest.raises(RuntimeError, match="y must have the shape of x"):
        ops.add_scaled(torch.rand(2), torch.rand(3), [1, 1])


def test_scale_in_place():
    x = torch.rand(3, 4)
    expected = x * 1.5
    assert ops.scale_(x, 1.5) is None
    torch.testing.assert_close(x, expected)
    assert torch.ops.stableops.scale_.default._schema.arguments[0].alias_info.is_write


def test_fake_is_python_registered():
    # The synthesised fake is a register_fake function of the package's
    # fakes module (a stable library has no C++ Meta kernel of its own).
    entry = torch._library.simple_registry.singleton.find("stableops::add_scaled")
    assert entry.fake_impl.kernel is not None
    assert "fakes.py" in entry.fake_impl.kernel.source
    with torch._subclasses.fake_tensor.FakeTensorMode():
        out = ops.add_scaled(torch.empty(2, 7), None, [1, 1])
    assert out.shape == (2, 7)


def test_gradients_and_absent_optional():
    x = torch.rand(3, dtype=torch.float64, requires_grad=True)
    y = torch.rand(3, dtype=torch.float64, requires_grad=True)
    ops.add_scaled(x, y, [2, -3]).sum().backward()
    torch.testing.assert_close(x.grad, torch.full_like(x, 2))
    torch.testing.assert_close(y.grad, torch.full_like(y, -3))
    x.grad = None
    ops.add_scaled(x, None, [4, 1]).sum().backward()
    torch.testing.assert_close(x.grad, torch.full_like(x, 4))


def test_double_backward_refused():
    x = torch.rand(3, dtype=torch.float64, requires_grad=True)
    out = ops.add_scaled(x, None, [2, 1])
    (g,) = torch.autograd.grad((out * out).sum(), x, create_graph=True)
    with pytest.raises(RuntimeError, match="cannot be differentiated twice"):
        g.sum().backward()


NO_BACKWARD = r"has no backward, so it cannot be differentiated; write one with \[\[custom_op_backward"


def test_in_place_op_without_backward_raises():
    # scale_ has no backward: the gradient through it must raise, not be
    # the identity's [1, 1, 1] (torch's default autograd fallback) instead
    # of [1.5, 1.5, 1.5].
    x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
    y = x * 1
    ops.scale_(y, 1.5)
    torch.testing.assert_close(y.detach(), torch.tensor([-3.0, 0.75, 4.5]))
    with pytest.raises(RuntimeError, match=r"stableops::scale_ " + NO_BACKWARD):
        y.sum().backward()
    assert x.grad is None
    # Mutating a view rebases its base's history too.
    base = torch.ones(2, 3, requires_grad=True) * 1
    ops.scale_(base[0], 2.0)
    with pytest.raises(RuntimeError, match=NO_BACKWARD):
        base.sum().backward()
    # A leaf that requires grad may be written and stays a leaf, as with a
    # torch.library.custom_op (pytorch/extension-cpp's opcheck samples
    # write one): its history cannot be rebased.
    leaf = torch.ones(3, requires_grad=True)
    ops.scale_(leaf, 2.0)
    assert leaf.is_leaf and leaf.requires_grad and leaf.grad_fn is None
    assert leaf._version == 1


def test_functional_op_without_backward_raises():
    x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
    out = ops.scaled(x, 1.5)
    torch.testing.assert_close(out.detach(), torch.tensor([-3.0, 0.75, 4.5]))
    with pytest.raises(RuntimeError, match=r"stableops::scaled " + NO_BACKWARD):
        out.sum().backward()


def test_op_without_backward_is_fine_without_grad():
    x = torch.tensor([-2.0, 0.5, 3.0], requires_grad=True)
    with torch.no_grad():
        y = x * 1
        ops.scale_(y, 2.0)
        assert not ops.scaled(x, 2.0).requires_grad
    z = torch.ones(3)
    ops.scale_(z, 2.0)
    assert not z.requires_grad and not ops.scaled(z, 2.0).requires_grad
    # The version of a mutated tensor is bumped: autograd sees the mutation
    # of a tensor another op saved.
    w = torch.ones(3) * 1
    v = (x * w).sum()
    ops.scale_(w, 2.0)
    with pytest.raises(RuntimeError, match="modified by an inplace operation"):
        v.backward()


def test_generated_cpp_uses_no_aten():
    gen = os.path.join(os.path.dirname(stableops.library_path), "..", "..",
                       "stable_ops_gen")
    for root, dirs, files in os.walk(gen):
        # What torch.compile wrote while the generated tests ran (their
        # inductor cache, beside them) is torch's code, not opgen's.
        dirs[:] = [d for d in dirs if d != ".inductor-cache"]
        for name in files:
            if name.endswith((".cpp", ".h")):
                text = open(os.path.join(root, name)).read()
                assert "#include <ATen" not in text, name
                assert "torch/extension.h" not in text, name
                assert "torch/library.h" not in text, name
    registration = open(os.path.join(gen, "registration.cpp")).read()
    assert "STABLE_TORCH_LIBRARY(stableops, m)" in registration
