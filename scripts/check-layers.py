#!/usr/bin/env python3
"""Checks that the Clang side of opgen (tool/lib/frontend/, tool/lib/analysis/)
depends on itself in one direction only: no circle between its parts.

Every file there belongs to one part (PARTS: a list of path prefixes under
tool/lib/, without extension); each part may use only the parts ALLOWED
names for it, and ALLOWED has no circle. Two checks:

  * includes: a file's `#include "frontend/..."` / `"analysis/..."` lines
    name only headers of its own part or of parts it may use; no phase
    outside frontend/ and analysis/ includes their private headers or
    Clang's (the Clang-free rule of docs/design.md);
  * symbols (with --objects <build dir>): every symbol a part's object
    files use and another part defines is defined by a part it may use, so
    that a function declared in one part's header but defined in another's
    .cpp (the old Preamble <-> Tooling circle) fails too.

And the rules of docs/design.md a reading of the sources can check:

  * the Clang-free phases include only the phases before them (PHASES: no
    emit from check, no check or emit from model);
  * never an abort: no `report_fatal_error`, `abort()` or
    `llvm_unreachable` in tool/ (a bug opgen detects is an InternalError);
  * no regular expression in tool/: Clang reads C++, Python's own parser
    reads Python (the fakes module's register_fake calls);
  * CMake only runs opgen's build graph: cmake/AddCustomOp.cmake and the
    modules of ours it includes stay under CMAKE_LINES lines, write no
    file, and hold none of the steps' command lines (STEP_FLAGS: those are
    `opgen plan`'s to write).

    scripts/check-layers.py [--root <source dir>] [--objects <build dir>]

Exits 1, listing each offending line or symbol, when an arrow goes the
wrong way. Runs as the ctest `layers` (test/CMakeLists.txt).
"""
import argparse
import os
import re
import subprocess
import sys

# The parts, bottom up. A path (under tool/lib/, extension dropped) belongs
# to the first part with a prefix of it.
PARTS = {
    # What the frontend and the analyses both read off the AST: toSourceLoc,
    # TypeMapper/printType.
    "ast": ["frontend/ast/"],
    # Analyses of kernel bodies (FakeSynthesis, MetaSafety, Mutation,
    # ShapeChecks).
    "analysis": ["analysis/"],
    # Reading annotations from the token stream; which declaration each
    # belongs to.
    "scan": ["frontend/AnnotationScanner", "frontend/Attach"],
    # A function declaration -> AnnotatedFunction, with the analyses' facts.
    "lower": ["frontend/Lower"],
    # How Clang's diagnostics show in a parse; the sink printing opgen's.
    "diag": ["frontend/ClangDiagnostics"],
    # The compile database, each parse's command, the CUDA prelude.
    "command": ["frontend/CompileCommands", "frontend/cuda_prelude",
                "frontend/CudaPrelude", "frontend/Config"],
    # Precompiled preambles: build, cache, manifest, fit.
    "preamble": ["frontend/preamble/"],
    # runFrontend: one parse per source, with all of the above.
    "tooling": ["frontend/Tooling"],
    # opgen migrate's frontend: hand-written registrations from the AST,
    # their kernels lowered.
    "migrate": ["frontend/migrate/"],
}

ALLOWED = {
    "ast": [],
    "analysis": ["ast"],
    "scan": ["ast"],
    "lower": ["analysis", "ast"],
    "diag": [],
    "command": [],
    "preamble": ["command", "scan", "ast"],
    "tooling": ["preamble", "command", "lower", "scan", "diag", "analysis",
                "ast"],
    "migrate": ["command", "lower", "diag", "analysis", "ast"],
}

CLANG_FREE = ["model", "support", "check", "emit", "write"]

# The Clang-free phases and what each may include (tool/lib/<phase>/ and
# tool/include/opgen/<phase>/), in docs/design.md's order: model and
# support at the bottom (support's diagnostics carry model's source
# locations), check and emit on them side by side, write on emit's FileSet.
PHASES = {
    "model": ["support"],
    "support": ["model"],
    "check": ["model", "support"],
    "emit": ["model", "support"],
    "write": ["emit", "model", "support"],
}

