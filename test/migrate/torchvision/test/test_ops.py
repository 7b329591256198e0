"""torchvision-style ops against Python references (test/test_ops.py of
torchvision in small): nms on CPU, quantized and under autocast; roi_align
and ps_roi_pool forward and gradients (through their Autograd kernels and
backward ops); deform_conv2d; torch.library.opcheck with the package's
Python Meta kernels."""
import math

import pytest
import torch
from torch.testing._internal.optests import opcheck

import torchvision_like  # noqa: F401

V = torch.ops.torchvision


def _iou(a, b):
    w = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    h = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = w * h
    area = lambda r: max(0.0, r[2] - r[0]) * max(0.0, r[3] - r[1])  # noqa: E731
    return inter / (area(a) + area(b) - inter)


def _nms_ref(boxes, scores, thr):
    order = sorted(range(len(scores)), key=lambda i: -float(scores[i]))
    keep, removed = [], set()
    for oi, i in enumerate(order):
        if i in removed:
            continue
        keep.append(i)
        for j in order[oi + 1:]:
            if _iou(boxes[i].tolist(), boxes[j].tolist()) > thr:
                removed.add(j)
    return torch.tensor(keep, dtype=torch.long)


def _boxes(n, seed=0):
    g = torch.Generator().manual_seed(seed)
    xy = torch.rand(n, 2, generator=g) * 20
    wh = torch.rand(n, 2, generator=g) * 10 + 1
    return torch.cat([xy, xy + wh], 1), torch.rand(n, generator=g)


def test_nms():
    boxes, scores = _boxes(30)
    for thr in (0.2, 0.5, 0.8):
        torch.testing.assert_close(V.nms(boxes, scores, thr), _nms_ref(boxes, scores, thr))
    opcheck(V.nms.default, (boxes, scores, 0.5), test_utils=("test_schema", "test_autograd_registration"))


def test_nms_quantized():
    boxes, scores = _boxes(20, seed=1)
    qb = torch.quantize_per_tensor(boxes, scale=0.1, zero_point=0, dtype=torch.quint8)
    qs = torch.quantize_per_tensor(scores, scale=0.01, zero_point=0, dtype=torch.quint8)
    torch.testing.assert_close(V.nms(qb, qs, 0.5), _nms_ref(qb.dequantize(), qs.dequantize(), 0.5))


def test_nms_autocast_cpu():
    boxes, scores = _boxes(20, seed=2)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        keep = V.nms(boxes.bfloat16(), scores.bfloat16(), 0.5)
    torch.testing.assert_close(keep, _nms_ref(boxes.bfloat16().float(), scores.bfloat16().float(), 0.5))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no GPU")
def test_nms_cuda():
    if not torch._C._dispatch_has_kernel_for_dispatch_key("torchvision::nms", "CUDA"):
        pytest.skip("built without CUDA (-DLAYOUT_CUDA=ON)")
    boxes, scores = _boxes(100, seed=3)
    torch.testing.assert_close(V.nms(boxes.cuda(), scores.cuda(), 0.5).cpu(), _nms_ref(boxes, scores, 0.5))


def _bilinear(plane, y, x):
    h, w = plane.shape
    if y < -1.0 or y > h or x < -1.0 or x > w:
        return 0.0
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
    return (hy * hx * plane[y0, x0] + hy * lx * plane[y0, x1]
            + ly * hx * plane[y1, x0] + ly * lx * plane[y1, x1])


