"""Builds sharing one small PCH cache at once (usage: parallel.py WORK
[--rounds N]): 12 PCH compiles of 4 contents per round, each in its own
build directory, half of them with an include directory of their own (a
key of their own: the PCH built or adopted), in a cache of 2; each then compiles a translation unit with its
PCH. All must succeed and use their PCH, and the cache must end within its
bound, every entry complete."""
import os
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(__file__))
from common import build_dir, complete, fresh, pch, pch_files, uses_pch  # noqa: E402

work = sys.argv[1]
rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 1
cache = fresh(work)
env = {"OPGEN_PCH_CACHE_ENTRIES": "2"}


def one(i, r):
    d = build_dir(work, f"b{r}-{i}")
    extra = [f"-DKEY={i % 4}"]
    if i >= 6:
        # An include directory of its own, outside the build directory: a
        # key of its own, the content of another's (the PCH adopted, when an
        # entry of that content is there).
        own = os.path.join(work, f"own-{r}-{i}")
        os.makedirs(own, exist_ok=True)
        extra += ["-I", own]
    rc, said = pch(work, d, cache, extra, env=env)
    used = uses_pch(work, d, extra)
    return rc == 0 and used == "used", f"{d}: exit {rc}, {said}, {used}"


failures = []
for r in range(rounds):
    with ThreadPoolExecutor(12) as pool:
        for ok, what in pool.map(lambda i: one(i, r), range(12)):
            if not ok:
                failures.append(what)
# The bound counts PCHs: entries that adopted one share its file. Builds
# that evict at once may each remove the other's (each uses its own copy),
# so the cache may end under its bound, never over it, nor empty.
n = len(pch_files(cache))
if failures or not 1 <= n <= 2 or not complete(cache):
    print("\n".join(failures), f"\n{n} PCHs, complete: {complete(cache)}")
    sys.exit(1)
print(f"{12 * rounds} PCH builds in {rounds} round(s), 4 contents, cache of 2: all succeeded and "
      f"used their PCH; 1 or 2 PCHs, every entry complete")
