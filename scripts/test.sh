#!/usr/bin/env bash
# Runs every test: sets up (scripts/setup.sh), builds everything, then ctest:
# unit (gtest), lit (FileCheck), the generated opcheck tests of the bundled
# ops, the end-to-end Python tests and the find_package(opgen) consumer.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
jobs=$(nproc 2>/dev/null || echo 2)
ctest --test-dir build --output-on-failure -j "$jobs"
