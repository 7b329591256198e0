"""Calls every bundled op through the generated `mylib` package."""
import torch

import mylib

torch.manual_seed(0)
print(f"loaded {mylib.library_path}")

pic = torch.rand(3, 8, 8)
cropped = mylib.ops.crop(pic, [1, 2, 6, 7])
print("crop      :", tuple(pic.shape), "->", tuple(cropped.shape))
assert torch.equal(cropped, pic[:, 2:7, 1:6])

canvas = mylib.ops.paste(torch.zeros(3, 8, 8), cropped, [1, 2])
print("paste     : nonzero region matches the crop:",
      torch.equal(canvas[:, 2:7, 1:6], cropped))

blurred = mylib.ops.box_blur(pic)
print("box_blur  :", tuple(blurred.shape), f"mean {blurred.mean():.4f} vs {pic.mean():.4f}")

x = torch.linspace(-3, 3, 7)
out = torch.empty_like(x)
mylib.ops.sin_out(x, out)
print("sin_out   :", [round(v, 3) for v in out.tolist()])
assert torch.allclose(out, x.sin())

a, b = torch.randn(4), torch.randn(4)
print("muladd    :", torch.allclose(mylib.ops.muladd(a, b, 2.0), a * b + 2.0))
res = torch.empty(4)
ret = mylib.ops.muladd_out(a, b, 2.0, out=res)
print("muladd.out: returns its out argument:", ret is res or ret.data_ptr() == res.data_ptr())

rows = torch.arange(6.0).reshape(2, 3)
print("pad_rows  :", mylib.ops.pad_rows(rows, 1).tolist())

values, indices = mylib.ops.topk_rows(torch.tensor([[3.0, 1.0, 2.0]]), 2)
print("topk_rows :", values.tolist(), indices.tolist())

print("positive  :", mylib.ops.positive_values(torch.tensor([1.5, -2.0, 0.0, 3.0])).tolist())

compiled_crop = torch.compile(mylib.ops.crop, fullgraph=True, dynamic=True)
print("compiled  : crop under torch.compile(fullgraph=True, dynamic=True) matches eager:",
      torch.equal(compiled_crop(pic, [1, 2, 6, 7]), cropped))

# Training: crop's [[custom_op_backward]] pastes the gradient into zeros.
leaf = pic.clone().requires_grad_()
mylib.ops.crop(leaf, [1, 2, 6, 7]).sum().backward()
expected = torch.zeros_like(pic)
expected[:, 2:7, 1:6] = 1
print("backward  : crop's gradient is 1 inside the box, 0 outside:",
      torch.equal(leaf.grad, expected))
assert torch.equal(leaf.grad, expected)
a2, b2 = torch.randn(4, requires_grad=True), torch.randn(4, requires_grad=True)
mylib.ops.muladd(a2, b2, 1.0).sum().backward()
print("backward  : muladd's gradients are (b, a):",
      torch.equal(a2.grad, b2.detach()) and torch.equal(b2.grad, a2.detach()))

x = torch.randn(2, 4)
normed = mylib.ops.rms_norm(x, torch.ones(4))
print("rms_norm  :", torch.allclose(normed, x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)))
with torch.autocast("cpu", dtype=torch.bfloat16):
    clipped = mylib.ops.soft_clip(torch.randn(3).to(torch.bfloat16), 2.0)
print("autocast  : soft_clip runs its float32 kernel on bfloat16 and returns", clipped.dtype)
assert clipped.dtype == torch.bfloat16
gx, gate = torch.randn(3, 4, requires_grad=True), torch.randn(3, 4, requires_grad=True)
mylib.ops.gated(gx, gate).sum().backward()
print("backward  : gated's backward returns no gradient for the gate:", gate.grad is None)
assert gate.grad is None

for name in ("crop", "paste", "box_blur", "sin_out", "muladd", "pad_rows", "topk_rows",
             "positive_values", "rms_norm", "soft_clip", "softplus_beta", "gated", "affine",
             "scale_rows", "crop_backward", "muladd_backward", "topk_rows_backward",
             "gated_backward", "affine_backward", "scale_rows_backward"):
    packet = getattr(torch.ops.mylib, name)
    for overload in packet.overloads():
        print(f"  {getattr(packet, overload)._schema}")
print("demo: ok")
