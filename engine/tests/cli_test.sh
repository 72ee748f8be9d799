#!/usr/bin/env bash
# Regression tests of the command-line runner on hostile input (issue G's findings):
# every case must end with the exit code and message named here, never a signal
# (SIGSEGV, abort), a hang or a runaway allocation. Run by ctest as `cli_regressions`.
#   usage: cli_test.sh PATH/TO/plab
set -uo pipefail
plab="$1"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
passes=0

# expect EXIT SUBSTRING -- ARGS...: runs plab ARGS (10 s, 2 GiB at most) and checks the
# exit code and that stderr holds SUBSTRING (and is short: long values are cut), and
# that a refused run printed nothing on stdout (no result half-printed).
# PLAB_CLI_TEST_MEMORY_KB=unlimited lifts the memory cap for a sanitizer build, whose
# shadow memory needs terabytes of address space (scripts/test-sanitize.sh).
expect() {
  local want_exit="$1" want_text="$2"
  shift 3
  local err="$work/stderr" out="$work/stdout" code
  (ulimit -v "${PLAB_CLI_TEST_MEMORY_KB:-2097152}"; timeout 10 "$plab" "$@" >"$out" 2>"$err")
  code=$?
  local bytes out_bytes
  bytes=$(wc -c <"$err")
  out_bytes=$(wc -c <"$out")
  if [[ "$code" != "$want_exit" ]] || ! grep -qF -- "$want_text" "$err" || ((bytes > 4096)) ||
     { [[ "$want_exit" != 0 ]] && ((out_bytes > 0)); }; then
    echo "FAIL: plab $(printf '%s ' "$@" | head -c 200) -> exit $code (want $want_exit), stdout ${out_bytes} bytes, stderr ${bytes} bytes: $(head -c 300 "$err")"
    echo "      wanted stderr to contain: $want_text"
    failures=$((failures + 1))
  else
    passes=$((passes + 1))
  fi
}

scenario() { printf '%s' "$2" >"$work/$1"; echo "$work/$1"; }
repeat() { local s="" i; for ((i = 0; i < $2; i++)); do s+="$1"; done; printf '%s' "$s"; }

# 1. Deep nesting: refused before anything recurses (was SIGSEGV in dump()).
deep=$(scenario deep.json "$(repeat '[' 100000)$(repeat ']' 100000)")
expect 66 "nests lists and objects more than 32 levels" -- run "$deep"
deep_seed=$(scenario deep-seed.json "{\"seed\":$(repeat '[' 7000)$(repeat ']' 7000)}")
expect 66 "nests lists and objects more than 32 levels" -- run "$deep_seed"
expect 66 "nests lists and objects more than 32 levels" -- sweep "$deep_seed" --x flows[0].channel.forward.p --from 0 --to 0.1
empty=$(scenario empty.json '{}')
expect 64 "--set seed nests lists and objects more than 32 levels" -- run "$empty" --set "seed=$(repeat '[' 5000)$(repeat ']' 5000)"
# Brackets inside strings do not count as nesting.
expect 2 "flows[0].protocol must be one of" -- run "$(scenario brackets.json "{\"flows\":[{\"protocol\":\"$(repeat '[' 100)\"}]}")"

# 2. --set into something that is not an object.
for text in 1 '[]' '"x"'; do
  expect 64 "the scenario is not an object" -- run "$(scenario not-object.json "$text")" --set topology.access.rate_mbps=2
done
expect 64 "topology is not an object" -- run "$(scenario topology5.json '{"topology":5}')" --set topology.access.rate_mbps=2
expect 64 "flows[0] is not an object" -- run "$(scenario flows-x.json '{"flows":["x"]}')" --set flows[0].protocol=cubic

# 3. Flow indices beyond the list's maximum (was an abort in stoul, or 4 billion flows).
expect 64 "flows holds at most 64 items" -- run "$empty" --set 'flows[99999999999999999999].protocol=cubic'
expect 64 "flows holds at most 64 items" -- run "$empty" --set 'flows[4294967296].protocol=cubic'
expect 2 "flows" -- sweep "$empty" --x 'flows[4294967296].channel.forward.p' --from 0 --to 0.1

# 4. The sweep validates the file before reading its seed.
expect 2 "seed must be an integer" -- sweep "$(scenario seed-abc.json '{"seed":"abc"}')" --x flows[0].channel.forward.p --from 0 --to 0.1
expect 2 "the scenario must be a JSON object" -- sweep "$(scenario list.json '[]')" --x flows[0].channel.forward.p --from 0 --to 0.1
expect 2 "the scenario must be a JSON object" -- sweep "$(scenario five.json '5')" --x flows[0].channel.forward.p --from 0 --to 0.1

