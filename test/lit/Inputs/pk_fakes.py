import torch


@torch.library.register_fake("pk::covered")
def _covered_fake(x):
    return torch.empty_like(x)
