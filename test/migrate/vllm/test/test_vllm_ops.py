"""vLLM-style ops against Python references, and torch.library.opcheck:
the schema checks (each `Tensor!` is the only tensor written) for every op,
the fake tensor checks where the library has a fake (permute_cols in
Python, gptq_marlin_repack's Meta kernel)."""
import math

import pytest
import torch
from torch.testing._internal.optests import opcheck

import vllm_like
from vllm_like import _custom_ops

C = torch.ops._C
CACHE = torch.ops._C_cache_ops
SCHEMA = ("test_schema", "test_autograd_registration")


def _gelu_new(x):
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x ** 3)))


@pytest.mark.parametrize("name,ref", [
    ("silu_and_mul", lambda x, y: torch.nn.functional.silu(x) * y),
    ("mul_and_silu", lambda x, y: x * torch.nn.functional.silu(y)),
])
def test_gated_activations(name, ref):
    x = torch.randn(4, 16)
    out = torch.empty(4, 8)
    getattr(C, name)(out, x)
    torch.testing.assert_close(out, ref(x[:, :8], x[:, 8:]))
    opcheck(getattr(C, name).default, (torch.empty(4, 8), x), test_utils=SCHEMA)


def test_fatrelu_and_mul():
    x = torch.randn(3, 10)
    out = torch.empty(3, 5)
    C.fatrelu_and_mul(out, x, 0.1)
    a, b = x[:, :5], x[:, 5:]
    torch.testing.assert_close(out, torch.where(a > 0.1, a, 0) * b)
    opcheck(C.fatrelu_and_mul.default, (torch.empty(3, 5), x, 0.1), test_utils=SCHEMA)


def test_gelu_new():
    x = torch.randn(5, 7)
    out = torch.empty_like(x)
    C.gelu_new(out, x)
    torch.testing.assert_close(out, _gelu_new(x))
    opcheck(C.gelu_new.default, (torch.empty_like(x), x), test_utils=SCHEMA)


def _rms(x, w, eps):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps) * w


def test_rms_norm():
    x, w = torch.randn(6, 32), torch.randn(32)
    out = torch.empty_like(x)
    _custom_ops.rms_norm(out, x, w, 1e-6)
    torch.testing.assert_close(out, _rms(x, w, 1e-6))
    opcheck(C.rms_norm.default, (torch.empty_like(x), x, w, 1e-6), test_utils=SCHEMA)


def test_fused_add_rms_norm():
    x, r, w = torch.randn(6, 32), torch.randn(6, 32), torch.randn(32)
    x0, r0 = x.clone(), r.clone()
    _custom_ops.fused_add_rms_norm(x, r, w, 1e-5)
    torch.testing.assert_close(r, x0 + r0)
    torch.testing.assert_close(x, _rms(x0 + r0, w, 1e-5))
    opcheck(C.fused_add_rms_norm.default, (x0.clone(), r0.clone(), w, 1e-5), test_utils=SCHEMA)


