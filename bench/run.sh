#!/usr/bin/env bash
# opgen's benchmarks: bench/run.sh [--short] [--extension-cpp] [--help for the options].
# Prints one markdown table (docs/performance.md shows it).
set -euo pipefail
cd "$(dirname "$0")/.."
exec .venv/bin/python bench/run.py "$@"
