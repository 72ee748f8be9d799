#!/usr/bin/env bash
# Benchmarks the reference run natively and in WASM under Node (bench/bench.mjs),
# then in the browser when e2e/bench-browser.mjs exists. Prints PASS/MISS beside
# each target; always exits 0 unless something could not run at all.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

# Incremental builds: quick when nothing changed, and never a stale binary.
log "building the native and WASM engines (incremental)"
bash scripts/build-engine.sh >&2
bash scripts/build-wasm.sh >&2

node bench/bench.mjs

if [[ -f e2e/bench-browser.mjs ]]; then
  echo
  node e2e/bench-browser.mjs || echo "browser bench failed (exit $?)"
fi
if [[ -f e2e/bench-validation.mjs ]]; then
  node e2e/bench-validation.mjs || echo "validation bench failed (exit $?)"
fi
