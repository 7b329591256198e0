"""Build time of an op library: add_custom_op() against the hand-written
torch.utils.cpp_extension build of the same kernels, side by side in one
run (issue #29; docs/performance.md#6-build-time).

usage: build_time.py [--cases extcpp,vision,kernels] [--variants LIST]
                     [--cuda auto|on|off] [--jobs N] [--work DIR]
                     [--opgen-build DIR]

Cases:
  extcpp   pytorch/extension-cpp's layout: bench/extension_cpp/muladd.cpp
           (annotated) against muladd_hand.cpp (+ the .cu files with CUDA).
  vision   a torchvision-style library written here (<work>/vision/src):
           per op, the hand-written build has ops/<op>.cpp (the schemas),
           ops/cpu/<op>_kernel.cpp, ops/autograd/<op>_autograd_kernel.cpp and
           ops/autocast/<op>_autocast_kernel.cpp (cpp_extension names each
           object after its file alone), each including the torch headers
           (12 files for 3 ops); the opgen build has the same kernel bodies
           annotated in cpu/<op>_kernel.cpp and generates the rest.
  kernels  the bundled kernels/ (C++ sources; the .cu too with CUDA). Its
           "hand" build compiles the sources alone, with no registration
           code at all: a lower bound of any hand-written build. Without
           CUDA, a second one, "hand, with the registration", compiles what
           a hand-written library of them would: each kernel file with the
           wrappers of its functions and, in one more file (listed first),
           the registration, fakes and autograd Functions, written by
           `opgen kernels/*.cpp -o DIR` (kernels/ has no hand-written
           registration) and compiled as cpp_extension compiles (-O3).

Each build is clean (its build directory removed; the opgen builds' preamble
cache, and PCH cache, warm, filled by a first build that is not timed: as a
user's second project finds the preambles and a clean rebuild of the same
project its PCHs, which are kept per library), then incremental: one kernel source touched (its mtime
only: ninja reruns what depends on it). Variants of the opgen build are
add_custom_op's switches (docs/cmake.md#build-time):
  default  the defaults: OPGEN_UNITY_GENERATED=ON (the generated files as one
           translation unit of their own), OPGEN_FOLD_GENERATED=OFF,
           OPGEN_PRECOMPILE_HEADERS=AUTO (the PCHs for a library of two or
           more C++ sources, with GCC; cache warm)
  nopch    the defaults with OPGEN_PRECOMPILE_HEADERS=OFF (the defaults
           before AUTO)
  fold     nopch with OPGEN_FOLD_GENERATED=ON: the generated files in the
           first C++ shard's translation unit
  pch      the defaults and OPGEN_PRECOMPILE_HEADERS=ON, its PCH cache
           (OPGEN_PCH_CACHE) warm: the PCH is not compiled again
  pchcold  the same with no PCH cache: the PCH compiled in the build
  first    the defaults, the library's first build: its PCH cache holds only
           another library's PCHs (the same sources as the library
           `<target>_other` of another project, built first, not timed), as
           on a machine where another op library of the same include lines
           and flags was built before; what the cache shares by content
           (both PCHs) is taken from it
  pchfold  fold and pch (cache warm); pchfoldcold: with no PCH cache
  pchonly  OPGEN_PRECOMPILE_HEADERS=ON (cache warm), folding and unity OFF
  o3       nopch with OPGEN_GENERATED_OPTIMIZATION empty: the generated
           translation unit at the library's -O3, not -O1; pcho3: pch so
  off      all OFF, the generated files at -O3 (the build before #29)

Printed: one row per build (clean wall time and configure, summed compile
CPU time, the ratio to the hand-written build of the case: wall time
without configure, with it, and compile CPU; the incremental rebuild) and
the per-TU breakdown (ninja's .ninja_log wall time and the compiler's CPU
time, user + system, recorded by a compiler launcher). On a busy machine
wall times say little; CPU times per TU are the steadier figure.
"""
import argparse
import json
import os
import resource
import shlex
import shutil
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def is_pch_compile(args):
    """Whether a compile is a precompiled header's (`-x c++-header`)."""
    return any(a == "-x" and b == "c++-header" for a, b in zip(args, args[1:]))


