"""Hand-written tests of the vision test library (roi_align.cpp): the ops
torchvision-style annotations produce, checked against a plain-torch
reference, and what the forward keeps alive for the backward."""

import os
import sys

import pytest
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import visionops  # noqa: E402,F401  (loads the op library)
from samples import SAMPLES  # noqa: E402


def reference_roi_align(x, rois, spatial_scale, ph, pw, sampling_ratio, aligned):
    """roi_align in plain torch ops (differentiable in x)."""
    n, c, h, w = x.shape
    out = []
    offset = 0.5 if aligned else 0.0
    grid = sampling_ratio if sampling_ratio > 0 else 2
    for box in rois.tolist():
        b = int(box[0])
        x1, y1 = box[1] * spatial_scale - offset, box[2] * spatial_scale - offset
        bw = box[3] * spatial_scale - offset - x1
        bh = box[4] * spatial_scale - offset - y1
        if not aligned:
            bw, bh = max(bw, 1.0), max(bh, 1.0)
        bins = []
        for i in range(ph):
            for j in range(pw):
                acc = torch.zeros(c, dtype=x.dtype)
                for iy in range(grid):
                    for ix in range(grid):
                        y = y1 + (i + (iy + 0.5) / grid) * bh / ph
                        xx = x1 + (j + (ix + 0.5) / grid) * bw / pw
                        acc = acc + _bilinear(x[b], y, xx, h, w)
                bins.append(acc / (grid * grid))
        out.append(torch.stack(bins, -1).reshape(c, ph, pw))
    return torch.stack(out) if out else x.new_zeros(0, c, ph, pw)


def _bilinear(plane, y, x, h, w):
    if y < -1.0 or y > h or x < -1.0 or x > w:
        return torch.zeros(plane.shape[0], dtype=plane.dtype)
    y, x = max(y, 0.0), max(x, 0.0)
    y0, x0 = int(y), int(x)
    y1, x1 = y0 + 1, x0 + 1
    if y0 >= h - 1:
        y0 = y1 = h - 1
        y = float(y0)
    if x0 >= w - 1:
        x0 = x1 = w - 1
        x = float(x0)
    ly, lx = y - y0, x - x0
    hy, hx = 1 - ly, 1 - lx
    return (hy * hx * plane[:, y0, x0] + hy * lx * plane[:, y0, x1]
            + ly * hx * plane[:, y1, x0] + ly * lx * plane[:, y1, x1])


def test_backward_schema_is_torchvisions():
    schema = str(torch.ops.vision._roi_align_backward.default._schema)
    assert schema == (
        "vision::_roi_align_backward(Tensor grad, Tensor rois, float spatial_scale, "
        "SymInt pooled_height, SymInt pooled_width, SymInt batch_size, SymInt channels, "
        "SymInt height, SymInt width, int sampling_ratio, bool aligned) -> Tensor")
    assert str(torch.ops.vision.roi_align.default._schema) == (
        "vision::roi_align(Tensor input, Tensor rois, float spatial_scale, "
        "SymInt pooled_height, SymInt pooled_width, int sampling_ratio, bool aligned) -> Tensor")


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_forward_and_gradient_match_reference(dtype):
    for args, _ in SAMPLES["vision::roi_align"]("cpu", dtype, True):
        x = args[0]
        out = torch.ops.vision.roi_align(*args)
        ref_x = x.detach().clone().requires_grad_()
        ref = reference_roi_align(ref_x, *args[1:])
        torch.testing.assert_close(out, ref)
        g = torch.rand_like(out)
        (out * g).sum().backward()
        (ref * g).sum().backward()
        torch.testing.assert_close(x.grad, ref_x.grad)


def test_forward_keeps_only_rois_alive():
    """bind= saves the input's sizes, not the input: the autograd graph holds
    rois and nothing else."""
    x = torch.rand(2, 3, 64, 64, dtype=torch.float64, requires_grad=True)
    rois = SAMPLES["vision::roi_align"]("cpu", torch.float64)[0][0][1]
    packed = []

    def pack(t):
        packed.append(t)
        return t

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        out = torch.ops.vision.roi_align(x, rois, 1.0, 2, 2, 2, False)
    saved_bytes = sum(t.numel() * t.element_size() for t in packed)
    assert len(packed) == 1 and packed[0] is rois
    assert saved_bytes == rois.numel() * rois.element_size() == 3 * 5 * 8
    assert saved_bytes < x.numel() * x.element_size() / 1000
    out.sum().backward()
    assert x.grad.shape == x.shape


def test_rois_get_no_gradient():
    x = torch.rand(2, 3, 6, 8, requires_grad=True)
    rois = SAMPLES["vision::roi_align"]("cpu", torch.float32)[0][0][1].requires_grad_()
    torch.ops.vision.roi_align(x, rois, 1.0, 2, 2, 2, False).sum().backward()
    assert x.grad is not None and rois.grad is None