# 5. Numbers that do not fit (was float-to-int undefined behaviour).
for points in 1e10 nan inf 2.9 -1; do
  expect 64 "--points expects" -- sweep "$empty" --x flows[0].channel.forward.p --from 0 --to 0.1 --points "$points"
done
for seeds in 1e20 nan; do
  expect 64 "--seeds expects" -- sweep "$empty" --x flows[0].channel.forward.p --from 0 --to 0.1 --seeds "$seeds"
done
expect 2 "seed must be an integer within [0, 4294967295], got 1e+20" -- run "$(scenario seed-1e20.json '{"seed":1e20}')"
# A program's trace round out of range names the field and the range (docs/custom-cc.md).
expect 2 "flows[0].custom.trace_round must be" -- run "$empty" --set flows[0].protocol=custom --set flows[0].custom.trace_round=-1
expect 64 "--from expects a number in decimal notation (e.g. 0.5 or 1e-3), got nan" -- sweep "$empty" --x flows[0].channel.forward.p --from nan --to 0.1

# 6. Sweeps that would silently do nothing are refused with a reason.
expect 2 "x cannot be seed" -- sweep "$empty" --x seed --from 1 --to 5
expect 2 "x must name one item" -- sweep "$empty" --x 'flows[].channel.forward.p' --from 0 --to 0.1
expect 2 "sets the flows after the first, and the scenario has 1 flow" -- sweep "$empty" --x 'flows[1:].access.delay_ms' --from 0 --to 10
expect 2 "is a one-parameter sweep's x (plab sweep --x), not a grid axis" -- sweep "$empty" --grid 'flows[1:].access.delay_ms=0:10:2'

# 7. One spelling per field: dotted and indexed keys are unknown fields.
for key in '"flows[5]":{}' '"flows[00]":{}' '"flows[]":{}' '"flows[0]":{"protocol":"cubic"}' '"topology.access.rate_mbps":7' '"":{"seed":77}'; do
  expect 2 "unknown field" -- run "$(scenario key.json "{$key}")"
done

# 8. A long bad value is cut in the message (a 10 MB string gave 10.5 MB on stderr).
long=$(scenario long.json "{\"flows\":[{\"protocol\":\"$(repeat x 100000)\"}]}")
expect 2 "flows[0].protocol must be one of" -- run "$long"

# 10. The event budget. The schema's default (max_events) is the page's; the CLI runs a
# scenario that sets none under its own, higher budget, and a scenario's own or --set wins.
short=$(scenario short.json '{"duration_s":0.5}')
expect 0 "event_budget 1000000000" -- run "$short" --timing
expect 0 "event_budget 5000" -- run "$short" --timing --set max_events=5000
expect 0 "event_budget 7000" -- run "$(scenario own-budget.json '{"duration_s":0.5,"max_events":7000}')" --timing
# A run cut by its budget is marked partial on stdout, with the reason.
if timeout 10 "$plab" run "$short" --set max_events=1000 | grep -q '"partial":true,"ended_by":"event_budget"'; then
  passes=$((passes + 1))
else
  echo "FAIL: a run stopped at max_events=1000 is not marked \"partial\":true,\"ended_by\":\"event_budget\""
  failures=$((failures + 1))
fi

# 11. Issue H §1b: the fuzzing campaign's findings.
# --csv that cannot be a directory: refused before the run, nothing printed (was an
# uncaught filesystem_error, exit 134, after the result was on stdout).
csv_s=$(scenario csv-s.json '{"duration_s": 0.2, "max_events": 5000}')
expect 2 "--csv $csv_s exists and is not a directory" -- run "$csv_s" --csv "$csv_s"
expect 2 "--csv /proc/nope/x: cannot create the directory" -- run "$csv_s" --csv /proc/nope/x
expect 0 "wall_ms" -- run "$csv_s" --csv "$work/csv-out" --timing
if [[ -s "$work/csv-out/flows[0].cwnd.csv" ]]; then passes=$((passes + 1)); else
  echo "FAIL: --csv DIR wrote no flows[0].cwnd.csv"; failures=$((failures + 1)); fi

