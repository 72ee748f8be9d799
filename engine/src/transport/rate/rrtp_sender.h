// RRTP's sender (the thesis's client side): the 4-way handshake with the server's cookie
// (§3.2), the probe pair P1, P2 whose spacing max(X, Y) gives the first rate (§3.2) unless
// the application seeds SendRate_char (§3.3; a pair that goes unanswered is sent again,
// twice), then packets paced at the rate
// rrtp_rate_control.h keeps, adjusted on each epoch report (§3.4). Reliability (§3.5): it
// keeps every packet until a CACK covers it and resends what a NACK or SACK asks for
// before any new packet; with no feedback at all for an RTO plus one epoch of packets it
// times out and resends the first packet not acknowledged. A lost SYN or START is sent
// again each RTO without backing off (§3.5's retry rule; rrtp.handshake_backoff doubles
// it). RoundTripTime_char seeds the controller's RTT estimate only: rtt() reports what
// was measured. The rules and readings, with their tests: docs/conformance/rrtp.md.
// LossRate_char (§3.3) is not used by any rule the thesis states: here losses are the
// path's normal while the measured loss rate (over about the last 1000 packets, seeded
// with LossRate_char) stays at or below it, and only above it does a congestive loss cut
// the rate (0 = every congestive loss does).
#pragma once

#include <cstdint>
#include <deque>
#include <set>

#include "net/route.h"
#include "sim/scheduler.h"
#include "transport/data_source.h"
#include "transport/endpoint.h"
#include "transport/rate/rate_observer.h"
#include "transport/rate/rrtp_header.h"
#include "transport/rate/rrtp_rate_control.h"
#include "transport/rtt_stats.h"

namespace plab {

class RrtpSender final : public SenderEndpoint, public EventHandler {
 public:
  struct Params {
    uint32_t flow = 0;
    uint32_t segment_bytes = 1400;  // Table 4.2: 1400-byte packets
    uint32_t header_bytes = 40;
    uint64_t max_unacked = 10000;  // the send buffer, in packets
    RrtpMode mode = RrtpMode::kLimd;
    double alpha_segments = 1;       // alpha = this x MSS / SRTT per epoch
    bool alpha_prorated = false;     // alpha per RTT of the epoch's duration instead
    double characteristic_bps = 0;   // SendRate_char, bytes per second; 0 = probe
    Time characteristic_rtt;         // RoundTripTime_char; Zero = the handshake's
    double characteristic_loss = 0;  // LossRate_char
    bool grow_when_holding = true;
    bool restore_after_cut = false;  // the characteristic rate survives a loss cut
    bool handshake_backoff = false;  // double the SYN/START timer on each retry
    RttStats::Params rtt;
  };
  enum class State { kIdle, kSynSent, kStartSent, kProbing, kSending };

  RrtpSender(Scheduler* scheduler, PacketPool* pool, const Params& params, DataSource* source);

  void set_route(const Route* route) override { route_ = route; }
  void set_observer(SenderObserver* observer) override { observer_ = observer; }
  void set_rate_observer(RateSenderObserver* observer) { rate_observer_ = observer; }
  void Start() override;
  void Close() override;
  bool completed() const override { return completed_; }
  Time completed_at() const override { return completed_at_; }
  // What was measured (the seed is not a measurement).
  const RttStats& rtt() const override { return measured_; }
  SenderCounts counts() const override { return {packets_sent_, retransmissions_, feedback_}; }
  void Restart(uint32_t flow) override;
  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;

  State state() const { return state_; }
  const RrtpRateControl& control() const { return control_; }
  // The loss rate over about the last 1 / kLossWeight packets sent.
  double loss_rate() const { return loss_rate_; }
  uint64_t acknowledged() const { return base_; }
  int64_t timeouts() const { return timeouts_; }

 private:
  enum Tag : uint32_t { kSend, kHandshake, kProbe, kTimeout };
  struct Unacked {
    uint64_t byte_seq;
    uint32_t len;
    bool last;
  };

  void SendSyn();
  void SendStart();
  void SendControl(RrtpType type, Time timestamp);
  void SendProbePair();
  void ArmStepTimer(uint32_t tag);
  void StartSending(double rate_bps, bool bounded);
  void SendNext();
  bool SendNew(RrtpProbe probe);
  void Resend(uint64_t seq_no);
  void Transmit(uint64_t seq_no, const Unacked& u, RrtpProbe probe, bool retransmission);
  void OnCack(uint64_t below);
  void OnAsk(const RrtpHeader& h);
  void OnEpoch(const RrtpHeader& h);
  void Sample(Time echo);
  void ArmTimeout();
  Time TimeoutSpan() const;
  Time Interval() const;
  void CheckComplete();
  void Report();

  Scheduler* scheduler_;
  PacketPool* pool_;
  Params params_;
  DataSource* source_;
  const Route* route_ = nullptr;
  SenderObserver* observer_ = nullptr;
  RateSenderObserver* rate_observer_ = nullptr;
  RttStats rtt_;       // the controller's estimate: seeded by RoundTripTime_char, then measured
  RttStats measured_;  // the measurements alone, as reported
  RrtpRateControl control_;
  uint64_t generation_ = 0;

  State state_ = State::kIdle;
  Time syn_sent_;
  Time step_due_;  // when the current set-up step (SYN, START, probe pair) times out
  // Pairs sent before giving up on the probe (the thesis sends one; a lost P1 or P2
  // would otherwise leave the connection to start from a guess).
  static constexpr int kProbeAttempts = 3;
  int probe_attempts_ = 0;
  uint64_t cookie_ = 0;

  // The send buffer: packets [base_, next_) not yet covered by a CACK.
  std::deque<Unacked> unacked_;
  uint64_t base_ = 0, next_ = 0;
  uint64_t bytes_sent_ = 0;
  std::set<uint64_t> resend_;  // asked for, lowest first
  Time next_allowed_;
  bool send_pending_ = false;
  uint64_t changed_at_ = 0;  // the first packet sent at the current rate

  Time last_feedback_;
  bool timeout_pending_ = false;
  int64_t timeouts_ = 0;
  int64_t packets_sent_ = 0, retransmissions_ = 0, feedback_ = 0;
  static constexpr double kLossWeight = 0.001;
  double loss_rate_ = 0;
  bool completed_ = false;
  Time completed_at_;
};

}  // namespace plab
