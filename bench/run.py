#!/usr/bin/env python3
"""opgen's benchmarks: one command, one table (docs/performance.md).

    bench/run.sh [--short] [--opgen-build DIR] [--update-docs]

1. Tool speed: opgen on each bundled kernel file vs `clang++-16 -fsyntax-only`
   with the same flags vs the real compiler (g++/nvcc) building it, and the
   generation step's share of a clean build of the op library.
2. Scale: 10, 100 and 1,000 generated ops (1, 10, 100 files; gen_ops.py),
   opgen -j1 and -j2: wall time and peak memory.
3. Generated-op overhead: eager torch.ops calls of a trivial op registered by
   opgen's generated code vs by hand vs through torch.library.custom_op.
4. Incremental builds: what a build does after touching one kernel file.
5. Against a hand-written extension: pytorch/extension-cpp's CPU kernels
   (mymuladd, mymul, myadd_out) laid out as extension-cpp is (C++ built by
   torch.utils.cpp_extension with -O3, and its ops.py: register_fake, and
   mymuladd's autograd registered in Python) and through add_custom_op() in
   its default configuration (no CMAKE_BUILD_TYPE; mymuladd's backward a C++
   [[custom_op_backward]]): ns per eager call, without grad and (mymuladd)
   with inputs that require grad (bench/extension_cpp/; `bench/run.sh
   --extension-cpp` runs this item only).

Everything is built under --work (default build-bench/bench), with the opgen
of --opgen-build (default build/). Ratios are taken from measurements made
side by side in the same run (interleaved where they are repeated). The
command fails only when something does not work (a build, a run, outputs that
differ between -j1 and -j2), never because a target is missed.
"""
import argparse
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO / "bench"
KERNELS = REPO / "kernels"
DOC = REPO / "docs" / "performance.md"
BEGIN, END = "<!-- bench:begin -->", "<!-- bench:end -->"
TOUCHED = "select.cpp"  # the kernel file item 4 touches (in its copy)


class BenchError(RuntimeError):
    pass


