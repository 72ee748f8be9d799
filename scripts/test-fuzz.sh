#!/usr/bin/env bash
# The fuzzers, for a bounded time (issue G, "Fuzzing"; at most 60 s in all):
#   1. the libFuzzer target engine/fuzz/scenario_fuzzer.cc (ASan + UBSan) replays the
#      whole seed corpus: engine/fuzz/corpus/, the large reproducers written by
#      engine/fuzz/make-large-inputs.sh and every valid scenario in engine/scenarios/;
#   2. it then fuzzes from that corpus for 5/8 of PLAB_FUZZ_SECONDS (default 40 s: 25 s);
#   3. the program fuzzer engine/fuzz/program_fuzzer.cc (issue J: a `custom` program's
#      text, checked and run) replays engine/fuzz/program_corpus/ and three hostile
#      texts (1 MB of comment, 1 MB of '(', 60 kB of digits), then fuzzes for the other
#      3/8 (15 s) with the dictionary
#      engine/fuzz/program.dict (the language's words and operators);
#   4. the URL codec's fuzzer under Vitest (web/src/url/codec.fuzz.test.ts).
# Both libFuzzer targets link the sanitize build's engine library (build-sanitize.sh).
# A crash leaves its input in build/fuzz-findings/ for a regression test.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/sanitizer-env.sh"
cd "$PLAB_ROOT"

total_seconds="${PLAB_FUZZ_SECONDS:-40}"
program_seconds=$((total_seconds * 3 / 8))
seconds=$((total_seconds - program_seconds))
bash scripts/build-sanitize.sh plab_scenario_fuzzer plab_program_fuzzer
fuzzer=build/sanitize/plab_scenario_fuzzer
program_fuzzer=build/sanitize/plab_program_fuzzer

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

log "Program fuzzer: replaying the corpus"
# Hostile texts too large to keep: 1 MB of comment, of '(' and of digits.
mkdir -p "$work/programs"
head -c 999999 /dev/zero | tr '\0' '#' >"$work/programs/comment-1mb.txt"
{ printf 'on_ack { cwnd = '; head -c 1000000 /dev/zero | tr '\0' '('; } >"$work/programs/parens-1mb.txt"
{ printf 'on_ack { cwnd = '; head -c 60000 /dev/zero | tr '\0' '9'; printf 'x }'; } >"$work/programs/digits-60k.txt"
programs=(engine/fuzz/program_corpus/* "$work"/programs/*)
"$program_fuzzer" -rss_limit_mb=2048 -timeout=20 "${programs[@]}" 2>"$work/program-replay.log" || {
  tail -n 40 "$work/program-replay.log" >&2
  echo "FAILED: the program fuzzer crashed on a corpus input (above)" >&2
  exit 1
}
echo "replayed ${#programs[@]} inputs"

log "Program fuzzer: ${program_seconds} s from the corpus"
mkdir -p "$work/new-programs"
"$program_fuzzer" -max_total_time="$program_seconds" -rss_limit_mb=2048 -timeout=20 -max_len=4096 \
  -dict=engine/fuzz/program.dict -print_final_stats=1 -artifact_prefix="$findings/program-" \
  "$work/new-programs" engine/fuzz/program_corpus 2>"$work/program-fuzz.log" || {
  tail -n 60 "$work/program-fuzz.log" >&2
  echo "FAILED: the program fuzzer found a crash; its input is in $findings/" >&2
  exit 1
}
grep -E '^stat::(number_of_executed_units|new_units_added)' "$work/program-fuzz.log" || true

log "URL codec fuzzer (Vitest)"
npx vitest run --config web/vite.config.ts src/url/codec.fuzz.test.ts
