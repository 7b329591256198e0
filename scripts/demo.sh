#!/usr/bin/env bash
# The main job on the bundled kernels/: set up and build opgen, generate gen/
# from kernels/, build the op library, and call every op from Python.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

echo "[demo] build/bin/opgen kernels/*.cpp -o gen/ ..."
build/bin/opgen kernels/*.cpp -o gen --python-package mylib --library-name mylib_ops \
  --samples kernels/samples.py --fake-module kernels/mylib_fakes.py
echo "[demo] generated:"
(cd gen && find . -type f | sort | sed 's/^/  /')

echo "[demo] building the op library from gen/"
cmake -S gen -B gen/build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$(.venv/bin/python -c 'import torch.utils; print(torch.utils.cmake_prefix_path)')" \
  -DOPGEN_RUNTIME_INCLUDE="$PWD/runtime/include" >/dev/null
cmake --build gen/build

echo "[demo] calling the ops from Python"
PYTHONPATH=gen/build/python .venv/bin/python scripts/demo.py
