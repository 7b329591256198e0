#!/usr/bin/env bash
# bench/run.py's item 5 on a GPU machine that has torch but no opgen: built
# here, run there.
#
#   bench/extension_cpp/device.sh prepare <dir>
#       HERE (the opgen checkout, built in $OPGEN_BUILD, default build/; its
#       .venv): builds the hand-written library with its CUDA kernels
#       (compare.py build-hand --cuda, TORCH_CUDA_ARCH_LIST=9.0) and the
#       generated one: this folder through add_custom_op() with
#       -DEXTCPP_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 and no
#       CMAKE_BUILD_TYPE ($JOBS parallel jobs, default 2). Copies what `run`
#       needs into <dir> (inside the repository, e.g.
#       bench/extension_cpp/device-pkg, which git ignores):
#         <dir>/compare.py, <dir>/device.sh (this script: `<dir>/device.sh
#         run <dir>` works from a tree without it), <dir>/extcpp_hand/ (the
#         hand-written package),
#         <dir>/hand/extcpp_hand.so, <dir>/gen/extcpp_gen/ (the generated
#         package), <dir>/PREPARED (what was built, from which commit).
#   bench/extension_cpp/device.sh run <dir>
#       THERE (plain python3 with torch 2.11; no venv, no opgen, no compiler):
#       compare.py time --device cpu, then --device cuda, from <dir>; prints
#       each JSON and a markdown table of both (also left in <dir>/*.json
#       and <dir>/table.md, and copied to $OUT when that is a folder). One
#       device's failure is reported in the table; `run` then exits 1.
#       $PYTHON replaces python3; $ROUNDS, $CALLS and $SIZES the defaults
#       below (about 2 minutes for both devices on an H100 machine).
#
# The libraries need torch's only: the generated one's NEEDED entries are
# torch's libraries and libc's, resolved by soname against the torch that
# `import torch` has loaded (its RUNPATH names this machine's torch, absent
# there); `run` also puts torch's lib folders on LD_LIBRARY_PATH, and
# checks with ldd that nothing is missing.
set -euo pipefail

