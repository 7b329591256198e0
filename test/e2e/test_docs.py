"""The reference docs (docs/*.md) checked against the tool.

(a) Every ```cpp block in docs/*.md preceded by an HTML comment

        <!-- opgen-example: schema="<expected schema>" -->
        <!-- opgen-example: error="<text on stderr>" -->

    is written to a temporary directory (as ``example.cpp``, or the name in
    ``file="..."``) and run through ``$OPGEN_BUILD_DIR/bin/opgen`` (default
    ``<repo>/build``) with the output directory ``out``:

    * ``schema``: opgen exits 0, the manifest holds exactly one op, whose
      schema equals the expected one, and torch prints that schema unchanged;
    * ``error``: opgen exits 1 with the text on stderr and writes nothing;
    * optional ``warning="..."``: that text is on stderr (without it, a
      ``schema`` example must produce no warning from opgen);
    * optional ``note="..."``: that text is on stderr;
    * optional ``fake="synthesized"``: the manifest's fake kind of the op;
    * optional ``kernels="CPU,CUDA"`` / ``tags="a,b"``: the manifest's dispatch
      keys / tags of the op.

    A block that does not include ``<opgen/opgen.h>`` itself is prefixed with
    ``#include <opgen/opgen.h>`` and ``#include <ATen/core/Tensor.h>`` (and a
    ``#line 1``, so line numbers match the block). Values are double-quoted;
    a ``"`` or ``\\`` inside is written ``\\"`` / ``\\\\``.
(b) Every diagnostic of tool/include/opgen/support/Diagnostics.def appears in
    docs/diagnostics.md by its id, with its message and hint verbatim.
(c) Every option ``opgen --help`` prints appears in docs/cli.md.
(d) Every keyword of add_custom_op() (cmake/AddCustomOp.cmake's
    cmake_parse_arguments) appears in docs/cmake.md.
(c'), (d') The reverse: every option in docs/cli.md's option table is one
    ``opgen --help`` lists, every add_custom_op() keyword docs/cmake.md shows
    is one it parses, and docs/cli.md's manifest.json example has exactly
    the fields of a real manifest (each described in its text, with every
    fake kind): removing an option, keyword or field fails a test.
(e) Every ```cpp block preceded by ``<!-- opgen-excerpt: <path> -->`` appears
    verbatim in that file of the repository (code the e2e tests run, such as
    kernels/grads.cpp, shown in the docs).
Plus the command-line diagnostics and behaviours docs/cli.md and
docs/diagnostics.md describe (no such input, stale output, ...).

If opgen has not been built, the tests that run it are skipped, loudly; set
``OPGEN_E2E_REQUIRED=1`` to make that an error.
"""

import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD_DIR = Path(os.environ.get("OPGEN_BUILD_DIR") or REPO / "build")
OPGEN = BUILD_DIR / "bin" / "opgen"
DOCS = REPO / "docs"
DIAGNOSTICS_DEF = REPO / "tool" / "include" / "opgen" / "support" / "Diagnostics.def"
ADD_CUSTOM_OP = REPO / "cmake" / "AddCustomOp.cmake"

PRELUDE = "#include <opgen/opgen.h>\n#include <ATen/core/Tensor.h>\n#line 1\n"
KNOWN_ATTRS = {"schema", "error", "warning", "note", "fake", "kernels", "tags", "file", "backward"}
# Clang's own note when it parses .cu against a newer CUDA toolkit.
CLANG_CUDA_VERSION_WARNING = "-Wunknown-cuda-version"


def _require_opgen():
    if OPGEN.exists():
        return
    reason = (
        f"DOCS EXAMPLES NOT RUN: {OPGEN} is not built. Build opgen or point "
        f"OPGEN_BUILD_DIR at a build directory; set OPGEN_E2E_REQUIRED=1 to "
        f"make this an error."
    )
    if os.environ.get("OPGEN_E2E_REQUIRED"):
        raise RuntimeError(reason)
    print(f"\n{reason}", file=sys.stderr, flush=True)
    warnings.warn(reason, pytest.PytestWarning, stacklevel=2)
    pytest.skip(reason)


def _run(args, cwd, timeout=300):
    return subprocess.run([str(OPGEN), *args], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout)


# --- (a) the marked examples -------------------------------------------------