# Files of tool/ allowed a regular expression, and why.

ABORTS = re.compile(r"\b(report_fatal_error|llvm_unreachable)\b|\babort\s*\(")
REGEX = re.compile(r"#\s*include\s*[<\"](regex|llvm/Support/Regex\.h)[>\"]")

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^">]+)[">]')


def part_of(rel):
    head, name = os.path.split(rel)
    stem = os.path.join(head, name.split(".", 1)[0])
    for part, prefixes in PARTS.items():
        if any(stem == p or (p.endswith("/") and stem.startswith(p))
               for p in prefixes):
            return part
    return None


def allowed_closure():
    """ALLOWED, closed transitively; fails if it has a circle."""
    closure = {}

    def visit(part, stack):
        if part in stack:
            raise SystemExit("check-layers: ALLOWED has a circle: " +
                             " -> ".join(stack + [part]))
        if part in closure:
            return closure[part]
        seen = set()
        for dep in ALLOWED[part]:
            seen.add(dep)
            seen |= visit(dep, stack + [part])
        closure[part] = seen
        return seen

    for part in ALLOWED:
        visit(part, [])
    return closure


def sources(root, folder):
    base = os.path.join(root, "tool", "lib", folder)
    for dirpath, _, files in os.walk(base):
        for f in sorted(files):
            if f.endswith((".h", ".cpp", ".inc", ".in")):
                path = os.path.join(dirpath, f)
                yield path, os.path.relpath(path, os.path.join(root, "tool", "lib"))


def check_includes(root, closure):
    errors = []
    for folder in ("frontend", "analysis"):
        for path, rel in sources(root, folder):
            part = part_of(rel)
            if part is None:
                errors.append(f"{rel}: in no part of scripts/check-layers.py "
                              "(add it to PARTS and ALLOWED)")
                continue
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    target = m.group(1)
                    if not target.startswith(("frontend/", "analysis/")):
                        continue
                    to = part_of(target)
                    if to is None:
                        errors.append(f"{rel}:{n}: includes {target}, in no part")
                    elif to != part and to not in closure[part]:
                        errors.append(f"{rel}:{n}: {part} includes {target} "
                                      f"({to}), which it may not use")
    for folder in CLANG_FREE:
        for path, rel in sources(root, folder):
            with open(path, encoding="utf-8") as f:
                for n, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if m and m.group(1).startswith(("frontend/", "analysis/",
                                                    "clang/")):
                        errors.append(f"{rel}:{n}: the Clang-free {folder}/ "
                                      f"includes {m.group(1)}")
    return errors


def included_phase(target):
    """The Clang-free phase an include names (`opgen/check/...`,
    `emit/api/...`), or None."""
    parts = target.split("/")
    if parts[0] == "opgen" and len(parts) > 1:
        parts = parts[1:]
    return parts[0] if len(parts) > 1 and parts[0] in PHASES else None


def check_phases(root):
    errors = []
    for phase, may in PHASES.items():
        dirs = [os.path.join(root, "tool", "lib", phase),
                os.path.join(root, "tool", "include", "opgen", phase)]
        for base in dirs:
            for dirpath, _, files in os.walk(base):
                for f in sorted(files):
                    path = os.path.join(dirpath, f)
                    rel = os.path.relpath(path, root)
                    with open(path, encoding="utf-8") as fh:
                        for n, line in enumerate(fh, 1):
                            m = INCLUDE.match(line)
                            if not m:
                                continue
                            to = included_phase(m.group(1))
                            if to and to != phase and to not in may:
                                errors.append(f"{rel}:{n}: {phase}/ includes "
                                              f"{m.group(1)} ({to}/), which "
                                              "it may not use")
    return errors


