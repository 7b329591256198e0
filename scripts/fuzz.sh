#!/usr/bin/env bash
# Builds the libFuzzer targets (build-fuzz/, clang-16, OPGEN_BUILD_FUZZERS) and
# runs them one after another, starting from the checked-in corpora in
# test/fuzz/corpus/<target>/. See docs/robustness.md.
#
#   scripts/fuzz.sh --smoke         CI: replay every corpus input, then a
#                                   fixed-seed run of a few thousand inputs
#   scripts/fuzz.sh [SECONDS]       fuzz each target for SECONDS (default 600)
#   scripts/fuzz.sh --merge         fold what the runs found (build-fuzz/fuzz-work)
#                                   into the checked-in corpora, minimized
#   ... --build DIR                 use DIR, an opgen build configured with
#                                   OPGEN_BUILD_FUZZERS=ON (scripts/sanitize.sh's
#                                   build-asan/; scripts/test.sh), instead of
#                                   configuring build-fuzz/
#
# FUZZ_TARGETS="schema annotation" picks the targets. New inputs go to
# <build>/fuzz-work/<target>/, crashes to <build>/fuzz-artifacts/.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=time
seconds=600
build=
usage() { echo "usage: $0 [--smoke | --merge | SECONDS] [--build DIR]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --smoke) mode=smoke ;;
    --merge) mode=merge ;;
    --build) [ $# -ge 2 ] || usage; build=$2; shift ;;
    *[!0-9]*|"") usage ;;
    *) seconds=$1 ;;
  esac
  shift
done
targets=(${FUZZ_TARGETS:-schema annotation})
jobs=$(nproc 2>/dev/null || echo 2)
log() { printf '[fuzz] %s\n' "$*"; }

if [ -z "$build" ]; then
  build=build-fuzz
  CC=clang-16 CXX=clang++-16 cmake -S . -B "$build" -G Ninja \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOPGEN_BUILD_FUZZERS=ON \
    -DOPGEN_BUILD_TESTS=OFF -DOPGEN_BUILD_KERNELS=OFF \
    -DOPGEN_PYTHON="$PWD/.venv/bin/python" >/dev/null
elif ! grep -qx 'OPGEN_BUILD_FUZZERS:BOOL=ON' "$build/CMakeCache.txt" 2>/dev/null; then
  echo "$0: $build is not an opgen build configured with -DOPGEN_BUILD_FUZZERS=ON" >&2
  exit 2
fi
cmake --build "$build" -j "$jobs" --target \
  $(printf 'opgen-fuzz-%s ' "${targets[@]}")

export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-16/bin/llvm-symbolizer
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts"

for t in "${targets[@]}"; do
  bin=$build/bin/opgen-fuzz-$t
  corpus=test/fuzz/corpus/$t
  work=$build/fuzz-work/$t
  mkdir -p "$work"
  # Options shared by every mode. -timeout: one input taking longer is a
  # hang; the annotation target runs Clang, a few ms per input.
  opts=(-dict="test/fuzz/$t.dict" -timeout=30 -artifact_prefix="$artifacts/$t-"
        -print_final_stats=1)
  case $mode in
    smoke)
      # Every checked-in input (regressions included) must pass, then a
      # short deterministic run (fixed seed) from there. The corpus
      # directory is read, never written: new inputs go to a scratch dir.
      runs=$([ "$t" = schema ] && echo 200000 || echo 2000)
      scratch=$(mktemp -d)
      log "$t: replaying $(ls "$corpus" | wc -l) corpus inputs, then $runs runs"
      "$bin" "${opts[@]}" -seed=1 -runs="$runs" "$scratch" "$corpus"
      rm -rf "$scratch"
      ;;
    time)
      log "$t: fuzzing for ${seconds}s (corpus $corpus, new inputs in $work)"
      "$bin" "${opts[@]}" -max_total_time="$seconds" "$work" "$corpus"
      ;;
    merge)
      # Adds only inputs that reach new edges (-use_counters=0: hit counts
      # do not count), which keeps the corpus to a few hundred files.
      before=$(ls "$corpus" | wc -l)
      "$bin" -merge=1 -use_counters=0 "$corpus" "$work" 2>&1 | tail -1
      log "$t: $before -> $(ls "$corpus" | wc -l) corpus files"
      ;;
  esac
done
