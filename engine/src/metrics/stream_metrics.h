// What a streaming session's viewer sees (TCP-ER §IV-A), measured from the in-order
// byte stream at the receiver. A packet counts as received only when every earlier
// packet has arrived (§IV-C: "we didn't mark the packet as received until all the
// lower-sequence numbered packets arrived").
//   late fraction: the player starts `prebuffer` after the stream and plays packet i
//     at start + prebuffer + i x (packet time at the playback rate), where playback
//     rate = encoding rate / ratio (Figs. 5-9's x axis); a packet is late if it is
//     received after that, or not at all by the run's end;
//   session frozen time (SFT, §IV-A): the time during which no new ACK arrived.
//     A new ACK is the receiver's in-order point moving, so SFT is the sum of the
//     gaps between moves. Which gaps count the paper leaves open: we count those of at
//     least `frozen_gap` (default 200 ms, ns-2's smallest RTO and the smallest timeout
//     the paper saw), in full; shorter ones are the normal spacing of packets. With
//     `timeouts_only`, only such gaps in which the sender's retransmission timer fired
//     ("SFT is directly related to number of timeouts [...] We didn't simply measure the
//     total number of RTOs due to the exponential back-off", §IV-A): a fast recovery
//     that outlasts `frozen_gap` (a round trip for the duplicate ACKs, one for the
//     retransmission: past 200 ms once the round trip nears 120 ms) does not count;
//   IPAT: the standard deviation of the time between consecutive packets' receipt.
// Everything counts from `measure_from` (§IV-B: "collected 100 seconds after the
// simulations start"): gaps that end after it, packets played after it.
#pragma once

#include <cstdint>

#include "sim/time.h"

namespace plab {

class StreamMetrics {
 public:
  struct Params {
    Time start;            // when the stream (and its source) starts
    Time packet_interval;  // one packet at the encoding rate
    uint32_t packet_bytes = 1000;
    double playback_ratio = 1;  // encoding rate / playback rate
    Time prebuffer = Time::FromSeconds(10);
    Time measure_from;
    Time frozen_gap = Time::FromMilliseconds(200);
    bool timeouts_only = false;  // app.stream.frozen_counts = timeouts
    uint64_t total_bytes = UINT64_MAX;
  };

  explicit StreamMetrics(const Params& params);

  void OnInOrderBytes(Time now, uint64_t in_order_bytes);
  // The stream's sender timed out: the gap now open counts (timeouts_only).
  void OnSenderTimeout(Time /*now*/) { timed_out_ = true; }
  void Finish(Time end);

  double late_pct() const;
  int64_t late_packets() const { return late_; }
  int64_t played_packets() const { return played_; }
  double frozen_time_s() const { return frozen_.seconds(); }
  // Standard deviation of inter-packet arrival times, ms; 0 with fewer than two gaps.
  double ipat_std_ms() const;

 private:
  // When packet i is due at the player.
  Time Deadline(uint64_t i) const;
  // Whether a gap without progress counts as frozen.
  bool Frozen(Time gap) const;
  // The first packet due at or after measure_from.
  uint64_t FirstCounted() const;

  Params params_;
  double playback_slot_ns_;
  uint64_t received_ = 0;  // packets received in order
  Time last_move_;         // when the in-order point last moved
  bool moved_ = false;
  Time frozen_;
  bool timed_out_ = false;  // the retransmission timer fired since the last move
  int64_t late_ = 0;        // late among the received, counted ones
  int64_t played_ = 0;      // packets due in [measure_from, end]
  // Welford's running mean and variance of the gaps, in ms.
  int64_t gaps_ = 0;
  double gap_mean_ = 0;
  double gap_m2_ = 0;
  Time last_arrival_;
  bool finished_ = false;
};

}  // namespace plab