def without_outputs(args):
    """A compile's arguments without its output and dependency-file names."""
    kept, skip = [], False
    for a in args:
        if skip:
            skip = False
        elif a in ("-o", "-MF", "-MT", "-MQ"):
            skip = True
        elif a not in ("-MD", "-MMD"):
            kept.append(a)
    return kept

def _variant(pch, unity, fold):
    return {"OPGEN_PRECOMPILE_HEADERS": pch, "OPGEN_UNITY_GENERATED": unity,
            "OPGEN_FOLD_GENERATED": fold}


# Named by what they change from add_custom_op()'s defaults (unity of the
# generated files, no folding, the compiler PCHs by the number of C++
# sources).
VARIANTS = {
    "default": _variant("AUTO", "ON", "OFF"),
    "nopch": _variant("OFF", "ON", "OFF"),
    "fold": _variant("OFF", "ON", "ON"),
    "pch": _variant("ON", "ON", "OFF"),
    "pchcold": dict(_variant("ON", "ON", "OFF"), OPGEN_PCH_CACHE=""),
    "first": _variant("AUTO", "ON", "OFF"),
    "pchfold": _variant("ON", "ON", "ON"),
    "pchfoldcold": dict(_variant("ON", "ON", "ON"), OPGEN_PCH_CACHE=""),
    "pchonly": _variant("ON", "OFF", "OFF"),
    "o3": dict(_variant("OFF", "ON", "OFF"), OPGEN_GENERATED_OPTIMIZATION=""),
    "pcho3": dict(_variant("ON", "ON", "OFF"), OPGEN_GENERATED_OPTIMIZATION=""),
    "off": dict(_variant("OFF", "OFF", "OFF"), OPGEN_GENERATED_OPTIMIZATION=""),
}


# --- the compiler launcher: CPU time per compile -------------------------

def launcher_main(argv):
    """cputime mode: run the command after `--`, append "<output>\t<cpu s>"
    to the log, exit with its status."""
    log, cmd = argv[0], argv[argv.index("--") + 1:]
    rc = subprocess.call(cmd)
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = cmd[cmd.index("-o") + 1] if "-o" in cmd else "?"
    if is_pch_compile(cmd) and "-include" in cmd:
        # A PCH compile, CMake's own or the PCH cache's into its entry
        # (opgen pch-cache): counted as the build's PCH,
        # <the -include file>.gch.
        out = cmd[cmd.index("-include") + 1] + ".gch"
    with open(log, "a") as f:
        f.write(f"{os.path.abspath(out)}\t{ru.ru_utime + ru.ru_stime:.3f}\n")
    return rc


def child_cpu():
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def parse_times(build):
    """{output: CPU seconds of the same compile with -fsyntax-only}: what of
    a translation unit's time is reading it (the torch headers, mostly)
    rather than generating code (--parse). C++ objects only, the PCH not."""
    r = subprocess.run(["ninja", "-C", build, "-t", "compdb"], capture_output=True, text=True)
    times = {}
    for entry in json.loads(r.stdout or "[]"):
        out, cmd = entry.get("output", ""), entry.get("command", "")
        if not out.endswith(".o") or entry.get("file", "").endswith(".cu"):
            continue
        argv = shlex.split(cmd)
        if "--cputime" in argv:
            argv = argv[argv.index("--") + 1:]
        if Path(argv[0]).name == "cxx":  # the hand-written build's launcher
            argv[0] = "c++"
        kept = [a for a in without_outputs(argv) if a != "-c"]
        before = child_cpu()
        done = subprocess.run(kept + ["-fsyntax-only"], cwd=entry["directory"],
                              capture_output=True)
        if done.returncode == 0:
            path = out if os.path.isabs(out) else str((Path(entry["directory"]) / out).resolve())
            times[path] = child_cpu() - before
    return times


def cpu_log(path):
    times = {}
    if path.exists():
        for line in path.read_text().splitlines():
            out, cpu = line.rsplit("\t", 1)
            times[out] = float(cpu)
    return times


# --- timing helpers ------------------------------------------------------

def run(cmd, cwd=None, env=None):
    start = time.monotonic()
    r = subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, capture_output=True, text=True)
    wall = time.monotonic() - start
    if r.returncode != 0:
        sys.exit(f"failed ({r.returncode}): {' '.join(map(str, cmd))}\n{r.stdout[-4000:]}\n{r.stderr[-4000:]}")
    return wall, r


