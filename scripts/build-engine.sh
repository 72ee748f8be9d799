#!/usr/bin/env bash
# Builds the native engine (library, CLI build/engine/plab, tests) in build/engine.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

cmake -G Ninja -S engine -B build/engine -DCMAKE_BUILD_TYPE=Release
cmake --build build/engine
