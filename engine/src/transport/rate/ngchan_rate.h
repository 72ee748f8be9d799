// Ng & Chan's rate-based protocols (§3.2; MRP §6): SRP follows the simple (Mathis)
// equation, CRP the complex (Padhye) one, MRP their modified one (§5). The sender
// spaces packets by an inter-packet interval and adjusts it once per round (one
// smoothed RTT):
//   a loss in the round:  rate = the equation at the round's loss rate, RTT and RTO;
//   else, below the equation's rate at the last loss rate (or before any loss):
//     one more packet next round, interval' = interval x RTT / (interval + RTT)
//     (the paper's Packet_Interval_{i+1} = Packet_Interval_i x 1 / (Packet_Interval_i
//     + 1), with the interval in RTTs);
//   above the equation's rate: down to it at once.
// Lost packets are not retransmitted; RTT and RTO follow Jacobson/Karn "as in standard
// TCP": the flow's timer profile (tcp.timers), RFC 6298 by default; under a tick profile
// (ns-2's) the RTO comes from one timed packet per RTT on the tick clock, as the
// competing TCP's does (the RTT in the equation stays the fine SRTT).
// The receiver answers every packet (no retransmission, so no cumulative ACK):
// the packet's number, its timestamp, and how many packets arrived in all, so a lost
// ACK does not count as a lost packet.
//
// Choices the paper leaves open: "the error rate" is the loss-indication rate the ACKs
// have shown since the connection began (rounds with a loss / answered-or-lost packets,
// §2.2's "frequency of loss indications per packet sent"): a round holds only a
// few packets at these rates, so one loss in a round of two would read as p = 0.5;
// the first packets go one per initial RTO (1 s) apart until an RTT is measured.
// ngchan.loss_rate = round reads §3.2 literally instead: the round's own lost / accounted
// packets (docs/conformance/ng-chan.md, "Readings the paper leaves open").
#pragma once

#include <cstdint>

#include "net/route.h"
#include "sim/scheduler.h"
#include "transport/data_source.h"
#include "transport/endpoint.h"
#include "transport/rate/rate_observer.h"
#include "transport/rate/rate_transfer.h"
#include "transport/rtt_stats.h"

namespace plab {

enum class NgChanEquation { kSimple, kComplex, kModified };

// The equation's rate in bytes per second (transport/throughput_models.h), with the
// measured RTO; 0 without a loss rate.
double NgChanRateBytesPerSecond(NgChanEquation equation, double segment_bytes, double rtt_s, double rto_s, double p);

struct NgChanAckHeader {
  uint64_t seq_no = 0;    // the packet answered
  uint64_t received = 0;  // packets received in all
  Time timestamp_echo;    // its send time
};

class NgChanReceiver final : public ReceiverEndpoint {
 public:
  NgChanReceiver(Scheduler* scheduler, PacketPool* pool, uint32_t flow, uint32_t ack_bytes)
      : pool_(pool), scheduler_(scheduler), flow_(flow), ack_bytes_(ack_bytes) {}
  void set_route(const Route* route) override { route_ = route; }
  void set_observer(ReceiverObserver* observer) override { observer_ = observer; }
  uint64_t in_order_bytes() const override { return received_bytes_; }
  int64_t feedback_sent() const override { return acks_; }
  void Restart(uint32_t flow) override;
  void Receive(Packet* p) override;

 private:
  PacketPool* pool_;
  Scheduler* scheduler_;
  uint32_t flow_;
  uint32_t ack_bytes_;
  const Route* route_ = nullptr;
  ReceiverObserver* observer_ = nullptr;
  uint64_t received_bytes_ = 0;
  uint64_t received_ = 0;
  int64_t acks_ = 0;
};

class NgChanSender final : public RateSender, public EventHandler {
 public:
  struct Params {
    uint32_t flow = 0;
    uint32_t segment_bytes = 1000;
    uint32_t header_bytes = 40;
    NgChanEquation equation = NgChanEquation::kComplex;
    // §3.2's "the error rate ... in the round", read literally: a round with losses feeds
    // the equation its own lost / accounted packets (ngchan.loss_rate = round); false:
    // the loss indications per packet since the connection began.
    bool round_loss_rate = false;
    RttStats::Params rtt;
  };

  NgChanSender(Scheduler* scheduler, PacketPool* pool, const Params& params, DataSource* source);

  // SenderEndpoint (RateSender has the rest)
  void Start() override;
  const RttStats& rtt() const override { return rtt_; }
  SenderCounts counts() const override { return {transfer_.packets_sent(), 0, acks_}; }
  void Restart(uint32_t flow) override;
  void Receive(Packet* p) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;

  void set_rate_observer(RateSenderObserver* observer) { rate_observer_ = observer; }
  Time interval() const { return interval_; }
  double loss_rate() const { return p_; }
  // One round's end: packets the ACKs accounted for in the round, and how many of them
  // were lost (the sender calls it every SRTT; tests drive it).
  void EndRound(uint64_t sent_in_round, uint64_t lost_in_round);

 private:
  enum Tag : uint32_t { kSend, kRound };

  void SendNext();
  double RateBps() const { return params_.segment_bytes / interval_.seconds(); }
  double EquationBps(double p) const;
  void Report(double equation_bps);

  Scheduler* scheduler_;
  PacketPool* pool_;
  Params params_;
  RateSenderObserver* rate_observer_ = nullptr;
  RttStats rtt_;

  Time interval_;  // between packets
  double p_ = 0;   // the loss rate so far (0 before the first loss)
  uint64_t total_accounted_ = 0, total_loss_indications_ = 0;
  int64_t acks_ = 0;
  // Losses as the ACKs tell them: packets below the highest answered that never arrived.
  uint64_t highest_acked_ = 0;
  uint64_t received_ = 0;
  bool any_ack_ = false;
  uint64_t round_highest_ = 0, round_missing_ = 0;
  // A tick profile's (ns-2's) estimator times one packet at a time, as its TCP does.
  bool timing_ = false;
  uint64_t timed_seq_ = 0;
  Time timed_at_;
  bool started_ = false, send_pending_ = false;
  uint64_t generation_ = 0;
};

}  // namespace plab
