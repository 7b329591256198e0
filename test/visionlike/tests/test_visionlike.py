"""The visionlike package as its users see it: the author's own package, the
author's fakes (registered through helpers opgen cannot see), and opgen's
skeleton only for the op without a fake. Run by test/OutsideProject.cmake after the build,
with PYTHONPATH=<build>/python (this file is in tests/, so that pytest does
not put the source package visionlike/ first on sys.path)."""
import os

import pytest
import torch
from torch._subclasses.fake_tensor import FakeTensorMode

import visionlike

SOURCE = os.environ["OPGEN_PROJECT_SOURCE_DIR"]
BINARY = os.environ["OPGEN_PROJECT_BINARY_DIR"]
GEN = os.path.join(BINARY, "visionlike_C_gen")
PKG = os.path.join(BINARY, "python", "visionlike")


def _registry(qualname):
    return torch._library.simple_registry.singleton.find(qualname).fake_impl


def test_the_package_is_the_authors():
    # The imported package is the author's __init__.py, beside the library.
    assert os.path.dirname(os.path.abspath(visionlike.__file__)) == PKG
    with open(visionlike.__file__) as got, \
            open(os.path.join(SOURCE, "visionlike", "__init__.py")) as want:
        assert got.read() == want.read()
    # opgen generated no package that could shadow it: no __init__.py or
    # ops.py, in its output directory or beside the library.
    assert not os.path.exists(os.path.join(GEN, "python", "visionlike", "__init__.py"))
    assert not os.path.exists(os.path.join(GEN, "python", "visionlike", "ops.py"))
    assert set(os.listdir(PKG)) - {"__pycache__"} == {
        "_C.so", "__init__.py", "_meta_registrations.py", "_opgen_fakes.py", "ops.pyi"}
    # TORCH_LIBRARY names the author's module.
    for op in ("box_area", "box_center", "flip_boxes"):
        assert torch._C._dispatch_pystub(f"visionlike::{op}", "")[0] == \
            "visionlike._meta_registrations"


def test_eager():
    boxes = torch.tensor([[0.0, 0.0, 2.0, 3.0], [1.0, 1.0, 5.0, 2.0]])
    torch.testing.assert_close(visionlike.box_area(boxes), torch.tensor([6.0, 4.0]))
    torch.testing.assert_close(visionlike.box_center(boxes),
                               torch.tensor([[1.0, 1.5], [3.0, 1.5]]))
    torch.testing.assert_close(visionlike.flip_boxes(boxes, 10),
                               torch.tensor([[8.0, 0.0, 10.0, 3.0], [5.0, 1.0, 9.0, 2.0]]))


def test_fakes_are_the_authors():
    # box_area: the register_fake behind @register_meta; box_center: the Meta
    # kernel behind @register_meta_kernel. opgen's skeletons for them exist
    # in _opgen_fakes but were not registered.
    area = _registry("visionlike::box_area").kernel
    assert area is not None and "_meta_registrations.py" in area.source
    assert not getattr(area.func, "_opgen_skeleton", False)
    assert _registry("visionlike::box_center").kernel is None
    assert torch._C._dispatch_has_kernel_for_dispatch_key("visionlike::box_center", "Meta")
    from visionlike import _opgen_fakes
    assert hasattr(_opgen_fakes, "_visionlike_box_area_fake")
    with FakeTensorMode():
        boxes = torch.empty(7, 4)
        assert torch.ops.visionlike.box_area.default(boxes).shape == (7,)
        assert torch.ops.visionlike.box_center.default(boxes).shape == (7, 2)


def test_compile_fullgraph_uses_the_authors_fakes():
    def f(boxes):
        return torch.ops.visionlike.box_area.default(boxes) + \
            torch.ops.visionlike.box_center.default(boxes).sum(1)

    torch._dynamo.reset()
    compiled = torch.compile(f, fullgraph=True, dynamic=True)
    for n in (3, 5):
        boxes = torch.rand(n, 4)
        torch.testing.assert_close(compiled(boxes), f(boxes))


def test_op_without_fake_raises_the_skeletons_error():
    kernel = _registry("visionlike::flip_boxes").kernel
    assert kernel is not None and kernel.func._opgen_skeleton
    assert "_opgen_fakes.py" in kernel.source
    with FakeTensorMode():
        with pytest.raises(NotImplementedError,
                           match=r"visionlike::flip_boxes has no fake kernel.*"
                                 r"register_fake in visionlike\._meta_registrations"):
            torch.ops.visionlike.flip_boxes.default(torch.empty(2, 4), 10)