def check_rules(root):
    errors = []
    for dirpath, _, files in os.walk(os.path.join(root, "tool")):
        for f in sorted(files):
            if not f.endswith((".h", ".cpp", ".inc")):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, root)
            with open(path, encoding="utf-8") as fh:
                for n, line in enumerate(fh, 1):
                    code = line.split("//", 1)[0]
                    if ABORTS.search(code):
                        errors.append(f"{rel}:{n}: an abort "
                                      f"({code.strip()}): report an "
                                      "InternalError instead")
                    if REGEX.search(line):
                        errors.append(f"{rel}:{n}: a regular expression: "
                                      "read C++ through Clang")
    return errors


CMAKE_LINES = 450
STEP_FLAGS = re.compile(r"--(discover|combine|build-preamble|write-shards|stamp|depfile)\b"
                        r"|\bpch-cache\s+--cache\b")
CMAKE_WRITES = re.compile(r"\b(file\s*\(\s*(WRITE|APPEND|GENERATE|CONFIGURE)|configure_file)\b",
                          re.IGNORECASE)


def check_cmake(root):
    errors = []
    todo, seen, lines = ["cmake/AddCustomOp.cmake"], set(), 0
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        with open(os.path.join(root, rel), encoding="utf-8") as fh:
            text = fh.read().splitlines()
        lines += len(text)
        for n, line in enumerate(text, 1):
            code = line.split("#", 1)[0]
            if STEP_FLAGS.search(code):
                errors.append(f"{rel}:{n}: a command line of opgen's steps: "
                              "opgen plan writes it")
            if CMAKE_WRITES.search(code):
                errors.append(f"{rel}:{n}: CMake writes a file: opgen does")
            m = re.search(r"include\(\$\{(?:_OPGEN_CMAKE_DIR|CMAKE_CURRENT_LIST_DIR)\}/(\w+\.cmake)\)", code)
            if m:
                todo.append("cmake/" + m.group(1))
    if lines >= CMAKE_LINES:
        errors.append(f"{', '.join(sorted(seen))}: {lines} lines, not under "
                      f"{CMAKE_LINES}: add_custom_op() only runs opgen's build graph")
    return errors


def nm(obj, *flags):
    out = subprocess.run(["nm", "--format=posix", *flags, obj],
                         capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 2:
            yield fields[0], fields[1]


def check_symbols(build, closure):
    objects = {}
    for dirpath, _, files in os.walk(os.path.join(build, "tool", "CMakeFiles")):
        for f in files:
            if not f.endswith(".o"):
                continue
            path = os.path.join(dirpath, f)
            marker = os.sep + "lib" + os.sep
            if marker not in path:
                continue
            rel = path.split(marker, 1)[1][: -len(".o")]
            # (A file in no part is reported by check_includes.)
            if rel.startswith(("frontend/", "analysis/")) and part_of(rel):
                objects[path] = (rel, part_of(rel))
    if not objects:
        return [f"no object files of frontend/ or analysis/ under {build}"]
    defined = {}
    for path, (rel, part) in objects.items():
        for sym, kind in nm(path, "--defined-only"):
            # Strong definitions only: inline functions and templates (weak,
            # W/V) are defined by every user.
            if kind in "TDBR":
                defined.setdefault(sym, set()).add(part)
    errors = []
    for path, (rel, part) in sorted(objects.items()):
        for sym, _ in nm(path, "--undefined-only"):
            for owner in defined.get(sym, ()):
                if owner != part and owner not in closure[part]:
                    name = subprocess.run(["c++filt", sym], capture_output=True,
                                          text=True).stdout.strip() or sym
                    errors.append(f"{rel}: {part} uses {name}, defined in "
                                  f"{owner}, which it may not use")
    return errors


def main():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=here)
    ap.add_argument("--objects", help="a build directory: check symbols too")
    args = ap.parse_args()
    closure = allowed_closure()
    errors = check_includes(args.root, closure)
    errors += check_phases(args.root) + check_rules(args.root) + check_cmake(args.root)
    if args.objects:
        errors += check_symbols(args.objects, closure)
    for e in errors:
        print(f"check-layers: {e}", file=sys.stderr)
    if errors:
        return 1
    print("check-layers: no circle; the phases, no abort, no regex; CMake runs the graph")
    return 0


if __name__ == "__main__":
    sys.exit(main())
