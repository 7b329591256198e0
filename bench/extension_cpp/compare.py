"""bench/run.py, item 5: extension-cpp's kernels, hand-written vs generated.

    compare.py build-hand <dir>
        builds muladd_hand.cpp the way pytorch/extension-cpp's setup.py does
        (torch.utils.cpp_extension, C++ flags -O3 and the -DNDEBUG a setup.py
        build takes from Python's CFLAGS) into <dir> with
        torch.utils.cpp_extension.load(); prints the library's path.
    compare.py time --hand <extcpp_hand.so> [--rounds N] [--calls N]
                    [--sizes 16,1024] [--cases mymul,...]
        with the generated package `extcpp_gen` on PYTHONPATH: imports it and
        the hand-written side laid out as pytorch/extension-cpp's package is
        (extcpp_hand/: the C++ library, then ops.py with extension-cpp's
        register_fake calls and mymuladd's Python register_autograd), and
        times eager calls (CPU, float32, 1-D tensors of each size), the
        generated extcpp_gen::* against the hand-written extcpp_hand::*, in
        blocks of --calls calls, the two taking turns (which goes first
        alternates) for --rounds rounds. The cases (see cases()): each op
        through torch.ops.<ns>.<op> on inputs that do not require grad;
        mymuladd through the packages' Python function (extension-cpp's
        `extension_cpp.ops.mymuladd`, opgen's `extcpp_gen.ops.mymuladd`); and
        mymuladd on inputs that require grad, the forward alone and with
        torch.autograd.grad. Results and gradients are checked equal first.
        Prints JSON: per case and size the median and fastest-decile ns per
        call of each, and generated/hand as the ratio of the fastest deciles
        and the median of the per-round ratios.
    compare.py loop --hand <extcpp_hand.so> --case C --variant V [--calls N]
        N calls of one case of one side (for valgrind --tool=callgrind).
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


def load_both(hand):
    """Imports both packages: extcpp_hand (extension-cpp's layout: the C++
    library, then ops.py) and the generated extcpp_gen."""
    os.environ["EXTCPP_HAND_LIBRARY"] = hand
    sys.path.insert(0, str(HERE))
    import extcpp_hand  # noqa: F401
    import extcpp_gen  # noqa: F401
    import extcpp_gen.ops
    return sys.modules["extcpp_hand.ops"], extcpp_gen.ops


def cases(n, hand_ops, gen_ops):
    """{case: {variant: (function, args)}}. A case is `op` (torch.ops.<ns>.<op>,
    inputs that do not require grad: the inference call), `op[ops.py]` (the
    package's Python function, for mymuladd, the one extension-cpp's ops.py
    has), `op[grad]` (inputs that require grad: the forward and the graph
    it records) and `op[grad+backward]` (that, and torch.autograd.grad of
    both inputs)."""
    import torch
    x, y = torch.rand(n), torch.rand(n)
    xg, yg = x.clone().requires_grad_(), y.clone().requires_grad_()
    g = torch.rand(n)
    ns = {"generated": torch.ops.extcpp_gen, "hand": torch.ops.extcpp_hand}
    wrapper = {"generated": gen_ops, "hand": hand_ops}
    out = {v: torch.empty(n) for v in ns}

    def fwd_bwd(fn):
        def call(a, b, c):
            return torch.autograd.grad(fn(a, b, c), (a, b), g)
        return call

    c = {}
    c["mymuladd"] = {v: (ns[v].mymuladd, (x, y, 0.5)) for v in ns}
    c["mymuladd[ops.py]"] = {v: (wrapper[v].mymuladd, (x, y, 0.5)) for v in ns}
    c["mymuladd[grad]"] = {v: (ns[v].mymuladd, (xg, yg, 0.5)) for v in ns}
    c["mymuladd[grad+backward]"] = {v: (fwd_bwd(ns[v].mymuladd), (xg, yg, 0.5)) for v in ns}
    c["mymul"] = {v: (ns[v].mymul, (x, y)) for v in ns}
    c["myadd_out"] = {v: (ns[v].myadd_out, (x, y, out[v])) for v in ns}
    return c, out


def result_of(case, fn, args, out):
    r = fn(*args)
    if case == "myadd_out":
        return [out.clone()]
    return list(r) if isinstance(r, tuple) else [r]


def time_calls(a):
    import torch
    hand_ops, gen_ops = load_both(a.hand)
    torch.set_num_threads(1)
    only = set(a.cases.split(",")) if a.cases else None
    result = {}
    for n in (int(s) for s in a.sizes.split(",")):
        all_cases, outs = cases(n, hand_ops, gen_ops)
        for case, variants in all_cases.items():
            if only and case not in only:
                continue
            # Same results (and gradients), and warm.
            got = {}
            for v, (fn, args) in variants.items():
                got[v] = result_of(case.split("[")[0], fn, args, outs[v])
                block(fn, args, a.calls)
            if len(got["generated"]) != len(got["hand"]) or not all(
                    torch.equal(p, q) for p, q in zip(got["generated"], got["hand"])):
                sys.exit(f"{case}: generated and hand-written results differ")
            samples = {v: [] for v in variants}
            gc.disable()
            for r in range(a.rounds):
                order = ["generated", "hand"] if r % 2 == 0 else ["hand", "generated"]
                for v in order:
                    samples[v].append(block(*variants[v], a.calls))
            gc.enable()
            decile = {v: statistics.quantiles(s, n=10)[0] for v, s in samples.items()}
            result[f"{case}/{n}"] = {
                "ns": {v: statistics.median(s) for v, s in samples.items()},
                "ns_decile": decile,
                "generated/hand": {
                    "decile": decile["generated"] / decile["hand"],
                    "median": statistics.median(
                        g / h for g, h in zip(samples["generated"], samples["hand"])),
                },
            }
    print(json.dumps(result))


def loop(a):
    """For callgrind: a.calls calls of one case of one variant, after one
    warm-up call."""
    import torch
    hand_ops, gen_ops = load_both(a.hand)
    torch.set_num_threads(1)
    all_cases, _ = cases(a.size, hand_ops, gen_ops)
    fn, args = all_cases[a.case][a.variant]
    fn(*args)
    block(fn, args, a.calls)


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
    t.add_argument("--cases", default="", help="comma-separated cases (default: all)")
    lp = sub.add_parser("loop")
    lp.add_argument("--hand", required=True)
    lp.add_argument("--case", required=True)
    lp.add_argument("--variant", choices=["generated", "hand"], required=True)
    lp.add_argument("--calls", type=int, default=1000)
    lp.add_argument("--size", type=int, default=16)
    a = p.parse_args()
    if a.cmd == "build-hand":
        build_hand(a.dir)
    elif a.cmd == "time":
        time_calls(a)
    else:
        loop(a)


if __name__ == "__main__":
    main()
