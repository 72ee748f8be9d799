// RRTP's receiver (the thesis's server side, §3.2-3.6): it answers the handshake with a
// cookie and allocates its connection only for a START that returns it; measures the
// probe pair and every epoch's send and receive intervals (interval_averages.h); finds
// losses as gaps in the packet numbers, diagnoses each (loss_differentiation.h), and
// asks for them: a NACK for one, a SACK for several, again after each NACK timer
// (nack_timeout_rtts x RTT; "the RTT value as the base unit", §3.5, the factor is not
// given); sends a CACK each 32 packets in order, and at the last packet.
#pragma once

#include <cstdint>
#include <map>
#include <unordered_map>

#include "net/route.h"
#include "sim/scheduler.h"
#include "transport/endpoint.h"
#include "transport/rate/interval_averages.h"
#include "transport/rate/loss_differentiation.h"
#include "transport/rate/rrtp_header.h"

namespace plab {

// The receiver's diagnoses of its losses (loss differentiation) against where the
// packets were really lost: it is the forward route's LossWitness.
struct LossVerdicts {
  int64_t classified = 0;              // losses it classified whose real cause is known
  int64_t congestive_as_wireless = 0;  // C-to-W (thesis Table 3.2)
  int64_t wireless_as_congestive = 0;  // W-to-C
};

class RrtpReceiver final : public ReceiverEndpoint, public EventHandler, public LossWitness {
 public:
  static constexpr uint64_t kCackEvery = 32;  // §3.5

  struct Params {
    uint32_t flow = 0;
    uint32_t feedback_bytes = 40;
    LdaScheme lda = LdaScheme::kNone;
    double biaz_sigma = 1, biaz_phi = 2;  // Table 3.2
    double nack_timeout_rtts = 2;
    double discrepancy = 0.25;
    bool loss_in_ratio = false;  // a congestive loss slows the measured receive rate
    uint64_t secret = 0;         // the cookie's key
  };

  RrtpReceiver(Scheduler* scheduler, PacketPool* pool, const Params& params);

  // The cookie for a SYN of `flow` sent at `timestamp`: stateless, so a flood of SYNs
  // costs the server nothing (§3.2).
  uint64_t Cookie(uint32_t flow, Time timestamp) const;

  void set_route(const Route* route) override { route_ = route; }
  void set_observer(ReceiverObserver* observer) override { observer_ = observer; }
  uint64_t in_order_bytes() const override { return in_order_bytes_; }
  int64_t feedback_sent() const override { return feedback_sent_; }
  void Restart(uint32_t flow) override;
  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;
  // Only a receiver that diagnoses has verdicts (without a scheme every loss is congestive).
  const LossVerdicts* verdicts() const { return params_.lda == LdaScheme::kNone ? nullptr : &verdicts_; }
  void OnLost(const Packet& p, DropCause cause) override;

  bool connected() const { return connected_; }
  int64_t refused() const { return refused_; }
  uint64_t next_expected() const { return expected_; }

 private:
  enum Tag : uint32_t { kNackTimer };

  void OnHandshake(Packet* p);
  void OnData(Packet* p);
  // The intervals to the previous new packet (and the probe pair, and epochs' reports).
  void Measure(const RrtpHeader& h, Time now);
  // Diagnoses [first, end) and asks for it.
  void DetectLoss(uint64_t first, uint64_t end, Time now);
  void Deliver(uint64_t seq_no, uint32_t payload);
  // Sends the handshake packet `p` back with `header`.
  void Reply(Packet* p, const RrtpHeader& header);
  Packet* NewFeedback(RrtpType type);
  void SendCack();
  void AskFor(uint64_t first, uint64_t end, bool congestive, bool repeat);
  Time NackTimeout() const;
  void Judge(uint64_t first, uint64_t end, LossCause said);

  Scheduler* scheduler_;
  PacketPool* pool_;
  Params params_;
  const Route* route_ = nullptr;
  ReceiverObserver* observer_ = nullptr;

  bool connected_ = false;
  int64_t refused_ = 0;
  int64_t feedback_sent_ = 0;
  uint64_t generation_ = 0;

  // Reliability: delivered in order below expected_; above it, what arrived early.
  uint64_t expected_ = 0;
  uint64_t highest_ = 0;  // one past the highest packet number seen
  uint64_t in_order_bytes_ = 0;
  uint64_t last_cack_ = 0;
  uint64_t final_ = UINT64_MAX;         // one past the last packet, once it is seen
  std::map<uint64_t, uint32_t> early_;  // packet number -> payload
  std::map<uint64_t, Time> missing_;    // packet number -> when it was last asked for
  Time rtt_;                            // the sender's estimate, from its packets
  bool nack_timer_ = false;

  // Measurement: the last new (not retransmitted) packet.
  bool have_prev_ = false;
  uint64_t prev_seq_ = 0;
  Time prev_sent_, prev_arrived_;
  Time last_arrival_;
  bool have_p1_ = false;
  uint64_t p1_seq_ = 0;
  Time p1_sent_, p1_arrived_;
  IntervalAverages averages_;
  bool gap_congestive_ = false;  // the last loss found was judged congestive
  int epoch_intervals_ = 0;
  uint64_t epoch_first_ = 0;
  BiazClassifier biaz_;
  SpikeClassifier spike_;

  // Where lost packets really were lost (measurement only).
  std::unordered_map<uint64_t, DropCause> truth_;
  LossVerdicts verdicts_;
};

}  // namespace plab
