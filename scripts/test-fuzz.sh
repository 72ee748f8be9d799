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

# replay NAME FUZZER INPUT...: every input once; a crash fails the run.
replay() {
  local name="$1" fuzzer="$2"
  shift 2
  log "$name fuzzer: replaying the corpus"
  "$fuzzer" -rss_limit_mb=2048 -timeout=20 "$@" 2>"$work/replay.log" || {
    tail -n 40 "$work/replay.log" >&2
    echo "FAILED: the $name fuzzer crashed on a corpus input (above)" >&2
    exit 1
  }
  echo "replayed $# inputs"
}

# fuzz NAME FUZZER SECONDS FINDINGS_PREFIX [FLAG...] -- CORPUS_DIR...: mutations for
# SECONDS. New inputs go to a scratch directory (the first one); the stored corpus is
# read only. -max_len keeps each mutation quick; the large inputs were replayed before.
fuzz() {
  local name="$1" fuzzer="$2" secs="$3" prefix="$4"
  shift 4
  local flags=()
  while [[ "$1" != -- ]]; do
    flags+=("$1")
    shift
  done
  shift
  log "$name fuzzer: ${secs} s from the corpus"
  local new="$work/new-$name"
  mkdir -p "$new"
  "$fuzzer" -max_total_time="$secs" -rss_limit_mb=2048 -timeout=20 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$prefix" "${flags[@]}" \
    "$new" "$@" 2>"$work/fuzz.log" || {
    tail -n 60 "$work/fuzz.log" >&2
    echo "FAILED: the $name fuzzer found a crash; its input is in $findings/" >&2
    exit 1
  }
  grep -E '^stat::(number_of_executed_units|new_units_added)' "$work/fuzz.log" || true
}

replay Scenario "$fuzzer" engine/fuzz/corpus/* "$work"/large/* engine/scenarios/*.json
fuzz Scenario "$fuzzer" "$seconds" "$findings/" -- engine/fuzz/corpus engine/scenarios

# Hostile texts too large to keep: 1 MB of comment, of '(' and of digits.
mkdir -p "$work/programs"
head -c 999999 /dev/zero | tr '\0' '#' >"$work/programs/comment-1mb.txt"
{ printf 'on_ack { cwnd = '; head -c 1000000 /dev/zero | tr '\0' '('; } >"$work/programs/parens-1mb.txt"
{ printf 'on_ack { cwnd = '; head -c 60000 /dev/zero | tr '\0' '9'; printf 'x }'; } >"$work/programs/digits-60k.txt"
replay Program "$program_fuzzer" engine/fuzz/program_corpus/* "$work"/programs/*
fuzz Program "$program_fuzzer" "$program_seconds" "$findings/program-" -dict=engine/fuzz/program.dict \
  -- engine/fuzz/program_corpus

log "URL codec fuzzer (Vitest)"
npx vitest run --config web/vite.config.ts src/url/codec.fuzz.test.ts
