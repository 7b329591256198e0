"""The return forms of returns.cpp at run time: schemas as torch prints
them, a view that shares its input's storage, out arguments returned as the
very tensors passed, and a list of strings."""

import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import returns_ops  # noqa: E402,F401  (loads the op library)


def test_schemas():
    assert str(torch.ops.rt.head.default._schema) == "rt::head(Tensor(a) x, int n) -> Tensor(a)"
    assert str(torch.ops.rt.minmax.out._schema) == (
        "rt::minmax.out(Tensor x, *, Tensor(a!) mins, Tensor(b!) maxs) "
        "-> (Tensor(a!) mins, Tensor(b!) maxs)")
    assert str(torch.ops.rt.dtype_names.default._schema) == (
        "rt::dtype_names(Tensor[] xs) -> str[]")


def test_head_is_a_view():
    x = torch.rand(5, 3)
    y = torch.ops.rt.head(x, 2)
    assert y._base is x or y.untyped_storage().data_ptr() == x.untyped_storage().data_ptr()
    y.fill_(7)
    assert (x[:2] == 7).all() and not (x[2:] == 7).any()


def test_minmax_out_returns_its_out_arguments():
    x = torch.rand(4, 6)
    mins, maxs = torch.empty(4), torch.empty(4)
    result = torch.ops.rt.minmax.out(x, mins=mins, maxs=maxs)
    assert result[0] is mins and result[1] is maxs
    torch.testing.assert_close(mins, x.amin(1))
    torch.testing.assert_close(maxs, x.amax(1))


def test_dtype_names():
    names = torch.ops.rt.dtype_names([torch.zeros(1), torch.zeros(1, dtype=torch.int64)])
    assert names == ["Float", "Long"]