def _rope_ref(positions, q, head_size, cache, is_neox):
    rot = cache.shape[1]
    cos, sin = cache[positions].chunk(2, dim=-1)
    qh = q.view(q.shape[0], -1, head_size).clone()
    r = qh[..., :rot]
    if is_neox:
        x1, x2 = r[..., :rot // 2], r[..., rot // 2:]
    else:
        x1, x2 = r[..., 0::2], r[..., 1::2]
    o1 = x1 * cos[:, None] - x2 * sin[:, None]
    o2 = x2 * cos[:, None] + x1 * sin[:, None]
    if is_neox:
        r = torch.cat([o1, o2], -1)
    else:
        r = torch.stack([o1, o2], -1).flatten(-2)
    return torch.cat([r, qh[..., rot:]], -1).view_as(q)


@pytest.mark.parametrize("is_neox", [True, False])
def test_rotary_embedding(is_neox):
    positions = torch.tensor([0, 3, 1, 2])
    q, k = torch.randn(4, 2 * 16), torch.randn(4, 1 * 16)
    cache = torch.randn(8, 8)
    q0, k0 = q.clone(), k.clone()
    _custom_ops.rotary_embedding(positions, q, k, 16, cache, is_neox)
    torch.testing.assert_close(q, _rope_ref(positions, q0, 16, cache, is_neox))
    torch.testing.assert_close(k, _rope_ref(positions, k0, 16, cache, is_neox))
    q1 = q0.clone()
    C.rotary_embedding(positions, q1, None, 16, cache, is_neox)
    torch.testing.assert_close(q1, q)
    opcheck(C.rotary_embedding.default, (positions, q0.clone(), k0.clone(), 16, cache, is_neox),
            test_utils=SCHEMA)


def test_static_scaled_int8_quant():
    x, scale = torch.randn(4, 8) * 3, torch.tensor([0.05])
    out = torch.empty(4, 8, dtype=torch.int8)
    C.static_scaled_int8_quant(out, x, scale, None)
    torch.testing.assert_close(out, torch.round(x / 0.05).clamp(-128, 127).to(torch.int8))
    azp = torch.tensor([3], dtype=torch.int32)
    C.static_scaled_int8_quant(out, x, scale, azp)
    torch.testing.assert_close(out, (torch.round(x / 0.05) + 3).clamp(-128, 127).to(torch.int8))
    opcheck(C.static_scaled_int8_quant.default, (out, x, scale, None), test_utils=SCHEMA)


def test_dynamic_scaled_int8_quant():
    x = torch.randn(4, 8)
    out = torch.empty(4, 8, dtype=torch.int8)
    scales = torch.empty(4, 1)
    C.dynamic_scaled_int8_quant(out, x, scales, None)
    s = x.abs().amax(-1, keepdim=True) / 127
    torch.testing.assert_close(scales, s)
    torch.testing.assert_close(out, torch.round(x / s).clamp(-128, 127).to(torch.int8))
    azp = torch.empty(4, 1, dtype=torch.int32)
    C.dynamic_scaled_int8_quant(out, x, scales, azp)
    s = (x.amax(-1, keepdim=True) - x.amin(-1, keepdim=True)) / 255
    torch.testing.assert_close(scales, s)
    torch.testing.assert_close(azp, torch.round(-128 - x.amin(-1, keepdim=True) / s).to(torch.int32))
    opcheck(C.dynamic_scaled_int8_quant.default, (out, x, scales, azp), test_utils=SCHEMA)


def test_aqlm_dequant():
    codebooks = torch.randn(2, 5, 3)
    codes = torch.tensor([[1, 0], [4, 2], [0, 3], [2, 2]], dtype=torch.int16)
    out = C.aqlm_dequant(codes, codebooks, [1, 3])
    ref = torch.stack([codebooks[0, 1], codebooks[1, 2], codebooks[1, 3], codebooks[1, 2]])
    torch.testing.assert_close(out, ref)
    opcheck(C.aqlm_dequant.default, (codes, codebooks, [1, 3]), test_utils=SCHEMA)


def test_permute_cols():
    a, perm = torch.randn(3, 5), torch.tensor([4, 0, 3, 1, 2], dtype=torch.int32)
    torch.testing.assert_close(_custom_ops.permute_cols(a, perm), a[:, perm.long()])
    opcheck(C.permute_cols.default, (a, perm))


def test_gptq_marlin_repack():
    w, perm = torch.randint(0, 100, (6, 4), dtype=torch.int32), torch.tensor([5, 4, 3, 2, 1, 0])
    torch.testing.assert_close(C.gptq_marlin_repack(w, perm, 6, 4, 4), w[perm].t())
    torch.testing.assert_close(C.gptq_marlin_repack(w, torch.empty(0, dtype=torch.long), 6, 4, 8), w.t())
    opcheck(C.gptq_marlin_repack.default, (w, perm, 6, 4, 4))


def test_cutlass_scaled_mm_supports_fp8():
    assert C.cutlass_scaled_mm_supports_fp8(90) and not C.cutlass_scaled_mm_supports_fp8(80)


def test_cache_ops():
    src, dst = torch.randn(4, 3), torch.zeros(4, 3)
    mapping = torch.tensor([[0, 2], [3, 1]])
    _custom_ops.swap_blocks(src, dst, mapping)
    torch.testing.assert_close(dst[2], src[0])
    torch.testing.assert_close(dst[1], src[3])
    keys = [torch.randn(4, 3) for _ in range(2)]
    values = [torch.randn(4, 3) for _ in range(2)]
    k0, v0 = [k.clone() for k in keys], [v.clone() for v in values]
    CACHE.copy_blocks(keys, values, mapping)
    for k, v, kk, vv in zip(keys, values, k0, v0):
        torch.testing.assert_close(k[2], kk[0])
        torch.testing.assert_close(v[1], vv[3])
    opcheck(CACHE.swap_blocks.default, (src, dst, mapping), test_utils=SCHEMA)
    opcheck(CACHE.copy_blocks.default, (keys, values, mapping), test_utils=SCHEMA)
