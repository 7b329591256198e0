"""Fake (meta) kernels of the bundled mylib ops, written in Python.

opgen copies this module into the generated package as ``mylib.mylib_fakes``
(add_custom_op(... FAKE_MODULE kernels/mylib_fakes.py)) and points
``m.set_python_module`` at it. Each fake computes the outputs' metadata from
the inputs' metadata only, so the ops run under FakeTensor, torch.compile
(dynamic shapes included) and torch.export.
"""
import torch


def _pair(kernel_size):
    return (kernel_size[0], kernel_size[0]) if len(kernel_size) == 1 else tuple(kernel_size)


@torch.library.register_fake("mylib::crop")
def _crop_fake(pic, box):
    left, upper, right, lower = box
    return pic.new_empty(pic.shape[0], lower - upper, right - left)


@torch.library.register_fake("mylib::paste")
def _paste_fake(im, patch, coord):
    return torch.empty_like(im, memory_format=torch.contiguous_format)


@torch.library.register_fake("mylib::box_blur")
def _box_blur_fake(pic, kernel_size=(3,)):
    kh, kw = _pair(kernel_size)
    return pic.new_empty(pic.shape[0], pic.shape[1] - kh + 1, pic.shape[2] - kw + 1)


@torch.library.register_fake("mylib::pad_rows")
def _pad_rows_fake(x, pad, weight=None, mode="constant", value=0.0, dtype=None):
    result_dtype = x.dtype if weight is None else torch.promote_types(x.dtype, weight.dtype)
    if dtype is not None:
        result_dtype = dtype
    return x.new_empty((x.shape[0] + pad, *x.shape[1:]), dtype=result_dtype)


@torch.library.register_fake("mylib::topk_rows")
def _topk_rows_fake(x, k, largest=True):
    shape = (*x.shape[:-1], k)
    return x.new_empty(shape), x.new_empty(shape, dtype=torch.int64)


@torch.library.register_fake("mylib::positive_values")
def _positive_values_fake(x):
    # The length depends on the data: a fresh symbolic size.
    count = torch.library.get_ctx().new_dynamic_size()
    return x.new_empty(count)
