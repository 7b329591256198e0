"""vllm_like: vLLM's Python side of its C++ ops, in small. Importing it
loads the library built beside it (_C.so: the ops torch.ops._C.* and
torch.ops._C_cache_ops.*) and _custom_ops, vLLM's Python wrappers, which
also registers a fake in Python as vLLM's does."""
from pathlib import Path

import torch

_libraries = sorted(Path(__file__).parent.glob("_C*.so"))
assert len(_libraries) == 1, f"expected one _C*.so beside {__file__}, found {_libraries}"
torch.ops.load_library(str(_libraries[0]))

from . import _custom_ops  # noqa: E402,F401
