"""opgen on kernel signatures written the way real projects write them.

``real_world/`` holds C++ declarations in the style of torchvision, vLLM,
FBGEMM, xformers, torchao, sgl-kernel, HF kernels-community and
pytorch/extension-cpp, each annotated with ``[[custom_op(...)]]`` and the
``mutates``/``kwonly`` its project's registration implies. Every annotation
is preceded by

    // from: <source>        the row of test/data/real_schemas.tsv (column 1)
    // expect: <schema>      optional: the schema opgen must infer instead

The expected schema is the project's registered one (column 3), with the
namespace of the annotation when the registration has none. Registrations
that use the legacy bare ``Tensor!`` expect the modern equivalent: each bare
``!`` becomes its own alias set, a, b, c, ... in parameter order, as opgen
writes them. Registrations that are wrong in another way (see
test/data/real_schemas.README.md) carry an ``expect:`` line, next to a
comment saying why.

Every distinct op of the corpus (287: a repository's op name, so vLLM's CPU
and CUDA registrations of one op count once) has a declaration, but the two
sgl-kernel rows that repeat a parameter name (``UNDECLARABLE``): 285.

``$OPGEN_BUILD_DIR/bin/opgen`` (default ``<repo>/build``) runs over the files
once per project, into a temporary directory. Per op, the schema in
``manifest.json`` must equal ``str(torch._C.parse_schema(expected))`` and
must round-trip through ``torch._C.parse_schema`` unchanged.

If the tool has not been built the module is skipped, loudly; set
``OPGEN_E2E_REQUIRED=1`` to make that an error.
"""

import json
import os
import re
import subprocess
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import torch

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
BUILD_DIR = Path(os.environ.get("OPGEN_BUILD_DIR") or REPO / "build")
TOOL = BUILD_DIR / "bin" / "opgen"
SOURCES = HERE / "real_world"
CORPUS = REPO / "test" / "data" / "real_schemas.tsv"

# One opgen run per project: the files of a run make one op library (the
# torchvision CPU and CUDA kernels merge into one op each).
RUNS = {
    "torchvision": ["torchvision.cpp", "torchvision_cuda.cu"],
    "xformers": ["xformers.cpp"],
    "fbgemm": ["fbgemm.cpp"],
    "torchao": ["torchao.cpp"],
    "vllm": ["vllm_ops.h"],
    "sgl_kernel": ["sgl_kernel_ops.h"],
    "kernels_community": ["kernels_community.cpp"],
    "extension_cpp": ["extension_cpp.cpp"],
}

FROM = re.compile(r"^\s*//\s*from:\s*(\S+)\s*$")
EXPECT = re.compile(r"^\s*//\s*expect:\s*(.+?)\s*$")
ANNOTATION = re.compile(r'\[\[\s*custom_op\(\s*"([^"]+)"')


def _corpus():
    rows = {}
    for line in CORPUS.read_text().splitlines():
        if line and not line.startswith("#"):
            source, _, schema = line.split("\t", 2)
            rows[source] = schema
    return rows


def _cases():
    """(op name, project, source row, expect override or None), in file order."""
    cases = []
    for project, files in RUNS.items():
        for name in files:
            source, expect = None, None
            for number, line in enumerate((SOURCES / name).read_text().splitlines(), 1):
                if m := FROM.match(line):
                    assert source is None, f"{name}:{number}: two 'from:' lines"
                    source = m.group(1)
                elif m := EXPECT.match(line):
                    expect = m.group(1)
                elif m := ANNOTATION.search(line):
                    if source is not None:
                        cases.append((m.group(1), project, source, expect))
                    source, expect = None, None
            assert source is None, f"{name}: 'from:' without an annotation"
    return cases


ROWS = _corpus()
CASES = _cases()
PROJECTS = sorted({project for _, project, _, _ in CASES})


def modernize(schema):
    """Numbers the legacy bare `Tensor!` writes: a, b, c, ... in order."""
    if "Tensor!" in schema:
        assert not re.search(r"\([a-z0-9]+!\)", schema), "mixed alias styles"
    names = iter("abcdefghijklmnopqrstuvwxyz")
    return re.sub(r"Tensor!", lambda _: f"Tensor({next(names)}!)", schema)


def expected_schema(op, source, expect):
    """The schema opgen must infer for annotation `op` from corpus row `source`."""
    assert source in ROWS, f"{source} is not a row of {CORPUS.name}"
    registered = ROWS[source]
    namespace, _, name = op.partition("::")
    head = registered.split("(", 1)[0].strip()
    reg_namespace, _, reg_name = head.rpartition("::")
    assert reg_name == name, f"{op} is annotated for the row of {head!r}"
    if reg_namespace:
        assert reg_namespace == namespace, f"{op} is registered in {reg_namespace!r}"
    if expect is not None:
        return expect
    qualified = registered if reg_namespace else f"{namespace}::{registered.lstrip()}"
    return modernize(qualified)


