"""extension_cpp as pytorch/extension-cpp lays it out: importing it imports
the C++ library built beside it as the extension module _C (its PyInit__C),
which registers the ops, and then `ops`, which registers the Python parts
(fakes, mymuladd's autograd)."""
import torch  # noqa: F401
from pathlib import Path  # noqa: F401
from . import _C, ops  # noqa: F401
