// Defaults and mutated arguments in the Python files: floats as Python's
// repr() writes them (30.0, 1e-06, 0.1, 1e+16), list defaults as tuples (a
// signature's default must not be a mutable list), and the arguments an op
// writes named in the docstring of ops.py and ops.pyi. Both files parse.
// RUN: rm -rf %t && opgen %s -o %t --python-package pd
// RUN: FileCheck %s --check-prefix=PYI --input-file=%t/python/pd/ops.pyi
// RUN: FileCheck %s --check-prefix=PY --input-file=%t/python/pd/ops.py
// RUN: %python -c "import ast, sys; [ast.parse(open(f).read(), f) for f in sys.argv[1:]]" %t/python/pd/ops.pyi %t/python/pd/ops.py
#include <opgen/opgen.h>

#include <ATen/core/Tensor.h>

#include <array>
#include <vector>

// PYI: def blur(x: torch.Tensor, sigma: float = 30.0, eps: float = 1e-06, tenth: float = 0.1, big: float = 1e+16, neg: float = -2.5, size: Sequence[int] = (1, 1), one: Sequence[int] = (3,), none: Sequence[int] = (), scales: Sequence[float] = (0.5, 2.0), mask: Sequence[bool] = (True, False)) -> torch.Tensor: ...{{$}}
// PY: def blur(x: torch.Tensor, sigma: float = 30.0, eps: float = 1e-06, tenth: float = 0.1, big: float = 1e+16, neg: float = -2.5, size: Sequence[int] = (1, 1), one: Sequence[int] = (3,), none: Sequence[int] = (), scales: Sequence[float] = (0.5, 2.0), mask: Sequence[bool] = (True, False)) -> torch.Tensor:{{$}}
[[custom_op("pd::blur")]]
at::Tensor blur(const at::Tensor& x, double sigma = 30.0, double eps = 1e-6,
                double tenth = 0.1, double big = 1e16, double neg = -2.5,
                c10::IntArrayRef size = {1, 1}, std::vector<int64_t> one = {3},
                c10::IntArrayRef none = {},
                std::vector<double> scales = {0.5, 2},
                std::array<bool, 2> mask = {true, false});

// PYI: def fill_(x: torch.Tensor, value: float) -> None:{{$}}
// PYI-NEXT: {{^}}    """Mutates ``x`` in place."""{{$}}
// PY: def fill_(x: torch.Tensor, value: float) -> None:
// PY-NEXT: """``pd::fill_(Tensor(a!) x, float value) -> ()``
// PY-EMPTY:
// PY-NEXT: Kernels: CPU ({{.*}}python_defaults.cpp:[[@LINE+3]]).
// PY-NEXT: Mutates ``x`` in place.
[[custom_op("pd::fill_", mutates="x")]]
void fill_(at::Tensor& x, double value);

// PYI: class _pd_blur_packet:
// PYI: class _pd_fill__packet:
// PYI-NEXT: default: torch._ops.OpOverload  # pd::fill_(Tensor(a!) x, float value) -> ()
// PYI-NEXT: def __call__(self, x: torch.Tensor, value: float) -> None:{{$}}
// PYI-NEXT: {{^}}        """Mutates ``x`` in place."""{{$}}
