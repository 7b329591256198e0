"""The per-source shards of ops.cpp and fakes.cpp at run time."""

import os
import sys
from pathlib import Path

import pytest
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import shards_ops  # noqa: E402,F401  (loads the op library)

GEN = Path(shards_ops.library_path).parents[2] / "shards_ops_gen"


def test_schemas():
    assert str(torch.ops.shards.first_rows.default._schema) == (
        "shards::first_rows(Tensor x, SymInt n) -> Tensor")
    assert str(torch.ops.shards.bump_.default._schema) == (
        "shards::bump_(Tensor(a!) x) -> ()")


def test_header_kernel_is_hosted_by_both_shards_and_works():
    for shard in ("shards/ops.cpp", "fakes.cpp", "extra/ops.cpp"):
        text = (GEN / "shards" / shard).read_text()
        assert "__attribute__((weak))\nat::Tensor shards_twice__CPU(" in text, shard
    x = torch.arange(4.0)
    assert torch.equal(torch.ops.shards.twice(x), x * 2)


def test_adapted_int_kernel():
    registration = (GEN / "registration.cpp").read_text()
    assert "shards_first_rows__CPU__adapted(const at::Tensor& x, c10::SymInt n)" in registration
    x = torch.rand(5, 3)
    assert torch.equal(torch.ops.shards.first_rows(x, 2), x[:2])
    with pytest.raises(RuntimeError, match="n out of range"):
        torch.ops.shards.first_rows(x, 6)


def test_fakes_from_the_other_source():
    from torch._subclasses.fake_tensor import FakeTensorMode

    with FakeTensorMode():
        x = torch.empty(7, 3)
        assert torch.ops.shards.first_rows(x, 4).shape == (4, 3)
        torch.ops.shards.bump_(x)
    y = torch.zeros(3)
    torch.ops.shards.bump_(y)
    assert torch.equal(y, torch.ones(3))


def test_compiles_with_dynamic_sizes():
    f = torch.compile(lambda x, n: torch.ops.shards.first_rows(x, n), fullgraph=True,
                      dynamic=True)
    x = torch.rand(6, 2)
    assert torch.equal(f(x, 3), x[:3])
    assert torch.equal(f(x, 5), x[:5])


def test_sources_of_one_file_name():
    # ops.cpp and extra/ops.cpp: each shard named by its trailing path.
    assert sorted(p.relative_to(GEN / "shards").as_posix()
                  for p in (GEN / "shards").rglob("*.cpp")) == [
        "extra/ops.cpp", "fakes.cpp", "shards/ops.cpp"]
    x = torch.arange(4.0)
    assert torch.equal(torch.ops.shards.halve(x), x / 2)
