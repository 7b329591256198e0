"""Builds sharing one small PCH cache at once (usage: parallel.py WORK
[--rounds N]): 12 PCH compiles of 4 keys per round, each in its own build
directory, in a cache of 2; each then compiles a translation unit with its
PCH. All must succeed and use their PCH, and the cache must end within its
bound, every entry complete."""
import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(__file__))
from common import build_dir, complete, entries, pch, setup, uses_pch  # noqa: E402

work = sys.argv[1]
rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 1
shutil.rmtree(work, ignore_errors=True)
os.makedirs(work)
setup(work)
cache = os.path.join(work, "cache")
env = {"OPGEN_PCH_CACHE_ENTRIES": "2"}


def one(i, r):
    d = build_dir(work, f"b{r}-{i}")
    extra = [f"-DKEY={i % 4}"]
    rc, said = pch(work, d, cache, extra, env=env)
    used = uses_pch(work, d, extra)
    return rc == 0 and used == "used", f"{d}: exit {rc}, {said}, {used}"


failures = []
for r in range(rounds):
    with ThreadPoolExecutor(12) as pool:
        for ok, what in pool.map(lambda i: one(i, r), range(12)):
            if not ok:
                failures.append(what)
n = len(entries(cache))
if failures or n > 2 or not complete(cache):
    print("\n".join(failures), f"\n{n} entries, complete: {complete(cache)}")
    sys.exit(1)
print(f"{12 * rounds} PCH builds in {rounds} round(s), 4 keys, cache of 2: all succeeded and "
      f"used their PCH; {n} entries, every entry complete")
