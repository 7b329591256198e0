"""torchvision's _meta_registrations.py in small: the ops' Meta kernels,
registered in Python through a Library of the torchvision namespace, and
nms's fake (its output's length depends on the data)."""
import functools

import torch
import torch._custom_ops  # noqa: F401
import torch.library

_meta_lib = torch.library.Library("torchvision", "IMPL", "Meta")


@functools.lru_cache(None)
def get_meta_lib():
    return _meta_lib


def register_meta(op_name, overload_name="default"):
    def wrapper(fn):
        if torchvision_ops_available():
            get_meta_lib().impl(getattr(getattr(torch.ops.torchvision, op_name), overload_name), fn)
        return fn
    return wrapper


def torchvision_ops_available():
    return hasattr(torch.ops.torchvision, "roi_align")


@register_meta("roi_align")
def meta_roi_align(input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned):
    torch._check(rois.size(1) == 5, lambda: "rois must have shape as Tensor[K, 5]")
    torch._check(input.dtype == rois.dtype, lambda: "Expected tensor for input to have the same type as rois")
    num_rois = rois.size(0)
    channels = input.size(1)
    return input.new_empty((num_rois, channels, pooled_height, pooled_width))


@register_meta("_roi_align_backward")
def meta_roi_align_backward(grad, rois, spatial_scale, pooled_height, pooled_width,
                            batch_size, channels, height, width, sampling_ratio, aligned):
    return grad.new_empty((batch_size, channels, height, width))


@register_meta("ps_roi_pool")
def meta_ps_roi_pool(input, rois, spatial_scale, pooled_height, pooled_width):
    torch._check(rois.size(1) == 5, lambda: "rois must have shape as Tensor[K, 5]")
    channels = input.size(1)
    torch._check(channels % (pooled_height * pooled_width) == 0,
                 "input channels must be a multiple of pooling height * pooling width")
    num_rois = rois.size(0)
    out_size = (num_rois, channels // (pooled_height * pooled_width), pooled_height, pooled_width)
    return input.new_empty(out_size), torch.empty(out_size, dtype=torch.int32, device="meta")


@register_meta("_ps_roi_pool_backward")
def meta_ps_roi_pool_backward(grad, rois, channel_mapping, spatial_scale, pooled_height,
                              pooled_width, batch_size, channels, height, width):
    return grad.new_empty((batch_size, channels, height, width))


@register_meta("deform_conv2d")
def meta_deform_conv2d(input, weight, offset, mask, bias, stride_h, stride_w, pad_h, pad_w,
                       dil_h, dil_w, n_weight_grps, n_offset_grps, use_mask):
    out_height, out_width = offset.shape[-2:]
    out_channels = weight.shape[0]
    batch_size = input.shape[0]
    return input.new_empty((batch_size, out_channels, out_height, out_width))


@torch.library.register_fake("torchvision::nms")
def meta_nms(dets, scores, iou_threshold):
    torch._check(dets.dim() == 2, lambda: f"boxes should be a 2d tensor, got {dets.dim()}D")
    torch._check(dets.size(1) == 4, lambda: f"boxes should have 4 elements in dimension 1, got {dets.size(1)}")
    torch._check(scores.dim() == 1, lambda: f"scores should be a 1d tensor, got {scores.dim()}")
    torch._check(dets.size(0) == scores.size(0),
                 lambda: f"boxes and scores should have same number of elements in dimension 0")
    ctx = torch._custom_ops.get_ctx()
    num_to_keep = ctx.create_unbacked_symint()
    return dets.new_empty(num_to_keep, dtype=torch.long)
