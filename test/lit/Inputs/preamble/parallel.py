"""Many `opgen --build-preamble` runs at once, each followed by a discovery
that uses its preamble, against one small preamble cache of their own
(test/lit/preamble_parallel.test).

usage: parallel.py <opgen> <sys include dir> <work dir> [--rounds N]

Builds KEYS distinct preambles (-DN=<key>: an entry each), each by BUILDERS
processes started together, in a cache of CAPACITY entries that keeps no
entry for being used lately (OPGEN_PREAMBLE_CACHE_IN_USE_SECONDS=0), so
that entries are evicted while others are being built and read. Checks:
every run succeeds and says nothing; every manifest lists its include lines
and names a PCH of the cache; a discovery that used a preamble wrote the
record it writes without one; after a round (and one more build, once no
run holds a lock) the cache holds at most CAPACITY entries, each complete (its manifest, its PCH of the recorded size), and
nothing half-made (no temporary PCH, no entry half-removed).
"""
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

KEYS = 4
BUILDERS = 3
CAPACITY = 2


def run(cmd, env):
    return subprocess.run(cmd, env=env, capture_output=True, text=True)


def main():
    opgen, sysdir, work = sys.argv[1], sys.argv[2], Path(sys.argv[3])
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 1
    src = Path(sysdir).parent / "src" / "a.cpp"
    env = dict(os.environ,
               OPGEN_PREAMBLE_CACHE_ENTRIES=str(CAPACITY),
               OPGEN_PREAMBLE_CACHE_IN_USE_SECONDS="0")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    cache = work / "cache"
    flags = lambda key: ["--", "-isystem", sysdir, f"-DN={key}"]

    # The records without a preamble, one per key.
    plain = {}
    for key in range(KEYS):
        out = work / f"plain{key}.json"
        r = run([opgen, "--discover", str(src), "-o", str(out)] + flags(key), env)
        assert r.returncode == 0, r.stderr
        plain[key] = out.read_bytes()

    def worker(job):
        rnd, key, builder = job
        d = work / f"r{rnd}-k{key}-b{builder}"
        pch = d / "a.pch"
        r = run([opgen, "--build-preamble", str(src), "-o", str(pch),
                 "--preamble-cache", str(cache)] + flags(key), env)
        problems = []
        if r.returncode != 0 or r.stderr:
            problems.append(f"build-preamble: rc {r.returncode}: {r.stderr}")
            return problems, False
        manifest = json.loads(Path(str(pch) + ".json").read_text())
        if manifest["includes"] != ["fakelib.h", "cstdint"]:
            problems.append(f"includes {manifest['includes']}")
        if Path(manifest["pch"]).parent.parent != cache.resolve():
            problems.append(f"pch {manifest['pch']} not in the cache")
        if pch.exists():
            problems.append(f"{pch}: a PCH of its own")
        rec, dep = d / "rec.json", d / "rec.d"
        r = run([opgen, "--discover", str(src), "-o", str(rec), "--depfile", str(dep),
                 "--preamble", str(pch)] + flags(key), env)
        if r.returncode != 0 or r.stderr:
            problems.append(f"discover: rc {r.returncode}: {r.stderr}")
            return problems, False
        if rec.read_bytes() != plain[key]:
            problems.append("record differs from the plain one")
        used = str(pch) + ".json" in dep.read_text()
        return problems, used

    used_count = total = 0
    for rnd in range(rounds):
        jobs = [(rnd, key, b) for key in range(KEYS) for b in range(BUILDERS)]
        with concurrent.futures.ThreadPoolExecutor(len(jobs)) as pool:
            results = list(pool.map(worker, jobs))
        for job, (problems, used) in zip(jobs, results):
            assert not problems, f"{job}: {problems}"
            used_count += used
            total += 1

        # While the round ran, entries locked by other runs (being built, or
        # read by a discovery) were passed over by eviction; once none is,
        # the next --build-preamble brings the cache within its bound.
        r = run([opgen, "--build-preamble", str(src), "-o", str(work / f"after{rnd}" / "a.pch"),
                 "--preamble-cache", str(cache)] + flags(0), env)
        assert r.returncode == 0 and not r.stderr, r.stderr
        entries = sorted(p for p in cache.iterdir() if p.name.startswith(("c++-", "cuda-")))
        leftovers = sorted(p.name for p in cache.iterdir() if p not in entries)
        assert not leftovers, f"round {rnd}: left in the cache: {leftovers}"
        assert 1 <= len(entries) <= CAPACITY, f"round {rnd}: {len(entries)} entries"
        for e in entries:
            m = json.loads((e / "manifest.json").read_text())
            assert m["includes"], e
            pch = Path(m["pch"])
            assert pch == e / "preamble.pch", (pch, e)
            recorded = {f["path"]: f["size"] for f in m["files"]}
            assert pch.stat().st_size == recorded[str(pch)], e
            assert sorted(p.name for p in e.iterdir()) == \
                ["lock", "manifest.json", "preamble.h", "preamble.pch"], sorted(e.iterdir())
    # Most discoveries find their preamble (one evicted between its build
    # and its discovery is parsed in full, with the same record).
    assert used_count > 0, "no discovery used a preamble"
    print(f"{total} builds and discoveries in {rounds} round(s), {KEYS} keys, "
          f"cache of {CAPACITY}: all succeeded; every cache entry complete")


if __name__ == "__main__":
    main()
