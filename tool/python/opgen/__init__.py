"""opgen: PyTorch custom-op registrations, fakes, Python bindings and opcheck
tests generated from ``[[custom_op(...)]]`` annotations in C++ (docs/install.md).

The wheel holds the opgen executable (statically linked), Clang's builtin
headers, opgen's runtime headers (``<opgen/opgen.h>``) and its CMake package
(``find_package(opgen)``, ``add_custom_op()``); this module says where they
are. ``python -m opgen ...`` and the ``opgen`` console script run the
executable. :func:`load` builds and imports an op library in-process, as
``torch.utils.cpp_extension.load`` does.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["BuildError", "__version__", "cmake_dir", "executable", "include_dir", "load"]

_ROOT = Path(__file__).resolve().parent

try:
    from importlib.metadata import version as _version

    __version__: str = _version("opgen")
except Exception:  # not installed as a distribution (a source checkout)
    __version__ = "0+unknown"


def executable() -> str:
    """The opgen executable of this installation."""
    return str(_ROOT / "bin" / "opgen")


def cmake_dir() -> str:
    """The directory of ``opgenConfig.cmake``: give it as ``opgen_DIR``, or
    site-packages as ``CMAKE_PREFIX_PATH`` (scikit-build-core does that)."""
    return str(_ROOT / "share" / "cmake" / "opgen")


def include_dir() -> str:
    """The directory holding ``<opgen/opgen.h>`` and the runtime headers."""
    return str(_ROOT / "include")


from ._load import BuildError, load  # noqa: E402  (uses cmake_dir above)
