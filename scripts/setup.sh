#!/usr/bin/env bash
# Installs what opgen needs and builds it. Idempotent and cache-friendly:
#  * Debian packages: Clang/LLVM 16 (LibTooling, FileCheck; zstd's archive for
#    the static link of the wheel, OPGEN_STATIC_LLVM; the sanitizer and
#    libFuzzer runtimes for build-asan/ and build-fuzz/), gtest, CMake, Ninja;
#  * a Python environment with the pinned torch, kept outside the checkout in
#    $OPGEN_CACHE (default ~/.cache/opgen), keyed by the pinned versions, and
#    linked as .venv/ in the checkout; another with the newest torch
#    (scripts/newest-torch.sh), linked as .venv-newest/;
#  * build/ with build/bin/opgen; arguments of this script (-D<option>=...)
#    go to build/'s configure (scripts/test.sh: which tests it registers);
#  * ccache (Debian's, where it can be installed), for every build these
#    scripts start, its cache in $OPGEN_CACHE/ccache (scripts/lib/ccache.sh;
#    OPGEN_CCACHE=0: none).
set -euo pipefail
cd "$(dirname "$0")/.."

TORCH_VERSION=2.11.0
PY_PACKAGES=(
  "torch==${TORCH_VERSION}"
  "numpy==2.4.6"
  "pytest==9.2.0"
  "lit==23.1.5"
  "expecttest==0.3.0"
)
DEB_PACKAGES=(clang-16 python3-dev libclang-16-dev libclang-cpp16-dev llvm-16-dev llvm-16-tools libzstd-dev
              libclang-rt-16-dev libgtest-dev cmake ninja-build g++ python3 python3-venv)

log() { printf '[setup] %s\n' "$*"; }

missing=()
for p in "${DEB_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO=sudo
if [ ${#missing[@]} -gt 0 ]; then
  log "installing Debian packages: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# ccache only speeds builds up: where it cannot be installed, they run
# without it.
if ! command -v ccache >/dev/null 2>&1 && [ "${OPGEN_CCACHE:-1}" != 0 ]; then
  log "installing ccache (Debian's)"
  { $SUDO apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends ccache; } \
    >/dev/null 2>&1 || log "no ccache (its install failed): building without it"
fi

. scripts/lib/pyenv.sh
. scripts/lib/ccache.sh
opgen_use_ccache
VENV=$(opgen_python_env "$TORCH_VERSION" "${PY_PACKAGES[@]}")
ln -sfn "$VENV" .venv
# The newest torch's environment (.venv-newest), for ctest's wheel_newest
# and scripts/newest-torch.sh.
scripts/newest-torch.sh --env-only

log "building opgen (build/)"
# The bundled CUDA kernels are built for Hopper (sm_90: the H100/H200 test
# machines) only, to keep CI fast; add_custom_op itself defaults to 75..90.
# The bundled kernels' preambles in a cache of build/'s own (the default
# of opgen's own tree; named here for a build/ configured before it was):
# the tests that check them never see another build's evictions.
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CUDA_ARCHITECTURES="${OPGEN_CUDA_ARCHITECTURES:-90}" \
  -DOPGEN_PREAMBLE_CACHE="$PWD/build/preamble-cache" \
  -DOPGEN_PYTHON="$PWD/.venv/bin/python" "$@" >/dev/null
cmake --build build
log "done: build/bin/opgen, .venv/bin/python"
