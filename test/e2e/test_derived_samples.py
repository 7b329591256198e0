"""Derived samples (docs/cli.md#derived-samples) in the generated tests of the
bundled library.

``mylib::rms_norm`` (kernels/norm.cpp) has no author samples: its generated
tests run on samples derived from the schema and the kernel's TORCH_CHECKs.
Here the generated test module itself is loaded and its derivation checked:
the shapes it picks, that the op accepts them and computes the right thing,
and that a kernel rejecting derived samples fails with an explanation that
points at SAMPLES instead of a bare kernel error.
"""

import importlib.util
import os
from pathlib import Path

import pytest
import torch

HERE = Path(__file__).resolve().parent
BUILD_DIR = Path(os.environ.get("OPGEN_BUILD_DIR") or HERE.parents[1] / "build")
GENERATED = BUILD_DIR / "kernels" / "mylib_ops_gen" / "tests" / "test_mylib_ops.py"


@pytest.fixture(scope="module")
def generated():
    if not GENERATED.exists():
        if os.environ.get("OPGEN_E2E_REQUIRED"):
            raise FileNotFoundError(GENERATED)
        pytest.skip(f"the bundled op library is not built ({GENERATED})")
    spec = importlib.util.spec_from_file_location("_generated_mylib_tests", GENERATED)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _record(generated, name):
    return next(op for op in generated.OPS if op["name"] == name)


def test_checks_are_read_from_the_kernel(generated):
    checks = _record(generated, "mylib::rms_norm")["checks"]
    assert ("binary", "==", ("dim", "weight"), ("literal", "1")) in checks
    assert ("binary", "==", ("size", "weight", ("literal", "0")),
            ("size", "x", ("unary", "-", ("literal", "1")))) in checks
    # Conditions on what samples cannot choose are kept but not solved.
    assert ("binary", ">=", ("dim", "x"), ("literal", "1")) in checks


def test_plan_satisfies_the_checks(generated):
    op = _record(generated, "mylib::rms_norm")
    plan = generated._Plan(op)
    assert plan.shapes == {"x": (3, 4), "weight": (4,)}
    assert plan.unmet() == []
    # Without the checks every tensor would be 3 x 4, which the kernel rejects.
    bare = generated._Plan({**op, "checks": []})
    assert bare.shapes == {"x": (3, 4), "weight": (3, 4)}
    with pytest.raises(RuntimeError, match="weight must be 1-D"):
        torch.ops.mylib.rms_norm(torch.randn(3, 4), torch.randn(3, 4))


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_derived_samples_run_and_match_a_reference(generated, dtype):
    op = _record(generated, "mylib::rms_norm")
    samples = generated._samples(op, "cpu", dtype)
    assert len(samples) == 3
    contiguity = []
    for args, kwargs in samples:
        x, weight, *rest = args
        eps = rest[0] if rest else 1e-6
        contiguity.append((x.is_contiguous(), weight.is_contiguous()))
        expected = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * weight
        torch.testing.assert_close(torch.ops.mylib.rms_norm(*args), expected)
    # The second sample has non-contiguous tensors of the same shapes; the
    # first two leave eps out, the third gives it a value of its own.
    assert contiguity == [(True, True), (False, False), (True, True)]
    assert [len(args) for args, _ in samples] == [2, 2, 3]
    assert samples[2][0][2] == 0.5


def test_plan_solves_ranks_sizes_ints_and_lengths(generated):
    op = {
        "name": "t::f", "overload": "",
        "arguments": [("a", "Tensor", False, False, False),
                      ("b", "Tensor", False, False, False),
                      ("k", "SymInt", False, False, False),
                      ("box", "int[]", False, False, False)],
        "checks": [
            ("binary", "==", ("dim", "a"), ("literal", "3")),
            ("binary", "==", ("sizes", "b"), ("sizes", "a")),
            ("binary", "==", ("size", "a", ("literal", "1")), ("literal", "8")),
            ("binary", "==", ("arg", "k"), ("size", "b", ("literal", "2"))),
            ("binary", "==", ("arg-length", "box"), ("literal", "4")),
            ("binary", "<=", ("arg", "k"), ("literal", "1")),
        ],
    }
    plan = generated._Plan(op)
    assert plan.shapes == {"a": (3, 8, 5), "b": (3, 8, 5)}
    assert plan.ints == {"k": 5}
    assert plan.lengths == {"box": 4}
    # What it cannot meet it says.
    assert plan.unmet() == ["k <= 1"]


def test_rejected_derived_samples_explain_themselves(generated, monkeypatch):
    # crop's author samples removed: the derived ones (pic 3 x 4, box of 2)
    # do not fit crop's checks, which live in a helper opgen does not read.
    monkeypatch.setattr(generated, "AUTHOR_SAMPLES", {})
    op = _record(generated, "mylib::crop")
    with pytest.raises(pytest.fail.Exception) as failure:
        generated._samples(op, "cpu", torch.float32)
    message = str(failure.value)
    assert "mylib::crop: the kernel rejected the samples this test derived" in message
    assert "pic: 3x4" in message and "len(box)=2" in message
    assert "expected pic to be a C x H x W tensor" in message  # the kernel's error
    assert "derived from the schema alone" in message
    assert "SAMPLES['mylib::crop']" in message
    assert "docs/cli.md#the-samples-module" in message
