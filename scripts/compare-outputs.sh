#!/usr/bin/env bash
# Proves a change leaves opgen's output as it was: builds opgen at BASE (a
# git revision, default HEAD) in build-base/ (from a worktree in
# build-base/src), then runs that opgen and this checkout's build/bin/opgen
# over
#   * the bundled kernels/ (as scripts/demo.sh and add_custom_op call it), and
#   * every opgen command line of the lit suite (test/lit), through an
#     `opgen` wrapper that records each run's output directory, stderr and
#     exit status,
# and compares the two sets of files byte for byte. Discovery records
# (--discover) and precompiled preambles (*.pch, Clang's binary cache) are
# internal formats and are left out, and so are the
# messages about unreadable records; diagnostics are compared without the
# trailing ` [DiagId]`; the path of the runtime headers baked into each
# build (its source tree) is made the same. A run that only one side made
# (a lit test stops at its first failing line, e.g. where the change
# updated the expectation) is listed, not compared. Exits 1 when a run that
# both made differs.
#
#   scripts/compare-outputs.sh [BASE]
#
# See docs/design.md ("Refactoring without changing output").
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:-HEAD}
top=$PWD
work=$top/build-base
log() { printf '[compare] %s\n' "$*"; }

[ -x build/bin/opgen ] || { echo "build/bin/opgen missing: run scripts/setup.sh" >&2; exit 2; }
rev=$(git rev-parse --verify "$base^{commit}")
if [ "$(cat "$work/rev" 2>/dev/null)" != "$rev" ]; then
  log "building opgen at $base ($rev) in $work"
  rm -rf "$work"
  git worktree prune
  git worktree add --detach "$work/src" "$rev" >/dev/null
  cmake -S "$work/src" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DOPGEN_BUILD_KERNELS=OFF -DOPGEN_BUILD_TESTS=OFF \
    -DOPGEN_PYTHON="$top/.venv/bin/python" >/dev/null
  cmake --build "$work/build" --target opgen
  echo "$rev" >"$work/rev"
fi

# The wrapper: runs $OPGEN_GOLDEN_BIN, keeps what -o names (unless
# --discover) under $OPGEN_GOLDEN_DIR/<-o's name>/<n>/.
wrapper=$work/wrapper
mkdir -p "$wrapper"
cat >"$wrapper/opgen" <<'WRAP'
#!/usr/bin/env bash
out=""; discover=0; prev=""
for a in "$@"; do
  [ "$prev" = "-o" ] && out=$a
  [ "$a" = "--discover" ] && discover=1
  prev=$a
done
err=$(mktemp)
export OPGEN_PYTHON=${OPGEN_PYTHON:-$OPGEN_GOLDEN_PYTHON}
set +e
"$OPGEN_GOLDEN_BIN" "$@" 2> >(tee "$err" >&2)
status=$?
set -e
wait
if [ -n "$out" ] && [ $discover -eq 0 ]; then
  case $out in /*) full=$out ;; *) full=$PWD/$out ;; esac
  key=$(printf '%s' "$full" | sed 's#.*/Output/##; s#[^A-Za-z0-9._-]#_#g')
  n=0; while [ -e "$OPGEN_GOLDEN_DIR/$key/$n" ]; do n=$((n + 1)); done
  dest=$OPGEN_GOLDEN_DIR/$key/$n
  mkdir -p "$dest"
  case $out in *.pch) ;; *) [ -e "$out" ] && cp -r "$out" "$dest/out" ;; esac
  # A precompiled preamble is Clang's binary cache, not generated code: its
  # bytes differ from run to run of one opgen.
  find "$dest" -name '*.pch' -delete 2>/dev/null || true
  # Diagnostics without the catalogue id that ends each of them, nor
  # what a record of another format version is told.
  sed -E 's/ \[[A-Za-z]+\]$//; /is not a discovery record this opgen can read/d' \
    "$err" >"$dest/stderr"
  echo "$status" >"$dest/status"
fi
rm -f "$err"
exit $status
WRAP
chmod +x "$wrapper/opgen"

# Both opgens ask this Python for torch's headers where a run names none (a
# build without tests bakes none in, and lit's PATH may hold a python3
# without torch): the wrapper sets OPGEN_PYTHON from OPGEN_GOLDEN_PYTHON.
export OPGEN_GOLDEN_PYTHON=$top/.venv/bin/python

collect() { # collect <opgen binary> <dir>
  local bin=$1 dir=$2
  # The kernels runs write beside build-base/, not inside it: the generated
  # CMakeLists.txt holds the runtime's path relative to the output, and only
  # a path through build-base/src/runtime/include is made the same below.
  local scratch=$work-scratch
  rm -rf "$dir"; mkdir -p "$dir"
  export OPGEN_GOLDEN_BIN=$bin OPGEN_GOLDEN_DIR=$dir OPGEN_LIT_TOOL_DIR=$wrapper
  "$wrapper/opgen" kernels/*.cpp -o "$scratch/demo" --python-package mylib \
    --library-name mylib_ops --samples kernels/samples.py \
    --fake-module kernels/mylib_fakes.py >/dev/null 2>&1 || true
  "$wrapper/opgen" kernels/*.cpp kernels/*.cu -o "$scratch/kernels" \
    --python-package mylib --samples kernels/samples.py \
    --fake-module kernels/mylib_fakes.py >/dev/null 2>&1 || true
  rm -rf "$scratch"
  # Each lit test passes or fails as it may: only the outputs count here.
  .venv/bin/lit -q build/test/lit >/dev/null 2>&1 || true
  unset OPGEN_GOLDEN_BIN OPGEN_GOLDEN_DIR OPGEN_LIT_TOOL_DIR
}

log "running $base's opgen"
collect "$work/build/bin/opgen" "$work/before"
# Its runtime headers are those of its own source tree, named by absolute
# path or, in a generated CMakeLists.txt, relative to the output in
# build-base-scratch/: both go through build-base/src/runtime/include.
{ grep -rlF "build-base/src/runtime/include" "$work/before" || true; } |
  xargs -r sed -i 's#build-base/src/runtime/include#runtime/include#g'
log "running build/bin/opgen"
collect "$top/build/bin/opgen" "$work/after"
only=$( (cd "$work/before" && find . -name status) | sort >"$work/runs.before"
  (cd "$work/after" && find . -name status) | sort >"$work/runs.after"
  comm -3 "$work/runs.before" "$work/runs.after")
status=0
: >"$work/diff.txt"
while read -r run; do
  run=${run%/status}
  diff -r "$work/before/$run" "$work/after/$run" >>"$work/diff.txt" || status=1
done < <(comm -12 "$work/runs.before" "$work/runs.after")
runs=$(comm -12 "$work/runs.before" "$work/runs.after" | wc -l)
files=$( (cd "$work/before" && comm -12 "$work/runs.before" "$work/runs.after" |
  sed 's#/status$##' | xargs -r find | wc -l) )
if [ -n "$only" ]; then
  log "runs made by one side only (not compared):"
  printf '%s\n' "$only" | sed 's#/status$##; s#^#  #'
fi
if [ $status -eq 0 ]; then
  log "identical: $runs opgen runs made by both, $files files and directories (kernels/ and the lit suite)"
else
  log "DIFFERENT: see $work/diff.txt"
  head -50 "$work/diff.txt"
  exit 1
fi
