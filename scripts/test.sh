#!/usr/bin/env bash
# Sets up and builds everything (scripts/setup.sh), then runs every test suite in
# order, stopping at the first failure:
#   test:format  Prettier and clang-format check the layout (a few seconds)
#   test:engine  native GoogleTest suite (ctest)
#   test:wasm    WASM under Node: native == WASM, bit for bit
#   test:web     the page's TypeScript type check (tsc --noEmit), ESLint, then its Vitest
#                unit tests (importCycles.test.ts: no import cycle in web/src)
#   test:e2e     Playwright + Debian Chromium against the built site
#   test:fuzz    the scenario fuzzer (libFuzzer) and the URL codec's, <= 60 s in all,
#                after replaying the whole seed corpus (scripts/test-fuzz.sh)
#   test:sanitize  ASan + UBSan build: the GoogleTest suite, the CLI's regression
#                cases and the corpus through the CLI (scripts/test-sanitize.sh)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

kSteps=(test:format test:engine test:wasm test:web test:e2e test:fuzz test:sanitize)
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
