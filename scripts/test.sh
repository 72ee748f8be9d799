#!/usr/bin/env bash
# Sets up and builds everything (scripts/setup.sh), then runs every test suite in
# order, stopping at the first failure:
#   test:engine  native GoogleTest suite (ctest)
#   test:wasm    WASM under Node: native == WASM, bit for bit
#   test:web     Vitest unit tests of the page
#   test:e2e     Playwright + Debian Chromium against the built site
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

kSteps=(test:engine test:wasm test:web test:e2e)
results=()

summary() {
  echo
  echo "================ Protocol Lab test summary ================"
  local line
  for line in "${results[@]}"; do
    echo "  $line"
  done
  echo "==========================================================="
}

start_s=$SECONDS
if ! bash scripts/setup.sh; then
  results+=("FAIL  setup (install + build)")
  summary
  echo "FAILED: setup (install + build)"
  exit 1
fi
results+=("ok    setup (install + build)   $((SECONDS - start_s)) s")

for step in "${kSteps[@]}"; do
  log "npm run $step"
  start_s=$SECONDS
  if npm run "$step"; then
    results+=("ok    $step   $((SECONDS - start_s)) s")
  else
    results+=("FAIL  $step   $((SECONDS - start_s)) s")
    summary
    echo "FAILED: $step (later steps not run)"
    exit 1
  fi
done

summary
echo "ALL TESTS PASSED: ${kSteps[*]}"