def _roi_align_ref(input, rois, scale, ph, pw, sr, aligned):
    out = torch.zeros(rois.shape[0], input.shape[1], ph, pw, dtype=torch.float64)
    off = 0.5 if aligned else 0.0
    for k, r in enumerate(rois.double().tolist()):
        b = int(r[0])
        x1, y1 = r[1] * scale - off, r[2] * scale - off
        bw, bh = r[3] * scale - off - x1, r[4] * scale - off - y1
        if not aligned:
            bw, bh = max(bw, 1.0), max(bh, 1.0)
        gh = gw = sr if sr > 0 else 2
        for c in range(input.shape[1]):
            plane = input[b, c].double()
            for i in range(ph):
                for j in range(pw):
                    acc = 0.0
                    for iy in range(gh):
                        for ix in range(gw):
                            y = y1 + (i + (iy + 0.5) / gh) * bh / ph
                            x = x1 + (j + (ix + 0.5) / gw) * bw / pw
                            acc += float(_bilinear(plane, y, x))
                    out[k, c, i, j] = acc / (gh * gw)
    return out.to(input.dtype)


ROIS = torch.tensor([[0, 1.0, 1.0, 6.0, 5.0], [1, 0.5, 2.0, 7.5, 7.0], [0, 3.0, 0.0, 4.0, 2.0]])


@pytest.mark.parametrize("aligned", [False, True])
def test_roi_align(aligned):
    x = torch.rand(2, 3, 8, 8, dtype=torch.float64)
    out = V.roi_align(x, ROIS.double(), 1.0, 3, 2, 2, aligned)
    torch.testing.assert_close(out, _roi_align_ref(x, ROIS, 1.0, 3, 2, 2, aligned))


def test_roi_align_backward():
    x = torch.rand(2, 3, 8, 8, dtype=torch.float64, requires_grad=True)
    torch.autograd.gradcheck(lambda t: V.roi_align(t, ROIS.double(), 0.5, 2, 2, 2, True), (x,))
    opcheck(V.roi_align.default, (x, ROIS.double(), 0.5, 2, 2, 2, True))
    opcheck(V._roi_align_backward.default,
            (torch.rand(3, 3, 2, 2, dtype=torch.float64), ROIS.double(), 0.5, 2, 2, 2, 3, 8, 8, 2, True))


def test_roi_align_autocast_cpu():
    x = torch.rand(2, 3, 8, 8)
    with torch.autocast("cpu", dtype=torch.bfloat16):
        out = V.roi_align(x.bfloat16(), ROIS.bfloat16(), 1.0, 2, 2, 2, False)
    assert out.dtype == torch.bfloat16
    ref = V.roi_align(x.bfloat16().float(), ROIS.bfloat16().float(), 1.0, 2, 2, 2, False)
    torch.testing.assert_close(out, ref.bfloat16())


def _lround(v):
    # C's lround: halves away from zero (Python's round() goes to even).
    return int(math.copysign(math.floor(abs(v) + 0.5), v))


def _ps_roi_pool_ref(input, rois, scale, ph, pw):
    c_out = input.shape[1] // (ph * pw)
    h, w = input.shape[2:]
    out = torch.zeros(rois.shape[0], c_out, ph, pw, dtype=input.dtype)
    cmap = torch.zeros(out.shape, dtype=torch.int32)
    for k, r in enumerate(rois.double().tolist()):
        b = int(r[0])
        sw, sh = _lround(r[1] * scale), _lround(r[2] * scale)
        ew, eh = _lround(r[3] * scale), _lround(r[4] * scale)
        bin_h, bin_w = max(eh - sh, 1) / ph, max(ew - sw, 1) / pw
        for c in range(c_out):
            for i in range(ph):
                for j in range(pw):
                    hs = min(max(math.floor(i * bin_h) + sh, 0), h)
                    he = min(max(math.ceil((i + 1) * bin_h) + sh, 0), h)
                    ws = min(max(math.floor(j * bin_w) + sw, 0), w)
                    we = min(max(math.ceil((j + 1) * bin_w) + sw, 0), w)
                    c_in = (c * ph + i) * pw + j
                    cmap[k, c, i, j] = c_in
                    region = input[b, c_in, hs:he, ws:we]
                    out[k, c, i, j] = region.mean() if region.numel() else 0
    return out, cmap


