"""The installed wheel_example, imported with no PYTHONPATH (ctest `wheel`,
test/WheelProject.cmake): it is the installed copy, its library carries
RPATH $ORIGIN, its C++ header is in the package, and the op runs."""
import os
import sys
import sysconfig

import torch

import wheel_example


def _package_dir():
    return os.path.dirname(os.path.abspath(wheel_example.__file__))


def test_imported_from_site_packages():
    site = os.path.realpath(sysconfig.get_path("platlib"))
    assert os.path.realpath(_package_dir()) == os.path.join(site, "wheel_example")
    assert "PYTHONPATH" not in os.environ
    assert not any("wheel_example_gen" in p or p.endswith("/python") for p in sys.path)


def test_library_beside_package_with_origin_rpath():
    library = os.path.join(_package_dir(), "libwheel_example_ops.so")
    assert os.path.realpath(wheel_example.library_path) == os.path.realpath(library)
    assert b"$ORIGIN" in open(library, "rb").read()


def test_header_installed():
    header = os.path.join(_package_dir(), "include", "wheel_example", "ops.h")
    assert "scale_shift" in open(header).read()


def test_op_runs_and_trains():
    x = torch.randn(4, dtype=torch.float64, requires_grad=True)
    y = wheel_example.ops.scale_shift(x, 3.0, beta=1.0)
    assert torch.allclose(y, 3.0 * x + 1.0)
    y.sum().backward()
    assert torch.allclose(x.grad, torch.full_like(x, 3.0))
