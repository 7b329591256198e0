"""The consumer project's op, built through find_package(opgen), called from
its generated package."""
import torch

import consumer_ops


def test_scale():
    x = torch.randn(5, dtype=torch.float64)
    assert torch.allclose(consumer_ops.ops.scale(x, 2.0), 2.0 * x + 0.5)
    assert str(torch.ops.consumer.scale.default._schema) == (
        "consumer::scale(Tensor x, float alpha, float beta=0.5) -> Tensor")
