"""Times eager calls of the trivial ops through torch.ops, three ways
(bench/run.py, item 3); prints JSON. Run with PYTHONPATH holding the
generated `bench_gen` package and BENCH_HAND_LIBRARY naming libbench_hand.so.

* generated: bench_gen::<op>, registered by opgen's generated code;
* hand:      bench_hand::<op>, the same kernel registered by hand;
* custom_op: bench_py::<op>, a Python torch.library.custom_op whose body
             calls the hand-written op (Python cannot reach the C++ kernel
             any faster without writing bindings).

Calls are timed in blocks of --calls; the variants take turns, in a rotating
order, for --rounds rounds. Reported per variant: the median and the fastest
decile (10th percentile) of the ns per call over the blocks; per pair of
variants: the median over rounds of the per-round ratios, and the ratio of
the fastest deciles. Other processes only ever add time to a block: on a
busy machine the fastest decile is the better estimate of the call's own
cost; on a quiet one the two agree.
"""
import argparse
import gc
import json
import os
import statistics
import time

import torch

import bench_gen  # noqa: F401  (loads libbench_gen.so, registers bench_gen::*)

torch.ops.load_library(os.environ["BENCH_HAND_LIBRARY"])


@torch.library.custom_op("bench_py::noop", mutates_args=("x",))
def _py_noop(x: torch.Tensor) -> None:
    torch.ops.bench_hand.noop(x)


@torch.library.custom_op("bench_py::add_one", mutates_args=())
def _py_add_one(x: torch.Tensor) -> torch.Tensor:
    return torch.ops.bench_hand.add_one(x)


def block(fn, x, calls):
    t0 = time.perf_counter_ns()
    for _ in range(calls):
        fn(x)
    return (time.perf_counter_ns() - t0) / calls


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rounds", type=int, default=301)
    p.add_argument("--calls", type=int, default=200)
    a = p.parse_args()
    torch.set_num_threads(1)
    x = torch.ones(4)
    result = {}
    for op in ("noop", "add_one"):
        fns = {
            "generated": getattr(torch.ops.bench_gen, op),
            "hand": getattr(torch.ops.bench_hand, op),
            "custom_op": getattr(torch.ops.bench_py, op),
        }
        # Same results, and warm.
        for fn in fns.values():
            y = fn(x)
            if op == "add_one":
                assert torch.equal(y, x + 1), (op, y)
            block(fn, x, a.calls)
        names = list(fns)
        samples = {n: [] for n in names}
        gc.disable()
        for r in range(a.rounds):
            order = names[r % 3:] + names[:r % 3]
            for n in order:
                samples[n].append(block(fns[n], x, a.calls))
        gc.enable()
        decile = {n: statistics.quantiles(v, n=10)[0] for n, v in samples.items()}
        ratio = lambda num, den: {
            "median": statistics.median(s / t for s, t in zip(samples[num], samples[den])),
            "decile": decile[num] / decile[den],
        }
        result[op] = {
            "ns": {n: statistics.median(v) for n, v in samples.items()},
            "ns_decile": decile,
            "generated/hand": ratio("generated", "hand"),
            "custom_op/generated": ratio("custom_op", "generated"),
        }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
