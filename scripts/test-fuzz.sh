#!/usr/bin/env bash
# The fuzzers, for a bounded time (issue G, "Fuzzing"; at most 60 s in all):
#   1. the libFuzzer target engine/fuzz/scenario_fuzzer.cc (ASan + UBSan) replays the
#      whole seed corpus: engine/fuzz/corpus/, the large reproducers written by
#      engine/fuzz/make-large-inputs.sh and every valid scenario in engine/scenarios/;
#   2. it then fuzzes from that corpus for PLAB_FUZZ_SECONDS (default 40 s);
#   3. the URL codec's fuzzer under Vitest (web/src/url/codec.fuzz.test.ts).
# A crash leaves its input in build/fuzz-findings/ for a regression test.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/sanitizer-env.sh"
cd "$PLAB_ROOT"

seconds="${PLAB_FUZZ_SECONDS:-40}"
bash scripts/build-sanitize.sh plab_scenario_fuzzer
fuzzer=build/sanitize/plab_scenario_fuzzer

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bash engine/fuzz/make-large-inputs.sh "$work/large"
findings=build/fuzz-findings
mkdir -p "$findings"

log "Scenario fuzzer: replaying the corpus"
corpus=(engine/fuzz/corpus/* "$work"/large/* engine/scenarios/*.json)
"$fuzzer" -rss_limit_mb=2048 -timeout=20 "${corpus[@]}" 2>"$work/replay.log" || {
  tail -n 40 "$work/replay.log" >&2
  echo "FAILED: the scenario fuzzer crashed on a corpus input (above)" >&2
  exit 1
}
echo "replayed ${#corpus[@]} inputs"

log "Scenario fuzzer: ${seconds} s from the corpus"
mkdir -p "$work/new"
# New inputs go to a scratch directory (the first one); the stored corpus is read only.
# -max_len keeps each mutation quick; the large reproducers were replayed above.
"$fuzzer" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 -max_len=4096 \
  -print_final_stats=1 -artifact_prefix="$findings/" \
  "$work/new" engine/fuzz/corpus engine/scenarios 2>"$work/fuzz.log" || {
  tail -n 60 "$work/fuzz.log" >&2
  echo "FAILED: the scenario fuzzer found a crash; its input is in $findings/" >&2
  exit 1
}
grep -E '^stat::(number_of_executed_units|new_units_added)' "$work/fuzz.log" || true

log "URL codec fuzzer (Vitest)"
npx vitest run --config web/vite.config.ts src/url/codec.fuzz.test.ts