if not TOOL.exists():
    reason = (
        f"REAL-WORLD SIGNATURE TESTS NOT RUN: {TOOL} is not built. Build the "
        f"target opgen or point OPGEN_BUILD_DIR at a build directory; set "
        f"OPGEN_E2E_REQUIRED=1 to make this an error."
    )
    if os.environ.get("OPGEN_E2E_REQUIRED"):
        raise RuntimeError(reason)
    print(f"\n{reason}", file=sys.stderr, flush=True)
    warnings.warn(reason, pytest.PytestWarning, stacklevel=1)
    pytest.skip(reason, allow_module_level=True)


def _run(project, out_dir):
    files = [str(SOURCES / name) for name in RUNS[project]]
    return subprocess.run(
        [str(TOOL), *files, "-o", str(out_dir / project)],
        capture_output=True,
        text=True,
    )


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """{project: (completed opgen process, {full op name: manifest entry})}."""
    out_dir = tmp_path_factory.mktemp("real_world")
    with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        runs = dict(zip(RUNS, pool.map(lambda p: _run(p, out_dir), RUNS)))
    result = {}
    for project, process in runs.items():
        ops = {}
        manifest = out_dir / project / "manifest.json"
        if process.returncode == 0 and manifest.exists():
            for op in json.loads(manifest.read_text())["ops"]:
                full = op["name"] + (f".{op['overload']}" if op["overload"] else "")
                ops[full] = op
        result[project] = (process, ops)
    return result


# The two rows no C++ function can declare: sgl-kernel registers both with
# the parameter `Tensor q_seqlens` twice.
SGL_EXTENSION = "sgl-project/sglang:sgl-kernel/csrc/common_extension.cc"
UNDECLARABLE = {
    f"{SGL_EXTENSION}:370": "convert_vertical_slash_indexes",
    f"{SGL_EXTENSION}:380": "convert_vertical_slash_indexes_mergehead",
}


def corpus_op(source):
    """A distinct op of the corpus: (repository, op name). vLLM's CPU and CUDA
    bindings register one op twice (rms_norm, ...): that is one op, while
    sgl-kernel's and vLLM's silu_and_mul are two."""
    return source.split(":", 1)[0], ROWS[source].split("(", 1)[0].strip().split("::")[-1]


def test_corpus_coverage():
    """Every distinct op of the corpus but the two undeclarable ones."""
    assert len({op for op, _, _, _ in CASES}) == len(CASES), "an op twice"
    for source, name in UNDECLARABLE.items():
        assert corpus_op(source)[1] == name
        arguments = ROWS[source].split("(", 1)[1].split(")")[0].split(",")
        params = [a.split("=")[0].split()[-1] for a in arguments]
        assert len(set(params)) < len(params), f"{name} repeats no parameter"
    distinct = {corpus_op(source) for source in ROWS}
    covered = {corpus_op(source) for _, _, source, _ in CASES}
    assert len(distinct) == 287
    assert distinct - covered == {corpus_op(s) for s in UNDECLARABLE}
    assert len(covered) >= 285


def test_legacy_rows_are_modernized():
    """Rows with a bare `Tensor!` never reach torch unnumbered."""
    for op, _, source, expect in CASES:
        assert "Tensor!" not in expected_schema(op, source, expect), op


@pytest.mark.parametrize("project", PROJECTS)
def test_opgen_succeeds(project, generated):
    process, ops = generated[project]
    assert process.returncode == 0, process.stderr
    # Warnings are expected (read-only inputs taken as torch::Tensor&), errors
    # and ignored annotations are not.
    assert "error:" not in process.stderr, process.stderr
    assert "unknown attribute" not in process.stderr, process.stderr
    annotated = {op for op, p, _, _ in CASES if p == project}
    assert annotated <= set(ops), sorted(annotated - set(ops))


@pytest.mark.parametrize(
    "op, project, source, expect",
    [pytest.param(*case, id=case[0]) for case in CASES],
)
def test_schema_matches_registration(op, project, source, expect, generated):
    process, ops = generated[project]
    assert op in ops, f"{op} not in the manifest:\n{process.stderr}"
    inferred = ops[op]["schema"]
    expected = str(torch._C.parse_schema(expected_schema(op, source, expect)))
    assert inferred == expected


@pytest.mark.parametrize(
    "op, project", [pytest.param(op, project, id=op) for op, project, _, _ in CASES]
)
def test_schema_round_trips(op, project, generated):
    _, ops = generated[project]
    assert op in ops
    inferred = ops[op]["schema"]
    assert str(torch._C.parse_schema(inferred)) == inferred
