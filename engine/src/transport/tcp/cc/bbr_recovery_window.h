// BBR's window through loss recovery, which v1 (draft-cardwell-iccrg-bbr-congestion-control-00
// §4.2.3.4) and v3 (draft-ietf-ccwg-bbr §5.6.4.4) state alike, as Linux's bbr_set_cwnd does:
//   - upon entering fast recovery or a retransmission timeout: BBRSaveCwnd, the window
//     before this episode (or, already in recovery or ProbeRTT, the larger of it and the
//     window saved when the episode began);
//   - on each delivering ACK: take off what it judged lost, and for the first round of
//     fast recovery hold packet conservation (cwnd = inflight + delivered), cut to what is
//     in flight when that round starts;
//   - upon exiting fast recovery, or once a timeout's losses are repaired (snd_una reaches
//     `recover`, Linux TCP_CA_Loss): BBRRestoreCwnd, the larger of cwnd and the saved window.
// Both versions own one of these; what differs (how a round starts, ProbeRTT's use of the
// saved window) stays with each.
#pragma once

#include <algorithm>
#include <cstdint>

#include "transport/tcp/rate_sample.h"
#include "transport/tcp/tcp_state.h"

namespace plab {

class BbrRecoveryWindow {
 public:
  // Fast recovery (EnterRecovery .. ExitRecovery) or the recovery after a timeout.
  bool in_loss_recovery() const { return in_fast_recovery_ || in_timeout_recovery_; }
  uint64_t prior_cwnd() const { return prior_cwnd_; }
  void set_prior_cwnd(uint64_t cwnd) { prior_cwnd_ = cwnd; }

  // BBRSaveCwnd: in loss recovery or ProbeRTT (where cwnd is cut) keep the larger.
  uint64_t Save(uint64_t cwnd, bool in_probe_rtt) const {
    if (!in_loss_recovery() && !in_probe_rtt) return cwnd;
    return std::max(prior_cwnd_, cwnd);
  }

  // "Upon entering Fast Recovery": save the window; conservation begins on the next
  // delivering ACK, where the delivered bytes are known.
  void EnterFastRecovery(uint64_t cwnd, bool in_probe_rtt) {
    prior_cwnd_ = Save(cwnd, in_probe_rtt);
    in_fast_recovery_ = true;
    recovery_starting_ = true;
  }

  // "Upon exiting loss recovery": BBRRestoreCwnd; the ACK's window update then bounds it.
  void ExitFastRecovery(uint64_t& cwnd) {
    in_fast_recovery_ = false;
    recovery_starting_ = false;
    packet_conservation_ = false;
    cwnd = std::max(cwnd, prior_cwnd_);
  }

  // "Upon retransmission timeout": save the window from before it (the sender set cwnd
  // to one segment); the end of the timeout's recovery restores it.
  void EnterTimeoutRecovery(uint64_t cwnd_before_timeout, bool in_probe_rtt) {
    prior_cwnd_ = Save(cwnd_before_timeout, in_probe_rtt);
    in_fast_recovery_ = false;
    recovery_starting_ = false;
    packet_conservation_ = false;
    in_timeout_recovery_ = true;
  }

  // A new round: conservation lasts the first round of recovery only.
  void OnRoundStart() { packet_conservation_ = false; }

  // BBRModulateCwndForRecovery; true while packet conservation holds cwnd. `start_round`
  // is called when the first round of fast recovery begins (each version starts its
  // round its own way).
  template <typename StartRound>
  bool Modulate(uint64_t& cwnd, const TcpState& state, const RateSample& rs, StartRound start_round) {
    // Linux bbr_set_cwnd leaves the window alone on an ACK that delivers nothing.
    if (rs.newly_delivered == 0) return packet_conservation_;
    // "An ACK for P packets should release at most 2P": first take off what this ACK
    // judged lost, then (below) grow by what it delivered.
    if (rs.newly_lost > 0) cwnd = cwnd > rs.newly_lost + state.mss ? cwnd - rs.newly_lost : state.mss;
    if (recovery_starting_) {
      // Packet conservation for a round that starts now, cwnd cut to what is in flight
      // (Linux: unused window from the application is cut).
      recovery_starting_ = false;
      packet_conservation_ = true;
      start_round();
      cwnd = state.pipe + rs.newly_delivered;
    }
    if (in_timeout_recovery_ && state.snd_una >= state.recover) {
      in_timeout_recovery_ = false;  // the timeout's losses are repaired: BBRRestoreCwnd
      cwnd = std::max(cwnd, prior_cwnd_);
    }
    if (!packet_conservation_) return false;
    cwnd = std::max(cwnd, state.pipe + rs.newly_delivered);
    return true;
  }

 private:
  uint64_t prior_cwnd_ = 0;
  bool in_fast_recovery_ = false;
  bool in_timeout_recovery_ = false;
  bool recovery_starting_ = false;  // EnterFastRecovery ran; the next delivering ACK starts it
  bool packet_conservation_ = false;
};

}  // namespace plab
