"""A fake right on one device only fails the generated tests, on a machine
without that device (docs/fakes.md#one-fake-for-every-device).

The bundled mylib::sin has a CPU kernel that keeps its input's strides
(at::empty_like) and a CUDA kernel that allocates a contiguous result, so
opgen gives it a fake per device. The generated
test_fake_matches_kernel_facts runs the fake on fake CUDA tensors and
compares it with what the CUDA kernel allocates. Here it is run as
generated (it passes) and with the CUDA kernel's facts replaced by the CPU
kernel's: that is what checking a CPU-only fake against the CUDA kernel
looks like, and it must fail on the strides of a transposed input."""
import importlib.util
import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD_DIR = Path(os.environ.get("OPGEN_BUILD_DIR") or REPO / "build")
GENERATED = BUILD_DIR / "kernels" / "mylib_ops_gen" / "tests" / "test_mylib_ops.py"

if not GENERATED.exists():
    if os.environ.get("OPGEN_E2E_REQUIRED"):
        raise RuntimeError(f"{GENERATED} is not built")
    pytest.skip(f"{GENERATED} is not built", allow_module_level=True)


def _generated():
    spec = importlib.util.spec_from_file_location("opgen_e2e_generated_mylib", GENERATED)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_sin_has_a_fake_per_device():
    tests = _generated()
    op = next(o for o in tests.OPS if o["name"] == "mylib::sin")
    assert op["fake"] == "per-device"
    assert sorted(op["kernel_facts"]) == ["cpu", "cuda"]
    tests.test_fake_matches_kernel_facts(op, "cpu")
    tests.test_fake_matches_kernel_facts(op, "cuda")


def test_a_fake_right_on_the_cpu_only_fails_on_fake_cuda_tensors():
    tests = _generated()
    op = next(o for o in tests.OPS if o["name"] == "mylib::sin")
    cpu_only = dict(op, kernel_facts={"cuda": op["kernel_facts"]["cpu"]})
    with pytest.raises(AssertionError, match="strides"):
        tests.test_fake_matches_kernel_facts(cpu_only, "cuda")