MARKER = re.compile(r"<!--\s*opgen-example:(?P<attrs>.*?)-->", re.S)
ATTR = re.compile(r'(\w+)="((?:[^"\\]|\\.)*)"')
FENCE = re.compile(r"\s*```cpp[ \t]*\n(?P<code>.*?)^```", re.S | re.M)


def _examples():
    found = []
    for doc in sorted(DOCS.glob("*.md")):
        text = doc.read_text()
        for marker in MARKER.finditer(text):
            line = text.count("\n", 0, marker.start()) + 1
            where = f"{doc.name}:{line}"
            attrs = {k: re.sub(r"\\(.)", r"\1", v)
                     for k, v in ATTR.findall(marker.group("attrs"))}
            fence = FENCE.match(text, marker.end())
            found.append(pytest.param(
                {"where": where, "attrs": attrs,
                 "code": fence.group("code") if fence else None},
                id=where))
    return found


EXAMPLES = _examples()

EXCERPT = re.compile(r"<!--\s*opgen-excerpt:\s*(?P<path>\S+)\s*-->")
# An excerpt is C++, CMake or TOML.
EXCERPT_FENCE = re.compile(r"\s*```(?:cpp|cmake|toml)[ \t]*\n(?P<code>.*?)^```", re.S | re.M)


def _excerpts():
    found = []
    for doc in sorted(DOCS.glob("*.md")):
        text = doc.read_text()
        for marker in EXCERPT.finditer(text):
            where = f"{doc.name}:{text.count(chr(10), 0, marker.start()) + 1}"
            fence = EXCERPT_FENCE.match(text, marker.end())
            found.append(pytest.param(marker.group("path"),
                                      fence.group("code") if fence else None, id=where))
    return found


@pytest.mark.parametrize("path,code", _excerpts())
def test_excerpt_is_in_its_file(path, code):
    assert code is not None, "an opgen-excerpt marker must be followed by a ```cpp, ```cmake or ```toml block"
    assert code in (REPO / path).read_text(), f"the block is not verbatim in {path}"


def _run_example(example):
    code = example["code"]
    if "#include <opgen/opgen.h>" not in code:
        code = PRELUDE + code
    name = example["attrs"].get("file", "example.cpp")
    with tempfile.TemporaryDirectory(prefix="opgen-docs-") as tmp:
        (Path(tmp) / name).write_text(code)
        result = _run([name, "-o", "out"], cwd=tmp)
        out = Path(tmp) / "out"
        manifest = out / "manifest.json"
        registration = out / "registration.cpp"
        return {
            "rc": result.returncode,
            "stderr": result.stderr,
            "manifest": json.loads(manifest.read_text()) if manifest.exists() else None,
            "definitions": _definitions(registration.read_text())
                           if registration.exists() else [],
            "wrote": out.exists(),
        }


def _definitions(registration_cpp):
    """The qualified schemas registration.cpp passes to m.def."""
    found = []
    for block in re.finditer(r"TORCH_LIBRARY\((\w+), m\) \{(.*?)^\}",
                             registration_cpp, re.S | re.M):
        for literal in re.findall(r'm\.def\(("(?:[^"\\]|\\.)*")', block.group(2)):
            found.append(block.group(1) + "::" + json.loads(literal))
    return found


@pytest.fixture(scope="module")
def example_results():
    """Runs every example once, in parallel; {where: result}."""
    _require_opgen()
    runnable = [p.values[0] for p in EXAMPLES if p.values[0]["code"] is not None]
    workers = max(2, os.cpu_count() or 2)
    with concurrent.futures.ThreadPoolExecutor(max_workers=workers) as pool:
        results = pool.map(_run_example, runnable)
        return {ex["where"]: r for ex, r in zip(runnable, results)}


def test_docs_have_examples():
    assert len(EXAMPLES) >= 40, "the docs lost their tested examples"


