#!/usr/bin/env bash
# The sanitizer run (issue G): the engine built with clang, ASan and UBSan
# (float-cast-overflow, every report fatal; scripts/build-sanitize.sh) runs
#   1. the GoogleTest suite (PLAB_SANITIZE_FILTER; default: all of it but TcpErClaims,
#      below), one gtest shard per core (PLAB_SANITIZE_SHARDS);
#   2. the CLI's regression cases (engine/tests/cli_test.sh);
#   3. the whole fuzz corpus through the CLI, each run clamped to 0.5 s and 200,000
#      events: any exit code is fine except a sanitizer's or a signal's.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
source "$(dirname "${BASH_SOURCE[0]}")/sanitizer-env.sh"
cd "$PLAB_ROOT"

bash scripts/build-sanitize.sh plab plab_tests
plab=build/sanitize/plab

# The suite runs as one process per core, each a gtest shard (GTEST_TOTAL_SHARDS): the
# tests are independent, and one process on two cores made this the test command's
# longest step (about 13 minutes on a busy CI machine).
shards="${PLAB_SANITIZE_SHARDS:-$(nproc)}"
# TCP-ER's four claim tests are 63 % of the suite's time under ASan (1,267 of 2,000 s
# summed over its tests, measured 2026-11-27): each replays 300 s of a preset's web-user
# background for several seeds and protocols, through code that the suite's other TCP-ER
# tests (tcp_er_test.cc) and the corpus below already run under the sanitizers. They run
# natively in test:engine.
filter="${PLAB_SANITIZE_FILTER:--TcpErClaims.*}"
log "GoogleTest suite under ASan + UBSan (filter: $filter, $shards shards)"
shard_dir="$(mktemp -d)"
pids=()
for ((i = 0; i < shards; i++)); do
  GTEST_TOTAL_SHARDS=$shards GTEST_SHARD_INDEX=$i build/sanitize/plab_tests --gtest_brief=1 \
    --gtest_filter="$filter" >"$shard_dir/$i.log" 2>&1 &
  pids+=($!)
done
suite_failed=0
for ((i = 0; i < shards; i++)); do
  if ! wait "${pids[$i]}"; then
    suite_failed=1
  fi
  echo "--- shard $((i + 1)) of $shards"
  cat "$shard_dir/$i.log"
done
rm -rf "$shard_dir"
if ((suite_failed)); then
  echo "FAILED: the GoogleTest suite under ASan + UBSan (a shard above failed)" >&2
  exit 1
fi

log "CLI regression cases under ASan + UBSan"
# ASan reserves terabytes of address space for its shadow, so the cases' ulimit -v
# cannot apply; ASan's own hard_rss_limit_mb (sanitizer-env.sh) bounds memory instead.
PLAB_CLI_TEST_MEMORY_KB=unlimited bash engine/tests/cli_test.sh "$plab"

log "The fuzz corpus through the CLI under ASan + UBSan"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
bash engine/fuzz/make-large-inputs.sh "$work/large"
failures=0
count=0
for input in engine/fuzz/corpus/* "$work"/large/* engine/scenarios/*.json; do
  count=$((count + 1))
  code=0
  timeout 60 "$plab" run "$input" --set duration_s=0.5 --set max_events=200000 \
    >/dev/null 2>"$work/stderr" || code=$?
  if ((code >= 98)) || grep -qE 'runtime error|AddressSanitizer|LeakSanitizer' "$work/stderr"; then
    echo "FAIL: plab run $input -> exit $code" >&2
    head -n 30 "$work/stderr" >&2
    failures=$((failures + 1))
  fi
done
echo "corpus through the CLI: $count inputs, $failures failed"
((failures == 0))
