#!/usr/bin/env bash
# Sets up and builds everything (scripts/setup.sh: Debian packages, npm ci beside the
# engine and WASM builds, then the page), then runs every test suite in order, stopping
# at the first failure. Seconds on a fresh clone, 2 cores, packages present
# (2026-11-29, this stop's last code at load average about 1-3, 31.0 min in all on a machine
# about twice as slow as the last stops' (17.3 min there); the README has the whole):
#   setup        ~593  npm ci beside the engine and WASM builds, then the page
#   test:format  ~20   Prettier and clang-format check the layout
#   test:engine  ~110  native GoogleTest suite (ctest, one process per core; 63 s idle)
#   test:python  ~42   the Python package linked to build/engine, pytest (scripts/test-python.sh)
#   test:slurm   ~31   a single-node Slurm cluster, a 3-task campaign: a task requeued, a
#                      worker killed, a task cancelled
#   test:wasm    ~38   WASM under Node: native == WASM, bit for bit
#   test:web     ~141  the page's TypeScript type check (tsc --noEmit), ESLint, then its
#                      Vitest unit tests (importCycles.test.ts: no import cycle in web/src)
#   test:e2e     ~625  Playwright + Debian Chromium against the built site, one worker,
#                      one reused browser context (the sanitizer build below runs beside it)
#   (wait)       ~0    the rest of the ASan + UBSan build started at nice 19 after setup
#   test:fuzz    ~66   the libFuzzer targets (scenario, program) replay their corpora and
#                      fuzz 40 s in all, then the URL codec's fuzzer (scripts/test-fuzz.sh)
#   test:sanitize ~192 the GoogleTest suite under ASan + UBSan in one shard per core, the
#                      CLI's regression cases and the corpus through the CLI
#                      (scripts/test-sanitize.sh)
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$PLAB_ROOT"

kSteps=(test:format test:engine test:python test:slurm test:wasm test:web test:e2e test:fuzz test:sanitize)
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

# The sanitizer build (test:fuzz and test:sanitize need it) starts now at the lowest
# priority, beside the steps before them: it takes only the CPU they leave idle (the
# browser waiting on pages in test:e2e, the single-threaded tsc and ESLint in test:web),
# so they are hardly slowed, and its 20-odd CPU-minutes mostly leave the critical path.
# test:fuzz waits for it; its own build-sanitize.sh call is then a no-op.
# setsid: its own process group, so that a run stopped early stops its compilers too.
sanitize_log="$(mktemp)"
setsid nice -n 19 bash scripts/build-sanitize.sh >"$sanitize_log" 2>&1 &
sanitize_pid=$!
trap '[[ -z "$sanitize_pid" ]] || kill -- -"$sanitize_pid" 2>/dev/null; rm -f "$sanitize_log"' EXIT

wait_for_sanitize_build() {
  [[ -n "$sanitize_pid" ]] || return 0
  log "waiting for the background sanitizer build"
  local status=0 wait_start=$SECONDS
  wait "$sanitize_pid" || status=$?
  sanitize_pid=""
  tail -n 5 "$sanitize_log"
  results+=("      (sanitizer build: waited $((SECONDS - wait_start)) s for the rest of it)")
  if ((status != 0)); then
    cat "$sanitize_log"
    echo "error: the background sanitizer build failed (exit $status, output above)" >&2
  fi
  # A failure is reported again by the step's own build, which stops the run.
  return 0
}

for step in "${kSteps[@]}"; do
  if [[ "$step" == test:fuzz || "$step" == test:sanitize ]]; then
    wait_for_sanitize_build
  fi
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