usage() {
  echo "usage: $0 prepare <dir> | run <dir>" >&2
  exit 2
}
[[ $# -eq 2 ]] || usage
mode=$1
dir=$2
here=$(cd "$(dirname "$0")" && pwd)

prepare() {
  local repo python build work
  repo=$(cd "$here/../.." && pwd)
  python=${PYTHON:-$repo/.venv/bin/python}
  build=${OPGEN_BUILD:-$repo/build}
  work=${WORK:-$repo/build-bench/extcpp-device}
  [[ -f $build/opgenConfig.cmake ]] || {
    echo "device.sh: no opgen build in $build (set OPGEN_BUILD)" >&2
    exit 1
  }
  if [[ -e $dir && ! -f $dir/PREPARED && -n $(ls -A "$dir") ]]; then
    echo "device.sh: $dir exists and is not an earlier prepare's: not replacing it" >&2
    exit 1
  fi
  rm -rf "$work" "$dir"
  mkdir -p "$work" "$dir"

  echo "== the hand-written library: torch.utils.cpp_extension.load(), .cpp and .cu, arch 9.0" >&2
  local hand
  hand=$(TORCH_CUDA_ARCH_LIST=9.0 "$python" "$here/compare.py" build-hand --cuda "$work/hand" |
    tail -n 1)

  echo "== the generated library: add_custom_op(), no build type, CUDA arch 90" >&2
  cmake -S "$here" -B "$work/gen" -G Ninja -DCMAKE_PREFIX_PATH="$build" \
    -DOPGEN_PYTHON="$python" -DOPGEN_PREAMBLE_CACHE= -DCMAKE_EXPORT_COMPILE_COMMANDS=ON \
    -DEXTCPP_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90 >"$work/gen-cmake.log" 2>&1 || {
    cat "$work/gen-cmake.log" >&2
    exit 1
  }
  ninja -C "$work/gen" -j "${JOBS:-2}" extcpp_gen_python >&2
  # add_custom_op()'s default optimization: -O3 on the wrappers and kernels, C++ and CUDA.
  "$python" - "$work/gen/compile_commands.json" <<'EOF'
import json, re, sys
commands = [c for c in json.load(open(sys.argv[1])) if "/extcpp_gen_gen/" in c["file"]
            or c["file"].endswith(("muladd.cpp", "muladd.cu"))]
kinds = {c["file"].rsplit(".", 1)[-1] for c in commands}
bad = [c["file"] for c in commands if not re.search(r" -O3( |$)", c["command"])]
if "cu" not in kinds or bad:
    sys.exit(f"device.sh: unexpected compile commands (CUDA among them: {'cu' in kinds}; without -O3: {bad})")
EOF

  echo "== copying into $dir" >&2
  cp "$here/compare.py" "$here/device.sh" "$dir/"
  mkdir -p "$dir/extcpp_hand" "$dir/hand" "$dir/gen"
  cp "$here"/extcpp_hand/*.py "$dir/extcpp_hand/"
  cp "$hand" "$dir/hand/extcpp_hand.so"
  cp -r "$work/gen/python/extcpp_gen" "$dir/gen/"
  find "$dir" -name __pycache__ -prune -exec rm -rf {} +
  {
    echo "commit: $(git -C "$repo" rev-parse HEAD)$(git -C "$repo" diff --quiet HEAD -- bench || echo ' (bench/ modified)')"
    echo "torch: $("$python" -c 'import torch; print(torch.__version__)')"
    echo "nvcc: $(nvcc --version | tail -n 1)"
    echo "hand: compare.py build-hand --cuda, TORCH_CUDA_ARCH_LIST=9.0"
    echo "gen: add_custom_op(), no CMAKE_BUILD_TYPE, -DEXTCPP_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES=90"
  } >"$dir/PREPARED"
  check_libraries "$python" "$work|$build/"
  du -sh "$dir" >&2
  echo "prepared: $dir (carry it; then: bench/extension_cpp/device.sh run $dir)" >&2
}

# ldd of the carried libraries with torch's lib folders on LD_LIBRARY_PATH:
# nothing missing (e.g. a glibc older than 2.32, which g++ 12's libstdc++
# headers ask for), nothing from the folders matching $2 (prepare: the build
# folders; an error there, a warning in `run`, where the import decides).
# Leaves LD_LIBRARY_PATH so set.
check_libraries() {
  local python=$1 avoid=${2:-} libs so bad=0
  libs=$("$python" -c 'import os, torch
t = os.path.dirname(torch.__file__)
print(":".join(p for p in [os.path.join(t, "lib"), os.path.join(os.path.dirname(t), "nvidia", "cu13", "lib")] if os.path.isdir(p)))')
  for so in "$dir/hand/extcpp_hand.so" "$dir"/gen/extcpp_gen/*.so; do
    if LD_LIBRARY_PATH="$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ldd "$so" |
      grep -E "not found${avoid:+|$avoid}" >&2; then
      echo "device.sh: $so: a library or version missing, or taken from a build folder" >&2
      bad=1
    fi
  done
  if [[ $bad -ne 0 && -n $avoid ]]; then
    exit 1
  fi
  export LD_LIBRARY_PATH="$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
}

run() {
  local python=${PYTHON:-python3} rounds=${ROUNDS:-201} calls=${CALLS:-200}
  local sizes=${SIZES:-16,1024} device
  [[ -f $dir/compare.py && -f $dir/hand/extcpp_hand.so ]] || {
    echo "device.sh: $dir is not what device.sh prepare wrote" >&2
    exit 1
  }
  cat "$dir/PREPARED" >&2 || true
  ldd --version 2>&1 | sed -n 1p >&2 # sed reads it all: no SIGPIPE under pipefail
  check_libraries "$python"
  "$python" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda,
    torch.cuda.get_device_name() if torch.cuda.is_available() else "no GPU")' >&2
  nproc >&2
  local failed=0 rc
  for device in cpu cuda; do
    echo "== compare.py time --device $device --rounds $rounds --calls $calls --sizes $sizes" >&2
    local t0=$SECONDS
    rc=0
    PYTHONPATH="$dir/gen${PYTHONPATH:+:$PYTHONPATH}" "$python" "$dir/compare.py" time \
      --hand "$dir/hand/extcpp_hand.so" --device "$device" \
      --rounds "$rounds" --calls "$calls" --sizes "$sizes" >"$dir/$device.json" || rc=$?
    if [[ $rc -ne 0 ]]; then
      echo "{\"skipped\": \"compare.py time --device $device failed (exit $rc)\"}" >"$dir/$device.json"
      failed=1
    fi
    cat "$dir/$device.json"
    echo "   ($((SECONDS - t0)) s)" >&2
  done
  "$python" "$dir/compare.py" table "CPU=$dir/cpu.json" "CUDA=$dir/cuda.json" | tee "$dir/table.md"
  # The device tool brings back what is under $OUT.
  if [[ -n ${OUT:-} && -d ${OUT:-} ]]; then
    cp "$dir"/cpu.json "$dir"/cuda.json "$dir"/table.md "$OUT"/
  fi
  return $failed
}

case $mode in
prepare) prepare ;;
run) run ;;
*) usage ;;
esac
