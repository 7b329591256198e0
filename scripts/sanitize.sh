#!/usr/bin/env bash
# Builds opgen with AddressSanitizer + UndefinedBehaviorSanitizer (LeakSanitizer
# included) in build-asan/ (clang-16, no bundled kernels) and runs the unit
# tests and the lit suite against it (but the tests that lit's
# LIT_FILTER_OUT, if set, names: scripts/test.sh runs those against build/).
# The build is configured with OPGEN_BUILD_FUZZERS (which implies
# OPGEN_SANITIZE and adds libFuzzer's coverage counters), so that it also
# has the libFuzzer targets: `scripts/fuzz.sh --build build-asan` runs them
# without a second build of opgen (scripts/test.sh does). With --docs also
# the docs examples and CLI checks (test/e2e/test_docs.py, 3 more minutes).
# Fails when a test fails or a sanitizer reported anything. See
# docs/robustness.md.
#
# Reports go to files (log_path), not only to stderr: lit's `not opgen ...`
# lines expect opgen to fail, so a sanitizer's non-zero exit alone would go
# unnoticed there.
set -euo pipefail
cd "$(dirname "$0")/.."
docs=0
case "${1:-}" in
  --docs) docs=1 ;;
  "") ;;
  *) echo "usage: $0 [--docs]" >&2; exit 2 ;;
esac
jobs=$(nproc 2>/dev/null || echo 2)
log() { printf '[sanitize] %s\n' "$*"; }

# -O1 and line tables only: the optimization level AddressSanitizer asks for,
# and all a symbolized report needs; the build took 7.6 minutes against 14
# with RelWithDebInfo's -O2 -g on the slowest CI machine (docs/robustness.md).
CC=clang-16 CXX=clang++-16 cmake -S . -B build-asan -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DOPGEN_SANITIZE=ON -DOPGEN_BUILD_FUZZERS=ON \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only -DNDEBUG" \
  -DOPGEN_BUILD_KERNELS=OFF -DOPGEN_PYTHON="$PWD/.venv/bin/python" >/dev/null
cmake --build build-asan -j "$jobs"

reports=$PWD/build-asan/sanitizer-reports
rm -rf "$reports"
mkdir -p "$reports"
export ASAN_OPTIONS="log_path=$reports/asan:detect_leaks=1:detect_stack_use_after_return=1:check_initialization_order=1:strict_string_checks=1"
export UBSAN_OPTIONS="log_path=$reports/ubsan:print_stacktrace=1:halt_on_error=1"
export ASAN_SYMBOLIZER_PATH=/usr/lib/llvm-16/bin/llvm-symbolizer

status=0
log "unit tests and lit suite (ctest in build-asan)"
ctest --test-dir build-asan --output-on-failure -j "$jobs" || status=1
if [ $docs -eq 1 ]; then
  log "docs examples and CLI behaviours (test/e2e/test_docs.py)"
  OPGEN_BUILD_DIR="$PWD/build-asan" OPGEN_E2E_REQUIRED=1 \
    .venv/bin/python -m pytest -q -p no:cacheprovider test/e2e/test_docs.py || status=1
fi

if [ -n "$(ls -A "$reports")" ]; then
  log "sanitizer reports:"
  for f in "$reports"/*; do
    printf '==== %s\n' "$f"
    cat "$f"
  done
  status=1
fi
[ $status -eq 0 ] && log "clean" || log "FAILED"
exit $status