def ninja_entries(build):
    """[(output, seconds)] of .ninja_log, in order."""
    log = build / ".ninja_log"
    if not log.exists():
        return []
    out = []
    for line in log.read_text().splitlines():
        if line.startswith("#"):
            continue
        start, end, _, output, _ = line.split("\t")
        out.append((output, (int(end) - int(start)) / 1000))
    return out


def tu_name(output):
    name = output.replace("\\", "/")
    for marker in ("CMakeFiles/", "_gen/"):
        if marker in name:
            name = name.split(marker, 1)[1]
    return name


def is_compile(output):
    return output.endswith((".o", ".gch", ".pch"))


class Build:
    def __init__(self, case, name):
        self.case, self.name = case, name
        self.clean = self.incremental = 0.0
        self.configure = None
        self.tus = []  # (name, wall, cpu, parse)
        self.rebuilt = []


def breakdown(entries, cpu, base, parse):
    tus = []
    for output, wall in entries:
        if not is_compile(output) and not output.endswith(".so"):
            continue
        path = output if os.path.isabs(output) else str((base / output).resolve())
        tus.append((tu_name(output), wall, cpu.get(path), parse.get(path)))
    return tus


# --- hand-written builds (torch.utils.cpp_extension) ---------------------

HAND = "hand (cpp_extension)"
HAND_REGISTRATION = "hand, with the registration (cpp_extension)"


def hand_build(case, name, sources, touch, work, jobs, cuda, parse, includes=(),
               label=HAND, subdir="hand"):
    b = Build(case, label)
    d = work / case / subdir
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    log = d / "cpu.log"
    cxx = d / "cxx"
    cxx.write_text(f"#!/bin/sh\nexec {sys.executable} {Path(__file__).resolve()} "
                   f"--cputime {log} -- c++ \"$@\"\n")
    cxx.chmod(0o755)
    script = (
        "import sys, torch.utils.cpp_extension as ext\n"
        f"ext.load(name={name!r}, sources={[str(s) for s in sources]!r}, "
        f"build_directory={str(d)!r}, extra_cflags=['-O3', '-DNDEBUG', '-Wno-attributes'], "
        f"extra_cuda_cflags=['-O3', '-DNDEBUG'], extra_include_paths={[str(i) for i in includes]!r}, "
        "is_python_module=False, verbose=False)\n")
    env = dict(os.environ, CXX=str(cxx), MAX_JOBS=str(jobs))
    if cuda:
        # The GPU add_custom_op builds for (CMAKE_CUDA_ARCHITECTURES=90):
        # with no GPU to ask, cpp_extension would build every arch of torch's.
        env["TORCH_CUDA_ARCH_LIST"] = "9.0"
    b.clean, _ = run([sys.executable, "-c", script], cwd=d, env=env)
    b.tus = breakdown(ninja_entries(d), cpu_log(log), d, parse_times(d) if parse else {})
    n = len(ninja_entries(d))
    os.utime(touch)
    b.incremental, _ = run([sys.executable, "-c", script], cwd=d, env=env)
    b.rebuilt = [tu_name(o) for o, _ in ninja_entries(d)[n:]]
    return b


# --- opgen builds (add_custom_op) ----------------------------------------

