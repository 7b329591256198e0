"""bench/run.py, item 5: extension-cpp's kernels, hand-written vs generated.

    compare.py build-hand [--cuda] <dir>
        builds muladd_hand.cpp (with --cuda also muladd_hand.cu, extension-cpp's
        CUDA kernels) the way pytorch/extension-cpp's setup.py does
        (torch.utils.cpp_extension, C++ flags -O3 and the -DNDEBUG a setup.py
        build takes from Python's CFLAGS, nvcc -O3) into <dir> with
        torch.utils.cpp_extension.load(); prints the library's path. The CUDA
        architectures come from $TORCH_CUDA_ARCH_LIST (torch's own rule; set
        it where there is no GPU, e.g. TORCH_CUDA_ARCH_LIST=9.0).
    compare.py time --hand <extcpp_hand.so> [--device cpu|cuda] [--rounds N]
                    [--calls N] [--sizes 16,1024] [--cases mymul,...]
        with the generated package `extcpp_gen` on PYTHONPATH: imports it and
        the hand-written side laid out as pytorch/extension-cpp's package is
        (extcpp_hand/: the C++ library, then ops.py with extension-cpp's
        register_fake calls and mymuladd's Python register_autograd), and
        times eager calls (float32, 1-D tensors of each size on --device; on
        cuda each timed block ends with torch.cuda.synchronize(), and without
        a GPU the command says so and prints {"skipped": ...}), the
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
    compare.py saved-mutation --hand <extcpp_hand.so> [--device cpu|cuda]
        what myadd_out's version bump buys: a tensor saved for backward
        (w in z = x * w), then overwritten by myadd_out(a, b, w), then
        z.sum().backward(); prints, per side, w's version and what backward
        did (raised, or the gradient it gave against the right one).
    compare.py table <name>=<time's JSON file>...
        prints a markdown table of the ratios of one or more `time` runs.
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


def build_hand(directory, cuda):
    import torch.utils.cpp_extension as ext
    os.makedirs(directory, exist_ok=True)
    sources = [str(HERE / "muladd_hand.cpp")]
    if cuda:
        sources.append(str(HERE / "muladd_hand.cu"))
    path = ext.load(name="extcpp_hand", sources=sources,
                    extra_cflags=["-O3", "-DNDEBUG"], extra_cuda_cflags=["-O3", "-DNDEBUG"],
                    build_directory=directory, is_python_module=False, verbose=False)
    print(path)


def no_sync():
    pass


def block(fn, args, calls, sync=no_sync):
    """ns per call of `calls` calls; `sync` (torch.cuda.synchronize on cuda)
    ends the block, so the time includes the kernels' completion."""
    t0 = time.perf_counter_ns()
    for _ in range(calls):
        fn(*args)
    sync()
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


def cases(n, hand_ops, gen_ops, device="cpu"):
    """{case: {variant: (function, args)}}. A case is `op` (torch.ops.<ns>.<op>,
    inputs that do not require grad: the inference call), `op[ops.py]` (the
    package's Python function, for mymuladd, the one extension-cpp's ops.py
    has), `op[grad]` (inputs that require grad: the forward and the graph
    it records) and `op[grad+backward]` (that, and torch.autograd.grad of
    both inputs)."""
    import torch
    x, y = torch.rand(n, device=device), torch.rand(n, device=device)
    xg, yg = x.clone().requires_grad_(), y.clone().requires_grad_()
    g = torch.rand(n, device=device)
    ns = {"generated": torch.ops.extcpp_gen, "hand": torch.ops.extcpp_hand}
    wrapper = {"generated": gen_ops, "hand": hand_ops}
    out = {v: torch.empty(n, device=device) for v in ns}

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


def same(case, got):
    """Checks both sides gave the same results: equal, or on cuda at least
    close (then says so on stderr: the run goes on, its results tell)."""
    import torch
    g, h = got["generated"], got["hand"]
    if len(g) != len(h):
        sys.exit(f"{case}: generated and hand-written results differ in number")
    if all(torch.equal(p, q) for p, q in zip(g, h)):
        return True
    if all(p.device.type == "cuda" and torch.allclose(p, q) for p, q in zip(g, h)):
        worst = max(float((p - q).abs().max()) for p, q in zip(g, h))
        print(f"compare.py: {case}: results not bitwise equal, close (max abs diff {worst})",
              file=sys.stderr)
        return False
    sys.exit(f"{case}: generated and hand-written results differ")


