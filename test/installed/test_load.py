"""opgen.load(): an op library built, cached and imported in-process.

Run by ctest opgen_wheel in a fresh environment where only the installed
opgen wheel provides the `opgen` package.
"""

import os
import subprocess
import sys
import textwrap

import opgen
import pytest
import torch

SOURCE = textwrap.dedent("""\
    #include <opgen/opgen.h>
    #include <torch/torch.h>

    [[custom_op("loadtest::scaled_softsign")]]
    at::Tensor scaled_softsign(const at::Tensor& x, double scale = 2.0) {
      return x / (1 + x.abs()) * SCALE_BY * scale;
    }
    """)


def write_source(directory, scale_by="1", name="scaled_softsign.cpp"):
    path = directory / name
    path.write_text(SOURCE.replace("SCALE_BY", scale_by))
    return path


def load_in_subprocess(source, root, expr):
    """Runs opgen.load in a fresh interpreter; returns what it prints."""
    code = ("import torch, opgen; m = opgen.load(%r); print(%s)" % (str(source), expr))
    env = dict(os.environ, OPGEN_LOAD_DIR=str(root))
    return subprocess.Popen([sys.executable, "-c", code], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)


@pytest.fixture()
def build_root(tmp_path, monkeypatch):
    root = tmp_path / "load-cache"
    monkeypatch.setenv("OPGEN_LOAD_DIR", str(root))
    return root


def test_builds_caches_and_imports(tmp_path, build_root):
    source = write_source(tmp_path)
    # Two processes load the same new library at once: one builds, the other
    # waits for it (a lock per build directory), and both get the op.
    procs = [load_in_subprocess(source, build_root,
                                "m.ops.scaled_softsign(torch.ones(2)).tolist()")
             for _ in range(2)]
    for p in procs:
        out, _ = p.communicate(timeout=600)
        assert p.returncode == 0, out
        assert out.strip().splitlines()[-1] == "[1.0, 1.0]", out
    builds = list(build_root.iterdir())
    assert len(builds) == 1 and builds[0].name.startswith("scaled_softsign_ops-"), builds

    lib = opgen.load(source)
    assert lib.__name__ == "scaled_softsign_ops"
    library = next((builds[0] / "build" / "python" / "scaled_softsign_ops").glob("lib*.so"))
    mtime = library.stat().st_mtime
    x = torch.randn(3, 4)
    torch.testing.assert_close(lib.ops.scaled_softsign(x), x / (1 + x.abs()) * 2)
    torch.testing.assert_close(torch.ops.loadtest.scaled_softsign(x, 0.5),
                               x / (1 + x.abs()) * 0.5)
    torch.library.opcheck(torch.ops.loadtest.scaled_softsign.default, (x,))
    # Loaded again: the same module, nothing rebuilt.
    assert opgen.load(source) is lib
    assert library.stat().st_mtime == mtime

    # The source changes: a new process gets the rebuilt library; this one,
    # which cannot unload the old, is told so instead of keeping it silently.
    write_source(tmp_path, scale_by="3")
    p = load_in_subprocess(source, build_root,
                           "m.ops.scaled_softsign(torch.ones(2)).tolist()")
    out, _ = p.communicate(timeout=600)
    assert p.returncode == 0, out
    assert out.strip().splitlines()[-1] == "[3.0, 3.0]", out
    with pytest.raises(RuntimeError, match="restart Python"):
        opgen.load(source)


def test_build_error_carries_the_diagnostic(tmp_path, build_root):
    source = tmp_path / "broken.cpp"
    source.write_text(textwrap.dedent("""\
        #include <opgen/opgen.h>
        #include <torch/torch.h>

        [[custom_op("loadtest::broken")]]
        at::Tensor broken(const at::Tensor& x, std::vector<std::string> names) {
          return x;
        }
        """))
    with pytest.raises(opgen.BuildError) as failure:
        opgen.load(source)
    message = str(failure.value)
    assert "%s:5:" % source in message and "error:" in message, message
    assert "broken_ops" not in [m for m in os.listdir(build_root)
                                if (build_root / m / "build/python/broken_ops").exists()]


def test_bad_arguments(tmp_path):
    with pytest.raises(FileNotFoundError, match="no such source"):
        opgen.load(tmp_path / "missing.cpp")
    with pytest.raises(ValueError, match="not a Python identifier"):
        opgen.load(write_source(tmp_path), name="not-an-identifier")