def opgen_build(case, src, target, touch, work, jobs, variant, opgen_build_dir, cuda, parse):
    b = Build(case, f"add_custom_op ({variant})")
    root = work / case / f"opgen-{variant}"
    build = root / "build"
    cache = work / "preamble-cache"
    log = root / "cpu.log"
    pch_cache = root / "compiler-pch" if variant == "first" else work / "compiler-pch"
    cmd = ["-G", "Ninja",
           f"-DCMAKE_PREFIX_PATH={opgen_build_dir}", f"-DOPGEN_PYTHON={sys.executable}",
           f"-DOPGEN_PREAMBLE_CACHE={cache}", f"-DOPGEN_PCH_CACHE={pch_cache}",
           f"-DCMAKE_CXX_COMPILER_LAUNCHER={sys.executable};{Path(__file__).resolve()};--cputime;{log};--"]
    cmd += [f"-D{k}={v}" for k, v in VARIANTS[variant].items()]
    if cuda:
        cmd.append("-DCMAKE_CUDA_ARCHITECTURES=90")
    # The preamble cache warm: one build first, not timed; for `first`, of
    # another library, into a PCH cache of this variant's own.
    shutil.rmtree(root, ignore_errors=True)
    if variant == "first":
        other = src.parent / "other-project"
        other.mkdir(parents=True, exist_ok=True)
        text = (src / "CMakeLists.txt").read_text()
        renamed = text.replace(f"add_custom_op({target} ", f"add_custom_op({target}_other ")
        if renamed == text:
            sys.exit(f"first: no add_custom_op({target} ...) to rename in {src / 'CMakeLists.txt'}")
        (other / "CMakeLists.txt").write_text(
            renamed.replace(f"project(opgen_bench_{case} ", f"project(opgen_bench_{case}_other "))
        run(["cmake", "-S", other, "-B", root / "other-build"] + cmd)
        run(["ninja", "-C", root / "other-build", f"-j{jobs}", f"{target}_other"])
    else:
        run(["cmake", "-S", src, "-B", build] + cmd)
        run(["ninja", "-C", build, f"-j{jobs}", target])
        shutil.rmtree(build)
    cmd = ["cmake", "-S", src, "-B", build] + cmd
    log.unlink(missing_ok=True)
    b.configure, _ = run(cmd)
    b.clean, _ = run(["ninja", "-C", build, f"-j{jobs}", target])
    entries = ninja_entries(build)
    b.tus = breakdown(entries, cpu_log(log), build, parse_times(build) if parse else {})
    os.utime(touch)
    b.incremental, _ = run(["ninja", "-C", build, f"-j{jobs}", target])
    b.rebuilt = [tu_name(o) for o, _ in ninja_entries(build)[len(entries):]
                 if is_compile(o) or o.endswith(".so")]
    return b


PROJECT = """cmake_minimum_required(VERSION 3.21)
project(opgen_bench_{case} LANGUAGES C CXX)
find_package(opgen REQUIRED)
add_custom_op({target} SOURCES {sources} {extra} NO_TESTS)
"""


def write_project(d, case, target, sources, extra=""):
    d.mkdir(parents=True, exist_ok=True)
    text = PROJECT.format(case=case, target=target,
                          sources=" ".join(str(s) for s in sources), extra=extra)
    f = d / "CMakeLists.txt"
    if not f.exists() or f.read_text() != text:
        f.write_text(text)
    return d


# --- case (b): a torchvision-style library -------------------------------

VISION_OPS = ["roi_scale", "box_shift", "soft_clip"]
VISION_BODY = {
    "roi_scale": "out[i] = in[i] * static_cast<T>(scale) + static_cast<T>(i % 7);",
    "box_shift": "out[i] = in[i] > T(0) ? in[i] + static_cast<T>(scale) : in[i] - static_cast<T>(scale);",
    "soft_clip": "out[i] = in[i] / (T(1) + (in[i] < T(0) ? -in[i] : in[i]) * static_cast<T>(scale));",
}
VISION_GRAD = {
    "roi_scale": "out[i] = in[i] * static_cast<T>(scale);",
    "box_shift": "out[i] = in[i];",
    "soft_clip": "out[i] = in[i] * static_cast<T>(scale);",
}

KERNEL = """namespace {{
template <typename T>
void {op}_impl(const T* in, T* out, int64_t n, double scale) {{
  for (int64_t i = 0; i < n; ++i)
    {body}
}}
template <typename T>
void {op}_grad_impl(const T* in, T* out, int64_t n, double scale) {{
  for (int64_t i = 0; i < n; ++i)
    {grad}
}}
}} // namespace

{attr}at::Tensor {op}_forward_kernel(const at::Tensor& input, double scale) {{
  TORCH_CHECK(input.device().is_cpu(), "{op}: a CPU tensor");
  at::Tensor in = input.contiguous();
  at::Tensor out = at::empty_like(in);
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, in.scalar_type(), "{op}", [&] {{
    {op}_impl<scalar_t>(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), in.numel(), scale);
  }});
  return out;
}}

{battr}at::Tensor {op}_backward_kernel(const at::Tensor& grad, double scale) {{
  at::Tensor in = grad.contiguous();
  at::Tensor out = at::empty_like(in);
  AT_DISPATCH_FLOATING_TYPES_AND2(at::kHalf, at::kBFloat16, in.scalar_type(), "{op}_backward", [&] {{
    {op}_grad_impl<scalar_t>(in.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), in.numel(), scale);
  }});
  return out;
}}
"""