def test_compiled_training_does_not_recompile_across_sizes():
    torch._dynamo.reset()
    frames = []

    def backend(gm, example_inputs):
        frames.append(gm)
        return gm.forward

    @torch.compile(backend=backend, dynamic=True, fullgraph=True)
    def step(x, rois, ph, pw):
        return torch.ops.vision.roi_align(x, rois, 1.0, ph, pw, 2, False).sum()

    rois = SAMPLES["vision::roi_align"]("cpu", torch.float32)[0][0][1]
    for h, w, ph, pw in [(6, 8, 2, 3), (7, 9, 3, 2), (10, 12, 4, 4)]:
        x = torch.rand(2, 3, h, w, requires_grad=True)
        step(x, rois, ph, pw).backward()
        ref_x = x.detach().clone().requires_grad_()
        reference_roi_align(ref_x, rois, 1.0, ph, pw, 2, False).sum().backward()
        torch.testing.assert_close(x.grad, ref_x.grad)
    assert len(frames) == 1


def reference_nms(dets, scores, iou_threshold):
    order = sorted(range(len(scores)), key=lambda i: -float(scores[i]))
    keep = []
    for i in order:
        if all(_iou(dets[i], dets[k]) <= iou_threshold for k in keep):
            keep.append(i)
    return torch.tensor(keep, dtype=torch.long)


def _iou(a, b):
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = float(w * h)
    union = float((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1])) - inter
    return inter / union if union > 0 else 0.0


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_nms_matches_reference(dtype):
    for (dets, scores, iou), _ in SAMPLES["vision::nms"]("cpu", dtype):
        torch.testing.assert_close(torch.ops.vision.nms(dets, scores, iou),
                                   reference_nms(dets, scores, iou))


def test_nms_under_compile_has_a_dynamic_length():
    torch._dynamo.reset()
    torch._dynamo.config.capture_dynamic_output_shape_ops = True
    (dets, scores, iou), _ = SAMPLES["vision::nms"]("cpu", torch.float32)[0]
    compiled = torch.compile(lambda d, s: torch.ops.vision.nms(d, s, iou), fullgraph=True)
    torch.testing.assert_close(compiled(dets, scores), reference_nms(dets, scores, iou))


def test_nms_quantized_kernel():
    """nms has a QuantizedCPU kernel: quantized boxes and scores give what
    the float kernel gives on their dequantized values."""
    assert torch._C._dispatch_has_kernel_for_dispatch_key("vision::nms", "QuantizedCPU")
    (dets, scores, iou), _ = SAMPLES["vision::nms"]("cpu", torch.float32)[0]
    qdets = torch.quantize_per_tensor(dets, 0.25, 0, torch.quint8)
    qscores = torch.quantize_per_tensor(scores, 0.01, 0, torch.quint8)
    kept = torch.ops.vision.nms(qdets, qscores, iou)
    assert kept.dtype == torch.long
    torch.testing.assert_close(kept, reference_nms(qdets.dequantize(), qscores.dequantize(), iou))
    torch.testing.assert_close(kept, torch.ops.vision.nms(qdets.dequantize(),
                                                          qscores.dequantize(), iou))


def test_roi_align_autocast_runs_in_float32_and_returns_bfloat16():
    """autocast="float32": under torch.autocast with bfloat16 inputs the
    float32 kernel runs and the result comes back in bfloat16; outside
    autocast the same call is the kernel's own business."""
    assert torch._C._dispatch_has_kernel_for_dispatch_key("vision::roi_align", "AutocastCPU")
    (x, rois, *rest), _ = SAMPLES["vision::roi_align"]("cpu", torch.float32)[0]
    xb, roisb = x.to(torch.bfloat16), rois.to(torch.bfloat16)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        out = torch.ops.vision.roi_align(xb, roisb, *rest)
    assert out.dtype == torch.bfloat16
    expected = torch.ops.vision.roi_align(xb.float(), roisb.float(), *rest)
    torch.testing.assert_close(out, expected.to(torch.bfloat16), rtol=0, atol=0)


def test_no_gradient_for_an_absent_optional_input():
    """shift_boxes' backward returns the offset's gradient even when no
    offset was given; the Autograd kernel drops it instead of failing."""
    boxes = torch.rand(5, 4, requires_grad=True)
    torch.ops.vision.shift_boxes(boxes, None).sum().backward()
    torch.testing.assert_close(boxes.grad, torch.ones(5, 4))
    offset = torch.rand(4, requires_grad=True)
    boxes.grad = None
    (torch.ops.vision.shift_boxes(boxes, offset) * 2).sum().backward()
    torch.testing.assert_close(offset.grad, torch.full((4,), 10.0))
    torch.testing.assert_close(boxes.grad, torch.full((5, 4), 2.0))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no CUDA device")
@pytest.mark.parametrize("dtype", [torch.float32, torch.float64, torch.float16])
def test_channel_max_matches_amax_argmax(dtype):
    # channel_max.cu compares c10::Half with `>`: built with torch's nvcc flags.
    x = torch.rand(2, 3, 4, 5, device="cuda", dtype=dtype)
    values, argmax = torch.ops.vision.channel_max(x)
    flat = x.flatten(2)
    torch.testing.assert_close(values, flat.amax(2))
    assert argmax.dtype == torch.int32
    torch.testing.assert_close(argmax.long(), flat.argmax(2))
