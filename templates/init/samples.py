"""Sample inputs for the generated opcheck tests of the ${namespace} ops.

SAMPLES maps "ns::op" to fn(device, dtype, requires_grad) returning a list of
(args, kwargs). Without an entry the tests derive inputs from the schema.
"""
import torch


def _leaf(t, requires_grad):
    return t.detach().requires_grad_(requires_grad)


def softsign(device, dtype, requires_grad=False):
    x = torch.randn(4, 8, device=device, dtype=dtype)
    # A non-contiguous input too: the kernel must handle strides.
    t = torch.randn(8, 4, device=device, dtype=dtype).t()
    return [((_leaf(x, requires_grad), 2.0), {}),
            ((_leaf(t, requires_grad), 0.5), {})]


SAMPLES = {
    "${namespace}::softsign": softsign,
}
