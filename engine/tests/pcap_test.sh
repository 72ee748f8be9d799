#!/usr/bin/env bash
# `plab run --pcap DIR` read back with tshark (issue L §4): for a SACK flow over a
# lossy link, a rate-based (UDP) flow, and two flows on the dumbbell, every pcap file
# holds exactly the packets the run's packet trace saw start on that link's wire, at
# the same nanosecond, with the same sequence/ACK numbers; no frame is malformed and
# every IPv4 and ACK checksum verifies; SACK blocks parse; and per flow the
# retransmissions (tshark's own analysis and a count by sequence number) and the bytes
# acknowledged equal the run's summary.
#
# Usage: pcap_test.sh PATH/TO/plab   (ctest runs it: engine/CMakeLists.txt)
# Needs Debian's tshark (scripts/setup.sh installs it). About 3 s on an idle machine.
set -euo pipefail

plab="$1"
if ! command -v tshark >/dev/null 2>&1; then
  echo "pcap_test: tshark is missing (Debian's tshark package; scripts/setup.sh installs it)" >&2
  exit 1
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failures=0
fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# Raw (not relative) sequence numbers, and every checksum verified.
tshark_fields() {
  tshark -r "$1" -o tcp.relative_sequence_numbers:FALSE -o ip.check_checksum:TRUE -o tcp.check_checksum:TRUE \
    -o udp.check_checksum:TRUE -T fields -E separator=, -E occurrence=a -E aggregator=/ \
    -e frame.time_epoch -e ip.src -e ip.proto -e tcp.seq_raw -e tcp.ack_raw -e tcp.len -e tcp.options.sack_le \
    -e tcp.options.sack_re -e _ws.malformed -e ip.checksum.status -e tcp.checksum.status -e udp.checksum.status \
    -e tcp.analysis.retransmission -e tcp.analysis.out_of_order -e tcp.option.len.invalid -e _ws.expert.severity \
    2>/dev/null
}