# A timeline time past int64 nanoseconds was applied at t = 0; now bounded.
tl_s=$(scenario tl-s.json '{"duration_s": 1, "max_events": 200000, "flows": [{"app": {"token_bucket": {"enabled": false}}}]}')
tl_late=$(scenario tl-late.json '[{"t_s": 1e10, "path": "topology.bottleneck.rate_mbps", "value": 0.01}]')
expect 2 "timeline[0].t_s must be within [0, 2000] s (the longest run), got 10000000000" -- run "$tl_s" --timeline "$tl_late"
# --timeline that gives no text is an error, not a plain run.
expect 66 "--timeline /dev/null is empty" -- run "$tl_s" --timeline /dev/null
expect 66 "--timeline $work is a directory, not a timeline file" -- run "$tl_s" --timeline "$work"
expect 66 "--timeline cannot read $work/none.json" -- run "$tl_s" --timeline "$work/none.json"
# A refused change names its entry and path; unknown keys in an entry are refused.
tl_bad=$(scenario tl-bad.json '[{"t_s": 0.1, "path": "flows[0].channel.forward.p", "value": 0.01}, {"t_s": 0.5, "path": "topology.bottleneck.queue_packets", "value": 5}]')
expect 2 "timeline[1] (topology.bottleneck.queue_packets at 0.5 s): topology.bottleneck.queue_packets cannot change" -- run "$tl_s" --timeline "$tl_bad"
tl_key=$(scenario tl-key.json '[{"t_s": 0.1, "path": "flows[0].channel.forward.p", "value": 0.01, "vlaue": 0.2}]')
expect 2 "unknown field timeline[0].vlaue (a timeline entry has t_s, path and value)" -- run "$tl_s" --timeline "$tl_key"

# "not valid JSON" says where: scenario files, --set values, timelines.
bad_json=$(scenario bad.json $'{\n  "seed": 1,\n  oops\n}')
expect 66 "$bad_json is not valid JSON at line 3, column 3: syntax error" -- run "$bad_json"
expect 64 "--set flows value is not valid JSON at line 1, column 21" -- run "$empty" --set 'flows=[{"protocol":"cubic"'
expect 2 "the timeline is not valid JSON at line 1, column 2" -- run "$tl_s" --timeline "$(scenario tl-nojson.json '[x]')"
# A --set value that is not JSON at all is still a string.
expect 2 "flows[0].protocol must be one of" -- run "$empty" --set flows[0].protocol=cubik

# Sweep bounds are decimal numbers: hex (0x10 was read as 16), inf and nan are refused.
for bad in 0x10 inf -inf 1e 0x1p3 ' 5' 1e400; do
  expect 64 "--from expects a number in decimal notation" -- sweep "$empty" --x flows[0].channel.forward.p --from "$bad" --to 0.1
done
expect 64 "--to expects a number in decimal notation (e.g. 0.5 or 1e-3), got 0x10" -- sweep "$empty" --x flows --from 1 --to 0x10
# --from A --to A is one point.
one=$(scenario one.json '{"duration_s": 0.2, "max_events": 5000}')
points=$(timeout 10 "$plab" sweep "$one" --x flows[0].channel.forward.p --from 0.01 --to 0.01 --points 4 --format csv | grep -c ',goodput_mbps,')
if [[ "$points" == 1 ]]; then passes=$((passes + 1)); else
  echo "FAIL: sweep --from 0.01 --to 0.01 --points 4 gave $points points, want 1"; failures=$((failures + 1)); fi

# A delivery trace from a file (--set PATH=@FILE, mm-link's format): bad lines are named.
trace_s=$(scenario trace-s.json '{"duration_s": 0.5, "topology": {"bottleneck": {"trace": {"forward": {"source": "inline"}}}}}')
printf '0\n5\n15\n12\n20\n' >"$work/backwards.trace"
expect 2 "topology.bottleneck.trace.forward.ms ($work/backwards.trace) line 4: 12 is less than the previous timestamp 15" -- run "$trace_s" --set "topology.bottleneck.trace.forward.ms=@$work/backwards.trace"
printf '0\n0\n' >"$work/zero.trace"
expect 2 "line 2: the last timestamp is the period and is 0" -- run "$trace_s" --set "topology.bottleneck.trace.forward.ms=@$work/zero.trace"
printf '1\nfast\n' >"$work/word.trace"
expect 2 "line 2: \"fast\" is not a whole number of milliseconds" -- run "$trace_s" --set "topology.bottleneck.trace.forward.ms=@$work/word.trace"
: >"$work/empty.trace"
expect 2 "is empty: a trace needs at least one line" -- run "$trace_s" --set "topology.bottleneck.trace.forward.ms=@$work/empty.trace"
expect 66 "cannot read $work/none.trace (the trace for topology.bottleneck.trace.forward.ms)" -- run "$trace_s" --set "topology.bottleneck.trace.forward.ms=@$work/none.trace"
expect 2 "topology.bottleneck.trace.forward.ms is empty" -- run "$trace_s"
expect 66 "cannot read $work (the trace for topology.bottleneck.trace.forward.ms)" -- run "$trace_s" --set "topology.bottleneck.trace.forward.ms=@$work"
printf '1\n2\n3\n' >"$work/good.trace"
if timeout 10 "$plab" run "$trace_s" --set "topology.bottleneck.trace.forward.ms=@$work/good.trace" >/dev/null 2>&1; then
  passes=$((passes + 1)); else echo "FAIL: a good trace file was refused"; failures=$((failures + 1)); fi
