#!/usr/bin/env bash
# Builds the engine to WebAssembly (build/wasm) and copies the two outputs to
# wasm/dist/: plab.mjs (browser worker, ES module) and plab.cjs (Node).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"
use_debian_node_path

if ! command -v emcmake >/dev/null 2>&1; then
  echo "error: emcmake not found; run 'bash scripts/setup.sh' (installs Debian's emscripten)" >&2
  exit 1
fi

emcmake cmake -G Ninja -S wasm -B build/wasm -DCMAKE_BUILD_TYPE=Release
cmake --build build/wasm

mkdir -p wasm/dist
cp build/wasm/web/plab.mjs wasm/dist/plab.mjs
cp build/wasm/node/plab.cjs wasm/dist/plab.cjs
ls -l wasm/dist/plab.mjs wasm/dist/plab.cjs
