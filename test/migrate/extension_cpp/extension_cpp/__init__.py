"""extension_cpp as pytorch/extension-cpp lays it out: importing it loads
the C++ library built beside it (_C.so) and then `ops`, which registers the
Python parts (fakes, mymuladd's autograd)."""
from pathlib import Path

import torch

_libraries = sorted(Path(__file__).parent.glob("_C*.so"))
assert len(_libraries) == 1, f"expected one _C*.so beside {__file__}, found {_libraries}"
torch.ops.load_library(str(_libraries[0]))

from . import ops  # noqa: E402,F401