def log(msg):
    print(f"[bench {time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def run(cmd, cwd=None, env=None, check=True, quiet=True):
    """Runs cmd; returns (wall seconds, peak RSS in MiB, completed process)."""
    t0 = time.perf_counter()
    p = subprocess.Popen([str(c) for c in cmd], cwd=cwd, env=env,
                         stdout=subprocess.PIPE if quiet else None,
                         stderr=subprocess.PIPE if quiet else None, text=True)
    out, err = p.communicate()
    wall = time.perf_counter() - t0
    if check and p.returncode != 0:
        raise BenchError(f"failed ({p.returncode}): {' '.join(map(str, cmd))}\n"
                         f"{(out or '')[-3000:]}{(err or '')[-3000:]}")
    return wall, p.returncode, out or "", err or ""


def run_measured(cmd, cwd=None, env=None, check=True):
    """Runs cmd; returns (wall seconds, peak RSS of the process in MiB,
    returncode, stdout, stderr, CPU seconds). Peak memory and CPU time come
    from wait4's rusage of this very child."""
    import tempfile
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen([str(c) for c in cmd], cwd=cwd, env=env,
                             stdout=out, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        o, e = out.read(), err.read()
    if check and p.returncode != 0:
        raise BenchError(f"failed ({p.returncode}): {' '.join(map(str, cmd))}\n"
                         f"{o[-3000:]}{e[-3000:]}")
    return wall, usage.ru_maxrss / 1024, p.returncode, o, e, usage.ru_utime + usage.ru_stime


# --- configuration of the opgen under test -----------------------------------

def cuda_include_dir():
    """The CUDA include directory opgen parses .cu files with: the first
    of $CUDA_HOME, $CUDA_PATH, nvcc's root and /usr/local/cuda that has an
    include/ (cudaIncludeDir in tool/lib/support/Install.cpp); "" if none."""
    roots = [os.environ.get(v) for v in ("CUDA_HOME", "CUDA_PATH")]
    nvcc = shutil.which("nvcc")
    if nvcc:
        roots.append(str(Path(os.path.realpath(nvcc)).parent.parent))
    roots.append("/usr/local/cuda")
    for root in roots:
        if root and (Path(root) / "include").is_dir():
            return str(Path(root) / "include")
    return ""


class Opgen:
    def __init__(self, build: Path):
        self.build = build
        self.exe = build / "bin" / "opgen"
        if not self.exe.exists():
            raise BenchError(f"{self.exe} is not built (see --opgen-build)")
        config = (build / "tool" / "Config.h").read_text()
        define = lambda name: re.search(rf'#define {name} "([^"]*)"', config)[1]
        self.system_includes = [d for d in define("OPGEN_DEFAULT_SYSTEM_INCLUDES").split(";") if d]
        self.resource_dir = define("OPGEN_CLANG_RESOURCE_DIR")
        # opgen adds its runtime headers (<opgen/opgen.h>) to the baked torch
        # includes (runtimeIncludeDir in tool/lib/support/Install.cpp).
        self.system_includes.append(define("OPGEN_RUNTIME_INCLUDE_DIR"))
        self.cuda_include = cuda_include_dir()
        if not (build / "opgenConfig.cmake").exists():
            raise BenchError(f"{build}/opgenConfig.cmake missing")

    def syntax_only_cmd(self, source: Path, prelude: Path):
        """clang++-16 -fsyntax-only with the flags opgen parses `source`
        with (docs/cli.md, "How sources are parsed"; no compile database)."""
        cmd = ["clang++-16"]
        if source.suffix in (".cu", ".cuh"):
            # Clang 16 cannot fully parse CUDA 13 device code without its own
            # (incompatible) CUDA wrappers: it reports errors in bodies opgen
            # skips, recovers and goes on. No error limit, so it parses all.
            cmd += ["-x", "cuda", "--cuda-host-only", "-nocudalib", "-nocudainc",
                    "-Wno-unknown-cuda-version", "-include", str(prelude),
                    f"-isystem{self.cuda_include}", "-ferror-limit=0"]
        else:
            cmd += ["-x", "c++"]
        cmd += ["-std=c++17", "-fsyntax-only", "-D_GLIBCXX_USE_CXX11_ABI=1"]
        cmd += [f"-isystem{d}" for d in self.system_includes]
        cmd += [f"-resource-dir={self.resource_dir}", "-Wno-unknown-attributes",
                "-Wno-unused-command-line-argument", str(source)]
        return cmd


def cuda_prelude(work: Path) -> Path:
    """opgen's CUDA prelude: the header opgen embeds and parses CUDA sources
    with (a virtual file there), here included from its source."""
    path = REPO / "tool" / "lib" / "frontend" / "cuda_prelude.h"
    if not path.is_file():
        raise BenchError(f"cannot find the CUDA prelude {path}")
    return path


# --- the table ----------------------------------------------------------------

class Table:
    def __init__(self):
        self.rows = []

    def add(self, item, case, measured, target="", met=None):
        mark = "" if met is None else ("yes" if met else "**no**")
        self.rows.append((item, case, measured, target, mark))

    def markdown(self):
        lines = ["| item | case | measured | target | met |",
                 "|---|---|---|---|---|"]
        lines += ["| " + " | ".join(r) + " |" for r in self.rows]
        return "\n".join(lines)


def fmt_s(s):
    return f"{s:.2f} s" if s < 10 else f"{s:.1f} s"


def fmt_mb(mb):
    return f"{mb:.0f} MiB"


# --- item 1a: opgen vs clang -fsyntax-only ------------------------------------

def bench_tool_speed(opgen, work, files, reps, table):
    prelude = cuda_prelude(work)
    out = work / "tool-speed"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    res = {f.name: {k: [] for k in ("opgen", "syntax", "opgen_mb", "syntax_mb",
                                     "opgen_cpu", "syntax_cpu")} for f in files}
    for rep in range(reps):
        for i, f in enumerate(files):
            # Alternate which runs first, so drift hits both alike.
            order = ["opgen", "syntax"] if (rep + i) % 2 == 0 else ["syntax", "opgen"]
            for kind in order:
                if kind == "opgen":
                    cmd = [opgen.exe, f, "-o", out / f.name, "--python-package", "mylib"]
                else:
                    cmd = opgen.syntax_only_cmd(f, prelude)
                # See syntax_only_cmd: errors are expected for .cu only.
                tolerate = kind == "syntax" and f.suffix in (".cu", ".cuh")
                wall, mb, rc, _, err, cpu = run_measured(cmd, cwd=REPO, check=not tolerate)
                if tolerate:
                    res[f.name]["errors"] = err.count(" error: ")
                res[f.name][kind].append(wall)
                res[f.name][kind + "_mb"].append(mb)
                res[f.name][kind + "_cpu"].append(cpu)
                log(f"  {f.name} {kind}: {wall:.2f} s, {mb:.0f} MiB")
    summary, errors = {}, {}
    for f in files:
        r = res[f.name]
        errors[f.name] = r.pop("errors", 0)
        summary[f.name] = {k: statistics.median(v) for k, v in r.items()}
    return summary, errors


def build_preamble(opgen, sources, pch: Path, cwd):
    """opgen --build-preamble from scratch; returns (wall s, CPU s, includes)."""
    shutil.rmtree(pch.parent, ignore_errors=True)
    pch.parent.mkdir(parents=True)
    wall, mb, _, _, _, cpu = run_measured(
        [opgen.exe, "--build-preamble", *sources, "-o", pch], cwd=cwd)
    includes = json.loads(Path(f"{pch}.json").read_text())["includes"]
    if not includes:
        raise BenchError(f"no preamble fits {', '.join(map(str, sources))}")
    return wall, cpu, includes


PREAMBLE_LANGUAGES = {"C++": ((".cpp", ".cc", ".cxx"), "cxx.pch"),
                      "CUDA": ((".cu",), "cuda.pch")}


def bench_preamble_speed(opgen, work, files, reps, syntax, language):
    """Per-source discovery with the shared preamble of the files of one
    language (C++ or CUDA; built once, timed), against the -fsyntax-only
    medians of bench_tool_speed. Each discovery must use the preamble (its
    depfile names the manifest) and write the record a discovery without it
    writes."""
    suffixes, pch_name = PREAMBLE_LANGUAGES[language]
    cpp = [f for f in files if f.suffix in suffixes]
    if not cpp:
        return None
    out = work / "preamble-speed" / pch_name
    pch = out / "pre" / pch_name
    build_wall, build_cpu, includes = build_preamble(opgen, cpp, pch, REPO)
    log(f"  preamble {includes}: built in {build_wall:.2f} s (CPU {build_cpu:.2f} s)")
    res = {f.name: {"wall": [], "cpu": [], "mb": []} for f in cpp}
    for rep in range(reps):
        for f in cpp:
            rec, dep = out / f"{f.name}.json", out / f"{f.name}.d"
            wall, mb, _, _, _, cpu = run_measured(
                [opgen.exe, "--discover", f, "-o", rec, "--depfile", dep,
                 "--preamble", pch], cwd=REPO)
            if f"{pch}.json" not in dep.read_text():
                raise BenchError(f"{f.name}: the preamble was not used")
            res[f.name]["wall"].append(wall)
            res[f.name]["cpu"].append(cpu)
            res[f.name]["mb"].append(mb)
            log(f"  {f.name} discover with preamble: {wall:.2f} s, {mb:.0f} MiB")
    for f in cpp:  # the same record without it
        plain = out / f"{f.name}.plain.json"
        run([opgen.exe, "--discover", f, "-o", plain], cwd=REPO)
        if plain.read_bytes() != (out / f"{f.name}.json").read_bytes():
            raise BenchError(f"{f.name}: records differ with and without the preamble")
    per = {n: {k: statistics.median(v) for k, v in r.items()} for n, r in res.items()}
    return {"build_wall": build_wall, "build_cpu": build_cpu, "includes": includes,
            "files": per, "language": language}


# --- items 1b, 3, 4: the CMake project -----------------------------------------

def ninja_log(build: Path):
    """{output: (start_ms, end_ms)} of the latest entries in .ninja_log."""
    entries = {}
    for line in (build / ".ninja_log").read_text().splitlines():
        if line.startswith("#"):
            continue
        start, end, _, output, _ = line.split("\t")
        entries[output] = (int(start), int(end))
    return entries


def ninja_log_lines(build: Path):
    return [l for l in (build / ".ninja_log").read_text().splitlines() if not l.startswith("#")]


def spans_since(build, before):
    """Outputs that ninja logged after `before` lines, with the (start, end)
    of their commands in s since the build began."""
    out = {}
    prefix = f"{build}/"
    for line in ninja_log_lines(build)[before:]:
        start, end, _, output, _ = line.split("\t")
        # Outputs named in a depfile are logged again under their absolute path.
        output = output[len(prefix):] if output.startswith(prefix) else output
        out[output] = (int(start) / 1000, int(end) / 1000)
    return out


def entries_since(build, before):
    """Outputs (with durations in s) that ninja logged after `before` lines."""
    return {o: end - start for o, (start, end) in spans_since(build, before).items()}


def commands_of(outputs):
    """Groups the outputs of one ninja log by kind: opgen's per-source
    discoveries (`<gen>/discover/*.json`), its combine step (`opgen.stamp`),
    compiles and links."""
    discover = sorted(o for o in outputs if "mylib_ops_gen/discover/" in o and o.endswith(".json"))
    # The shared preambles (C++ and CUDA), built before the discoveries,
    # count with them.
    discover += [o for o in outputs if o.endswith(("mylib_ops_gen/preamble/cxx.pch.json",
                                                   "mylib_ops_gen/preamble/cuda.pch.json"))]
    stamp = [o for o in outputs if o.endswith("mylib_ops_gen/opgen.stamp")]
    objects = sorted(o for o in outputs if o.endswith(".o"))
    libs = [o for o in outputs if o.endswith(".so")]
    return discover, stamp, objects, libs


def setup_project(opgen, work, kernel_files, full, cuda):
    proj = work / "project"
    shutil.rmtree(proj, ignore_errors=True)
    proj.mkdir(parents=True)
    for f in kernel_files:
        shutil.copy2(f, proj / f.name)
    for f in KERNELS.glob("*.h"):  # headers the kernel files include
        shutil.copy2(f, proj / f.name)
    extra = ""
    if full:
        for f in ("samples.py", "mylib_fakes.py"):
            shutil.copy2(KERNELS / f, proj / f)
        extra = "SAMPLES samples.py FAKE_MODULE mylib_fakes.py"
    for f in ("trivial.cpp", "hand.cpp"):
        shutil.copy2(BENCH / "project" / f, proj / f)
    text = (BENCH / "project" / "CMakeLists.txt.in").read_text()
    text = text.replace("@KERNEL_SOURCES@", " ".join(f.name for f in kernel_files))
    text = text.replace("@KERNEL_EXTRA@", extra)
    (proj / "CMakeLists.txt").write_text(text)
    build = proj / "build"
    # A preamble cache of its own, empty: the first clean build is a cold
    # one; a second one (bench_warm_clean_build) finds the preambles there.
    cache = work / "preamble-cache"
    shutil.rmtree(cache, ignore_errors=True)
    wall = configure_project(opgen, proj, build, cache, cuda)
    return proj, build, wall


def configure_project(opgen, proj, build, cache, cuda):
    cmd = ["cmake", "-S", proj, "-B", build, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
           f"-DCMAKE_PREFIX_PATH={opgen.build}",
           f"-DOPGEN_PYTHON={sys.executable}",
           f"-DOPGEN_PREAMBLE_CACHE={cache}"]
    if cuda:
        cmd.append("-DCMAKE_CUDA_ARCHITECTURES=90")
    wall, *_ = run(cmd, cwd=proj)
    return wall


def bench_clean_build(build, jobs):
    before = len(ninja_log_lines(build)) if (build / ".ninja_log").exists() else 0
    wall, *_ = run(["ninja", "-C", build, f"-j{jobs}", "mylib_ops"])
    spans = spans_since(build, before)
    ran = {o: end - start for o, (start, end) in spans.items()}
    return (wall, ran, spans) + commands_of(ran)


def preamble_pchs(build):
    """{manifest name: (the PCH it names, that PCH's mtime)} of a build of
    mylib_ops."""
    pchs = {}
    for m in (build / "mylib_ops_gen" / "preamble").glob("*.pch.json"):
        pch = Path(json.loads(m.read_text())["pch"])
        pchs[m.name] = (pch, pch.stat().st_mtime_ns)
    return pchs


def bench_warm_clean_build(opgen, work, proj, build, jobs, cuda):
    """A second clean build (the build directory removed and configured
    again), its preambles taken from the cache the first one filled. Fails
    unless each preamble is the first build's PCH, not written again, and
    every discovery used its language's."""
    cache = (work / "preamble-cache").resolve()
    pchs = preamble_pchs(build)
    for name, (pch, _) in pchs.items():
        if not pch.is_relative_to(cache):
            raise BenchError(f"{name}: the PCH is not in the preamble cache: {pch}")
    if not pchs:
        raise BenchError("the clean build made no preamble")
    shutil.rmtree(build)
    configure_project(opgen, proj, build, cache, cuda)
    result = bench_clean_build(build, jobs)
    for name, again in preamble_pchs(build).items():
        if pchs.get(name) != again:
            raise BenchError(f"{name}: the preamble was built again, not taken from the cache")
    for depfile in (build / "mylib_ops_gen" / "discover").glob("*.json.d"):
        if ".pch.json" not in depfile.read_text():
            raise BenchError(f"{depfile.name}: the discovery used no preamble")
    return result


def bench_incremental(build, proj, jobs, touched):
    res = {}
    # (a) nothing changed
    before = len(ninja_log_lines(build))
    wall, _, out, _ = run(["ninja", "-C", build, f"-j{jobs}", "mylib_ops"])
    res["noop"] = (wall, entries_since(build, before))
    # (b) touch one kernel file
    time.sleep(1.1)  # a newer mtime than everything built
    os.utime(proj / touched)
    before = len(ninja_log_lines(build))
    wall, *_ = run(["ninja", "-C", build, f"-j{jobs}", "mylib_ops"])
    res["touch"] = (wall, entries_since(build, before))
    # (c) add an op to that file: regenerate, then ask ninja (dry run) what
    # it would rebuild. Leaves the project dirty; the next run starts anew.
    with open(proj / touched, "a") as f:
        f.write('\nnamespace opgen_examples {\n[[custom_op("mylib::bench_added")]]\n'
                'at::Tensor bench_added(const at::Tensor& x);\n}\n')
    before = len(ninja_log_lines(build))
    gen_wall, *_ = run(["ninja", "-C", build, "mylib_ops_generate"])
    gen_ran = entries_since(build, before)
    _, _, dry, _ = run(["ninja", "-C", build, "-n", "mylib_ops"])
    would = [l for l in dry.splitlines() if re.search(r"Building \w+ object", l)]
    res["add_op"] = (gen_wall, gen_ran, would)
    return res


def bench_overhead(build, rounds, calls):
    run(["ninja", "-C", build, "bench_gen", "bench_gen_python", "bench_hand"])
    env = dict(os.environ)
    env["PYTHONPATH"] = str(build / "python")
    env["BENCH_HAND_LIBRARY"] = str(build / "hand" / "libbench_hand.so")
    _, _, out, _ = run([sys.executable, BENCH / "project" / "overhead.py",
                        "--rounds", rounds, "--calls", calls], env=env)
    return json.loads(out.strip().splitlines()[-1])


# --- item 5: against extension-cpp ------------------------------------------

EXTCPP = BENCH / "extension_cpp"


def gen_extension_cpp(opgen, root, name, extra):
    """bench/extension_cpp/ through add_custom_op(), configured with no
    CMAKE_BUILD_TYPE (and `extra`), built; returns (build dir, one compile
    command of the library)."""
    proj, build = root / "project", root / name
    if not proj.exists():
        proj.mkdir(parents=True)
        for f in ("CMakeLists.txt", "muladd.cpp"):
            shutil.copy2(EXTCPP / f, proj / f)
    shutil.rmtree(build, ignore_errors=True)
    run(["cmake", "-S", proj, "-B", build, "-G", "Ninja",
         f"-DCMAKE_PREFIX_PATH={opgen.build}", f"-DOPGEN_PYTHON={sys.executable}",
         "-DOPGEN_PREAMBLE_CACHE=", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", *extra], cwd=proj)
    run(["ninja", "-C", build, "extcpp_gen_python"])
    commands = [c["command"] for c in json.loads((build / "compile_commands.json").read_text())
                if "/extcpp_gen_gen/" in c["file"]]
    if not commands:
        raise BenchError(f"no compile command of extcpp_gen in {build}")
    return build, commands[0]


def bench_extension_cpp(opgen, work, short):
    """Item 5: the hand-written build of bench/extension_cpp/muladd_hand.cpp
    against add_custom_op()'s of muladd.cpp with no build type (in full mode
    also with OPGEN_DEFAULT_OPTIMIZATION=OFF: CMake's unoptimized default,
    what add_custom_op() built before). Returns {variant: compare.py's
    JSON}, with each variant's compile flags."""
    root = work / "extension-cpp"
    shutil.rmtree(root, ignore_errors=True)
    root.mkdir(parents=True)
    log("  the hand-written extension: torch.utils.cpp_extension.load(), -O3 -DNDEBUG")
    _, _, out, _ = run([sys.executable, EXTCPP / "compare.py", "build-hand", root / "hand"])
    hand = out.strip().splitlines()[-1]
    variants = [("default", [])] + ([] if short else [("unoptimized", ["-DOPGEN_DEFAULT_OPTIMIZATION=OFF"])])
    rounds, calls, sizes = (41, 200, "1024") if short else (201, 200, "16,1024")
    res = {}
    for name, extra in variants:
        log(f"  add_custom_op(), no build type{' ' + ' '.join(extra) if extra else ''}")
        build, command = gen_extension_cpp(opgen, root, f"build-{name}", extra)
        optimized = bool(re.search(r" -O3( |$)", command))
        if optimized != (name == "default"):
            raise BenchError(f"{name}: unexpected compile flags: {command}")
        env = dict(os.environ)
        env["PYTHONPATH"] = str(build / "python")
        _, _, out, _ = run([sys.executable, EXTCPP / "compare.py", "time", "--hand", hand,
                            "--rounds", rounds, "--calls", calls, "--sizes", sizes], env=env)
        res[name] = json.loads(out.strip().splitlines()[-1])
        res[name]["_flags"] = "-O3 -DNDEBUG" if optimized else "no -O"
    return res


# --- item 2: scale ------------------------------------------------------------

def tree(path: Path):
    return {p.relative_to(path).as_posix(): p.read_bytes()
            for p in sorted(path.rglob("*")) if p.is_file()}


def bench_scale(opgen, work, sizes, dense):
    """opgen on generated op libraries: each (ops, files) of `sizes` at -j1
    and -j2 (outputs and diagnostics must be identical), and `dense` ops in
    one file at -j1 (the cost of an op once the headers are parsed).
    Returns {(ops, files): {jobs: (wall s, peak MiB, CPU s)}}."""
    root = work / "scale"
    shutil.rmtree(root, ignore_errors=True)
    res = {}
    for ops, files in sizes + [(dense, 1)]:
        case = root / f"{ops}-in-{files}"
        src = case / "src"
        paths = [Path(p) for p in run([sys.executable, BENCH / "gen_ops.py", "--ops", ops,
                                       "--files", files, "-o", src])[2].split()]
        res[ops, files] = {}
        outs, errs = {}, {}
        for j in ((1, 2) if (ops, files) in sizes else (1,)):
            out = case / f"out-j{j}"
            wall, mb, _, _, err, cpu = run_measured(
                [opgen.exe, *paths, "-o", out, f"-j{j}", "--python-package", "scale"], cwd=case)
            res[ops, files][j] = (wall, mb, cpu)
            manifest = json.loads((out / "manifest.json").read_text())
            if len(manifest["ops"]) != ops:
                raise BenchError(f"{ops} ops generated, {len(manifest['ops'])} in the manifest")
            outs[j], errs[j] = out, err
            log(f"  {ops} ops / {files} files, -j{j}: {wall:.1f} s (CPU {cpu:.1f} s), {mb:.0f} MiB")
        if len(outs) == 2:
            if tree(outs[1]) != tree(outs[2]):
                raise BenchError(f"-j1 and -j2 outputs differ for {ops} ops")
            if errs[1] != errs[2]:
                raise BenchError(f"-j1 and -j2 diagnostics differ for {ops} ops")
        if (ops, files) == sizes[-1]:
            # The same library with a shared preamble (its build counted).
            pch = case / "pre" / "cxx.pch"
            bw, bc, _ = build_preamble(opgen, paths, pch, case)
            res[ops, files]["preamble"] = (bw, bc)
            for j in (1, 2):
                out = case / f"out-pre-j{j}"
                wall, mb, _, _, err, cpu = run_measured(
                    [opgen.exe, *paths, "-o", out, f"-j{j}", "--python-package", "scale",
                     "--preamble", pch], cwd=case)
                if tree(out) != tree(outs[1]) or err != errs[1]:
                    raise BenchError(f"output differs with the preamble for {ops} ops")
                res[ops, files][f"pre{j}"] = (wall, mb, cpu)
                log(f"  {ops} ops / {files} files, preamble ({bw:.1f} s) + -j{j}: "
                    f"{wall:.1f} s (CPU {cpu:.1f} s), {mb:.0f} MiB")
    return res


# --- main ---------------------------------------------------------------------

def machine():
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()
    return (f"{os.cpu_count()} logical cores ({cpu}), "
            f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB, "
            f"{platform.system()} {platform.release()}; load average at start "
            f"{load[0]:.2f}")


def versions():
    def first_line(cmd):
        try:
            return subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()[0]
        except (OSError, IndexError):
            return "n/a"
    nvcc = first_line(["sh", "-c", "nvcc --version | tail -1"])
    torch_v = first_line([sys.executable, "-c",
                          "import torch; print(torch.__version__)"])
    return (f"{first_line(['clang++-16', '--version'])}; {first_line(['g++', '--version'])}; "
            f"nvcc {nvcc}; torch {torch_v}")


def add_generation_row(table, result, n_sources, jobs, which):
    """The generation share of one clean build of `mylib_ops`
    (bench_clean_build's result): opgen's steps' command time against all
    commands'."""
    build_wall, ran, spans, discover, stamp, objects, _ = result
    gen_steps = discover + stamp
    gen_end = max(spans[o][1] for o in gen_steps)
    gen_work = sum(ran[o] for o in gen_steps)
    combine = sum(ran[o] for o in stamp)
    # Shards compile as their sources' discoveries end, while others still
    # run: the share of the build's work (command time) that is generation
    # is what it costs on busy cores.
    share = gen_work / sum(ran.values())
    first_compile = min(spans[o][0] for o in objects) if objects else 0.0
    preambles = [o for o in discover if "preamble/" in o]
    table.add("1 tool speed",
              f"generation in a clean build of `mylib_ops` ({n_sources} sources, "
              f"ninja -j{jobs}): {which}",
              f"{len(discover) - len(preambles)} discoveries"
              + (f" and {len(preambles)} preamble step{'s' if len(preambles) > 1 else ''} "
                 f"({fmt_s(sum(ran[o] for o in preambles))})" if preambles else "")
              + f", {fmt_s(gen_work - combine)} in all, + combine ({fmt_s(combine)}) "
              f"in a {fmt_s(build_wall)} build: **{100 * share:.1f}%** of its command "
              f"time; the first compile started {fmt_s(first_compile)} in, the last "
              f"generation step ended {fmt_s(gen_end)} in "
              f"({100 * gen_end / build_wall:.1f}% of the wall time); "
              f"{len(objects)} objects compiled",
              "≤ 3%", share <= 0.03)


def main():
    # The clean build's share of generation counts real compiles: none
    # through ccache (scripts/lib/ccache.sh sets these for ctest's builds).
    for var in ("CMAKE_CXX_COMPILER_LAUNCHER", "CMAKE_CUDA_COMPILER_LAUNCHER"):
        os.environ.pop(var, None)
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="\n".join(__doc__.splitlines()[2:]))
    p.add_argument("--short", action="store_true",
                   help="CI mode: one kernel file, 10 and 100 ops, fewer repetitions")
    p.add_argument("--opgen-build", type=Path, default=REPO / "build",
                   help="build directory of the opgen to measure (default: build/)")
    p.add_argument("--work", type=Path, default=REPO / "build-bench" / "bench",
                   help="work directory (default: build-bench/bench)")
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 2,
                   help="parallel jobs of the builds (default: all cores)")
    p.add_argument("--items", default="1,2,3,4,5", help="which items to run (default: all)")
    p.add_argument("--extension-cpp", action="store_true",
                   help="item 5 only: extension-cpp's kernels, hand-written vs generated")
    p.add_argument("--cuda", choices=["auto", "on", "off"], default="auto",
                   help="include the .cu kernels (auto: when nvcc is found)")
    p.add_argument("--update-docs", action="store_true",
                   help=f"write the table into {DOC.relative_to(REPO)}")
    a = p.parse_args()
    items = {5} if a.extension_cpp else {int(i) for i in a.items.split(",")}
    t_start = time.perf_counter()
    opgen = Opgen(a.opgen_build.resolve())
    work = a.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    cuda = a.cuda == "on" or (a.cuda == "auto" and shutil.which("nvcc") is not None)
    mode = "short" if a.short else "full"

    if a.short:
        kernel_files = [KERNELS / "select.cpp"]
    else:
        kernel_files = sorted(KERNELS.glob("*.cpp"))
        if cuda:
            kernel_files += sorted(KERNELS.glob("*.cu"))
    reps = 1 if a.short else 2
    sizes = [(10, 1), (100, 10)] + ([] if a.short else [(1000, 100)])
    dense = 100 if a.short else 1000
    rounds, calls = (61, 200) if a.short else (301, 200)

    header = [f"opgen benchmarks ({mode} mode): {machine()}", versions(),
              f"opgen: {opgen.exe}"]
    log(header[0])
    table = Table()

    # Item 1a.
    speed, speed_errors, pre_speeds = {}, {}, []
    if 1 in items:
        log(f"1. tool speed: {len(kernel_files)} kernel files x {reps}")
        speed, speed_errors = bench_tool_speed(opgen, work, kernel_files, reps, table)
        for language in PREAMBLE_LANGUAGES:
            log(f"1. discovery with the shared preamble of the {language} sources")
            pre = bench_preamble_speed(opgen, work, kernel_files, reps, speed, language)
            if pre:
                pre_speeds.append(pre)

    # The CMake project (items 1b, 3, 4).
    clean = warm = incremental = overhead = None
    if items & {1, 3, 4}:
        log("configuring the benchmark project")
        proj, build, configure_wall = setup_project(opgen, work, kernel_files, not a.short, cuda)
        log(f"  configured in {configure_wall:.1f} s; clean build of mylib_ops")
        clean = bench_clean_build(build, a.jobs)
        log(f"  built in {clean[0]:.1f} s")
        if 1 in items and not a.short:
            log("  a second clean build, the preambles in the cache")
            warm = bench_warm_clean_build(opgen, work, proj, build, a.jobs, cuda)
            log(f"  built in {warm[0]:.1f} s")
        if 3 in items:
            log("3. generated-op overhead")
            overhead = bench_overhead(build, rounds, calls)
        if 4 in items:
            log("4. incremental builds")
            incremental = bench_incremental(build, proj, a.jobs, TOUCHED)

    extcpp = None
    if 5 in items:
        log("5. against a hand-written extension (extension-cpp's kernels)")
        extcpp = bench_extension_cpp(opgen, work, a.short)

    if 1 in items:
        build_wall, ran, spans, discover, stamp, objects, libs = clean
        shard_time = {}
        for o in objects:
            m = re.search(r"/shards/(.+)\.o$", o)
            if m:
                shard_time[m[1]] = ran[o]
        for f in kernel_files:
            s = speed[f.name]
            ratio = s["opgen"] / s["syntax"]
            real = shard_time.get(f.name)
            compiler = "nvcc" if f.suffix == ".cu" else "g++ -O3"
            errors = speed_errors.get(f.name)
            measured = (f"opgen {fmt_s(s['opgen'])} ({fmt_mb(s['opgen_mb'])}) · "
                        f"-fsyntax-only{'¹' if errors else ''} {fmt_s(s['syntax'])} "
                        f"({fmt_mb(s['syntax_mb'])}) · "
                        f"{compiler} {fmt_s(real) if real else 'n/a'}; "
                        f"opgen/syntax **{ratio:.2f}** "
                        f"(CPU time {s['opgen_cpu'] / s['syntax_cpu']:.2f})"
                        + (f", opgen/build {s['opgen'] / real:.2f}" if real else ""))
            table.add("1 tool speed", f"`{f.name}`", measured, "opgen ≤ 0.5× -fsyntax-only",
                      ratio <= 0.5)
        for pre_speed in pre_speeds:
            per = pre_speed["files"]
            ratios = {n: per[n]["wall"] / speed[n]["syntax"] for n in per}
            worst = max(ratios.values())
            sum_syntax = sum(speed[n]["syntax"] for n in per)
            amortised = (pre_speed["build_wall"] + sum(per[n]["wall"] for n in per)) / sum_syntax
            table.add("1 tool speed",
                      f"`--discover` with the shared preamble ({len(per)} "
                      f"{pre_speed['language']} sources)",
                      f"preamble of `{'`, `'.join(pre_speed['includes'])}` built once in "
                      f"{fmt_s(pre_speed['build_wall'])} (CPU {fmt_s(pre_speed['build_cpu'])}); "
                      "then per source: "
                      + ", ".join(f"`{n}` {fmt_s(per[n]['wall'])} ({fmt_mb(per[n]['mb'])}, "
                                  f"**{ratios[n]:.2f}×**)" for n in sorted(per))
                      + f" of -fsyntax-only; with the preamble's build counted, "
                      f"{len(per)} sources cost **{amortised:.2f}×** their -fsyntax-only",
                      "≤ 0.15× -fsyntax-only per source after the first", worst <= 0.15)
        add_generation_row(table, clean, len(kernel_files), a.jobs,
                           "the first, its preamble cache empty")
        if warm:
            add_generation_row(table, warm, len(kernel_files), a.jobs,
                               "the preambles taken from the cache the first left")

    if 2 in items:
        log(f"2. scale: {sizes}, {dense} ops in 1 file")
        scale = bench_scale(opgen, work, sizes, dense)
        for ops, files in sizes:
            r = scale[ops, files]
            (w1, m1, c1), (w2, m2, c2) = r[1], r[2]
            table.add("2 scale", f"{ops} ops in {files} file{'s' if files > 1 else ''}",
                      f"-j1 {fmt_s(w1)}, {fmt_mb(m1)} · -j2 {fmt_s(w2)}, {fmt_mb(m2)}; "
                      f"-j2 speed-up **{w1 / w2:.2f}×** (CPU time -j1 {fmt_s(c1)}, "
                      f"-j2 {fmt_s(c2)})", "", None)
        (big, bf), (small, sf) = sizes[-1], sizes[-2]
        wall_grow = scale[big, bf][1][0] / scale[small, sf][1][0]
        cpu_grow = scale[big, bf][1][2] / scale[small, sf][1][2]
        table.add("2 scale", f"growth {small} → {big} ops, {sf} → {bf} files (-j1)",
                  f"×{wall_grow:.2f} wall, **×{cpu_grow:.2f}** CPU time for ×{big // small} ops; "
                  f"{fmt_s(scale[big, bf][1][2] / bf)} CPU per file",
                  f"linear: ×{big // small}", cpu_grow <= (big / small) * 1.15)
        base = scale[sizes[0]][1]
        d = scale[dense, 1][1]
        per_op = (d[2] - base[2]) / (dense - sizes[0][0])
        table.add("2 scale", f"{dense} ops in 1 file (-j1)",
                  f"{fmt_s(d[0])} (CPU {fmt_s(d[2])}), {fmt_mb(d[1])}: "
                  f"{1000 * per_op:.1f} ms CPU per op beyond the headers", "", None)
        if "preamble" in scale[big, bf]:
            bw, bc = scale[big, bf]["preamble"]
            (p1, pm1, pc1), (p2, pm2, pc2) = scale[big, bf]["pre1"], scale[big, bf]["pre2"]
            w1 = scale[big, bf][1][0]
            table.add("2 scale", f"{big} ops in {bf} files with the shared preamble",
                      f"preamble built in {fmt_s(bw)} (CPU {fmt_s(bc)}), then -j1 {fmt_s(p1)}, "
                      f"{fmt_mb(pm1)} · -j2 {fmt_s(p2)}, {fmt_mb(pm2)}; preamble + -j1 "
                      f"**{(bw + p1) / w1:.2f}×** the -j1 time without it "
                      f"(CPU {fmt_s(bc + pc1)} vs {fmt_s(scale[big, bf][1][2])}); same output",
                      "", None)
        sp = scale[big, bf][1][0] / scale[big, bf][2][0]
        table.add("2 scale", f"files in parallel ({big} ops)", f"-j2 speed-up {sp:.2f}×",
                  "> 1", sp > 1.1)

    if 3 in items:
        for op, desc in (("noop", "`noop(Tensor(a!) x) -> ()`, empty kernel"),
                         ("add_one", "`add_one(Tensor x) -> Tensor`, `x.add(1)`")):
            r = overhead[op]
            ns, fast = r["ns"], r["ns_decile"]
            gh, cg = r["generated/hand"], r["custom_op/generated"]
            table.add("3 overhead", f"{desc}, 4-element CPU tensor",
                      f"median ns/call: generated {ns['generated']:.0f} · hand-written "
                      f"{ns['hand']:.0f} · custom_op {ns['custom_op']:.0f} (fastest decile "
                      f"{fast['generated']:.0f} · {fast['hand']:.0f} · {fast['custom_op']:.0f}); "
                      f"generated/hand **{gh['decile']:.3f}** (median of per-round ratios "
                      f"{gh['median']:.3f})", "≤ 1.05", gh["decile"] <= 1.05)
            table.add("3 overhead", f"{op}: Python `custom_op` vs generated",
                      f"custom_op/generated **{cg['decile']:.1f}×** (median {cg['median']:.1f}×)",
                      "generated faster", cg["decile"] > 1)

    if 4 in items:
        noop_wall, noop_ran = incremental["noop"]
        table.add("4 incremental", "rebuild, nothing changed",
                  f"{fmt_s(noop_wall)}, {len(noop_ran)} commands", "nothing runs",
                  len(noop_ran) == 0)
        touch_wall, touch_ran = incremental["touch"]
        discover, stamp, objects, libs = commands_of(touch_ran)
        # The preamble step re-reads the touched source's include lines (and
        # keeps the preamble when they did not change): no parse.
        preambles = [o for o in discover if "preamble/" in o]
        discover = [o for o in discover if o not in preambles]
        n_obj = len(clean[5])
        names = ", ".join(f"`{Path(o).name[:-len('.json')]}`" for o in discover) or "none"
        table.add("4 incremental", f"touch `{TOUCHED}`, rebuild",
                  f"{fmt_s(touch_wall)}: {len(discover)} of {len(kernel_files)} discoveries "
                  f"({names}, {fmt_s(sum(touch_ran[o] for o in discover))})"
                  + (f", the preamble's check ({fmt_s(sum(touch_ran[o] for o in preambles))})"
                     if preambles else "")
                  + f", combine {'ran' if stamp else 'skipped (record unchanged)'}; "
                  f"{len(objects)} of {n_obj} objects recompiled, {len(libs)} link",
                  "opgen parses that file only; only what changed rebuilt",
                  [Path(o).name for o in discover] == [f"{TOUCHED}.json"]
                  and len(objects) <= 1)
        gen_wall, gen_ran, would = incremental["add_op"]
        discover, stamp, _, _ = commands_of(gen_ran)
        preambles = [o for o in discover if "preamble/" in o]
        shown = ", ".join(sorted(re.sub(r".*/(mylib_ops_gen/)?", "", w.split()[-1])
                                 for w in would))
        table.add("4 incremental", f"add an op to `{TOUCHED}`",
                  f"opgen {fmt_s(gen_wall)} ({len(discover) - len(preambles)} discovery"
                  + (", the preamble's check" if preambles else "")
                  + f", {len(stamp)} combine); then {len(would)} of {n_obj} objects to "
                  f"recompile ({shown})",
                  "that shard and `registration.cpp`", len(would) <= 2)

    if 5 in items:
        for variant, r in extcpp.items():
            what = ("add_custom_op(), no build type" if variant == "default" else
                    "add_custom_op(), no build type, `OPGEN_DEFAULT_OPTIMIZATION=OFF`")
            for key, v in r.items():
                if key.startswith("_"):
                    continue
                case, n = key.split("/")
                op, _, how = case.partition("[")
                how = {"": "torch.ops, no grad", "ops.py]": "the package's Python function",
                       "grad]": "torch.ops, inputs require grad",
                       "grad+backward]": "forward + torch.autograd.grad"}[how]
                ns, fast, gh = v["ns"], v["ns_decile"], v["generated/hand"]
                table.add("5 vs extension-cpp",
                          f"`{op}` ({how}), {n} floats: {what} ({r['_flags']}) vs "
                          "extension-cpp's layout (`torch.utils.cpp_extension` -O3 "
                          "-DNDEBUG, its ops.py)",
                          f"median ns/call: generated {ns['generated']:.0f} · hand-written "
                          f"{ns['hand']:.0f} (fastest decile {fast['generated']:.0f} · "
                          f"{fast['hand']:.0f}); generated/hand **{gh['decile']:.3f}** "
                          f"(median of per-round ratios {gh['median']:.3f})",
                          "≤ 1.0" if variant == "default" else "",
                          gh["decile"] <= 1.0 if variant == "default" else None)

    total = time.perf_counter() - t_start
    md = table.markdown()
    if 1 in items and any(speed_errors.values()):
        md += ("\n\n¹ Clang 16 cannot fully parse CUDA 13 device code (its own CUDA "
               "wrapper headers do not work with CUDA 13): -fsyntax-only "
               "reports errors in device function bodies (the ones opgen skips), recovers "
               "and parses the whole file; timed as is (`-ferror-limit=0`).")
    footer = (f"{mode} mode, {total / 60:.1f} min; {header[0]}; {header[1]}")
    print()
    print(md)
    print()
    print(footer)
    if a.update_docs:
        text = DOC.read_text()
        if BEGIN not in text or END not in text:
            raise BenchError(f"{DOC} has no {BEGIN} ... {END} block")
        pre, rest = text.split(BEGIN, 1)
        _, post = rest.split(END, 1)
        DOC.write_text(f"{pre}{BEGIN}\n{md}\n\n<sub>{footer}</sub>\n{END}{post}")
        log(f"updated {DOC.relative_to(REPO)}")


if __name__ == "__main__":
    try:
        main()
    except BenchError as e:
        print(f"bench: error: {e}", file=sys.stderr)
        sys.exit(1)
