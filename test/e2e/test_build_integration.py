"""How add_custom_op() fits the build around the bundled library (kernels/):
the shared precompiled preamble its discoveries use, and the annotated
sources' own entries in compile_commands.json (for clangd).

Needs the build directory ($OPGEN_BUILD_DIR, default build/) configured and
`mylib_ops_generate` built; skipped when it is not.
"""
import functools
import json
import os
import shlex
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD_DIR = Path(os.environ.get("OPGEN_BUILD_DIR") or REPO / "build")
GEN = BUILD_DIR / "kernels" / "mylib_ops_gen"
KERNELS = REPO / "kernels"


def _kernel_sources():
    text = (KERNELS / "CMakeLists.txt").read_text()
    start = text.index("SOURCES") + len("SOURCES")
    names = []
    for word in text[start:].split():
        if word.isupper():
            break
        names.append(word)
    return [KERNELS / n for n in names]


def _cmake_cache(name):
    for line in (BUILD_DIR / "CMakeCache.txt").read_text().splitlines():
        if line.startswith(f"{name}:"):
            return line.split("=", 1)[1]
    return None


def test_discoveries_use_the_preamble():
    # One preamble per language: C++ sources use cxx.pch, CUDA sources
    # cuda.pch, never the other's.
    manifests = {"c++": GEN / "preamble" / "cxx.pch.json",
                 "cuda": GEN / "preamble" / "cuda.pch.json"}
    for manifest in manifests.values():
        if not manifest.exists():
            pytest.skip(f"{manifest} not built (build mylib_ops_generate)")
    for language, manifest in manifests.items():
        data = json.loads(manifest.read_text())
        assert data["language"] == language
        # Every bundled kernel begins with these two.
        assert data["includes"] == ["opgen/opgen.h", "ATen/ATen.h"]
        assert Path(data["pch"]).exists()
        # The PCH lies in the preamble cache the build was configured with,
        # where a clean build finds it: in opgen's own build tree, one of
        # its own (<build>/preamble-cache), so that no other build's
        # evictions (a full ~/.cache/opgen/preambles shared with other
        # projects) decide whether this test passes.
        cache = _cmake_cache("OPGEN_PREAMBLE_CACHE")
        if cache:
            assert Path(cache).resolve().is_relative_to(BUILD_DIR.resolve()), (
                f"OPGEN_PREAMBLE_CACHE={cache} is not {BUILD_DIR}'s own: "
                f"reconfigure with -DOPGEN_PREAMBLE_CACHE={BUILD_DIR}/preamble-cache "
                "(scripts/setup.sh does)")
            assert Path(data["pch"]).parent.parent == Path(cache).resolve(), data["pch"]
            assert not manifest.with_suffix("").exists(), "a PCH of its own beside the cache's"
        else:
            assert data["pch"] == str(manifest.with_suffix(""))
    for src in _kernel_sources():
        depfile = GEN / "discover" / f"{src.name}.json.d"
        text = depfile.read_text()
        own, other = ("cuda", "c++") if src.suffix == ".cu" else ("c++", "cuda")
        assert str(manifests[own]) in text, f"{src.name}: preamble not used"
        assert manifests[other].name not in text, src.name


