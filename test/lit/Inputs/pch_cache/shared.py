"""A PCH shared by content (usage: shared.py WORK): another project, whose
key differs only by its include paths and build directory, takes the PCH
of the first (a hard link); one whose include path shadows a header the
PCH read or holds one it probes for, one with a define, or one whose header
changed since, builds its own. A library's own define (--define-symbol, CMake's
-D<target>_EXPORTS) is left out of its PCH, so that libraries of other names
share it, and stays defined for the translation unit; where a header of the
PCH names it, the PCH is compiled with it."""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import build_dir, complete, entries, fresh, pch, pch_files, uses_pch  # noqa: E402

work = sys.argv[1]
cache = fresh(work)


def project(name, header=None):
    """A project's include directory (holding fake.h with `header`'s text,
    if any) and its build directory."""
    inc = os.path.join(work, name, "include")
    os.makedirs(inc)
    with open(os.path.join(inc, "own.h"), "w") as f:
        f.write("inline int own() { return 1; }\n")
    if header:
        with open(os.path.join(inc, "fake.h"), "w") as f:
            f.write(header)
    return ["-I", inc], build_dir(os.path.join(work, name), "build")


def step(name, d, extra=(), symbol=None):
    rc, said = pch(work, d, cache, extra, symbol=symbol)
    print(f"{name}: {said} (exit {rc}); the TU: {uses_pch(work, d, extra)}")


def library(name, header=None):
    """A project of a shared library `name`: its define -D<name>_EXPORTS,
    which its translation unit checks, with FAKE_VALUE, after the PCH."""
    inc, d = project(name, header)
    symbol = f"{name}_EXPORTS"
    with open(os.path.join(d, "tu.cpp"), "w") as f:
        f.write(f"#ifndef {symbol}\n#error {symbol} lost\n#endif\n"
                "static_assert(FAKE_VALUE == 42, \"FAKE_VALUE\");\n"
                "int main() { return fake() == 42 ? 0 : 1; }\n")
    return inc + [f"-D{symbol}"], d, symbol


first_inc, first = project("first")
step("first project", first, first_inc)
other_inc, other = project("other")
step("another project", other, other_inc)
print(f"{len(entries(cache))} entries, one PCH: {len(pch_files(cache)) == 1}")
shadow_inc, shadow = project(
    "shadow", "#pragma once\n#define FAKE_VALUE 7\ninline int fake() { return 42; }\n")
step("a project whose include path shadows a header", shadow, shadow_inc)
# A header the PCH only probes for (__has_include), found in this project's
# include path: the same headers read, another macro defined.
probe_inc, probe = project("probe")
with open(os.path.join(probe_inc[1], "probe.h"), "w") as f:
    f.write("// probed, never included\n")
step("a project whose include path has a header the PCH probes for", probe, probe_inc)
defined_inc, defined = project("defined")
step("a project with a define", defined, defined_inc + ["-DFAKE_VALUE=42"])
# The header the first two read changes: their entries no longer serve.
with open(os.path.join(work, "sys", "fake.h"), "a") as f:
    f.write("// changed\n")
late_inc, late = project("late")
step("a project after a header changed", late, late_inc)
step("then another", first, first_inc)
before = pch_files(cache)
liba_inc, liba, liba_symbol = library("liba")
step("a library with its own define", liba, liba_inc, liba_symbol)
libb_inc, libb, libb_symbol = library("libb")
step("another library with its own define", libb, libb_inc, libb_symbol)
# Its include lines in a directory named after the library, as
# add_custom_op's <target>_gen/preamble/: the same content.
gen_inc, gen, gen_symbol = library("genlib")
os.makedirs(os.path.join(gen, "genlib_gen"))
os.rename(os.path.join(gen, "hdr.h"), os.path.join(gen, "genlib_gen", "hdr.h"))
with open(os.path.join(gen, "pch.hxx"), "w") as f:
    f.write(f'#pragma GCC system_header\n#include "{gen}/genlib_gen/hdr.h"\n')
step("a library whose include lines are in a directory of its name", gen, gen_inc, gen_symbol)
print(f"the three libraries, no PCH of their own: {pch_files(cache) == before}")
# A header the PCH reads names the library's define: left out, it would give
# the PCH another meaning (GCC would refuse the PCH, -Winvalid-pch).
named_inc, named, named_symbol = library(
    "named", "#pragma once\n#ifdef named_EXPORTS\n#define FAKE_VALUE 42\n#else\n"
    "#define FAKE_VALUE 0\n#endif\ninline int fake() { return FAKE_VALUE; }\n")
step("a library whose header names its define", named, named_inc, named_symbol)
# One PCH adopted by many projects (as every `pip install` of a project from
# a temporary copy adopts it): its entries, each a manifest of its own, are
# kept for the 8 most recently used only; the PCH itself stays.
def pch_of(entry):
    st = os.stat(os.path.join(cache, entry, "pch.gch"))
    return (st.st_dev, st.st_ino)


said_used, added = set(), []
for i in range(10):
    alias_inc, alias = project(f"alias{i}")
    before_step = set(entries(cache))
    rc, said = pch(work, alias, cache, alias_inc)
    said_used.add(f"{said} (exit {rc}), the TU {uses_pch(work, alias, alias_inc)}")
    added += sorted(set(entries(cache)) - before_step)
print(f"ten more projects: {', '.join(sorted(said_used))}; {len(added)} entries added")
group = [e for e in entries(cache) if pch_of(e) == pch_of(added[-1])]
print(f"entries of that PCH: {len(group)}, the 8 latest: {sorted(group) == sorted(added[-8:])}")
step("the first project again", first, first_inc)
print(f"every entry complete: {complete(cache)}")
