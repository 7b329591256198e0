"""bench/run.py, item 5: extension-cpp's kernels, hand-written vs generated.

    compare.py build-hand <dir>
        builds muladd_hand.cpp the way pytorch/extension-cpp's setup.py does
        (torch.utils.cpp_extension, C++ flags -O3 and the -DNDEBUG a setup.py
        build takes from Python's CFLAGS) into <dir> with
        torch.utils.cpp_extension.load(); prints the library's path.
    compare.py time --hand <libextcpp_hand.so> [--rounds N] [--calls N]
                    [--sizes 16,1024]
        with the generated package `extcpp_gen` on PYTHONPATH: times eager
        calls of mymuladd, mymul and myadd_out (CPU, float32, 1-D tensors of
        each size) through torch.ops, extcpp_gen::* (add_custom_op) against
        extcpp_hand::* (by hand), in blocks of --calls calls, the two taking
        turns (which goes first alternates) for --rounds rounds; prints JSON:
        per op and size the median and fastest-decile ns per call of each,
        and generated/hand as the ratio of the fastest deciles and the median
        of the per-round ratios.
"""
import argparse
import gc
import json
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
OPS = ("mymuladd", "mymul", "myadd_out")


def build_hand(directory):
    import torch.utils.cpp_extension as ext
    os.makedirs(directory, exist_ok=True)
    path = ext.load(name="extcpp_hand", sources=[str(HERE / "muladd_hand.cpp")],
                    extra_cflags=["-O3", "-DNDEBUG"], build_directory=directory,
                    is_python_module=False, verbose=False)
    print(path)


def block(fn, args, calls):
    t0 = time.perf_counter_ns()
    for _ in range(calls):
        fn(*args)
    return (time.perf_counter_ns() - t0) / calls


def time_calls(a):
    import torch
    torch.ops.load_library(a.hand)
    import extcpp_gen  # noqa: F401  (loads libextcpp_gen.so: extcpp_gen::*)
    torch.set_num_threads(1)
    result = {}
    for n in (int(s) for s in a.sizes.split(",")):
        x, y = torch.rand(n), torch.rand(n)
        for op in OPS:
            variants = {"generated": getattr(torch.ops.extcpp_gen, op),
                        "hand": getattr(torch.ops.extcpp_hand, op)}
            if op == "myadd_out":
                outs = {v: torch.empty(n) for v in variants}
                args = {v: (x, y, outs[v]) for v in variants}
            else:
                args = {v: (x, y) + ((0.5,) if op == "mymuladd" else ()) for v in variants}
            # Same results, and warm.
            got = {}
            for v, fn in variants.items():
                r = fn(*args[v])
                got[v] = outs[v].clone() if op == "myadd_out" else r
                block(fn, args[v], a.calls)
            if not torch.equal(got["generated"], got["hand"]):
                sys.exit(f"{op}: generated and hand-written results differ")
            samples = {v: [] for v in variants}
            gc.disable()
            for r in range(a.rounds):
                order = ["generated", "hand"] if r % 2 == 0 else ["hand", "generated"]
                for v in order:
                    samples[v].append(block(variants[v], args[v], a.calls))
            gc.enable()
            decile = {v: statistics.quantiles(s, n=10)[0] for v, s in samples.items()}
            result[f"{op}/{n}"] = {
                "ns": {v: statistics.median(s) for v, s in samples.items()},
                "ns_decile": decile,
                "generated/hand": {
                    "decile": decile["generated"] / decile["hand"],
                    "median": statistics.median(
                        g / h for g, h in zip(samples["generated"], samples["hand"])),
                },
            }
    print(json.dumps(result))


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build-hand")
    b.add_argument("dir")
    t = sub.add_parser("time")
    t.add_argument("--hand", required=True)
    t.add_argument("--rounds", type=int, default=201)
    t.add_argument("--calls", type=int, default=200)
    t.add_argument("--sizes", default="16,1024")
    a = p.parse_args()
    if a.cmd == "build-hand":
        build_hand(a.dir)
    else:
        time_calls(a)


if __name__ == "__main__":
    main()
