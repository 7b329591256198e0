#!/usr/bin/env bash
# opgen on the newest torch release (docs/stable-abi.md#tested-torch-versions).
# Run by scripts/test.sh after the main tests, with build/ already built
# against the pinned torch:
#  1. a second cached Python environment with the newest torch, linked as
#     .venv-newest;
#  2. the stable-ABI example library, built once in build/ against the pinned
#     torch: its .so needs no libtorch C++ symbols, and its generated tests
#     pass under the newest torch with that same .so (one build, many
#     versions);
#  3. opgen and the classic bundled library (kernels/) built against the
#     newest torch in build-newest/, with their generated tests.
# `scripts/newest-torch.sh --env-only` does step 1 only: scripts/setup.sh
# runs it, so that ctest's wheel_newest (examples/wheel built as a wheel
# with the newest torch, docs/packaging.md) finds .venv-newest.
set -euo pipefail
cd "$(dirname "$0")/.."

# The newest torch on the package index when this was last updated; the
# set-up says when the index has a newer one.
NEWEST_TORCH_VERSION=2.15.0
PY_PACKAGES=(
  "torch==${NEWEST_TORCH_VERSION}"
  "numpy==2.4.6"
  "pytest==9.2.0"
  "expecttest==0.3.0"
)
log() { printf '[newest-torch] %s\n' "$*"; }

. scripts/lib/pyenv.sh
VENV=$(opgen_python_env "$NEWEST_TORCH_VERSION" "${PY_PACKAGES[@]}")
ln -sfn "$VENV" .venv-newest
PY="$PWD/.venv-newest/bin/python"
if [ "${1:-}" = "--env-only" ]; then
  exit 0
fi
if latest=$("$PY" -m pip index versions torch 2>/dev/null | sed -n 's/^torch (\(.*\))$/\1/p') \
   && [ -n "$latest" ] && [ "$latest" != "$NEWEST_TORCH_VERSION" ]; then
  log "note: the package index has torch $latest; this script tests $NEWEST_TORCH_VERSION"
fi
log "$("$PY" -c 'import torch; print("torch", torch.__version__)')"
export TORCHINDUCTOR_CACHE_DIR="$PWD/build-newest/inductor-cache"
rm -rf "$TORCHINDUCTOR_CACHE_DIR"

# One build, many versions: the stable-ABI example library of build/ (built
# against the pinned torch for TORCH_TARGET_VERSION 2.10), not rebuilt.
stable_so=build/test/stable/python/stableops/libstable_ops.so
[ -f "$stable_so" ] || { log "error: $stable_so is missing: build build/ first (scripts/setup.sh)"; exit 1; }
before=$(sha256sum "$stable_so")
log "the stable-ABI library built against the pinned torch, under torch $NEWEST_TORCH_VERSION"
cmake -DLIBRARY="$stable_so" -P cmake/OpgenStableSymbols.cmake
(cd build && PYTHONPATH="$PWD/test/stable/python" "$PY" -m pytest -q -p no:cacheprovider \
   test/stable/stable_ops_gen/tests ../test/stable)
[ "$(sha256sum "$stable_so")" = "$before" ] || { log "error: $stable_so changed"; exit 1; }

log "opgen and the classic bundled library against torch $NEWEST_TORCH_VERSION (build-newest/)"
cmake -S . -B build-newest -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_ARCHITECTURES="${OPGEN_CUDA_ARCHITECTURES:-90}" \
  -DOPGEN_PREAMBLE_CACHE="$PWD/build-newest/preamble-cache" \
  -DOPGEN_PYTHON="$PY" >/dev/null
cmake --build build-newest --target mylib_ops_python
ctest --test-dir build-newest -R '^mylib_ops_opcheck$' --output-on-failure
log "ok: torch $NEWEST_TORCH_VERSION"
