#!/usr/bin/env bash
# Runs every test: sets up (scripts/setup.sh), builds everything, then ctest:
# unit (gtest), the generated opcheck tests of the bundled
# ops, the end-to-end Python tests, the find_package(opgen) consumer and the
# torchvision-like projects (test/vision, test/visionlike), the shipping
# tests (init: a project from `opgen init`; wheel: examples/wheel built with
# scikit-build-core, which pip fetches from the package index or its cache;
# wheel_newest: the same wheel built and run with the newest torch;
# docs/packaging.md; opgen_wheel: opgen itself as a wheel, statically linked,
# installed into a fresh environment and used with /usr/lib/llvm-16 hidden;
# docs/install.md) and lit (FileCheck); then the newest torch
# (scripts/newest-torch.sh: build/'s opgen generates the classic bundled
# library against it); then the sanitizer build's unit tests and lit, and
# the fuzzing checks (in CI only when there is time left for them, below).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$(date +%s)
# ccache for every build below, as for setup's (scripts/lib/ccache.sh): a
# repeat run, a fresh clone's included, compiles only what changed. Its
# statistics start from zero (a fresh machine gets ccache from setup).
. scripts/lib/ccache.sh
opgen_use_ccache
if [ "${CMAKE_CXX_COMPILER_LAUNCHER:-}" = ccache ]; then ccache -z >/dev/null; fi
# The tests CI's 90 minutes leave no room for on its slowest machines, run
# everywhere else: bench_short (OPGEN_BENCH_TESTS) and the migrate tests of
# the larger layouts, the originals and the CUDA builds
# (OPGEN_MIGRATE_TESTS, test/migrate/README.md); set in build/'s configure.
if [ -n "${CI:-}" ]; then extended=OFF; else extended=ON; fi
scripts/setup.sh -DOPGEN_BENCH_TESTS=$extended -DOPGEN_MIGRATE_TESTS=$extended
opgen_use_ccache
jobs=$(nproc 2>/dev/null || echo 2)
# torch.compile's cache keys do not cover the op library's own kernels: a
# cache left by an earlier build of them would replay stale code. Each run
# starts with an empty one.
export TORCHINDUCTOR_CACHE_DIR="$PWD/build/inductor-cache"
rm -rf "$TORCHINDUCTOR_CACHE_DIR"
# Preambles (docs/cli.md#preamble-cache): every project a test builds keeps
# them in a cache of build/'s own, never the user's shared one (ctest's
# tests and lit set the same; build/ itself uses build/preamble-cache).
export OPGEN_PREAMBLE_CACHE="$PWD/build/test/preamble-cache"
# build/'s tests; the whole lit suite among them, against the release opgen.
ctest --test-dir build --output-on-failure -j "$jobs"
# Fakes on a device this machine lacks (docs/fakes.md#what-the-generated-tests-run):
# ctest ran them above; listed here, one line each, so that the log shows the
# CUDA kernels' fakes checked on this CPU-only machine.
PYTHONPATH=build/kernels/python .venv/bin/python -m pytest -q -rA -p no:cacheprovider \
  build/kernels/mylib_ops_gen/tests/test_mylib_ops.py -k kernel_facts | grep -E '^(PASSED|FAILED|SKIPPED|ERROR)|passed|failed'
# The newest torch (docs/stable-abi.md#tested-torch-versions): the stable-ABI
# library built above runs its tests there unchanged; build/'s opgen builds
# the classic bundled library against it in build-newest/.
scripts/newest-torch.sh
# Robustness (docs/robustness.md): opgen built with ASan+UBSan (build-asan/)
# runs the unit tests and the lit suite but its seven longest tests (each
# several opgen runs over a whole layout or project, nearly all of it Clang,
# which is not instrumented, parsing torch's headers); then the libFuzzer
# targets of that same build replay their corpora and fuzz briefly. About
# 10 minutes on an idle 2-core machine, 16 on the slowest CI machine seen.
# CI (CI set) is to finish within 60 minutes (of its 90): there the step
# runs when it starts within OPGEN_CI_ROBUSTNESS_BY minutes (default 40) of
# this script's start, so that it ends by about 56, and is otherwise
# skipped, saying so; everywhere else it always runs.
lit_heavy='^opgen :: (migrate_(vision|vllm|fbgemm|extension_cpp|doc)|discover_combine|shards_same_name)\.test$'
elapsed=$(( ($(date +%s) - started) / 60 ))
by=${OPGEN_CI_ROBUSTNESS_BY:-40}
if [ -n "${CI:-}" ] && [ "$elapsed" -gt "$by" ]; then
  echo "[test] SKIPPED the sanitizer and fuzzing checks: ${elapsed} min gone, over OPGEN_CI_ROBUSTNESS_BY=$by (CI is to end within 60); run them with: scripts/sanitize.sh && scripts/fuzz.sh --smoke --build build-asan"
else
  LIT_FILTER_OUT="$lit_heavy" scripts/sanitize.sh
  scripts/fuzz.sh --smoke --build build-asan
fi
opgen_ccache_summary "[test]"
echo "[test] everything that ran passed, in $(( ($(date +%s) - started) / 60 )) min"
