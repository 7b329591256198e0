"""Configures opgen's standalone gen/CMakeLists.txt (usage: build_type.py GEN
BUILD PYTHON) with torch's CMake package of PYTHON, first with no build type,
then again with -DCMAKE_BUILD_TYPE=Debug, and prints for each the build type
CMake cached and the optimization flags of every compile (CMake's
compile_commands.json): what a user following docs/cmake.md gets."""
import json
import os
import subprocess
import sys

gen, build, python = sys.argv[1:4]
prefix = subprocess.run([python, "-c", "import torch.utils; print(torch.utils.cmake_prefix_path)"],
                        capture_output=True, text=True, check=True).stdout.strip()


def configure(name, *args):
    r = subprocess.run(["cmake", "-S", gen, "-B", build, "-G", "Ninja",
                        f"-DCMAKE_PREFIX_PATH={prefix}", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON",
                        *args], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"{name}: cmake failed ({r.returncode}):\n{r.stdout[-2000:]}{r.stderr[-2000:]}")
    with open(os.path.join(build, "CMakeCache.txt")) as f:
        cached = [line.strip().split("=", 1)[1] for line in f
                  if line.startswith("CMAKE_BUILD_TYPE:")]
    with open(os.path.join(build, "compile_commands.json")) as f:
        commands = json.load(f)
    flags = set()
    for c in commands:
        words = c["command"].split()
        flags.add(" ".join(w for w in words if w.startswith("-O") or w in ("-g", "-DNDEBUG")))
    print(f"{name}: CMAKE_BUILD_TYPE={cached[0] if cached else ''}; "
          f"{len(commands)} compiles with: {' | '.join(sorted(flags))}")


configure("no build type")
configure("-DCMAKE_BUILD_TYPE=Debug", "-DCMAKE_BUILD_TYPE=Debug")
