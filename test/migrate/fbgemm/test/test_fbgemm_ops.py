"""FBGEMM-style jagged and sparse ops against Python references, and
torch.library.opcheck (the fake tensor checks for the ops with Meta
kernels, the schema checks for all)."""
import pytest
import torch
from torch.testing._internal.optests import opcheck

import fbgemm_like  # noqa: F401

F = torch.ops.fbgemm
SCHEMA = ("test_schema", "test_autograd_registration")


def _padded(values, offsets, max_L, pad=0.0):
    rows = []
    for b in range(len(offsets) - 1):
        r = values[offsets[b]:offsets[b + 1]][:max_L]
        fill = torch.full((max_L - r.shape[0],) + tuple(values.shape[1:]), pad, dtype=values.dtype)
        rows.append(torch.cat([r, fill]))
    return torch.stack(rows)


VALUES = torch.randn(7, 3)
OFFSETS = torch.tensor([0, 2, 2, 7])


def test_jagged_2d_to_dense():
    torch.testing.assert_close(F.jagged_2d_to_dense(VALUES, OFFSETS, 4), _padded(VALUES, OFFSETS, 4))
    opcheck(F.jagged_2d_to_dense.default, (VALUES, OFFSETS, 4))


def test_jagged_1d_to_dense():
    v = torch.arange(7)
    torch.testing.assert_close(F.jagged_1d_to_dense(v, OFFSETS, 3, -1),
                               _padded(v, OFFSETS, 3, -1))
    opcheck(F.jagged_1d_to_dense.default, (v, OFFSETS, 3, -1), test_utils=SCHEMA)


def test_jagged_to_padded_dense():
    torch.testing.assert_close(F.jagged_to_padded_dense(VALUES, [OFFSETS], [6]),
                               _padded(VALUES, OFFSETS, 6))
    torch.testing.assert_close(F.jagged_to_padded_dense(VALUES, [OFFSETS], [3], padding_value=2.5),
                               _padded(VALUES, OFFSETS, 3, 2.5))
    opcheck(F.jagged_to_padded_dense.default, (VALUES, [OFFSETS], [6], 1.0))


@pytest.mark.skipif(not torch.cuda.is_available(), reason="no GPU")
def test_jagged_to_padded_dense_cuda():
    if not torch._C._dispatch_has_kernel_for_dispatch_key("fbgemm::jagged_to_padded_dense", "CUDA"):
        pytest.skip("built without CUDA (-DLAYOUT_CUDA=ON)")
    out = F.jagged_to_padded_dense(VALUES.cuda(), [OFFSETS.cuda()], [6])
    torch.testing.assert_close(out.cpu(), _padded(VALUES, OFFSETS, 6))


def test_dense_to_jagged():
    dense = _padded(VALUES, OFFSETS, 5)
    values, offsets = F.dense_to_jagged(dense, [OFFSETS])
    torch.testing.assert_close(values, VALUES)
    torch.testing.assert_close(offsets[0], OFFSETS)
    values, _ = F.dense_to_jagged(dense, [OFFSETS], total_L=7)
    torch.testing.assert_close(values, VALUES)
    opcheck(F.dense_to_jagged.default, (dense, [OFFSETS]), test_utils=SCHEMA)


def test_jagged_index_select():
    lengths = torch.tensor([2, 0, 5])
    out, out_lengths = F.jagged_index_select(VALUES, lengths, torch.tensor([2, 0]))
    torch.testing.assert_close(out, torch.cat([VALUES[2:7], VALUES[0:2]]))
    torch.testing.assert_close(out_lengths, torch.tensor([5, 2]))
    out, _ = F.jagged_index_select(VALUES, lengths, torch.tensor([0]), num_dense_output_rows=2)
    torch.testing.assert_close(out, VALUES[0:2])
    opcheck(F.jagged_index_select.default, (VALUES, lengths, torch.tensor([2, 0])), test_utils=SCHEMA)


def test_asynchronous_complete_cumsum():
    t = torch.tensor([3, 1, 4, 1])
    torch.testing.assert_close(F.asynchronous_complete_cumsum(t), torch.tensor([0, 3, 4, 8, 9]))
    opcheck(F.asynchronous_complete_cumsum.default, (t,))


def test_offsets_range():
    torch.testing.assert_close(F.offsets_range(torch.tensor([0, 2, 3]), 6),
                               torch.tensor([0, 1, 0, 0, 1, 2]))
    opcheck(F.offsets_range.default, (torch.tensor([0, 2, 3]), 6), test_utils=SCHEMA)
