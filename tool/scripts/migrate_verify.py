#!/usr/bin/env python3
"""opgen migrate --verify: proof that a migration changed no registration.

Builds the original library (a plain torch extension: one shared library of
every source, linked to torch) and the migrated one (add_custom_op over the
annotated sources), loads each in a Python process of its own, and compares,
op by op, what each registered:

* the op's schema as torch prints it (`str(op._schema)`), its tags and its
  alias analysis;
* the dispatch keys with a kernel (`torch._C._dispatch_dump`: the keys as
  registered, alias keys such as CompositeImplicitAutograd included);
* the Python-visible names: the ops (`torch.ops.<ns>.<op>.<overload>`), the
  module torch imports for an op's fake (`m.set_python_module`), and, when
  the library has a Python package of its own (--package), the public names
  of each of its modules.

Every difference is reported. The run passes when there is none, or when
each is intended: by design (the list INTENDED below, printed as
"intended:" lines with the reason) or listed in an --allow file.

    migrate_verify.py ORIGINAL MIGRATED [--sources REL...] [--include REL...]
        [--define NAME[=VALUE]...]
        [--package NAME [--python-module MOD] [--library-name _C]]
        [--cuda] [--python PY] [--opgen OPGEN] [--opgen-dir DIR] [--work DIR] [--keep]
        [--allow FILE] [--jobs N] [--launcher ccache] [--cmake-arg ARG...]

ORIGINAL and MIGRATED are the two source trees (the same files before and
after `opgen migrate`). Both projects are written by `opgen project` (the
original with --plain; docs/cli.md#a-one-call-project), of the opgen that
--opgen names (opgen migrate --verify passes itself). Sources are relative
to each tree (default: the tree, which opgen expands to the compiled
sources under it, CUDA ones only with --cuda); include directories too
(default: the tree's root). With --package NAME, NAME/ is the library's own
Python package in each tree: the library is built as NAME/_C.so (or
--library-name) beside a
copy of the package's .py files, and loaded by importing NAME (the migrated
library with add_custom_op(... PYTHON_PACKAGE NAME PYTHON_MODULE MOD
NO_PYTHON_PACKAGE), MOD defaulting to NAME); without it, the original is
loaded with torch.ops.load_library and the migrated through the package
opgen generates.

An --allow file lists intended differences, one pattern a line (fnmatch
syntax, `#` starts a comment), matched against the key printed in brackets
at the end of each difference, e.g. `extension_cpp::mymuladd kernel+ Meta`.

Output, one line per finding, then the verdict:

    same: ns::op (schema, tags, alias analysis, kernels CPU)
    difference: ns::op: schema: original `...`, migrated `...` [ns::op schema]
    intended: ns::op: kernel Meta only in migrated: <reason> [ns::op kernel+ Meta]
    allowed: ns::op: ... [key] (allow file:line)
    migrate --verify: passed: 3 ops, 0 differences (2 intended, 0 allowed)

Exit status: 0 passed, 1 differences, 2 a build or load failed.

opgen finds this script beside its CMake package (opgenConfig.cmake): in a
build tree, <build>/migrate_verify.py; installed, <prefix>/lib/cmake/opgen/
or, in the wheel, opgen/share/cmake/opgen/. That directory is the default
--opgen-dir.
"""
import argparse
import fnmatch
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# Differences opgen makes by design: (key pattern, reason). A difference whose
# key matches is printed as "intended:" and does not fail the run.
INTENDED = [
    ("* kernel+ Meta",
     "opgen gives every op a fake: synthesised from the kernel, the kernel "
     "itself when it is meta-safe, a Python fake, or a skeleton that raises"),
    ("* kernel+ Autograd",
     "opgen registers an Autograd kernel for every op: its backward, or, for "
     "an op with no backward, torch.library.custom_op's"),
    ("* kernel+ ADInplaceOrView",
     "an op with no backward that mutates or returns a view gets "
     "torch.library.custom_op's ADInplaceOrView kernel (version counters, views)"),
    ("* pystub+",
     "opgen names the module of the library's fakes with m.set_python_module"),
    ("python package+ *",
     "opgen generates a Python package for a library that has none"),
    ("python module+ *._opgen_*",
     "opgen's module of fake skeletons in the library's package"),
]

