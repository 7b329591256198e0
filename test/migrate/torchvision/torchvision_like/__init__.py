"""torchvision_like: torchvision's package in small. Importing it loads the
op library built beside it (_C.so: torch.ops.torchvision.*) and the Meta
kernels of torchvision/_meta_registrations.py, in Python."""
import os

import torch

torch.ops.load_library(os.path.join(os.path.dirname(os.path.abspath(__file__)), "_C.so"))

from . import _meta_registrations  # noqa: E402,F401
