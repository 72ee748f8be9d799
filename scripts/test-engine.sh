#!/usr/bin/env bash
# Builds the native engine, then runs its GoogleTest suite through ctest.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

bash scripts/build-engine.sh
# One test process per core: the 383 tests are independent processes (gtest_discover_tests),
# 75 CPU-seconds in all, which one at a time left a core idle.
ctest --test-dir build/engine --output-on-failure -j "$(nproc)"