def test_sources_are_in_the_compile_database():
    db_path = BUILD_DIR / "compile_commands.json"
    if not db_path.exists():
        pytest.skip(f"{db_path} missing")
    db = {Path(e["file"]).resolve(): e for e in json.loads(db_path.read_text())}
    for src in _kernel_sources():
        assert src.resolve() in db, f"{src} not in compile_commands.json"
    # A C++ source's entry compiles as the library's shard does: its
    # command, as an editor would run it, passes a syntax check.
    entry = db[(KERNELS / "select.cpp").resolve()]
    args = shlex.split(entry["command"])
    assert any("torch/include" in a for a in args)
    assert f"-I{GEN}" in args
    keep, skip = [], False
    for a in args:
        if skip:
            skip = False
            continue
        if a in ("-o", "-c"):
            skip = a == "-o"
            continue
        keep.append(a)
    result = subprocess.run(keep + ["-fsyntax-only"], cwd=entry["directory"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]


@functools.lru_cache(maxsize=None)
def _ninja_query(node):
    """`node`'s inputs (ninja -t query): explicit and implicit ones, and
    order-only ones. Asked once per node: the walks below share most of
    the graph (the generation steps)."""
    result = subprocess.run(["ninja", "-C", str(BUILD_DIR), "-t", "query", node],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    end = next((i for i, line in enumerate(lines) if line.strip() == "outputs:"), len(lines))
    inputs, order_only = [], []
    for line in lines[2:end]:  # after "<node>:" and "  input: <rule>"
        name = line.strip()
        (order_only if name.startswith("||") else inputs).append(name.lstrip("|").strip())
    return tuple(n for n in inputs if n), tuple(n for n in order_only if n)


def _ninja_needs(target, order_only):
    """Every node ninja needs before it can run `target`'s command,
    recursively: through explicit and implicit inputs, which make `target`
    out of date when they change, and with `order_only` also through
    order-only ones, which are only built first."""
    seen, todo = set(), [target]
    while todo:
        inputs, after = _ninja_query(todo.pop())
        for name in inputs + (after if order_only else ()):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_a_shard_recompiles_for_its_own_source_only():
    """A shard is written by its source's discovery (--write-shards), so its
    object depends on that parse (and the preamble), not on the other
    sources' discoveries or the combine: editing a kernel recompiles its
    shard alone. registration.cpp depends on all, and so does the one shard
    compiled with it (OPGEN_FOLD_GENERATED)."""
    if not (BUILD_DIR / "build.ninja").exists():
        pytest.skip("not a Ninja build")
    obj = "kernels/CMakeFiles/mylib_ops.dir/mylib_ops_gen/shards/{}.o"
    ninja = (BUILD_DIR / "build.ninja").read_text()
    unity_file = BUILD_DIR / "kernels" / "mylib_ops_gen" / "unity.cpp"
    folded = unity_file.read_text() if unity_file.exists() else ""
    sources = _kernel_sources()
    for src in sources:
        if f"build {obj.format(src.name)}:" not in ninja:
            # Compiled in the generated files' translation unit, first.
            includes = [line for line in folded.splitlines() if line.startswith("#include")]
            assert includes[0] == f'#include "shards/{src.name}"', \
                (src.name, folded)
            continue
        inputs = _ninja_needs(obj.format(src.name), order_only=False)
        generated = {i for i in inputs if "mylib_ops_gen/" in i}
        assert any(i.endswith(f"mylib_ops_gen/shards/{src.name}") for i in generated), \
            (src.name, sorted(generated))
        for other in generated:
            assert "opgen.stamp" not in other and "registration.cpp" not in other, \
                f"{src.name}'s shard waits for the combine ({other})"
            assert "/discover/" not in other, f"{src.name}'s shard waits for {other}"
            if "/shards/" in other:
                assert other.endswith((f"/shards/{src.name}", f"/shards/{src.name}.h")), \
                    f"{src.name}'s shard waits for {other}"
    # The combine's registration.cpp waits for every discovery (compiled
    # alone, or with autograd.cpp as one unity translation unit,
    # OPGEN_UNITY_GENERATED, which may hold a shard, OPGEN_FOLD_GENERATED).
    registration = "kernels/CMakeFiles/mylib_ops.dir/mylib_ops_gen/registration.cpp.o"
    unity = _generated_object()
    if unity:
        registration = unity
    inputs = _ninja_needs(registration, order_only=False)
    for src in sources:
        assert any(i.endswith(f"mylib_ops_gen/discover/{src.name}.json") for i in inputs), src.name


# The directories of the bundled library's objects: its own, and with the
# compiler PCHs (OPGEN_PRECOMPILE_HEADERS) its generated translation unit's
# object library.
LIBRARY_DIRS = ("kernels/CMakeFiles/mylib_ops.dir/", "kernels/CMakeFiles/mylib_ops_generated.dir/")


def _generated_object():
    """The object of the bundled library's unity translation unit of its
    generated files, in either directory (None: none, OPGEN_UNITY_GENERATED
    off)."""
    ninja = (BUILD_DIR / "build.ninja").read_text()
    for d in LIBRARY_DIRS:
        if f"build {d}mylib_ops_gen/unity.cpp.o:" in ninja:
            return f"{d}mylib_ops_gen/unity.cpp.o"
    return None


def test_the_generated_translation_unit_compiles_first():
    """Every compile of the library waits, order-only, for the combine, and
    the generated files' translation unit comes first in the build file:
    Ninja starts it before the shards (it is the longest: started after
    them, it made the clean build of kernels/ up to a third longer,
    docs/performance.md#6-build-time), and a shard still recompiles for its
    own source alone (the test above). With the compiler PCHs it is the
    object library <target>_generated's, made before the library."""
    if not (BUILD_DIR / "build.ninja").exists():
        pytest.skip("not a Ninja build")
    objects = [line.split(":")[0][len("build "):]
               for line in (BUILD_DIR / "build.ninja").read_text().splitlines()
               if line.startswith(tuple("build " + d for d in LIBRARY_DIRS))
               and line.split(":")[0].endswith(".o")]
    assert objects[0] == _generated_object(), objects
    assert len(objects) > 3, objects
    for obj in objects:
        # The combine's outputs: its stamp, the files it writes.
        assert any(n.endswith(("mylib_ops_gen/opgen.stamp", "mylib_ops_gen/registration.cpp"))
                   for n in _ninja_needs(obj, order_only=True)), obj


def _last_optimization(command):
    levels = [a for a in shlex.split(command) if a.startswith("-O")]
    return levels[-1] if levels else None


def test_the_generated_translation_unit_compiles_at_its_own_level():
    """The generated files that hold no kernel (their unity translation
    unit) compile at OPGEN_GENERATED_OPTIMIZATION in an optimized build,
    its -O after the build type's; the shards, with the kernels, at the
    build type's (cmake/AddCustomOp.cmake, docs/cmake.md#build-time)."""
    db_path = BUILD_DIR / "compile_commands.json"
    if not db_path.exists():
        pytest.skip(f"{db_path} missing")
    build_type = _cmake_cache("CMAKE_BUILD_TYPE")
    if build_type not in ("Release", "RelWithDebInfo") or _cmake_cache("OPGEN_FOLD_GENERATED") == "ON":
        pytest.skip(f"build type {build_type!r}, or the generated files folded into a shard")
    wanted = _last_optimization(_cmake_cache("OPGEN_GENERATED_OPTIMIZATION") or "")
    shards, generated = set(), set()
    for entry in json.loads(db_path.read_text()):
        name = entry["file"]
        if name.endswith("/kernels/mylib_ops_gen/unity.cpp"):
            generated.add(_last_optimization(entry["command"]))
        elif "/mylib_ops_gen/shards/" in name and name.endswith(".cpp"):
            shards.add(_last_optimization(entry["command"]))
    expected_shards = {"Release": "-O3", "RelWithDebInfo": "-O2"}[build_type]
    assert shards == {expected_shards}, shards
    assert generated == {wanted or expected_shards}, generated


@pytest.mark.parametrize("target", ["mylib_ops", "shards_ops"])
def test_a_second_build_runs_nothing(target):
    """After a build, nothing is out of date: no step (a preamble step whose
    sources begin with a user header writes no PCH) runs again."""
    if not (BUILD_DIR / "build.ninja").exists():
        pytest.skip("not a Ninja build")
    built = subprocess.run(["ninja", "-C", str(BUILD_DIR), target],
                           capture_output=True, text=True)
    assert built.returncode == 0, built.stdout[-2000:]
    # (A dry run cannot tell: the glob check it does not run would re-run
    # CMake.)
    again = subprocess.run(["ninja", "-C", str(BUILD_DIR), "-d", "explain", target],
                           capture_output=True, text=True)
    assert again.returncode == 0
    assert "no work to do" in again.stdout, again.stdout[-2000:] + again.stderr[-2000:]


def _compiler_id():
    for f in BUILD_DIR.glob("CMakeFiles/*/CMakeCXXCompiler.cmake"):
        for line in f.read_text().splitlines():
            if line.startswith("set(CMAKE_CXX_COMPILER_ID "):
                return line.split('"')[1]
    return None


def test_precompiled_headers_by_the_number_of_cpp_sources():
    """OPGEN_PRECOMPILE_HEADERS=AUTO, the default (cmake/AddCustomOp.cmake):
    with GCC, a library of two or more C++ sources compiles its shards with
    the PCH of their include lines and its generated translation unit with
    that of <opgen/precompiled.h>; a library of one C++ source, for which
    writing the PCH costs more than it saves, compiles with neither. Read
    from the build tree's compile commands: the bundled library (seven C++
    sources), shards_ops (three) and vision_ops (two) against returns_ops
    and defaults_ops (one each)."""
    db_path = BUILD_DIR / "compile_commands.json"
    if not db_path.exists():
        pytest.skip(f"{db_path} missing")
    if (_cmake_cache("OPGEN_PRECOMPILE_HEADERS") or "").upper() != "AUTO" or _compiler_id() != "GNU":
        pytest.skip("OPGEN_PRECOMPILE_HEADERS set, or not GCC")
    pch = {}  # target -> {"-include" headers of its C++ compiles}
    for entry in json.loads(db_path.read_text()):
        if not entry["file"].endswith(".cpp"):
            continue
        args = shlex.split(entry["command"])
        target = next((a.split("CMakeFiles/", 1)[1].split(".dir/", 1)[0]
                       for a in args if "CMakeFiles/" in a and ".dir/" in a and a.endswith(".o")), None)
        if target is None:
            continue
        pch.setdefault(target, set()).update(
            args[i + 1] for i, a in enumerate(args[:-1])
            if a == "-include" and args[i + 1].endswith("cmake_pch.hxx"))
    for target in ("mylib_ops", "shards_ops", "vision_ops"):
        assert pch.get(target) and all(p.endswith(f"/{target}.dir/cmake_pch.hxx") for p in pch[target]), \
            (target, pch.get(target))
        assert pch.get(f"{target}_generated") and all(
            p.endswith(f"/{target}_generated.dir/cmake_pch.hxx") for p in pch[f"{target}_generated"]), \
            (target, pch.get(f"{target}_generated"))
    for target in ("returns_ops", "defaults_ops"):
        assert target in pch and not pch[target], (target, pch.get(target))
        assert f"{target}_generated" not in pch, target


def _system_includes(path):
    return [line.split("<", 1)[1].split(">", 1)[0]
            for line in path.read_text().splitlines()
            if line.startswith("#include <")]


def test_the_generated_files_precompiled_header_holds_what_they_include():
    """With OPGEN_PRECOMPILE_HEADERS, the generated translation unit compiles
    with a PCH of <opgen/precompiled.h> (cmake/AddCustomOp.cmake): it must
    hold every header the regular flavour's generated registration.cpp and
    autograd.cpp include, but the per-op <ATen/ops/*.h> of fakes, or their
    compile parses the rest again. The generated files of every regular
    library of the build (the bundled one and the test libraries) are read."""
    held = set(_system_includes(REPO / "runtime" / "include" / "opgen" / "precompiled.h"))
    checked = 0
    for generated in sorted(BUILD_DIR.glob("**/*_gen/registration.cpp")):
        if "torch/csrc/stable/library.h" in _system_includes(generated):
            continue  # the stable ABI's: no PCH of its own
        for name in ("registration.cpp", "autograd.cpp"):
            path = generated.parent / name
            if not path.exists():
                continue
            checked += 1
            for header in _system_includes(path):
                if not header.startswith("ATen/ops/"):
                    assert header in held, \
                        f"{path} includes <{header}>, which opgen/precompiled.h does not"
    if checked == 0:
        pytest.skip("no generated library in the build directory")
