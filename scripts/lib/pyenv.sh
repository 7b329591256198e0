# Sourced by the set-up scripts: cached Python environments, keyed by the
# pinned packages, kept outside the checkout in $OPGEN_CACHE (default
# ~/.cache/opgen) and reused by later runs.

# opgen_python_env TORCH_VERSION PACKAGE... : prints the path of a complete
# environment with exactly these packages, creating it first if needed.
opgen_python_env() {
  local torch_version=$1; shift
  local python=${OPGEN_BASE_PYTHON:-python3}
  local py_version key cache venv
  py_version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
  key=$(printf '%s\n' "$@" | sha256sum | cut -c1-12)
  cache=${OPGEN_CACHE:-$HOME/.cache/opgen}
  venv="$cache/venv-py${py_version}-torch${torch_version}-${key}"
  if [ ! -f "$venv/.opgen-complete" ]; then
    printf '[setup] creating the Python environment %s (torch %s; several GB, once)\n' \
      "$venv" "$torch_version" >&2
    rm -rf "$venv"
    mkdir -p "$cache"
    "$python" -m venv "$venv"
    "$venv/bin/python" -m pip install -q --upgrade pip >&2
    "$venv/bin/python" -m pip install -q "$@" >&2
    touch "$venv/.opgen-complete"
  else
    printf '[setup] reusing the Python environment %s\n' "$venv" >&2
  fi
  printf '%s\n' "$venv"
}