def time_calls(a):
    import torch
    if a.device == "cuda" and not torch.cuda.is_available():
        reason = f"no CUDA device (torch {torch.__version__}: torch.cuda.is_available() is false)"
        print(f"compare.py time --device cuda: skipped, {reason}", file=sys.stderr)
        print(json.dumps({"skipped": reason}))
        return
    hand_ops, gen_ops = load_both(a.hand)
    torch.set_num_threads(1)
    sync = torch.cuda.synchronize if a.device == "cuda" else no_sync
    only = set(a.cases.split(",")) if a.cases else None
    result = {}
    for n in (int(s) for s in a.sizes.split(",")):
        all_cases, outs = cases(n, hand_ops, gen_ops, a.device)
        for case, variants in all_cases.items():
            if only and case not in only:
                continue
            # Same results (and gradients), and warm.
            got = {}
            for v, (fn, args) in variants.items():
                got[v] = result_of(case.split("[")[0], fn, args, outs[v])
                block(fn, args, a.calls, sync)
            equal = same(case, got)
            samples = {v: [] for v in variants}
            gc.disable()
            for r in range(a.rounds):
                order = ["generated", "hand"] if r % 2 == 0 else ["hand", "generated"]
                for v in order:
                    samples[v].append(block(*variants[v], a.calls, sync))
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
            if not equal:
                result[f"{case}/{n}"]["bitwise_equal"] = False
    result["_run"] = {"device": a.device, "torch": torch.__version__,
                      "gpu": torch.cuda.get_device_name() if a.device == "cuda" else None,
                      "rounds": a.rounds, "calls": a.calls}
    print(json.dumps(result))


def saved_mutation(a):
    import torch
    load_both(a.hand)
    for v, ns in (("hand", torch.ops.extcpp_hand), ("generated", torch.ops.extcpp_gen)):
        x = torch.ones(4, device=a.device, requires_grad=True)
        w = torch.tensor([0.5, 1.5, 2.5, 3.5], device=a.device)
        right = w.clone()  # d(sum(x * w))/dx
        z = x * w  # saves w for backward
        ns.myadd_out(torch.ones(4, device=a.device), torch.ones(4, device=a.device), w)
        try:
            z.sum().backward()
            what = ("right" if torch.equal(x.grad, right) else
                    f"WRONG, silently: {x.grad.tolist()} instead of {right.tolist()}")
        except RuntimeError as e:
            what = f"raised: {str(e).splitlines()[0].split(': [')[0]}: [...]"
        print(f"{v}: w._version after myadd_out(a, b, w): {w._version}; backward: {what}")


def table(a):
    """A markdown table of `time` runs: a row per case and size, for each run
    the fastest deciles (generated vs hand-written ns) and their ratio."""
    runs = []
    for spec in a.runs:
        name, _, path = spec.partition("=")
        runs.append((name, json.loads(Path(path).read_text().strip().splitlines()[-1])))
    print("| case / size | " + " | ".join(
        f"{name}: generated vs hand ns (ratio)" for name, _ in runs) + " |")
    print("|---|" + "---|" * len(runs))
    keys = []
    for _, r in runs:
        keys += [k for k in r if not k.startswith("_") and k != "skipped" and k not in keys]
    for k in keys:
        cells = []
        for _, r in runs:
            if "skipped" in r:
                cells.append("skipped")
            elif k not in r:
                cells.append("")
            else:
                d = r[k]["ns_decile"]
                cells.append(f"{d['generated']:.0f} vs {d['hand']:.0f}: "
                             f"**{r[k]['generated/hand']['decile']:.3f}×**")
        print(f"| {k} | " + " | ".join(cells) + " |")


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
    b.add_argument("--cuda", action="store_true", help="also muladd_hand.cu")
    b.add_argument("dir")
    t = sub.add_parser("time")
    t.add_argument("--hand", required=True)
    t.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
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
    sm = sub.add_parser("saved-mutation")
    sm.add_argument("--hand", required=True)
    sm.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    tb = sub.add_parser("table")
    tb.add_argument("runs", nargs="+", metavar="NAME=JSON")
    a = p.parse_args()
    if a.cmd == "build-hand":
        build_hand(a.dir, a.cuda)
    elif a.cmd == "time":
        time_calls(a)
    elif a.cmd == "saved-mutation":
        saved_mutation(a)
    elif a.cmd == "table":
        table(a)
    else:
        loop(a)


if __name__ == "__main__":
    main()
