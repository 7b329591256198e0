"""What the generated tests do to their surroundings: a failing test's output
has no flood of torch's structured-trace logging, and torch.compile's cache
is the build's own (docs/cli.md#the-inductor-cache), not the user's shared
/tmp/torchinductor_<user>.

The bundled library's generated tests are copied, with the samples and the
manifest they read, into a temporary tree of the same shape and run in a
subprocess with TORCHINDUCTOR_CACHE_DIR unset and a private TMPDIR. A
plugin makes torch.testing.assert_close fail, as a compiled result that
differs from eager would, so that test_compile_dynamic_matches_eager fails
after torch.compile has run."""
import getpass
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD_DIR = Path(os.environ.get("OPGEN_BUILD_DIR") or REPO / "build")
GEN = BUILD_DIR / "kernels" / "mylib_ops_gen"
GENERATED = GEN / "tests" / "test_mylib_ops.py"

if not GENERATED.exists():
    if os.environ.get("OPGEN_E2E_REQUIRED"):
        raise RuntimeError(f"{GENERATED} is not built")
    pytest.skip(f"{GENERATED} is not built", allow_module_level=True)

FAILURE = "opgen-e2e: the compiled result differs"

PLUGIN = f'''
import torch.testing

_assert_close = torch.testing.assert_close


def _failing_assert_close(actual, expected, **kwargs):
    _assert_close(actual, expected, **kwargs)
    raise AssertionError({FAILURE!r})


torch.testing.assert_close = _failing_assert_close
'''


def _copy_tree(root):
    """root/kernels/samples.py and root/build/kernels/mylib_ops_gen/{manifest.json,
    tests/test_mylib_ops.py}: where the generated file's SAMPLES_PATH
    (relative to it) finds the samples."""
    gen = root / "build" / "kernels" / "mylib_ops_gen"
    (gen / "tests").mkdir(parents=True)
    (root / "kernels").mkdir()
    shutil.copy(GENERATED, gen / "tests")
    shutil.copy(GEN / "manifest.json", gen)
    shutil.copy(REPO / "kernels" / "samples.py", root / "kernels")
    return gen / "tests"


def _env(tmp_path, **extra):
    env = dict(os.environ)
    env.pop("TORCHINDUCTOR_CACHE_DIR", None)
    env.pop("OPGEN_TESTS_INDUCTOR_CACHE_DIR", None)
    tmpdir = tmp_path / "tmp"
    tmpdir.mkdir(exist_ok=True)
    env["TMPDIR"] = str(tmpdir)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(tmp_path / "plugin"), str(BUILD_DIR / "kernels" / "python")])
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def failing_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("generated")
    tests = _copy_tree(root)
    (root / "plugin").mkdir()
    (root / "plugin" / "opgen_failing_assert_close.py").write_text(PLUGIN)
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "-p", "opgen_failing_assert_close", str(tests / "test_mylib_ops.py"),
         "-k", "test_compile_dynamic_matches_eager and softplus_beta and cpu"],
        cwd=root, env=_env(root), capture_output=True, text=True, timeout=600)
    return root, tests, run.returncode, run.stdout + run.stderr


def test_a_failure_is_not_flooded_with_torch_trace_logging(failing_run):
    _, _, returncode, output = failing_run
    assert returncode == 1, output
    assert "1 failed" in output, output
    # The failure is there, with its message.
    assert FAILURE in output
    assert "test_compile_dynamic_matches_eager" in output
    # torch's structured trace (~160 empty DEBUG lines per compile) is not.
    assert "torch.__trace" not in output, output
    assert len(output.splitlines()) < 150, output


def test_the_inductor_cache_is_local(failing_run):
    root, tests, _, output = failing_run
    caches = list((tests / ".inductor-cache").glob("mylib-*"))
    assert len(caches) == 1, output
    # The compiled graphs went there.
    assert any(p.is_file() for p in caches[0].rglob("*")), output
    # Not into the user's shared one, in the (private) temporary directory.
    # torch keeps its precompiled headers there on purpose, keyed by their
    # content ("global rather than ignored by fresh_cache", codecache.py):
    # nothing else.
    shared = root / "tmp" / f"torchinductor_{getpass.getuser()}"
    if shared.exists():
        assert sorted(p.name for p in shared.iterdir()) == ["precompiled_headers"]


def test_the_users_inductor_cache_is_kept(tmp_path):
    """TORCHINDUCTOR_CACHE_DIR set: the generated tests keep it."""
    tests = _copy_tree(tmp_path)
    show = ("import importlib.util, os, sys; "
            "spec = importlib.util.spec_from_file_location('gen', sys.argv[1]); "
            "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); "
            "print(m._INDUCTOR_CACHE, os.environ['TORCHINDUCTOR_CACHE_DIR'])")
    mine = str(tmp_path / "mine")
    kept = subprocess.run(
        [sys.executable, "-c", show, str(tests / "test_mylib_ops.py")],
        env=_env(tmp_path, TORCHINDUCTOR_CACHE_DIR=mine),
        capture_output=True, text=True, timeout=300)
    assert kept.returncode == 0, kept.stderr
    assert kept.stdout.split() == ["None", mine]
    chosen = subprocess.run(
        [sys.executable, "-c", show, str(tests / "test_mylib_ops.py")],
        env=_env(tmp_path), capture_output=True, text=True, timeout=300)
    assert chosen.returncode == 0, chosen.stderr
    own, env = chosen.stdout.split()
    assert own == env
    assert Path(own).parent == tests / ".inductor-cache"
    assert Path(own).name.startswith("mylib-")
