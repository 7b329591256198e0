"""Fake (meta) kernels of the bundled mylib ops, written in Python.

opgen copies this module into the generated package as ``mylib.mylib_fakes``
(add_custom_op(... FAKE_MODULE kernels/mylib_fakes.py)) and points
``m.set_python_module`` at it. Each fake computes the outputs' metadata from
the inputs' metadata only, so the ops run under FakeTensor, torch.compile
(dynamic shapes included) and torch.export.

Only two ops need one here. opgen synthesises the fakes of crop, paste,
box_blur, topk_rows and muladd.out from their kernels' allocations, and
muladd has a C++ fake; these two are the ones it cannot derive (it says why
when it runs without this module):
  * pad_rows reassigns its result (``out = out.to(*dtype)``), whose dtype
    then depends on an argument;
  * positive_values has a data-dependent output size.
"""
import torch


@torch.library.register_fake("mylib::pad_rows")
def _pad_rows_fake(x, pad, weight=None, mode="constant", value=0.0, dtype=None):
    result_dtype = x.dtype if weight is None else torch.promote_types(x.dtype, weight.dtype)
    if dtype is not None:
        result_dtype = dtype
    return x.new_empty((x.shape[0] + pad, *x.shape[1:]), dtype=result_dtype)


@torch.library.register_fake("mylib::positive_values")
def _positive_values_fake(x):
    # The length depends on the data: a fresh symbolic size.
    count = torch.library.get_ctx().new_dynamic_size()
    return x.new_empty(count)
