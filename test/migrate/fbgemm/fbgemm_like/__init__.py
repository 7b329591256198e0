"""fbgemm_like: FBGEMM's fbgemm_gpu package in small. Importing it loads the
op library built beside it, fbgemm_gpu_py.so, as fbgemm_gpu/__init__.py
does (torch.ops.load_library); the ops are torch.ops.fbgemm.*."""
import os

import torch

torch.ops.load_library(os.path.join(os.path.dirname(__file__), "fbgemm_gpu_py.so"))