@pytest.mark.parametrize("example", EXAMPLES)
def test_example(example, example_results):
    attrs = example["attrs"]
    assert example["code"] is not None, (
        f"{example['where']}: an opgen-example marker must be followed by a ```cpp block")
    assert set(attrs) <= KNOWN_ATTRS, f"unknown marker keys {set(attrs) - KNOWN_ATTRS}"
    assert ("schema" in attrs) != ("error" in attrs), "give exactly one of schema= / error="
    result = example_results[example["where"]]
    stderr = result["stderr"]
    if "error" in attrs:
        assert result["rc"] == 1, f"expected exit status 1, got {result['rc']}\n{stderr}"
        assert attrs["error"] in stderr
        assert not result["wrote"], "a failed run must write nothing"
        return
    assert result["rc"] == 0, stderr
    ops = result["manifest"]["ops"]
    # With backward=: the op and its backward op, whose schema it gives.
    backward = [o for o in ops if (o.get("autograd") or {}).get("backward_of")]
    assert len(ops) == 1 + ("backward" in attrs), [op["schema"] for op in ops]
    if "backward" in attrs:
        assert len(backward) == 1 and backward[0]["schema"] == attrs["backward"]
    op = next(o for o in ops if o not in backward)
    assert op["schema"] == attrs["schema"]
    if "warning" in attrs:
        assert attrs["warning"] in stderr
    else:
        lines = [l for l in stderr.splitlines()
                 if "warning:" in l and CLANG_CUDA_VERSION_WARNING not in l]
        assert not lines, stderr
    if "note" in attrs:
        assert attrs["note"] in stderr
    if "fake" in attrs:
        assert (op["fake"] or {}).get("kind") == attrs["fake"], op["fake"]
    if "kernels" in attrs:
        assert sorted(op["kernels"]) == sorted(attrs["kernels"].split(","))
    if "tags" in attrs:
        assert op["tags"] == [t for t in attrs["tags"].split(",") if t]


@pytest.fixture(scope="module")
def torch_parse_schema():
    torch = pytest.importorskip("torch")
    return lambda s: str(torch._C.parse_schema(s))


@pytest.mark.parametrize(
    "example", [p for p in EXAMPLES if "schema" in p.values[0]["attrs"]])
def test_example_schema_is_torchs(example, example_results, torch_parse_schema):
    """What opgen passes to m.def parses in torch, which prints it as
    documented (as torch.ops.<ns>.<op>.<overload>._schema will)."""
    definitions = example_results[example["where"]]["definitions"]
    expected = [example["attrs"]["schema"]] + (
        [example["attrs"]["backward"]] if "backward" in example["attrs"] else [])
    assert sorted(torch_parse_schema(d) for d in definitions) == sorted(expected)


# --- (b) every diagnostic is documented ------------------------------------

def _c_string(literal):
    return bytes(literal, "utf-8").decode("unicode_escape")


def _diagnostics():
    text = DIAGNOSTICS_DEF.read_text()
    entries = []
    for m in re.finditer(
            r'^DIAG\((\w+),\s*(\w+),\s*((?:"(?:[^"\\]|\\.)*"\s*)+),\s*'
            r'((?:"(?:[^"\\]|\\.)*"\s*)+)\)', text, re.M | re.S):
        strings = lambda s: "".join(_c_string(x) for x in re.findall(r'"((?:[^"\\]|\\.)*)"', s))
        entries.append((m.group(1), m.group(2), strings(m.group(3)), strings(m.group(4))))
    return entries


DIAGNOSTICS = _diagnostics()


def test_catalogue_parsed():
    ids = re.findall(r"^DIAG\((\w+),", DIAGNOSTICS_DEF.read_text(), re.M)
    assert ids and [d[0] for d in DIAGNOSTICS] == ids


@pytest.mark.parametrize("diag", DIAGNOSTICS, ids=[d[0] for d in DIAGNOSTICS])
def test_diagnostic_documented(diag):
    ident, level, message, hint = diag
    text = (DOCS / "diagnostics.md").read_text()
    section = re.search(rf"^#+ `?{ident}`?\s*$(.*?)(?=^#+ |\Z)", text, re.M | re.S)
    assert section, f"docs/diagnostics.md has no heading for {ident}"
    body = section.group(1)
    assert level.lower() in body.lower(), f"{ident}: level {level} not stated"
    assert message in body, f"{ident}: message {message!r} not quoted verbatim"
    if hint:
        assert hint in body, f"{ident}: hint {hint!r} not quoted verbatim"


# --- (c) every command-line option is documented ----------------------------

