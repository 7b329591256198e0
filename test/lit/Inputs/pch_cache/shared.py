"""A PCH shared by content (usage: shared.py WORK): another project, whose
key differs only by its include paths and build directory, takes the PCH
of the first (a hard link); one whose include path shadows a header the
PCH read or holds one it probes for, one with a define, or one whose header
changed since, builds its own."""
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


def step(name, d, extra=()):
    rc, said = pch(work, d, cache, extra)
    print(f"{name}: {said} (exit {rc}); the TU: {uses_pch(work, d, extra)}")


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
print(f"every entry complete: {complete(cache)}")