KERNEL_LINE = re.compile(r"^(\w+)(\[alias\])?(?: \([^)]*\))?: registered at ")


def fail(message):
    print(f"migrate --verify: error: {message}", file=sys.stderr)
    sys.exit(2)


# --- the dump: runs in a fresh Python process per library -------------------

def dump(library, package, pythonpath):
    import importlib
    import torch

    before_ops = set(torch._C._dispatch_get_all_op_names())
    before_modules = set(sys.modules)
    if pythonpath:
        sys.path.insert(0, pythonpath)
    if package:
        importlib.import_module(package)
    else:
        torch.ops.load_library(library)
    ops = {}
    for full in sorted(set(torch._C._dispatch_get_all_op_names()) - before_ops):
        name, _, overload = full.partition(".")
        entry = {"schema": None, "tags": [], "alias_analysis": None,
                 "kernels": [], "pystub": None}
        try:
            handle = torch._C._dispatch_find_schema_or_throw(name, overload)
            entry["schema"] = str(handle.schema())
            ns, op = name.split("::", 1)
            packet = getattr(getattr(torch.ops, ns), op)
            entry["tags"] = sorted(str(t) for t in getattr(packet, overload or "default").tags)
        except Exception as e:  # an impl with no def: no schema
            entry["schema"] = None
            entry["error"] = f"{type(e).__name__}: {e}"
        for line in torch._C._dispatch_dump(full).splitlines():
            if line.startswith("alias analysis kind:"):
                entry["alias_analysis"] = line.split(":", 1)[1].strip()
            m = KERNEL_LINE.match(line)
            if m:
                entry["kernels"].append(m.group(1))
        entry["kernels"] = sorted(set(entry["kernels"]))
        try:
            stub = torch._C._dispatch_pystub(name, overload)
            entry["pystub"] = list(stub) if stub else None
        except Exception:
            entry["pystub"] = None
        ops[full] = entry
    modules = {}
    roots = [package] if package else []
    if not package and pythonpath:
        roots = [n for n in set(sys.modules) - before_modules
                 if "." not in n and (Path(pythonpath) / n).is_dir()]
    for name in sorted(set(sys.modules) - before_modules):
        if any(name == r or name.startswith(r + ".") for r in roots):
            mod = sys.modules[name]
            modules[name] = sorted(n for n in vars(mod) if not n.startswith("_"))
    print(json.dumps({"ops": ops, "modules": modules, "roots": sorted(roots)}))


# --- building ---------------------------------------------------------------

def tree_sources(tree, args):
    """The sources of one side, as opgen project takes them: the files given
    (relative to the tree), else the tree itself, a directory that opgen
    expands to the compiled sources under it (its source kinds)."""
    if not args.sources:
        return [tree]
    files = [tree / s for s in args.sources]
    for f in files:
        if not f.is_file():
            fail(f"no source {f}")
    return files


