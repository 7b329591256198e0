"""extension-cpp's own tests (test/test_extension.py there), for the CPU
kernels: the ops against a Python reference, torch.library.opcheck where
the library registers what opcheck needs, mymuladd's gradients. Run with the
built package on PYTHONPATH (ctest migrate_original_extension_cpp, and the
migrated build of test/MigrateLayout.cmake)."""
import torch
from torch.testing._internal.optests import opcheck

import extension_cpp

ops = torch.ops.extension_cpp


def _samples(requires_grad=False):
    def t(*size):
        return torch.randn(size, requires_grad=requires_grad)
    return [[t(3), t(3), 1.0], [t(20), t(20), 3.14], [t(20), t(20), -123.0],
            [t(2, 3), t(2, 3), 0.5]]


def test_mymuladd_numerics():
    for a, b, c in _samples():
        torch.testing.assert_close(extension_cpp.ops.mymuladd(a, b, c), a * b + c)
        torch.testing.assert_close(ops.mymuladd(a, b, c), a * b + c)


def test_mymul_numerics():
    for a, b, _ in _samples():
        torch.testing.assert_close(ops.mymul(a, b), a * b)


def test_myadd_out_numerics():
    for a, b, _ in _samples():
        out = torch.empty_like(a)
        ops.myadd_out(a, b, out)
        torch.testing.assert_close(out, a + b)


def test_mymuladd_gradients():
    for a, b, c in _samples(requires_grad=True):
        out = ops.mymuladd(a, b, c)
        ga, gb = torch.autograd.grad(out.sum(), (a, b))
        torch.testing.assert_close(ga, b.detach())
        torch.testing.assert_close(gb, a.detach())


def test_opcheck_mymuladd():
    for args in _samples() + _samples(requires_grad=True):
        opcheck(ops.mymuladd.default, args)


def test_opcheck_mymul():
    # mymul has no backward: on inputs that require grad, torch's fallback
    # (the original) warns only at backward, opgen's Autograd kernel (the
    # migrated library) refuses to differentiate (an intended difference of
    # migrate --verify): opcheck runs on inputs that need no grad.
    for a, b, _ in _samples():
        opcheck(ops.mymul.default, (a, b))


def _myadd_out_samples(requires_grad):
    # extension-cpp's TestMyAddOut.sample_inputs: every tensor, out included,
    # requires grad in its opcheck samples.
    def t(*size):
        return torch.randn(size, requires_grad=requires_grad)
    return [[t(3), t(3), t(3)], [t(20), t(20), t(20)]]


def test_myadd_out_correctness():
    for args in _myadd_out_samples(False):
        extension_cpp.ops.myadd_out(*args)
        torch.testing.assert_close(args[-1], torch.add(*args[:2]))


def test_opcheck_myadd_out():
    # extension-cpp's TestMyAddOut._opcheck, as that test runs it: all of
    # opcheck's tests (myadd_out returns nothing: torch's trivial fake
    # serves it).
    for args in _myadd_out_samples(True) + _myadd_out_samples(False):
        opcheck(ops.myadd_out.default, args)