def write_vision(d):
    """The library twice: hand/ (torchvision's layout) and opgen/."""
    files = {}
    for op in VISION_OPS:
        kernel = dict(op=op, body=VISION_BODY[op], grad=VISION_GRAD[op])
        files[f"opgen/cpu/{op}_kernel.cpp"] = (
            "#include <opgen/opgen.h>\n\n#include <ATen/ATen.h>\n#include <ATen/Dispatch.h>\n\n"
            "namespace vl {\n\n" + KERNEL.format(
                attr=f'[[custom_op("vl::{op}", device="cpu", autocast="float32")]]\n',
                battr=f'[[custom_op_backward("vl::{op}", device="cpu")]]\n', **kernel)
            + "\n} // namespace vl\n")
        files[f"hand/ops/{op}.cpp"] = (
            "#include <ATen/core/dispatch/Dispatcher.h>\n#include <torch/library.h>\n"
            "#include <torch/types.h>\n\n"
            "TORCH_LIBRARY_FRAGMENT(vl_hand, m) {\n"
            f'  m.def("vl_hand::{op}(Tensor input, float scale) -> Tensor");\n'
            f'  m.def("vl_hand::_{op}_backward(Tensor grad, float scale) -> Tensor");\n'
            "}\n")
        files[f"hand/ops/cpu/{op}_kernel.cpp"] = (
            "#include <ATen/ATen.h>\n#include <ATen/Dispatch.h>\n#include <torch/library.h>\n\n"
            "namespace vl {\n\n" + KERNEL.format(attr="", battr="", **kernel)
            + "\nTORCH_LIBRARY_IMPL(vl_hand, CPU, m) {\n"
            f'  m.impl("vl_hand::{op}", TORCH_FN({op}_forward_kernel));\n'
            f'  m.impl("vl_hand::_{op}_backward", TORCH_FN({op}_backward_kernel));\n'
            "}\n\n} // namespace vl\n")
        files[f"hand/ops/autograd/{op}_autograd_kernel.cpp"] = f"""#include <torch/autograd.h>
#include <torch/library.h>

namespace vl {{
namespace {{

at::Tensor {op}_call(const at::Tensor& input, double scale) {{
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vl_hand::{op}", "")
                       .typed<at::Tensor(const at::Tensor&, double)>();
  return op.call(input, scale);
}}

at::Tensor {op}_backward_call(const at::Tensor& grad, double scale) {{
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vl_hand::_{op}_backward", "")
                       .typed<at::Tensor(const at::Tensor&, double)>();
  return op.call(grad, scale);
}}

class {op}_function : public torch::autograd::Function<{op}_function> {{
 public:
  static torch::autograd::variable_list forward(
      torch::autograd::AutogradContext* ctx, const torch::autograd::Variable& input, double scale) {{
    ctx->saved_data["scale"] = scale;
    at::AutoDispatchBelowADInplaceOrView g;
    return {{{op}_call(input, scale)}};
  }}
  static torch::autograd::variable_list backward(
      torch::autograd::AutogradContext* ctx, const torch::autograd::variable_list& grads) {{
    double scale = ctx->saved_data["scale"].toDouble();
    return {{{op}_backward_call(grads[0], scale), torch::autograd::Variable()}};
  }}
}};

at::Tensor {op}_autograd(const at::Tensor& input, double scale) {{
  return {op}_function::apply(input, scale)[0];
}}

}} // namespace

TORCH_LIBRARY_IMPL(vl_hand, Autograd, m) {{
  m.impl("vl_hand::{op}", TORCH_FN({op}_autograd));
}}

}} // namespace vl
"""
        files[f"hand/ops/autocast/{op}_autocast_kernel.cpp"] = f"""#include <ATen/autocast_mode.h>
#include <torch/library.h>

namespace vl {{
namespace {{

at::Tensor {op}_autocast(const at::Tensor& input, double scale) {{
  c10::impl::ExcludeDispatchKeyGuard no_autocast(c10::DispatchKey::Autocast);
  static auto op = c10::Dispatcher::singleton()
                       .findSchemaOrThrow("vl_hand::{op}", "")
                       .typed<at::Tensor(const at::Tensor&, double)>();
  return op.call(at::autocast::cached_cast(at::kFloat, input), scale)
      .to(input.scalar_type());
}}

}} // namespace

TORCH_LIBRARY_IMPL(vl_hand, Autocast, m) {{
  m.impl("vl_hand::{op}", TORCH_FN({op}_autocast));
}}

}} // namespace vl
"""
    for rel, text in files.items():
        f = d / rel
        f.parent.mkdir(parents=True, exist_ok=True)
        if not f.exists() or f.read_text() != text:
            f.write_text(text)
    hand = sorted(d / r for r in files if r.startswith("hand/"))
    opgen = sorted(d / r for r in files if r.startswith("opgen/"))
    return hand, opgen