def test_cli_options_documented():
    _require_opgen()
    help_text = _run(["--help"], cwd=REPO).stdout
    options = re.findall(r"^\s+(--?[\w-]+)", help_text, re.M)
    assert "--check" in options and "-o" in options, help_text
    # The options of the subcommands (opgen init, opgen migrate) too; LLVM
    # aligns their dashes.
    for sub in re.findall(r"^\s+([\w-]+)\s+- ", help_text, re.M):
        sub_help = _run([sub, "--help"], cwd=REPO).stdout
        options += re.findall(r"^\s+(--?[\w-]+)", sub_help, re.M)
    assert "--namespace" in options, help_text
    text = (DOCS / "cli.md").read_text()
    missing = [o for o in options if not re.search(rf"(?<![\w-]){re.escape(o)}(?![\w-])", text)]
    assert not missing, f"docs/cli.md does not mention {missing}"


def _documented_cli_options():
    """The options in the first column of docs/cli.md's option table."""
    text = (DOCS / "cli.md").read_text()
    section = re.search(r"^## Options\n(.*?)(?=^## )", text, re.M | re.S).group(1)
    options = []
    for row in re.findall(r"^\|\s*(.*?)\s*\|", section, re.M):
        options += re.findall(r"`(--?[\w-]+)", row)
    return options


def test_documented_cli_options_exist():
    """The reverse of (c): an option docs/cli.md documents and opgen lost
    fails here."""
    _require_opgen()
    help_text = _run(["--help"], cwd=REPO).stdout
    options = set(re.findall(r"^\s+(--?[\w-]+)", help_text, re.M))
    documented = _documented_cli_options()
    assert "--check" in documented and "-o" in documented, documented
    missing = [o for o in documented if o not in options]
    assert not missing, f"docs/cli.md documents {missing}, which opgen --help does not list"


# --- (d) every add_custom_op() keyword is documented -------------------------

def test_cmake_keywords_documented():
    m = re.search(r'cmake_parse_arguments\(\s*\w+\s+"([^"]*)"\s+"([^"]*)"\s+"([^"]*)"',
                  ADD_CUSTOM_OP.read_text())
    assert m, "cannot find add_custom_op's cmake_parse_arguments"
    keywords = [k for group in m.groups() for k in group.split(";") if k]
    assert "SOURCES" in keywords
    text = (DOCS / "cmake.md").read_text()
    missing = [k for k in keywords if not re.search(rf"\b{k}\b", text)]
    assert not missing, f"docs/cmake.md does not mention {missing}"


def _add_custom_op_keywords():
    m = re.search(r'cmake_parse_arguments\(\s*\w+\s+"([^"]*)"\s+"([^"]*)"\s+"([^"]*)"',
                  ADD_CUSTOM_OP.read_text())
    return {k for group in m.groups() for k in group.split(";") if k}


def test_documented_cmake_keywords_exist():
    """The reverse of (d): every keyword docs/cmake.md shows in the
    add_custom_op() synopsis or describes in "Keywords in detail" is one
    add_custom_op() parses."""
    text = (DOCS / "cmake.md").read_text()
    synopsis = re.search(r"```cmake\nadd_custom_op\(<target>\n(.*?)```", text, re.S).group(1)
    documented = set(re.findall(r"^\s*\[?([A-Z][A-Z_]+)\b", synopsis, re.M))
    details = re.search(r"^### Keywords in detail\n(.*?)(?=^#)", text, re.M | re.S).group(1)
    documented |= set(re.findall(r"^\* `([A-Z][A-Z_]+)`", details, re.M))
    assert "SOURCES" in documented and "NO_TESTS" in documented, documented
    missing = sorted(documented - _add_custom_op_keywords())
    assert not missing, f"docs/cmake.md documents {missing}, which add_custom_op() does not take"


# --- manifest.json: the documented fields are the real ones ------------------

MANIFEST_KERNEL = """#include <opgen/opgen.h>
#include <ATen/ATen.h>

[[custom_op("mylib::twice")]]
at::Tensor twice(const at::Tensor& x) { return at::empty_like(x); }

[[custom_op_backward("mylib::twice")]]
at::Tensor twice_backward(const at::Tensor& grad) { return grad; }
"""


def _documented_manifest():
    """The top-level and per-op keys of docs/cli.md's manifest.json example."""
    text = (DOCS / "cli.md").read_text()
    section = text[text.index("### `manifest.json`"):]
    example = re.search(r"```json\n(.*?)```", section, re.S).group(1)
    top = re.findall(r'^  "(\w+)":', example, re.M)
    op = list(dict.fromkeys(re.findall(r'^      "(\w+)":', example, re.M)))
    return top, op, section