def test_ps_roi_pool():
    x = torch.rand(2, 2 * 2 * 3, 8, 8, dtype=torch.float64)
    out, cmap = V.ps_roi_pool(x, ROIS.double(), 1.0, 2, 3)
    ref, ref_map = _ps_roi_pool_ref(x, ROIS, 1.0, 2, 3)
    torch.testing.assert_close(out, ref)
    torch.testing.assert_close(cmap, ref_map)


def test_ps_roi_pool_backward():
    x = torch.rand(2, 2 * 2 * 2, 8, 8, dtype=torch.float64, requires_grad=True)
    torch.autograd.gradcheck(lambda t: V.ps_roi_pool(t, ROIS.double(), 1.0, 2, 2)[0], (x,))
    opcheck(V.ps_roi_pool.default, (x, ROIS.double(), 1.0, 2, 2))


def _deform_conv2d_ref(input, weight, offset, mask, bias, stride, pad, dil, groups, offset_groups):
    n, c, h, w = input.shape
    oc, cg, kh, kw = weight.shape
    oh, ow = offset.shape[-2:]
    out = torch.zeros(n, oc, oh, ow, dtype=input.dtype)
    per_og = c // offset_groups
    for b in range(n):
        for o in range(oc):
            g = o // (oc // groups)
            for y in range(oh):
                for x in range(ow):
                    acc = float(bias[o])
                    for ci in range(cg):
                        ch = g * cg + ci
                        og = ch // per_og
                        for i in range(kh):
                            for j in range(kw):
                                t = i * kw + j
                                py = y * stride - pad + i * dil + float(offset[b, 2 * (og * kh * kw + t), y, x])
                                px = x * stride - pad + j * dil + float(offset[b, 2 * (og * kh * kw + t) + 1, y, x])
                                v = _bilinear_zero(input[b, ch], py, px)
                                acc += float(weight[o, ci, i, j]) * v * float(mask[b, og * kh * kw + t, y, x])
                    out[b, o, y, x] = acc
    return out


def _bilinear_zero(plane, y, x):
    h, w = plane.shape
    if y <= -1 or y >= h or x <= -1 or x >= w:
        return 0.0
    y0, x0 = math.floor(y), math.floor(x)
    v = 0.0
    for yy, wy in ((y0, 1 - (y - y0)), (y0 + 1, y - y0)):
        for xx, wx in ((x0, 1 - (x - x0)), (x0 + 1, x - x0)):
            if 0 <= yy < h and 0 <= xx < w:
                v += wy * wx * float(plane[yy, xx])
    return v


def test_deform_conv2d():
    g = torch.Generator().manual_seed(4)
    x = torch.rand(1, 4, 5, 5, dtype=torch.float64, generator=g)
    weight = torch.rand(2, 2, 3, 3, dtype=torch.float64, generator=g)
    offset = torch.randn(1, 2 * 2 * 9, 5, 5, dtype=torch.float64, generator=g)
    mask = torch.rand(1, 2 * 9, 5, 5, dtype=torch.float64, generator=g)
    bias = torch.rand(2, dtype=torch.float64, generator=g)
    out = V.deform_conv2d(x, weight, offset, mask, bias, 1, 1, 1, 1, 1, 1, 2, 2, True)
    torch.testing.assert_close(out, _deform_conv2d_ref(x, weight, offset, mask, bias, 1, 1, 1, 2, 2))
    out = V.deform_conv2d(x, weight, offset, mask, bias, 1, 1, 1, 1, 1, 1, 2, 2, False)
    torch.testing.assert_close(out, _deform_conv2d_ref(x, weight, offset, torch.ones_like(mask), bias, 1, 1, 1, 2, 2))
    opcheck(V.deform_conv2d.default, (x, weight, offset, mask, bias, 1, 1, 1, 1, 1, 1, 2, 2, True),
            test_utils=("test_schema", "test_faketensor"))