# --- the cases -----------------------------------------------------------

def cases(a, work):
    ext = REPO / "bench" / "extension_cpp"
    kern = REPO / "kernels"
    runtime = REPO / "runtime" / "include"
    out = []
    if "extcpp" in a.cases:
        hand = [ext / "muladd_hand.cpp"] + ([ext / "muladd_hand.cu"] if a.cuda else [])
        gen = [ext / "muladd.cpp"] + ([ext / "muladd.cu"] if a.cuda else [])
        out.append(("extcpp", hand, hand[0], gen, gen[0], "extcpp_gen", "", ()))
    if "vision" in a.cases:
        hand, gen = write_vision(work / "vision" / "src")
        touch_hand = next(f for f in hand if "/cpu/" in str(f))
        out.append(("vision", hand, touch_hand, gen, gen[0], "vl_ops", "", ()))
    if "kernels" in a.cases:
        srcs = sorted(kern.glob("*.cpp")) + (sorted(kern.glob("*.cu")) if a.cuda else [])
        extra = (f"PYTHON_PACKAGE mylib SAMPLES {kern / 'samples.py'} "
                 f"FAKE_MODULE {kern / 'mylib_fakes.py'}")
        touch = kern / "select.cpp"
        out.append(("kernels", srcs, touch, srcs, touch, "mylib_ops", extra, (runtime,)))
    return out


def kernels_with_registration(a, work, srcs, includes):
    """The second hand-written build of (c): what a hand-written library of
    kernels/ compiles, its registration included. kernels/ has no
    hand-written registration, so the code opgen generates for it stands in
    (`opgen kernels/*.cpp -o DIR`): each kernel file as it is compiled with
    the wrappers of its functions (the shards), and the TORCH_LIBRARY blocks,
    fakes and autograd Functions in one more file, as torchvision keeps its
    schemas in files of their own; cpp_extension's -O3, no PCH. (Sources,
    and `includes` with the generated directory.)"""
    d = work / "kernels" / "hand-registration-src"
    shutil.rmtree(d, ignore_errors=True)
    run([a.opgen_build.resolve() / "bin" / "opgen", *srcs, "-o", d])
    (d / "registration_autograd.cpp").write_text(
        '#include "registration.cpp"\n#include "autograd.cpp"\n')
    # The longest translation unit first, as add_custom_op orders its own:
    # ninja starts the compiles that are ready in the order they are listed.
    shards = sorted((d / "shards").glob("*.cpp"))
    return [d / "registration_autograd.cpp"] + shards, (*includes, d)


def compile_cpu(b):
    """The summed compiler CPU time of build `b`'s translation units."""
    return sum(t[2] for t in b.tus if t[2])


