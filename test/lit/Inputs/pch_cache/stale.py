"""A stale PCH is never used: each input of the cache key, and each header
the PCH read, changed in turn (usage: stale.py WORK)."""
import fcntl
import os
import shutil
import stat
import subprocess
import sys

sys.path.insert(0, os.path.dirname(__file__))
from common import (CXX, OPGEN, build_dir, complete, entries, fresh, pch, pch_files,  # noqa: E402
                    uses_pch)

work = sys.argv[1]
cache = fresh(work)
one, two = build_dir(work, "one"), build_dir(work, "two")
header = os.path.join(work, "sys", "fake.h")


def step(name, d, extra=(), compiler=CXX):
    rc, said = pch(work, d, cache, extra, compiler)
    print(f"{name}: {said} (exit {rc}); the TU: {uses_pch(work, d, extra)}")


step("first", one)
step("another build directory", two)
os.unlink(os.path.join(one, "pch.hxx.gch"))
step("a clean rebuild", one)
# A header's time changes (its contents as they were).
st = os.stat(header)
os.utime(header, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
step("a header touched", one)
step("then", two)
# A header's size changes, its time set back as it was.
st = os.stat(header)
with open(header, "a") as f:
    f.write("// more\n")
os.utime(header, ns=(st.st_atime_ns, st.st_mtime_ns))
step("a header grown, same time", one)
# A define, then none again.
step("a define", one, ["-DFAKE_VALUE=42"])
step("no define again", one)
# Another compiler (the same GCC through another path).
other = os.path.join(work, "cxx2")
with open(other, "w") as f:
    f.write(f'#!/bin/sh\nexec {CXX} "$@"\n')
os.chmod(other, os.stat(other).st_mode | stat.S_IEXEC)
step("another compiler", one, compiler=other)
# The include lines of the build directory change.
with open(os.path.join(one, "hdr.h"), "a") as f:
    f.write("#include <cstdint>\n")
step("other include lines", one)
# A compile that fails leaves no entry.
before = entries(cache)
rc, _ = pch(work, one, cache, ["-DFAKE_VALUE=", "-include", "no-such-header.h"])
print(f"a failing compile: exit {'nonzero' if rc else 0}, "
      f"{len(entries(cache)) - len(before)} new entries, every entry complete: {complete(cache)}")
# Incomplete entries (no manifest): one another build is making (its lock
# held) is left alone and not counted, so no finished PCH is evicted in its
# place (the cache as full as its bound); one a build died making is removed.
full = str(len(pch_files(cache)))
dead, making = (os.path.join(cache, "gcc-pch-" + c * 20) for c in "dm")
for e in (dead, making):
    os.makedirs(e)
    open(os.path.join(e, "lock"), "w").close()
held = os.open(os.path.join(making, "lock"), os.O_RDWR)
fcntl.flock(held, fcntl.LOCK_EX)
rc, said = pch(work, one, cache, env={"OPGEN_PCH_CACHE_ENTRIES": full})
print(f"with an incomplete entry left and one being made: {said} (exit {rc}); PCHs before "
      f"{full}, after {len(pch_files(cache, complete_only=True))}; the one left removed: "
      f"{not os.path.exists(dead)}, the one being made kept: {os.path.exists(making)}")
os.close(held)
shutil.rmtree(making)
# Any other compile runs as it is.
with open(os.path.join(one, "plain.cpp"), "w") as f:
    f.write("int plain() { return 0; }\n")
r = subprocess.run([OPGEN, "pch-cache", "--cache", cache, "--build-dir", one, "--compiler",
                    CXX, "--", CXX, "-c", "plain.cpp", "-o", "plain.o"], cwd=one)
print(f"a plain compile: exit {r.returncode}, object {os.path.exists(os.path.join(one, 'plain.o'))}")
