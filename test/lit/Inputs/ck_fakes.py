import torch


@torch.library.register_fake("ck::decomposes")
def _(x):
    return torch.empty_like(x)
