"""The hand-written side of bench/run.py's item 5, laid out as
pytorch/extension-cpp's `extension_cpp` package is: importing it loads the
C++ library (there `from . import _C`; here the library compare.py
build-hand built, named by $EXTCPP_HAND_LIBRARY) and then `ops`, which
registers the Python parts (fakes, mymuladd's autograd)."""
import os

import torch

torch.ops.load_library(os.environ["EXTCPP_HAND_LIBRARY"])

from . import ops  # noqa: E402,F401
