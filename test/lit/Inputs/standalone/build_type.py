"""Configures opgen's standalone gen/CMakeLists.txt (usage: build_type.py GEN
BUILD PYTHON) with torch's CMake package of PYTHON, first with no build type,
then again with -DCMAKE_BUILD_TYPE=Debug, and prints for each the build type
CMake cached and the optimization flags of the generated translation unit
(registration.cpp and autograd.cpp, as one) and of the shards (CMake's
compile_commands.json): what a user following docs/cmake.md gets. The first
is built too, and its op (sa::twice, twice.cpp) run forward and backward from
its Python package."""
import json
import os
import subprocess
import sys

gen, build, python = sys.argv[1:4]
prefix = subprocess.run([python, "-c", "import torch.utils; print(torch.utils.cmake_prefix_path)"],
                        capture_output=True, text=True, check=True).stdout.strip()


def run(name, cmd, **kw):
    r = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        sys.exit(f"{name}: {cmd[0]} failed ({r.returncode}):\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
    return r.stdout


def flags_of(command):
    return " ".join(w for w in command.split() if w.startswith("-O") or w in ("-g", "-DNDEBUG"))


def configure(name, *args):
    run(name, ["cmake", "-S", gen, "-B", build, "-G", "Ninja", f"-DCMAKE_PREFIX_PATH={prefix}",
               "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON", *args])
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        cached = [line.strip().split("=", 1)[1] for line in f
                  if line.startswith("CMAKE_BUILD_TYPE:")]
    with open(os.path.join(build, "compile_commands.json")) as f:
        commands = json.load(f)
    units = sorted((os.path.relpath(c["file"], gen) if c["file"].startswith(gen)
                    else os.path.basename(c["file"]), flags_of(c["command"])) for c in commands)
    print(f"{name}: CMAKE_BUILD_TYPE={cached[0] if cached else ''}; "
          + "; ".join(f"{unit}: {flags}" for unit, flags in units))


configure("no build type")
run("build", ["cmake", "--build", build])
print("built; sa::twice:", run("python", [python, "-c", (
    "import torch, sa\n"
    "x = torch.tensor([1.0, 2.0], requires_grad=True)\n"
    "y = torch.ops.sa.twice(x)\n"
    "y.sum().backward()\n"
    "print(y.tolist(), x.grad.tolist())\n")],
    env=dict(os.environ, PYTHONPATH=os.path.join(build, "python"))).strip())
configure("-DCMAKE_BUILD_TYPE=Debug", "-DCMAKE_BUILD_TYPE=Debug")
