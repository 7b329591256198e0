"""visionlike: a torchvision-like package. It loads its own op library and
registers its own fakes; opgen generated only the library from the C++
annotations (and _opgen_fakes, the skeletons for ops without a fake)."""
import os

import torch

_C_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_C.so")
torch.ops.load_library(_C_PATH)

from . import _meta_registrations  # noqa: E402,F401  (the package's fakes)
from . import _opgen_fakes  # noqa: E402,F401  (opgen: skeletons for the rest)

__all__ = ["box_area", "box_center", "flip_boxes"]


def box_area(boxes):
    return torch.ops.visionlike.box_area(boxes)


def box_center(boxes):
    return torch.ops.visionlike.box_center(boxes)


def flip_boxes(boxes, width):
    return torch.ops.visionlike.flip_boxes(boxes, width)