# Checks one file against the packet trace's transmit events at its link and
# direction: count, time, sequence/ACK number (TCP), protocol, malformed, checksums,
# SACK blocks. Prints "sack_blocks N" for the case's totals.
check_file() {
  local pcap="$1" trace="$2" name link direction
  name="$(basename "$pcap" .pcap)"
  link="${name%.*}"
  direction="${name##*.}"
  tshark_fields "$pcap" >"$pcap.txt"
  awk -F, -v link="$link" -v dir="$direction" '$2 == link && $3 == dir && $4 == "transmit" {print $1 "," $5 "," $7}' \
    "$trace" >"$pcap.trace"
  local got want
  got="$(wc -l <"$pcap.txt")"
  want="$(wc -l <"$pcap.trace")"
  [[ "$got" == "$want" ]] || fail "$name: $got packets in the pcap, the trace saw $want start on the wire"
  paste -d, "$pcap.txt" "$pcap.trace" | awk -F, -v name="$name" '
    function bad(what) { if (errors++ < 3) print "FAIL: " name " packet " NR ": " what > "/dev/stderr" }
    {
      # pcap fields $1..$16, then the trace: $17 t_s, $18 feedback, $19 seq
      dt = $1 - $17; if (dt < 0) dt = -dt
      if (dt > 1e-10) bad("time " $1 " against the trace'"'"'s " $17)
      expect = $19 % 4294967296
      if ($3 == 6 && $18 == 0 && $4 != expect) bad("sequence number " $4 ", the trace says byte " $19)
      if ($3 == 6 && $18 == 1 && $5 != expect) bad("ACK number " $5 ", the trace says " $19)
      if ($9 != "") bad("malformed")
      if ($15 != "") bad("a TCP option whose length tshark refuses")
      # Expert severities: 0x800000 is an error (a note, 0x400000, is a duplicate ACK).
      n = split($16, severity, "/")
      for (i = 1; i <= n; i++) if (severity[i] + 0 >= 8388608) bad("an expert error (severity " severity[i] ")")
      if ($10 != 1) bad("IPv4 header checksum status " $10 " (1 = good)")
      if ($11 == 0 || $12 == 0) bad("transport checksum bad")
      if ($3 == 6 && $6 == 0 && $11 != 1) bad("an ACK whose TCP checksum does not verify (status " $11 ")")
      n = split($7, le, "/"); split($8, re, "/")
      for (i = 1; i <= n; i++) { blocks++; if (!(le[i] + 0 < re[i] + 0)) bad("SACK block " le[i] "-" re[i]) }
    }
    END { print "sack_blocks " blocks + 0; exit errors > 0 }' >"$pcap.sack" || failures=$((failures + 1))
}

# Runs a scenario with --csv and --pcap; checks every file; then, per flow index in
# $3.. , the summary's retransmissions and delivered bytes against the capture of the
# link its data enters first ($2: that link's name, %d for the flow index).
run_case() {
  local case="$1" first_link="$2" scenario="$3"
  shift 3
  local dir="$work/$case"
  mkdir -p "$dir"
  echo "$scenario" >"$dir/scenario.json"
  "$plab" run "$dir/scenario.json" --csv "$dir/csv" --pcap "$dir/pcap" >"$dir/result.json"
  [[ "$(jq '.packet_trace.truncated' "$dir/result.json")" == "false" ]] || fail "$case: the packet trace was cut"
  local n_files
  n_files="$(find "$dir/pcap" -name '*.pcap' | wc -l)"
  [[ "$n_files" == "$(jq '.pcap.files | length' "$dir/result.json")" && "$n_files" -gt 0 ]] ||
    fail "$case: $n_files pcap files, the result lists $(jq '.pcap.files | length' "$dir/result.json")"
  local pcap
  for pcap in "$dir"/pcap/*.pcap; do check_file "$pcap" "$dir/csv/packet_trace.csv"; done
  cat "$dir"/pcap/*.sack | awk '{s += $2} END {print s + 0}' >"$dir/sack_blocks"
  local flow
  for flow in "$@"; do
    local file summary want_rtx want_bytes
    # shellcheck disable=SC2059
    file="$dir/pcap/$(printf "$first_link" "$flow").forward.pcap.txt"
    summary="$(jq -c ".flows[$flow].summary" "$dir/result.json")"
    want_rtx="$(jq '.retransmissions' <<<"$summary")"
    want_bytes="$(jq '.delivered_bytes' <<<"$summary")"
    [[ "$(jq '.completed' <<<"$summary")" == "true" ]] || fail "$case: flow $flow did not complete inside the window"
    # A data segment starting below the highest byte sent so far is a retransmission
    # (the sender's own rule: seq < snd_max); the rest is new data. Wireshark flags
    # such a segment a retransmission, or out-of-order when it left within 3 ms of the
    # highest one (packet-tcp.c's threshold without a SYN to measure the RTT from).
    read -r by_seq by_tshark new_bytes < <(awk -F, -v src="10.0.$flow.1" '
      $2 == src && $6 > 0 {
        if ($4 + 0 < top) rtx++; else fresh += $6
        if ($4 + $6 > top) top = $4 + $6
        if ($13 != "" || $14 != "") flagged++
      }
      END { print rtx + 0, flagged + 0, fresh + 0 }' "$file")
    [[ "$by_seq" == "$want_rtx" ]] ||
      fail "$case flow $flow: $by_seq retransmissions by sequence number, the summary says $want_rtx"
    [[ "$by_tshark" == "$want_rtx" ]] ||
      fail "$case flow $flow: tshark flags $by_tshark retransmissions, the summary says $want_rtx"
    [[ "$new_bytes" == "$want_bytes" ]] ||
      fail "$case flow $flow: $new_bytes new payload bytes sent, the summary delivered $want_bytes"
    # The receiver's highest cumulative ACK, in whichever file its ACKs start from.
    local acked
    acked="$(cat "$dir"/pcap/*.reverse.pcap.txt | awk -F, -v src="10.1.$flow.1" '$2 == src && $5 + 0 > a {a = $5 + 0} END {print a + 0}')"
    [[ "$acked" == "$want_bytes" ]] ||
      fail "$case flow $flow: the last ACK acknowledges $acked bytes, the summary delivered $want_bytes"
  done
}

start=$SECONDS

# A SACK flow over a lossy bottleneck, RFC 7323 timestamps on: retransmissions, SACK blocks.
run_case sack access '{"format": 3, "duration_s": 10, "seed": 3,
  "metrics": {"packet_trace": {"from_s": 0, "to_s": 5}},
  "topology": {"bottleneck": {"rate_mbps": 2, "delay_ms": 20, "queue_packets": 50,
    "errors": {"forward": {"model": "bernoulli", "p": 0.02}}}},
  "flows": [{"protocol": "sack", "tcp": {"timestamps": true},
    "app": {"size_bytes": 600000, "token_bucket": {"enabled": false}}}]}' 0
blocks="$(cat "$work/sack/sack_blocks")"
((blocks > 10)) || fail "sack: $blocks SACK blocks in the capture, expected the lossy flow's ACKs to carry some"

# A rate-based flow: UDP, no TCP in any file.
run_case tfrc access '{"format": 3, "duration_s": 3, "seed": 5,
  "metrics": {"packet_trace": {"from_s": 0.5, "to_s": 3}},
  "topology": {"bottleneck": {"rate_mbps": 2, "delay_ms": 20,
    "errors": {"forward": {"model": "bernoulli", "p": 0.01}}}},
  "flows": [{"protocol": "tfrc", "app": {"token_bucket": {"enabled": false}}}]}'
udp="$(cat "$work"/tfrc/pcap/*.txt | awk -F, '$3 == 17' | wc -l)"
tcp="$(cat "$work"/tfrc/pcap/*.txt | awk -F, '$3 != 17' | wc -l)"
((udp > 100 && tcp == 0)) || fail "tfrc: $udp UDP and $tcp other packets, expected UDP only"

# Two flows on the dumbbell: each flow's own addresses, retransmissions and bytes.
run_case dumbbell 'flows[%d].access' '{"format": 3, "duration_s": 5, "seed": 4,
  "metrics": {"packet_trace": {"from_s": 0, "to_s": 5}},
  "topology": {"kind": "dumbbell", "bottleneck": {"rate_mbps": 4, "delay_ms": 10, "queue_packets": 30}},
  "flows": [{"protocol": "sack", "app": {"size_bytes": 400000, "token_bucket": {"enabled": false}}},
    {"protocol": "newreno", "start_s": 0.2, "app": {"size_bytes": 300000, "token_bucket": {"enabled": false}}}]}' 0 1

# A --pcap path that cannot be a directory is refused before the run (exit 2), naming --pcap.
touch "$work/a-file"
code=0
"$plab" run "$work/sack/scenario.json" --pcap "$work/a-file" >"$work/refused.out" 2>"$work/refused.err" || code=$?
[[ "$code" == 2 && ! -s "$work/refused.out" ]] && grep -q -- "--pcap $work/a-file exists and is not a directory" \
  "$work/refused.err" || fail "--pcap onto a file: exit $code, stderr: $(cat "$work/refused.err")"

echo "pcap_test: $((SECONDS - start)) s, $failures failure(s)"
((failures == 0))