def torch_prefix(python):
    out = subprocess.run([python, "-c", "import torch.utils; print(torch.utils.cmake_prefix_path)"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        fail(f"{python} cannot import torch: {out.stderr.strip().splitlines()[-1:]}")
    return out.stdout.strip()


def write_project(side, tree, work, args):
    """The CMake project of one side, written by `opgen project` (--plain for
    the original); returns (project dir, build dir, library path, python dir
    or None)."""
    project = work / side / "project"
    build = work / side / "build"
    pydir = build / "python"
    package = args.package
    cmd = [args.opgen, "project", "-o", str(project), "--library-name", "verify_ops"]
    cmd += [f"--include-dir={tree / i}" for i in (args.include or ["."])]
    cmd += [f"--define={d}" for d in (args.define or [])]
    if not args.cuda:
        cmd.append("--cxx-only")
    if side == "original":
        cmd += ["--plain", "--python-package", f"opgen_verify_{side}"]
    else:
        cmd += ["--no-default-optimization", f"--step-arg=--root", f"--step-arg={tree}"]
        if args.fragment:
            cmd.append("--fragment")
        if package:
            cmd += ["--python-package", package, "--python-module", args.python_module or package,
                    "--no-python-package"]
        else:
            cmd += ["--python-package", "opgen_verify_migrated"]
    if package:
        out = pydir / package
        cmd += ["--output-name", args.library_name, "--output-dir", str(out)]
        library = out / f"{args.library_name}.so"
        src = tree / package
        if not src.is_dir():
            fail(f"no package directory {src}")
        for py in sorted(src.rglob("*.py")):
            dest = out / py.relative_to(src)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(py, dest)
    elif side == "original":
        cmd += ["--output-dir", str(build / "lib")]
        library = build / "lib" / "libverify_ops.so"
        pydir = None
    else:
        library = pydir / "opgen_verify_migrated" / "libverify_ops.so"
    cmd += [str(s) for s in tree_sources(tree, args)]
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        sys.stdout.write(out.stdout + out.stderr)
        fail(f"opgen project could not write the {side} project")
    return project, build, library, pydir


def build_side(side, tree, work, args):
    project, build, library, pydir = write_project(side, tree, work, args)
    configure = ["cmake", "-S", str(project), "-B", str(build), "-G", "Ninja",
                 f"-DPython3_EXECUTABLE={args.python}", f"-DOPGEN_PYTHON={args.python}"]
    if side == "migrated":
        configure.append(f"-Dopgen_DIR={args.opgen_dir}")
    else:
        configure.append(f"-DCMAKE_PREFIX_PATH={torch_prefix(args.python)}")
    if args.launcher:
        configure += [f"-DCMAKE_CXX_COMPILER_LAUNCHER={args.launcher}",
                      f"-DCMAKE_CUDA_COMPILER_LAUNCHER={args.launcher}"]
    if args.cuda:
        configure.append(f"-DCMAKE_CUDA_ARCHITECTURES={args.cuda_architectures}")
    configure += args.cmake_arg or []
    env = dict(os.environ)
    if args.cuda and "TORCH_CUDA_ARCH_LIST" not in env:
        # torch's CMake package adds -gencode flags of its own: for this list,
        # else for common architectures a newer nvcc may lack (compute_50).
        env["TORCH_CUDA_ARCH_LIST"] = " ".join(
            re.sub(r"^(\d+)(\d)[a-z]?$", r"\1.\2", a)
            for a in re.split(r"[;,]", args.cuda_architectures))
    log = work / side / "build.log"
    with open(log, "w") as f:
        for cmd in (configure, ["cmake", "--build", str(build), "-j", str(args.jobs)]):
            f.write("$ " + " ".join(cmd) + "\n")
            f.flush()
            if subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT, env=env).returncode != 0:
                sys.stdout.write(log.read_text()[-6000:])
                fail(f"the {side} library did not build (log: {log})")
    if not library.exists():
        fail(f"the {side} build made no {library}")
    return library, pydir


def load(side, library, pydir, args):
    cmd = [args.python, os.path.abspath(__file__), "--dump", str(library)]
    if args.package:
        cmd += ["--dump-package", args.package]
    elif side == "migrated":
        cmd += ["--dump-package", "opgen_verify_migrated"]
    if pydir:
        cmd += ["--dump-pythonpath", str(pydir)]
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    out = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if out.returncode != 0:
        sys.stdout.write(out.stdout + out.stderr)
        fail(f"the {side} library did not load")
    return json.loads(out.stdout.strip().splitlines()[-1])


# --- comparing --------------------------------------------------------------

def compare(orig, migr):
    """The findings: (kind, op or '', text, key), kind one of same/diff."""
    findings = []
    oo, mo = orig["ops"], migr["ops"]
    for op in sorted(set(oo) | set(mo)):
        if op not in mo:
            findings.append(("diff", f"{op}: only in the original", f"{op} missing"))
            continue
        if op not in oo:
            findings.append(("diff", f"{op}: only in the migrated library", f"{op} extra"))
            continue
        a, b = oo[op], mo[op]
        diffs = []
        if a["schema"] != b["schema"]:
            diffs.append((f"{op}: schema: original `{a['schema']}`, migrated `{b['schema']}`",
                          f"{op} schema"))
        if a["tags"] != b["tags"]:
            diffs.append((f"{op}: tags: original {a['tags']}, migrated {b['tags']}", f"{op} tags"))
        if a["alias_analysis"] != b["alias_analysis"]:
            diffs.append((f"{op}: alias analysis: original {a['alias_analysis']}, "
                          f"migrated {b['alias_analysis']}", f"{op} alias-analysis"))
        for k in sorted(set(a["kernels"]) - set(b["kernels"])):
            diffs.append((f"{op}: kernel {k} only in the original", f"{op} kernel- {k}"))
        for k in sorted(set(b["kernels"]) - set(a["kernels"])):
            diffs.append((f"{op}: kernel {k} only in the migrated library", f"{op} kernel+ {k}"))
        if a["pystub"] != b["pystub"]:
            if a["pystub"] is None:
                diffs.append((f"{op}: fakes module {b['pystub'][0]!r} only in the migrated library",
                              f"{op} pystub+"))
            else:
                diffs.append((f"{op}: fakes module: original {a['pystub']}, migrated {b['pystub']}",
                              f"{op} pystub"))
        if not diffs:
            findings.append(("same", f"{op} (schema, tags, alias analysis, kernels "
                                     f"{', '.join(a['kernels']) or 'none'})", ""))
        findings += [("diff", text, key) for text, key in diffs]
    om, mm = orig["modules"], migr["modules"]
    for root in sorted(set(migr["roots"]) - set(orig["roots"])):
        findings.append(("diff", f"Python package {root} only in the migrated library",
                         f"python package+ {root}"))
    shared_roots = set(orig["roots"]) & set(migr["roots"])
    for mod in sorted(set(om) | set(mm)):
        if mod.split(".")[0] not in shared_roots:
            continue
        if mod not in mm:
            findings.append(("diff", f"Python module {mod} only in the original",
                             f"python module- {mod}"))
        elif mod not in om:
            findings.append(("diff", f"Python module {mod} only in the migrated library",
                             f"python module+ {mod}"))
        elif om[mod] != mm[mod]:
            gone = sorted(set(om[mod]) - set(mm[mod]))
            new = sorted(set(mm[mod]) - set(om[mod]))
            findings.append(("diff", f"Python module {mod}: names only in the original {gone}, "
                                     f"only in the migrated library {new}",
                             f"python names {mod}"))
        else:
            findings.append(("same", f"Python module {mod} ({len(om[mod])} public names)", ""))
    return findings


def read_allow(path):
    patterns = []
    if not path:
        return patterns
    for n, line in enumerate(Path(path).read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if line:
            patterns.append((line, f"{path}:{n}"))
    return patterns


def report(findings, allow, n_orig, n_migr):
    counts = {"diff": 0, "intended": 0, "allowed": 0}
    for kind, text, key in findings:
        if kind == "same":
            print(f"same: {text}")
            continue
        reason = next((r for p, r in INTENDED if fnmatch.fnmatchcase(key, p)), None)
        where = next((w for p, w in allow if fnmatch.fnmatchcase(key, p)), None)
        if reason:
            counts["intended"] += 1
            print(f"intended: {text}: {reason} [{key}]")
        elif where:
            counts["allowed"] += 1
            print(f"allowed: {text} [{key}] ({where})")
        else:
            counts["diff"] += 1
            print(f"difference: {text} [{key}]")
    verdict = "passed" if counts["diff"] == 0 else "failed"
    print(f"migrate --verify: {verdict}: {n_orig} ops in the original, {n_migr} migrated; "
          f"{counts['diff']} differences ({counts['intended']} intended, {counts['allowed']} allowed)")
    return 0 if counts["diff"] == 0 else 1


def default_opgen_dir():
    here = Path(__file__).resolve().parent
    return str(here) if (here / "opgenConfig.cmake").exists() else None


def parser():
    """The command line of this script."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0],
                                epilog=__doc__.split("\n\n", 1)[1],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("original", nargs="?", type=Path)
    p.add_argument("migrated", nargs="?", type=Path)
    p.add_argument("--sources", nargs="+", action="extend", help="sources relative to each tree")
    p.add_argument("--include", nargs="+", action="extend", help="include directories relative to each tree")
    p.add_argument("--define", nargs="+", action="extend", help="compile definitions NAME[=VALUE]")
    p.add_argument("--package", help="the library's own Python package (a directory of each tree)")
    p.add_argument("--python-module", help="its module of fakes for add_custom_op (default: the package)")
    p.add_argument("--library-name", default="_C",
                   help="with --package, the library's file name in it, without .so (default: _C)")
    p.add_argument("--fragment", action="store_true",
                   help="build the migrated library with add_custom_op(... FRAGMENT): "
                        "its namespace is opened elsewhere (opgen migrate's MigrateNamespaceFragment)")
    p.add_argument("--cuda", action="store_true", help="also build the .cu sources")
    p.add_argument("--cuda-architectures", default=os.environ.get("CUDAARCHS", "90"))
    p.add_argument("--python", default=sys.executable, help="the Python with torch")
    p.add_argument("--opgen", default=shutil.which("opgen"),
                   help="the opgen that writes both projects (opgen migrate --verify "
                        "passes itself; default: opgen on PATH)")
    p.add_argument("--opgen-dir", default=default_opgen_dir(),
                   help="opgen's CMake package (default: this script's directory)")
    p.add_argument("--work", type=Path, help="scratch directory (default: a temporary one)")
    p.add_argument("--keep", action="store_true", help="keep the temporary scratch directory")
    p.add_argument("--allow", help="file of intended differences (key patterns)")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--launcher", help="compiler launcher, e.g. ccache")
    p.add_argument("--cmake-arg", action="append", help="extra argument of both configures")
    p.add_argument("--dump", help=argparse.SUPPRESS)
    p.add_argument("--dump-package", help=argparse.SUPPRESS)
    p.add_argument("--dump-pythonpath", help=argparse.SUPPRESS)
    return p


def main(argv=None):
    p = parser()
    args = p.parse_args(argv)
    if args.dump:
        dump(args.dump, args.dump_package, args.dump_pythonpath)
        return 0
    if not args.original or not args.migrated:
        p.error("ORIGINAL and MIGRATED are required")
    for t in (args.original, args.migrated):
        if not t.is_dir():
            fail(f"no directory {t}")
    if not args.opgen_dir:
        fail("no opgen CMake package beside this script: give --opgen-dir")
    if not args.opgen:
        fail("no opgen on PATH: give --opgen")
    if args.python_module and not args.package:
        p.error("--python-module needs --package")
    allow = read_allow(args.allow)
    work = args.work or Path(tempfile.mkdtemp(prefix="opgen-verify-"))
    work = work.resolve()
    try:
        results = {}
        for side, tree in (("original", args.original), ("migrated", args.migrated)):
            print(f"migrate --verify: building the {side} library ({tree})", flush=True)
            library, pydir = build_side(side, tree.resolve(), work, args)
            results[side] = load(side, library, pydir, args)
        return report(compare(results["original"], results["migrated"]), allow,
                      len(results["original"]["ops"]), len(results["migrated"]["ops"]))
    finally:
        if not args.work and not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