def test_manifest_fields_documented(tmp_path):
    """Every field of a real manifest is in docs/cli.md's example, and every
    field the example shows is in a real manifest, in the same order; the
    text describes each field and each fake kind and autograd key."""
    _require_opgen()
    (tmp_path / "twice.cpp").write_text(MANIFEST_KERNEL)
    result = _run(["twice.cpp", "-o", "out", "--python-package", "mylib"], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    top, op, section = _documented_manifest()
    assert top == list(manifest), "docs/cli.md's manifest.json example has other top-level fields"
    ops = {o["name"]: o for o in manifest["ops"]}
    assert op == list(ops["mylib::twice"]), "docs/cli.md's manifest.json example has other op fields"
    prose = section[section.index("```", section.index("```json") + 7):]
    for field in top + op:
        assert f"`{field}`" in prose, f"docs/cli.md does not describe the manifest's `{field}`"
    assert set(ops["mylib::twice"]["autograd"]) == {"backward", "where"}
    assert set(ops["mylib::twice_backward"]["autograd"]) == {"backward_of"}
    assert '{"backward": "<backward op>", "where": "<file:line>"}' in prose
    assert '{"backward_of": "<op>"}' in prose
    # Every fake kind the model has (FakeKind::None is written as null).
    enums = (REPO / "tool" / "include" / "opgen" / "model" / "Enums.h").read_text()
    block = re.search(r"#define OPGEN_FAKE_KINDS\(X\)(.*?)\n\n", enums, re.S).group(1)
    kinds = [k for k in re.findall(r'X\(\w+, "([\w-]+)"\)', block) if k != "none"]
    assert "synthesized" in kinds, block
    missing = [k for k in kinds if f"`{k}`" not in prose and f'"{k}"' not in prose]
    assert not missing, f"docs/cli.md does not describe the fake kinds {missing}"
    assert set(ops["mylib::twice"]["fake"]) == {"kind", "where"}
    assert ops["mylib::twice"]["fake"]["kind"] in kinds


# --- command-line behaviour the docs describe --------------------------------

KERNEL = """#include <opgen/opgen.h>
#include <ATen/core/Tensor.h>

[[custom_op("mylib::twice")]]
at::Tensor twice(const at::Tensor& x);
"""


@pytest.fixture
def workdir(tmp_path):
    _require_opgen()
    (tmp_path / "twice.cpp").write_text(KERNEL)
    return tmp_path


def _assert_error(result, text):
    assert result.returncode == 1, result.stderr
    assert text in result.stderr


def test_usage_error(workdir):
    _assert_error(_run(["twice.cpp"], cwd=workdir), "need at least one source and -o <dir>")


def test_no_such_input(workdir):
    _assert_error(_run(["missing.cpp", "-o", "out"], cwd=workdir),
                  "error: no such file: 'missing.cpp'")
    assert not (workdir / "out").exists()


def test_unsupported_input(workdir):
    (workdir / "ops.py").write_text("")
    _assert_error(_run(["ops.py", "-o", "out"], cwd=workdir),
                  "error: 'ops.py' is not a C++ or CUDA source")


def test_shard_names(workdir):
    """docs/cli.md#shard-names: two sources of one file name get shards
    named by trailing paths; --shard names one source's."""
    for d, op in (("a", "twice"), ("b", "thrice")):
        (workdir / d).mkdir()
        (workdir / d / "ops.cpp").write_text(KERNEL.replace("twice", op))
    r = _run(["a/ops.cpp", "b/ops.cpp", "-o", "out"], cwd=workdir)
    assert r.returncode == 0, r.stderr
    assert (workdir / "out/shards/a/ops.cpp").exists()
    assert (workdir / "out/shards/b/ops.cpp.h").exists()
    _assert_error(_run(["--discover", "a/ops.cpp", "b/ops.cpp", "-o", "rec.json",
                        "--write-shards", "out", "--shard", "shards/a/ops.cpp"],
                       cwd=workdir),
                  "error: --shard names the shard of one compiled source; 2 were given")


def test_discover_and_combine(workdir):
    """docs/cli.md#discovery-and-combine: records, combined, give what one
    run gives; a record of another format is refused."""
    (workdir / "other.cpp").write_text(KERNEL.replace("twice", "thrice"))
    assert _run(["twice.cpp", "other.cpp", "-o", "one"], cwd=workdir).returncode == 0
    for name in ("twice.cpp", "other.cpp"):
        r = _run(["--discover", name, "-o", f"rec/{name}.json",
                  "--depfile", f"rec/{name}.json.d"], cwd=workdir)
        assert r.returncode == 0, r.stderr
        assert (workdir / f"rec/{name}.json.d").read_text().startswith(
            f"{workdir}/rec/{name}.json:")
    r = _run(["--combine", "rec/other.cpp.json", "rec/twice.cpp.json", "-o", "two"],
             cwd=workdir)
    assert r.returncode == 0, r.stderr
    assert _tree(workdir / "one") == _tree(workdir / "two")

    record = json.loads((workdir / "rec/twice.cpp.json").read_text())
    record["version"] = 0
    (workdir / "rec/old.json").write_text(json.dumps(record))
    _assert_error(_run(["--combine", "rec/old.json", "-o", "three"], cwd=workdir),
                  "error: 'rec/old.json' is not a discovery record this opgen can "
                  "read: written by another version of opgen (format 0, this opgen "
                  "reads 6)")
    assert not (workdir / "three").exists()


def _tree(path):
    return {str(p.relative_to(path)): p.read_bytes()
            for p in sorted(path.rglob("*")) if p.is_file()}


def test_no_ops_is_a_warning(workdir):
    (workdir / "empty.cpp").write_text("int unrelated;\n")
    result = _run(["empty.cpp", "-o", "out"], cwd=workdir)
    assert result.returncode == 0, result.stderr
    assert "warning: no [[custom_op]] annotations found in the inputs" in result.stderr
    assert json.loads((workdir / "out" / "manifest.json").read_text())["package"] == "ops"


def test_layout_determinism_and_check(workdir):
    args = ["twice.cpp", "-o", "out", "--python-package", "mylib",
            "--depfile", "out.d"]
    first = _run(args, cwd=workdir)
    assert first.returncode == 0, first.stderr
    out = workdir / "out"
    files = sorted(str(p.relative_to(out)) for p in out.rglob("*") if p.is_file())
    assert files == [
        "CMakeLists.txt", "autograd.cpp", "autograd.h", "include/mylib/ops.h",
        "manifest.json", "opgen_kernels.h",
        "python/mylib/__init__.py", "python/mylib/fakes.py", "python/mylib/ops.py",
        "python/mylib/ops.pyi", "python/mylib/py.typed", "registration.cpp",
        "shards/twice.cpp",
        "shards/twice.cpp.h", "tests/test_mylib_ops.py"]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["library"] == "mylib_ops"
    assert manifest["files"] == files
    listed = _run(["--list-outputs", "twice.cpp", "--python-package", "mylib"], cwd=workdir)
    assert listed.returncode == 0, listed.stderr
    assert sorted(o["path"] for o in json.loads(listed.stdout)["outputs"]) == files
    assert (workdir / "out.d").read_text().startswith(f"{out}/manifest.json:")

    before = {f: ((out / f).read_bytes(), (out / f).stat().st_mtime_ns) for f in files}
    assert _run(args, cwd=workdir).returncode == 0
    assert before == {f: ((out / f).read_bytes(), (out / f).stat().st_mtime_ns)
                      for f in files}, "a re-run must not touch unchanged files"

    assert _run(args[:-2] + ["--check"], cwd=workdir).returncode == 0
    with open(out / "registration.cpp", "a") as f:
        f.write("// edited\n")
    _assert_error(_run(args[:-2] + ["--check"], cwd=workdir),
                  "registration.cpp' is out of date")


def test_stale_files_are_removed(workdir):
    (workdir / "other.cpp").write_text(KERNEL.replace("twice", "thrice"))
    assert _run(["twice.cpp", "other.cpp", "-o", "out"], cwd=workdir).returncode == 0
    assert (workdir / "out" / "shards" / "other.cpp").exists()
    assert _run(["twice.cpp", "-o", "out"], cwd=workdir).returncode == 0
    assert not (workdir / "out" / "shards" / "other.cpp").exists()


def test_failed_run_keeps_previous_output(workdir):
    assert _run(["twice.cpp", "-o", "out"], cwd=workdir).returncode == 0
    before = (workdir / "out" / "manifest.json").read_text()
    (workdir / "twice.cpp").write_text(KERNEL.replace("const at::Tensor& x", "float x"))
    _assert_error(_run(["twice.cpp", "-o", "out"], cwd=workdir),
                  "parameter 'x' has type 'float', which has no schema equivalent")
    assert (workdir / "out" / "manifest.json").read_text() == before


def test_cannot_write(workdir):
    (workdir / "out" / "registration.cpp").mkdir(parents=True)
    _assert_error(_run(["twice.cpp", "-o", "out"], cwd=workdir),
                  "error: cannot write '")


def test_compiler_args_after_dashdash(workdir):
    (workdir / "guarded.cpp").write_text(
        KERNEL.replace("[[custom_op", "#ifdef WITH_OP\n[[custom_op") + "#endif\n")
    result = _run(["guarded.cpp", "-o", "out", "--", "-DWITH_OP"], cwd=workdir)
    assert result.returncode == 0, result.stderr
    ops = json.loads((workdir / "out" / "manifest.json").read_text())["ops"]
    assert [op["schema"] for op in ops] == ["mylib::twice(Tensor x) -> Tensor"]


def test_fake_module(workdir):
    (workdir / "other.cpp").write_text(
        KERNEL.replace("twice", "thrice")
        + '\n[[custom_op("mylib::fill_", mutates="x")]]\nvoid fill_(at::Tensor& x);\n')
    (workdir / "my_fakes.py").write_text(
        "import torch\n\n@torch.library.register_fake(\"mylib::twice\")\n"
        "def _twice(x):\n    return torch.empty_like(x)\n")
    args = ["twice.cpp", "other.cpp", "-o", "out", "--python-package", "mylib"]
    result = _run(args + ["--fake-module", "my_fakes.py"], cwd=workdir)
    assert result.returncode == 0, result.stderr
    out = workdir / "out"
    fakes = {op["name"]: op["fake"]
             for op in json.loads((out / "manifest.json").read_text())["ops"]}
    assert fakes == {"mylib::twice": {"kind": "python", "where": "my_fakes.py"},
                     "mylib::thrice": None,
                     "mylib::fill_": {"kind": "not-needed", "where": ""}}
    module = (out / "python" / "mylib" / "my_fakes.py").read_text()
    assert "def _twice(x):" in module
    # The skeleton registers itself at import time, only if the module left
    # the op without a fake.
    assert '_opgen_register_skeleton("mylib::thrice", _mylib_thrice_fake)' in module
    assert '@torch.library.register_fake("mylib::thrice")' not in module
    assert "raise NotImplementedError" in module
    assert 'register_fake("mylib::fill_")' not in module
    assert not (out / "python" / "mylib" / "fakes.py").exists()
    assert 'm.set_python_module("mylib.my_fakes");' in (out / "registration.cpp").read_text()

    assert _run(args, cwd=workdir).returncode == 0
    assert '@torch.library.register_fake("mylib::twice")' in (
        out / "python" / "mylib" / "fakes.py").read_text()


def test_python_module(workdir):
    """cli.md#fakes-in-your-own-package: --python-module names the author's
    module; --no-python-package generates no package; misuse is refused."""
    (workdir / "other.cpp").write_text(
        KERNEL.replace("twice", "thrice")
        + '\n[[custom_op("mylib::fill_", mutates="x")]]\nvoid fill_(at::Tensor& x);\n')
    args = ["twice.cpp", "other.cpp", "-o", "out", "--python-package", "vision",
            "--python-module", "vision._meta_registrations", "--no-python-package"]
    result = _run(args, cwd=workdir)
    assert result.returncode == 0, result.stderr
    # No fake is synthesised, so no note about it either.
    assert "no fake synthesised" not in result.stderr
    out = workdir / "out"
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["python_module"] == "vision._meta_registrations"
    assert manifest["package_generated"] is False
    assert sorted(f for f in manifest["files"] if f.startswith("python/")) == [
        "python/vision/_opgen_fakes.py", "python/vision/ops.pyi"]
    listed = _run(["--list-outputs", "twice.cpp", "other.cpp", "--python-package", "vision",
                   "--python-module", "vision._meta_registrations",
                   "--no-python-package"], cwd=workdir)
    assert sorted(o["path"] for o in json.loads(listed.stdout)["outputs"]) == \
        manifest["files"]
    assert 'm.set_python_module("vision._meta_registrations");' in (
        out / "registration.cpp").read_text()
    fakes = (out / "python" / "vision" / "_opgen_fakes.py").read_text()
    assert 'importlib.import_module("vision._meta_registrations")' in fakes
    assert fakes.index("import_module") < fakes.index("_opgen_register_skeleton(")
    assert '_opgen_register_skeleton("mylib::thrice", _mylib_thrice_fake)' in fakes
    assert '_opgen_register_skeleton("mylib::twice", _mylib_twice_fake)' in fakes
    assert "mylib::fill_" not in fakes
    tests = (out / "tests" / "test_vision_ops.py").read_text()
    assert "import vision  #" in tests and "import vision._opgen_fakes  #" in tests
    assert '"has_fake": None' in tests
    assert "def vision" not in (out / "python" / "vision" / "ops.pyi").read_text()

    # Misuse.
    base = ["twice.cpp", "-o", "bad", "--python-package", "vision"]
    _assert_error(_run(base + ["--no-python-package"], cwd=workdir),
                  "error: --no-python-package needs --python-module [UsageNoPackageWithoutModule]")
    _assert_error(_run(base + ["--python-module", "vision/_meta.py"], cwd=workdir),
                  "error: 'vision/_meta.py' is not a Python module name [BadPythonModule]")
    (workdir / "my_fakes.py").write_text("import torch\n")
    _assert_error(_run(base + ["--python-module", "vision.m", "--fake-module", "my_fakes.py"],
                       cwd=workdir),
                  "error: --fake-module and --python-module exclude each other")
    assert not (workdir / "bad").exists()


def test_cmake_own_package_example_is_the_tested_project():
    """cmake.md#a-package-of-your-own quotes test/visionlike, which ctest's
    `visionlike` test builds and tests."""
    text = (DOCS / "cmake.md").read_text()
    section = text[text.index("## A package of your own"):]
    block = re.search(r"```cmake\n(.*?)```", section, re.S).group(1)
    assert block in (REPO / "test" / "visionlike" / "CMakeLists.txt").read_text()
    python = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert python in (REPO / "test" / "visionlike" / "visionlike" / "__init__.py").read_text()
    error = re.search(r"```\n(NotImplementedError: .*?)\n```", section, re.S).group(1)
    assert "visionlike::flip_boxes has no fake kernel" in error


# --- docs/packaging.md: the tested example and commands -----------------------

PACKAGING = DOCS / "packaging.md"


def test_packaging_install_example_is_the_tested_project():
    """packaging.md's install() of a package of your own is test/visionlike's."""
    block = re.search(r"```cmake\n(.*?)```", PACKAGING.read_text(), re.S).group(1)
    assert block in (REPO / "test" / "visionlike" / "CMakeLists.txt").read_text()


def test_packaging_pyproject_is_the_example():
    """packaging.md quotes examples/wheel/pyproject.toml, which ctest's
    `wheel` test builds."""
    block = re.search(r"```toml\n(.*?)```", PACKAGING.read_text(), re.S).group(1)
    assert block in (REPO / "examples" / "wheel" / "pyproject.toml").read_text()


def test_packaging_commands_are_run_by_ctest():
    """The `opgen-commands` blocks exist and parse as test/doc_commands.py
    reads them (ctest `init` and `wheel` run them), and the scikit-build-core
    they install is the one the example, the template and the doc pin."""
    sys.path.insert(0, str(REPO / "test"))
    try:
        import doc_commands
    finally:
        sys.path.pop(0)
    init = doc_commands.commands(PACKAGING, "init")
    wheel = doc_commands.commands(PACKAGING, "wheel")
    assert init[0][0] == "opgen init mylib --namespace mylib"
    assert any("pip wheel ." in c for c, _ in wheel)
    pins = set(re.findall(r"scikit-build-core==([\d.]+)", PACKAGING.read_text()))
    for path in ["examples/wheel/pyproject.toml", "templates/init/pyproject.toml",
                 "templates/init/README.md"]:
        pins |= set(re.findall(r"scikit-build-core==([\d.]+)", (REPO / path).read_text()))
    assert len(pins) == 1, pins
    ctest = (REPO / "test" / "CMakeLists.txt").read_text()
    for script in ["InitProject.cmake", "WheelProject.cmake"]:
        assert script in ctest
        text = (REPO / "test" / script).read_text()
        assert "doc_commands.py" in text and "docs/packaging.md" in text


def test_no_compile_database(workdir):
    _assert_error(_run(["twice.cpp", "-o", "out", "-p", "nonexistent"], cwd=workdir),
                  "error: cannot load a compile database from 'nonexistent'")