# Scenario files across formats (src/scenario/scenario_format.h): a file without "format"
# is read as written before format 3 (an RRTP flow's tcp.*_rto_ms is its own timer too,
# and the note says so); a bad "format" is refused with its range.
old_rrtp=$(scenario old-rrtp.json '{"duration_s": 0.2, "max_events": 5000, "flows": [{"protocol": "rrtp", "tcp": {"min_rto_ms": 200}}]}')
expect 0 "flows[0].rrtp.min_rto_ms = 200, from flows[0].tcp.min_rto_ms" -- run "$old_rrtp"
for bad in 4 0 2.5 '"3"'; do
  expect 2 "format must be an integer within [1, 3]" -- run "$(scenario format.json "{\"format\": $bad}")"
done
# (Into a file first: with pipefail, head closing the pipe early fails plab with SIGPIPE.)
timeout 10 "$plab" defaults >"$work/defaults.json" 2>/dev/null
if head -n 2 "$work/defaults.json" | grep -qF '"format": 3'; then passes=$((passes + 1)); else
  echo "FAIL: plab defaults does not start with \"format\": 3"; failures=$((failures + 1)); fi

# Grids (issue L §1): 2 axes x 2 protocols x 2 seeds give the same bytes with 1 job, 2
# jobs, and 3 shards merged (given in any order); the runs are in plan order.
tiny=$(scenario tiny.json '{"duration_s": 0.3, "max_events": 20000}')
grid=(--grid 'flows[0].channel.forward.p=0.001:0.02:2:log' --grid 'topology.bottleneck.delay_ms=10,40' --protocols reno,cubic --seeds 2)
timeout 20 "$plab" sweep "$tiny" "${grid[@]}" --jobs 1 >"$work/grid1.jsonl" 2>&1
timeout 20 "$plab" sweep "$tiny" "${grid[@]}" --jobs 2 >"$work/grid2.jsonl" 2>&1
for i in 0 1 2; do timeout 20 "$plab" sweep "$tiny" "${grid[@]}" --shard "$i/3" --out "$work/shard$i.jsonl"; done
timeout 20 "$plab" merge "$work/shard2.jsonl" "$work/shard0.jsonl" "$work/shard1.jsonl" >"$work/merged.jsonl" 2>&1
runs=$(grep -c '^{"run":' "$work/grid1.jsonl")
order=$(grep -o '^{"run":[0-9]*' "$work/grid1.jsonl" | cut -d: -f2 | tr '\n' ' ')
if [[ "$runs" == 16 && "$order" == "$(seq -s ' ' 0 15) " ]] && cmp -s "$work/grid1.jsonl" "$work/grid2.jsonl" &&
   cmp -s "$work/grid1.jsonl" "$work/merged.jsonl" && [[ $(wc -l <"$work/grid1.jsonl") == 25 ]]; then
  passes=$((passes + 1)); else
  echo "FAIL: grid: $runs runs ($order), jobs 1 / jobs 2 / 3 shards merged differ: $(cmp "$work/grid1.jsonl" "$work/grid2.jsonl"; cmp "$work/grid1.jsonl" "$work/merged.jsonl")"
  failures=$((failures + 1)); fi
# Threads share no state: every protocol, one flow and three, gives the same bytes on 1 and 3 threads.
protocols=$(timeout 10 "$plab" schema | python3 -c 'import json, sys; print(",".join(next(p for p in json.load(sys.stdin)["params"] if p["path"] == "flows[].protocol")["options"]))')
every=(--grid flows=1:3:2 --grid 'flows[0].channel.forward.p=0,0.02' --seeds 2 --protocols "$protocols" --runs-only)
timeout 20 "$plab" sweep "$tiny" "${every[@]}" --jobs 1 >"$work/every1.jsonl" 2>&1
timeout 20 "$plab" sweep "$tiny" "${every[@]}" --jobs 3 >"$work/every3.jsonl" 2>&1
if (($(grep -c '^{"run":' "$work/every1.jsonl") > 150)) && cmp -s "$work/every1.jsonl" "$work/every3.jsonl"; then
  passes=$((passes + 1)); else
  echo "FAIL: grid over every protocol ($protocols): 1 and 3 threads differ or too few runs: $(head -c 300 "$work/every1.jsonl")"
  failures=$((failures + 1)); fi
