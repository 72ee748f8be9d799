// TCP-Real's sender window (Zhang & Tsaoussidis 2001, §2): TCP-Reno whose window the
// receiver decides.
//   - Growth between decisions is Reno's slow start and congestion avoidance (§2.2
//     "TCP-Real extends TCP-Reno"; the abstract: "Slow Start and timeout adjustments
//     are used whenever congestion avoidance fails"), up to the largest wave.
//   - Each new decision of the receiver (the ACK option) sets cwnd = 2 x level
//     segments at once (§2.1), before any loss: the rate-based congestion avoidance.
//     Params::grow_between_decisions = false holds the window at the decided wave
//     (WWP's wave "fixed during each RTT", §1) instead of growing it like Reno.
//   - Three duplicate ACKs retransmit (Reno's recovery) without cutting the window:
//     a random loss does not lower the receiving rate, and a congestion loss shows in
//     the rate, which the receiver answers (§4.1: "the congestion window is not
//     adjusted").
//   - Fast recovery does not inflate the window either: a wave's size "is fixed during
//     each RTT ... not based on the acknowledgements received by the sender" (§1) and
//     "the maximum wave level corresponds to the maximum congestion window" (§3), so
//     the window never exceeds the largest wave (Reno's +1 segment per duplicate ACK,
//     kept up while a lost retransmission waits for its timeout, took it to hundreds
//     of segments). Params::recovery_inflation takes Reno's inflation instead.
//   - The ACK-loss-tolerant timeout (§2.2): a bit set by any duplicate ACK since the
//     retransmission timer was last restarted. On a timeout the sender retransmits;
//     only if the bit is clear ("no wave information during that time") does the
//     window fall to two segments, as in slow start, and the RTO double. With the bit
//     set both adjustments are cancelled (abstract: "rate and timeout adjustments are
//     cancelled whenever the receiving rate indicates sufficient availability of
//     bandwidth"): the window is kept and the RTO is not backed off.
//     Params::cancel_backoff = false keeps RFC 6298's doubling on every timeout.
//     The paper also says the other thing: "upon a timeout TCP-Real always backs off as
//     Tahoe and Reno, but adjusts rapidly upwards to the appropriate wave level when the
//     timeout was caused by transient random errors" (§2.1; footnote 3 likewise).
//     Params::timeout_always_backs_off takes that reading.
//   - Every data segment carries the window in segments (real_option.h).
#pragma once

#include "transport/tcp/cc/congestion_control.h"

namespace plab {

class RealControl final : public CongestionControl {
 public:
  struct Params {
    int max_level = 24;
    // A timeout with the DACK bit set does not double the RTO (abstract, §2.1).
    bool cancel_backoff = true;
    // Reno's +1 segment per duplicate ACK in fast recovery, past the largest wave.
    bool recovery_inflation = false;
    // Reno's slow start and congestion avoidance between the receiver's decisions.
    bool grow_between_decisions = true;
    // §2.1 and its footnote 3: every timeout backs off as Tahoe (two segments, the RTO
    // doubled), and the receiver's next decision restores the level the rate justifies.
    // Off: §2.2's DACK bit decides (the default).
    bool timeout_always_backs_off = false;
  };
  explicit RealControl(const Params& params);

  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void OnAckHeader(const TcpHeader& header, Time now) override;
  void WriteDataHeader(TcpHeader& header) const override;

  void EnterRecovery(const TcpState& state, int inflation_segments) override;
  void InflateForDupAck() override;
  bool BacksOffRetransmissionTimer() const override;
  void ExitRecovery(uint64_t cap) override;

  bool dack_bit() const { return dack_bit_; }
  uint32_t decisions_applied() const { return decisions_applied_; }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& state) override;

 private:
  uint64_t MaxWindow() const;
  void ApplyLevel(int level);

  Params params_;
  uint64_t highest_ack_ = 0;
  bool dack_bit_ = false;
  uint32_t last_decision_ = 0;
  uint32_t decisions_applied_ = 0;
  bool backs_off_ = true;  // what the last timeout decided for the RTO
  bool in_recovery_ = false;
  uint64_t recovery_cwnd_ = 0;
  int pending_level_ = 0;  // a decision that arrived during fast recovery
};

}  // namespace plab
