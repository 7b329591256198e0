# Sourced by the set-up and test scripts: every CMake build they start
# (build/, the test projects and wheels ctest builds, build-newest/,
# build-asan/) compiles through ccache when it is installed, with its cache
# outside the checkout beside the Python environments ($OPGEN_CACHE, default
# ~/.cache/opgen, in ccache/), so that a repeat run, a fresh clone included,
# compiles only what changed. CCACHE_BASEDIR is the checkout: the paths in
# its compile commands are hashed relative to it, so a clone elsewhere hits
# too. In depend mode (CCACHE_DEPEND) a miss costs no extra preprocessor
# run: ccache hashes the headers the compile's own -MD output lists. A cold
# or missing cache only costs the misses (ccache hashes sources, headers
# and flags: never a stale object). OPGEN_CCACHE=0 turns it off;
# launchers and a ccache set-up already in the environment are kept. Reads
# only the environment; CMake takes CMAKE_<LANG>_COMPILER_LAUNCHER from it
# when it first configures a build directory.
opgen_use_ccache() {
  [ "${OPGEN_CCACHE:-1}" = 0 ] && return 0
  command -v ccache >/dev/null 2>&1 || return 0
  export CCACHE_DIR="${CCACHE_DIR:-${OPGEN_CACHE:-$HOME/.cache/opgen}/ccache}"
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
  export CCACHE_DEPEND="${CCACHE_DEPEND:-1}"
  export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
  export CMAKE_CUDA_COMPILER_LAUNCHER="${CMAKE_CUDA_COMPILER_LAUNCHER:-ccache}"
}

# opgen_ccache_summary LABEL: one line, the hits and misses counted since
# the statistics were last zeroed (ccache -z), when ccache is in use.
opgen_ccache_summary() {
  [ "${CMAKE_CXX_COMPILER_LAUNCHER:-}" = ccache ] || return 0
  ccache --print-stats 2>/dev/null | awk -v label="$1" -v dir="$CCACHE_DIR" '
    $1 == "direct_cache_hit" || $1 == "preprocessed_cache_hit" { hit += $2 }
    $1 == "cache_miss" { miss = $2 }
    END { printf "%s ccache (%s): %d hits, %d misses\n", label, dir, hit, miss }'
}