def table(builds):
    hand = {b.case: b for b in builds if b.name == HAND}
    handreg = {b.case: b for b in builds if b.name == HAND_REGISTRATION}
    # A hand-written build's wall time is a new Python process running
    # cpp_extension (its import of torch and build file included);
    # configure is add_custom_op's counterpart, so its ratio is given both
    # without configure and with it.
    lines = ["| case | build | clean wall | compile CPU | vs hand (wall · with configure · CPU) "
             "| incremental: touch one kernel |",
             "|---|---|---|---|---|---|"]

    def ratios(b, cpu, h):
        with_configure = (f" · {(b.clean + b.configure) / h.clean:.2f}×"
                          if b.configure is not None else " · –")
        return f"{b.clean / h.clean:.2f}×{with_configure} · {cpu / compile_cpu(h):.2f}×"

    for b in builds:
        cpu = compile_cpu(b)
        h = hand.get(b.case)
        hcpu = compile_cpu(h) if h else 0
        ratio = ratios(b, cpu, h) if h and h is not b and hcpu else ""
        r = handreg.get(b.case)
        if ratio and r and b.name not in (HAND, HAND_REGISTRATION):
            ratio += f"; with the registration {ratios(b, cpu, r)}"
        conf = f" (+ configure {b.configure:.1f} s)" if b.configure is not None else ""
        objs = [r for r in b.rebuilt if not r.endswith(".so")]
        # A PCH kept across builds (warm) would not be written again.
        pch = sum(t[2] for t in b.tus if t[2] and t[0].endswith((".gch", ".pch")))
        if pch:
            warm = f" (without the PCH: {cpu - pch:.1f} s"
            warm += f", {(cpu - pch) / hcpu:.2f}× hand)" if hcpu else ")"
            cpu_text = f"{cpu:.1f} s{warm}"
        else:
            cpu_text = f"{cpu:.1f} s"
        lines.append(f"| {b.case} | {b.name} | {b.clean:.1f} s{conf} | {cpu_text} | {ratio} | "
                     f"{b.incremental:.1f} s: {len(objs)} compiled ({', '.join(objs) or 'none'}) |")
    lines.append("")
    lines.append("Per TU (ninja's wall time · the compiler's CPU time"
                 " · with --parse, the CPU time of -fsyntax-only):")
    for b in builds:
        lines.append(f"* {b.case}, {b.name}: " + "; ".join(
            f"`{n}` {w:.1f} s" + (f" · {c:.1f} s" if c is not None else "")
            + (f" · parse {p:.1f} s" if p is not None else "")
            for n, w, c, p in sorted(b.tus, key=lambda t: -t[1])))
    return "\n".join(lines)


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--cputime":
        sys.exit(launcher_main(sys.argv[2:]))
    # Every compile is timed: none through ccache (scripts/lib/ccache.sh sets
    # these for the test scripts' builds), which would replay earlier ones.
    for var in ("CMAKE_CXX_COMPILER_LAUNCHER", "CMAKE_CUDA_COMPILER_LAUNCHER"):
        os.environ.pop(var, None)
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--cases", default="extcpp,vision,kernels")
    p.add_argument("--variants", default="default,first,nopch,pch,pchcold")
    p.add_argument("--cuda", default="off", choices=["auto", "on", "off"])
    p.add_argument("--jobs", type=int, default=os.cpu_count())
    p.add_argument("--work", type=Path, default=REPO / "build-bench" / "build-time")
    p.add_argument("--opgen-build", type=Path, default=REPO / "build")
    p.add_argument("--parse", action="store_true",
                   help="also time each C++ translation unit's -fsyntax-only (after the builds)")
    a = p.parse_args()
    a.cases = a.cases.split(",")
    a.cuda = a.cuda == "on" or (a.cuda == "auto" and shutil.which("nvcc") is not None)
    work = a.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    builds = []
    for case, hand, touch_hand, gen, touch_gen, target, extra, includes in cases(a, work):
        builds.append(hand_build(case, f"{case}_hand", hand, touch_hand, work, a.jobs, a.cuda,
                                 a.parse, includes))
        if case == "kernels" and not a.cuda:
            reg, reg_includes = kernels_with_registration(a, work, hand, includes)
            builds.append(hand_build(case, f"{case}_handreg", reg, touch_hand, work, a.jobs,
                                     a.cuda, a.parse, reg_includes,
                                     label=HAND_REGISTRATION, subdir="hand-registration"))
        src = write_project(work / case / "project", case, target, gen, extra)
        for v in a.variants.split(","):
            builds.append(opgen_build(case, src, target, touch_gen, work, a.jobs, v,
                                      a.opgen_build.resolve(), a.cuda, a.parse))
    print(table(builds))
    print(f"\n<sub>{os.cpu_count()} cores, -j{a.jobs}, load average at the end "
          f"{os.getloadavg()[0]:.2f}; CUDA {'on' if a.cuda else 'off'}</sub>")


if __name__ == "__main__":
    main()
