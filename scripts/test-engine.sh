#!/usr/bin/env bash
# Builds the native engine, then runs its GoogleTest suite through ctest.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

bash scripts/build-engine.sh
ctest --test-dir build/engine --output-on-failure
