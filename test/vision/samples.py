"""Sample inputs for the vision test ops (opgen's SAMPLES convention:
``fn(device, dtype, requires_grad) -> [(args, kwargs), ...]``)."""

import torch


def _rois(device, dtype):
    # batch index, x1, y1, x2, y2 (in input pixels / spatial_scale)
    return torch.tensor([[0, 0.5, 1.0, 6.0, 5.5],
                         [1, 2.0, 0.0, 7.5, 3.0],
                         [0, 1.0, 1.0, 2.0, 2.0]], device=device, dtype=dtype)


def roi_align(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    x = torch.rand(2, 3, 6, 8, **kw).requires_grad_(requires_grad)
    # A channels-last view: non-contiguous.
    x_cl = torch.rand(2, 6, 8, 3, **kw).permute(0, 3, 1, 2).detach()
    x_cl.requires_grad_(requires_grad)
    rois = _rois(device, dtype)
    return [
        ((x, rois, 1.0, 2, 3, 2, False), {}),
        ((x_cl, rois, 0.5, 3, 2, 0, True), {}),
    ]


def roi_align_backward(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    grad = torch.rand(3, 3, 2, 3, **kw).requires_grad_(requires_grad)
    return [((grad, _rois(device, dtype), 1.0, 2, 3, 2, 3, 6, 8, 2, False), {})]


def nms(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    dets = torch.tensor([[0, 0, 10, 10], [1, 1, 11, 11], [20, 20, 30, 30],
                         [0, 0, 10, 9], [21, 19, 29, 31]], **kw)
    scores = torch.tensor([0.9, 0.8, 0.7, 0.95, 0.6], **kw)
    # Non-contiguous: every other row of a larger tensor.
    strided = torch.zeros(10, 4, **kw)[::2]
    strided.copy_(dets)
    return [((dets, scores, 0.5), {}), ((strided, scores.flip(0), 0.3), {})]


def shift_boxes(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    boxes = torch.rand(5, 4, **kw).requires_grad_(requires_grad)
    boxes_t = torch.rand(4, 5, **kw).t().detach().requires_grad_(requires_grad)
    offset = torch.rand(4, **kw).requires_grad_(requires_grad)
    return [((boxes, offset), {}), ((boxes_t, None), {})]


def channel_max(device, dtype, requires_grad=False):
    kw = dict(device=device, dtype=dtype)
    return [((torch.rand(2, 3, 4, 5, **kw),), {}),
            ((torch.rand(2, 5, 3, **kw).transpose(1, 2),), {})]


SAMPLES = {
    "vision::roi_align": roi_align,
    "vision::_roi_align_backward": roi_align_backward,
    "vision::nms": nms,
    "vision::shift_boxes": shift_boxes,
    "vision::channel_max": channel_max,
}