p='flows[0].channel.forward.p'
expect 2 "grid axis flows[0].channel.forward.q: flows[0].channel.forward.q is not a parameter" -- sweep "$tiny" --grid 'flows[0].channel.forward.q=0:1:3'
expect 2 "grid axis $p: to must be within [0, 1] (the range of $p), got 2" -- sweep "$tiny" --grid "$p=0:2:3"
expect 2 "within [0, 1] (the range of $p)" -- sweep "$tiny" --grid "$p=0.1,1.5"
expect 2 "the grid makes 120000 runs (points x protocols x seeds), more than the limit of 100000" -- sweep "$tiny" --grid "$p=0:1:200" --grid 'topology.bottleneck.delay_ms=1:100:200' --seeds 3
for bad in "$p" "$p=" "$p=0:1" "$p=0:1:3:cubic" "$p=0:1:3:log:x" "=0:1:3" "$p=0,,1"; do
  expect 64 "--grid" -- sweep "$tiny" --grid "$bad"
done
expect 64 "--grid $p points expects a whole number, got 2.5" -- sweep "$tiny" --grid "$p=0:1:2.5"
for bad in 3/3 1 -1/2 a/2 1/0; do
  expect 64 "--shard expects i/N with 0 <= i < N" -- sweep "$tiny" --grid "$p=0:1:3" --shard "$bad"
done
expect 64 "--jobs expects a whole number within [1, 1024], got 0" -- sweep "$tiny" --grid "$p=0:1:3" --jobs 0
expect 64 "--jobs, --shard, --out and --runs-only are for a --grid sweep" -- sweep "$tiny" --x "$p" --from 0 --to 1 --jobs 2
expect 64 "--grid takes its axes as PATH=from:to:points" -- sweep "$tiny" --grid "$p=0:1:3" --x "$p"
# plab merge refuses what would not give the unsharded output.
expect 2 "runs are missing (the first, run 2, is shard 2/3's, not given)" -- merge "$work/shard0.jsonl" "$work/shard1.jsonl"
expect 2 "are both shard 0/3" -- merge "$work/shard0.jsonl" "$work/shard0.jsonl" "$work/shard1.jsonl" "$work/shard2.jsonl"
head -n 3 "$work/shard1.jsonl" >"$work/cut.jsonl"
expect 2 "cut short in $work/cut.jsonl" -- merge "$work/shard0.jsonl" "$work/cut.jsonl" "$work/shard2.jsonl"
timeout 20 "$plab" sweep "$tiny" "${grid[@]}" --set duration_s=0.2 --shard 1/3 --out "$work/other.jsonl"
expect 2 "$work/other.jsonl is a shard of a different plan" -- merge "$work/shard0.jsonl" "$work/other.jsonl" "$work/shard2.jsonl"
timeout 20 "$plab" sweep "$tiny" "${grid[@]}" --shard 1/2 --out "$work/half.jsonl"
expect 2 "$work/half.jsonl is one of 2 shards" -- merge "$work/shard0.jsonl" "$work/half.jsonl"
expect 2 "$work/grid1.jsonl is not a shard file" -- merge "$work/grid1.jsonl"
{ cat "$work/shard1.jsonl"; tail -n 1 "$work/shard1.jsonl"; } >"$work/twice.jsonl"
expect 2 "is twice in $work/twice.jsonl" -- merge "$work/shard0.jsonl" "$work/twice.jsonl" "$work/shard2.jsonl"
expect 66 "cannot read $work/none.jsonl" -- merge "$work/none.jsonl"

# The contest (issue J §3): a set that does not exist, an entrant that is not a protocol,
# a program file that cannot be read, a deep spec file are refused naming what is wrong.
expect 2 'set: no contest set named "nope" (one of classic)' -- contest nope
expect 2 'entrant "warp" in scenario cellular: flows[0].protocol must be one of' -- contest classic --entrants reno,warp
expect 66 "--program cannot read $work/none.cc" -- contest classic --program "$work/none.cc"
expect 64 "--format must be table or json" -- contest --format xml
expect 66 "nests lists and objects more than 32 levels" -- contest "$(scenario deep-contest.json "$(repeat '[' 100)")"
printf 'on_ack { cwnd = cwnd + }\n' >"$work/bad.cc"
expect 2 "line 1" -- contest classic --entrants reno --program "$work/bad.cc"

echo "cli_regressions: $passes passed, $failures failed"
((failures == 0))
