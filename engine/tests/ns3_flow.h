// One bulk TCP flow set up as the ns-3 reference programs set theirs (bench/ns3/*.cc,
// engine/tests/data/README.md): MSS 1000 with 42 bytes of headers (timestamps on), an
// initial window of 10, 16 MiB buffers (16,777 segments), a minimum RTO of 1 s, no
// channel loss of its own (the runs drop at the bottleneck), no token bucket. The
// start time is rounded to the microsecond, as the ns-3 programs print it.
#pragma once

#include <cmath>
#include <string>

#include <nlohmann/json.hpp>

namespace plab::testing {

inline nlohmann::json Ns3BulkFlow(const std::string& protocol, double start_s, double access_rate_mbps,
                                  double access_delay_ms) {
  return {{"protocol", protocol},
          {"start_s", std::round(start_s * 1e6) / 1e6},
          {"access", {{"rate_mbps", access_rate_mbps}, {"delay_ms", access_delay_ms}}},
          {"tcp",
           {{"mss_bytes", 1000},
            {"header_bytes", 42},
            {"timestamps", true},
            {"initial_window_segments", 10},
            {"max_window_segments", 16777},
            {"min_rto_ms", 1000}}},
          {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
          {"app", {{"token_bucket", {{"enabled", false}}}}}};
}

// The device queue of the grid's and the modern comparisons' 1 Gb/s access links
// (bench/ns3/grid.cc and modern.cc: DropTailQueue MaxSize 1000 packets, queue discs
// removed), on the senders' side and the receivers': a window sent at once after a
// recovery or a timeout waits there, where our default access queue (100) would drop it.
inline constexpr int kNs3AccessQueuePackets = 1000;

// ns-3.44's TCP sender as its defaults make it, beyond the bulk flow's settings (the grid
// and the modern comparisons run it; make-references.py's ns3_sender says the same): the
// pipe counted as TcpTxBuffer::BytesInFlight counts it, a SACKed retransmission kept in it
// until the cumulative ACK (tcp.pipe = ns3; with SACK: without, the recovery counts
// duplicate ACKs as ns-3 does), TcpCubic's window law in whole segments and, unless a
// test turns it off, its HyStart, and for TcpBbr TcpRateLinux's delivery-rate sample held
// across ACKs (tcp.rate_sample = ns3; BBR is what reads it) with TcpBbr's rounds counted on
// valid samples only (bbr.rounds = valid_samples) and its pacing timed by each packet's
// payload (tcp.pacing_size = payload; ns3_grid_bbr_test.cc says why all three).
inline void UseNs3Sender(nlohmann::json& flow, bool sack, bool cubic_hystart = true) {
  if (sack) flow["tcp"]["pipe"] = "ns3";
  if (flow["protocol"] == "bbr") {
    flow["tcp"]["rate_sample"] = "ns3";
    flow["tcp"]["pacing_size"] = "payload";
    flow["bbr"]["rounds"] = "valid_samples";
  }
  if (flow["protocol"] == "cubic") {
    if (cubic_hystart) flow["cubic"]["hystart"] = "ns3";
    flow["cubic"]["law"] = "ns3";
  }
}

// How close our goodput must come to ns-3.44's, as a fraction of ns-3's, at a loss rate
// (ns3_validation_test.cc says why these numbers).
inline double Ns3Tolerance(double loss) {
  if (loss == 0) return 0.01;
  if (loss <= 0.01) return 0.10;
  if (loss <= 0.02) return 0.15;
  return 0.25;
}

}  // namespace plab::testing
