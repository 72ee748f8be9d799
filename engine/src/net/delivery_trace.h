// A delivery-opportunity trace in mahimahi's format (mm-link; Netravali et al.,
// "Mahimahi", USENIX ATC 2015, §3): one entry per opportunity to deliver one
// 1500-byte packet, its time in milliseconds from the trace's start, non-decreasing;
// equal times are several opportunities in that millisecond. The trace repeats with a
// period of its last timestamp, so the opportunities of repetition r lie at
// r * period + ms[i].
//
// How opportunities map to packets of other sizes follows mahimahi's LinkQueue
// (src/frontend/link_queue.cc, use_a_delivery_opportunity): an opportunity delivers up
// to kOpportunityBytes of the queue's head, byte by byte: several small packets (ACKs)
// share one, a packet larger than what is left of one finishes at a later one, and
// what an opportunity finds no bytes for is lost (capacity is never banked). Our 1500
// bytes are a whole IP packet, header included: mahimahi's PACKET_SIZE is 1504, the
// same packet with the 4-byte TUN header its queue counts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/time.h"

namespace plab {

class DeliveryTrace {
 public:
  static constexpr int64_t kOpportunityBytes = 1500;
  // The longest period and the most lines accepted (an hour; a list's item limit).
  static constexpr int64_t kMaxTimestampMs = 3600 * 1000;
  static constexpr size_t kMaxTraceLines = 100000;  // params' kMaxIntListItems

  // `ms` must pass CheckDeliveryTrace.
  explicit DeliveryTrace(std::vector<int64_t> ms);

  // The time of opportunity `k` (0-based, counted over the repetitions).
  Time OpportunityTime(uint64_t k) const;
  // The first opportunity at or after `t`.
  uint64_t FirstAtOrAfter(Time t) const;
  // How many opportunities fall in [from, to).
  int64_t CountIn(Time from, Time to) const;
  int64_t period_ms() const { return period_ms_; }
  size_t size() const { return ms_.size(); }
  // Mean capacity over a period, in b/s.
  double MeanBitsPerSecond() const;

 private:
  int64_t CountBefore(Time t) const;  // opportunities strictly before t
  std::vector<int64_t> ms_;
  int64_t period_ms_;
};

// "" when `ms` is a usable trace, else what is wrong, naming `field` and the line
// (1-based: the n-th item is a trace file's n-th line), e.g.
// "topology.bottleneck.trace.forward.ms line 17: 12 is less than the previous timestamp 15".
std::string CheckDeliveryTrace(const std::string& field, const std::vector<int64_t>& ms);

// Reads a trace file's text (mm-link's format: one whole number per line; a last
// newline, trailing spaces and CRs are allowed) into `out`; "" or what is wrong,
// naming `field` and the line. Range and order are CheckDeliveryTrace's.
std::string ParseTraceText(const std::string& text, const std::string& field, std::vector<int64_t>* out);

// The bundled traces (scripts/make-traces.py): their names, and one by name.
const std::vector<std::string>& BundledTraceNames();
std::optional<std::vector<int64_t>> BundledTrace(const std::string& name);
// A person's name for it, with its mean rate ("Cellular A (LTE-like, 4.47 Mb/s mean)").
std::string BundledTraceLabel(const std::string& name);

}  // namespace plab
