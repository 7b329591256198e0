"""opgen.load: build, cache and import an op library in-process.

The quick-iteration counterpart of add_custom_op(), as
torch.utils.cpp_extension.load is to setup.py: has opgen write a one-call
CMake project around the annotated sources (`opgen project`), builds it with
this process's Python and torch (the same CMake function a project uses),
and imports the generated package.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import types
from pathlib import Path
from typing import Dict, Iterable, Optional, Sequence, Tuple, Union

__all__ = ["BuildError", "load", "default_build_root"]

PathLike = Union[str, "os.PathLike[str]"]

# Libraries this process imported: name -> (library path, its mtime then).
_loaded: Dict[str, Tuple[Path, float]] = {}


class BuildError(RuntimeError):
    """The op library did not configure or build; carries the log."""


def default_build_root() -> Path:
    """Where load() keeps its builds: $OPGEN_LOAD_DIR, else
    $OPGEN_CACHE/load, else ~/.cache/opgen/load."""
    if os.environ.get("OPGEN_LOAD_DIR"):
        return Path(os.environ["OPGEN_LOAD_DIR"])
    cache = os.environ.get("OPGEN_CACHE") or os.path.join(
        os.path.expanduser("~"), ".cache", "opgen")
    return Path(cache) / "load"


def _as_list(values: Union[None, str, Iterable[str]]) -> Tuple[str, ...]:
    if values is None:
        return ()
    if isinstance(values, (str, os.PathLike)):
        return (os.fspath(values),)
    return tuple(os.fspath(v) for v in values)


def _project_args(name: str, sources: Sequence[str], samples: Optional[str],
                  include_dirs: Sequence[str], compiler_args: Sequence[str],
                  opgen_args: Sequence[str]) -> list:
    """The arguments of `opgen project` for this library: opgen writes the
    project (templates/build_files/project.cmake) and knows which sources
    are CUDA."""
    args = ["--python-package", name, "--library-name", name + "_ops"]
    if samples:
        args += ["--samples", samples]
    args += ["--include-dir=" + d for d in include_dirs]
    args += ["--step-arg=" + a for a in opgen_args]
    args += list(sources)
    if compiler_args:
        args += ["--"] + list(compiler_args)
    return args


@contextlib.contextmanager
def _locked(directory: Path):
    # Two processes loading the same library build it one after the other.
    directory.mkdir(parents=True, exist_ok=True)
    with open(directory / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _run(command: Sequence[str], verbose: bool, what: str) -> None:
    env = dict(os.environ)
    # The build's Python must see its own environment, not ours.
    env.pop("PYTHONPATH", None)
    if verbose:
        print("opgen.load:", " ".join(command), file=sys.stderr)
        rc = subprocess.call(command, env=env)
        log = ""
    else:
        done = subprocess.run(command, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
        rc, log = done.returncode, done.stdout
    if rc != 0:
        raise BuildError("opgen.load: %s failed (exit status %d): %s\n%s" %
                         (what, rc, " ".join(command), log))


def _cuda_architectures() -> Optional[str]:
    # The GPU this process sees, as torch.utils.cpp_extension does; else
    # add_custom_op's default list.
    try:
        import torch
        if torch.cuda.is_available():
            major, minor = torch.cuda.get_device_capability()
            return "%d%d" % (major, minor)
    except Exception:  # noqa: BLE001 - no CUDA torch: the default list
        pass
    return None


def load(sources: Union[PathLike, Sequence[PathLike]],
         name: Optional[str] = None, *,
         build_directory: Optional[PathLike] = None,
         samples: Optional[PathLike] = None,
         extra_include_paths: Union[None, str, Sequence[str]] = None,
         compiler_args: Union[None, str, Sequence[str]] = None,
         opgen_args: Union[None, str, Sequence[str]] = None,
         build_type: Optional[str] = None,
         verbose: bool = False) -> types.ModuleType:
    """Builds the annotated ``sources`` into an op library with
    add_custom_op() and imports its generated Python package.

    ``name`` is the package's name (default ``<stem of the first source>_ops``).
    Builds are cached in ``build_directory`` (default: a directory under
    :func:`default_build_root` keyed by the sources, the options, this Python
    and its torch), and rebuilt incrementally when a source changes. Uses this
    process's Python and torch. Returns the package: its ops are functions of
    ``lib.ops`` (``lib.ops.crop(x, box)``) and registered in ``torch.ops``.
    Raises BuildError with the build log when the build fails.
    """
    srcs = [os.path.abspath(s) for s in _as_list(sources)]
    if not srcs:
        raise ValueError("opgen.load: no sources")
    for s in srcs:
        if not os.path.isfile(s):
            raise FileNotFoundError("opgen.load: no such source: %s" % s)
    if name is None:
        name = re.sub(r"\W", "_", Path(srcs[0]).stem) + "_ops"
    if not name.isidentifier():
        raise ValueError("opgen.load: name %r is not a Python identifier" % name)
    includes = [os.path.abspath(d) for d in _as_list(extra_include_paths)]
    cargs, oargs = _as_list(compiler_args), _as_list(opgen_args)
    samples_path = os.path.abspath(samples) if samples else None

    import torch
    from . import __version__, cmake_dir, executable

    args = _project_args(name, srcs, samples_path, includes, cargs, oargs)
    if build_directory is None:
        key = hashlib.sha256("\0".join(
            args + [sys.executable, torch.__version__, __version__,
                    build_type or ""]).encode()).hexdigest()[:12]
        build_directory = default_build_root() / ("%s-%s" % (name, key))
    root = Path(build_directory).absolute()
    build = root / "build"
    package_dir = build / "python" / name

    with _locked(root):
        project = root / "project"
        lists = project / "CMakeLists.txt"
        before = lists.read_text() if lists.exists() else None
        _run([executable(), "project", "-o", str(project)] + args, verbose,
             "writing the project of " + name)
        changed = lists.read_text() != before
        if changed or not (build / "CMakeCache.txt").exists():
            configure = [shutil.which("cmake") or "cmake", "-S", str(project),
                         "-B", str(build), "-Dopgen_DIR=" + cmake_dir(),
                         "-DOPGEN_PYTHON=" + sys.executable]
            if shutil.which("ninja"):
                configure += ["-G", "Ninja"]
            if build_type:
                configure.append("-DCMAKE_BUILD_TYPE=" + build_type)
            arch = _cuda_architectures()
            if arch:
                # Used where the project has CUDA sources (opgen project
                # enables CUDA for them).
                configure.append("-DCMAKE_CUDA_ARCHITECTURES=" + arch)
            _run(configure, verbose, "configuring " + name)
        _run([shutil.which("cmake") or "cmake", "--build", str(build)],
             verbose, "building " + name)

    library = package_dir / ("lib%s_ops.so" % name)
    if name in _loaded:
        path, mtime = _loaded[name]
        if path != library or library.stat().st_mtime != mtime:
            raise RuntimeError(
                "opgen.load: %s changed after this process loaded it from %s; "
                "torch cannot unload an op library: restart Python to load the "
                "new build" % (name, path))
        return sys.modules[name]
    if name in sys.modules:
        raise RuntimeError("opgen.load: a module named %r is already imported "
                           "(%s); pass another name" %
                           (name, getattr(sys.modules[name], "__file__", "?")))
    spec = importlib.util.spec_from_file_location(
        name, package_dir / "__init__.py",
        submodule_search_locations=[str(package_dir)])
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    _loaded[name] = (library, library.stat().st_mtime)
    return module
