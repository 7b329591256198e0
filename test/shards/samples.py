"""Samples for the per-source shard test ops (opgen's SAMPLES convention)."""

import torch


def first_rows(device, dtype, requires_grad=False):
    x = torch.rand(5, 3, device=device, dtype=dtype)
    return [((x, 2), {}), ((x, 5), {}), ((x, 0), {})]


SAMPLES = {"shards::first_rows": first_rows}
