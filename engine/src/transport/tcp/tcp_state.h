// The sender's sequence state, shared with the two plug-ins (ns-3 TcpSocketState
// style). Sequence numbers, the scoreboard's pipe and the dupack count are the
// sender's; loss recovery keeps its recovery flags here. The window itself is not
// here: cwnd and ssthresh belong to the congestion control (cc/congestion_control.h).
// All sizes are in bytes (STYLE §2); convert to segments at the edges.
#pragma once

#include <cstdint>

namespace plab {

struct TcpState {
  uint32_t mss = 1000;

  uint64_t snd_una = 0;  // oldest unacknowledged byte
  uint64_t snd_nxt = 0;  // next byte to send (moves back after a timeout: go-back-N)
  uint64_t snd_max = 0;  // highest byte ever sent + 1

  int dupacks = 0;  // consecutive duplicate ACKs
  int dupack_threshold = 3;
  bool in_recovery = false;
  // RFC 6582 `recover`, kept one past the RFC's value: snd_max when the last recovery
  // or timeout began, so "the ACK covers recover" reads snd_una >= recover.
  uint64_t recover = 0;
  bool recover_set = false;
  // What last cut the window, as ns-2's last_cwnd_action_: a fast retransmit or a
  // timeout (Reno allows a second fast retransmit in one window only after the first).
  enum class LossAction { kNone, kFastRetransmit, kTimeout };
  LossAction last_loss_action = LossAction::kNone;

  // Bytes actually in the network: RFC 6675 SetPipe over the scoreboard (SACKed and
  // lost segments excluded, retransmissions in flight included). Kept by the sender
  // after every ACK and send; equals flight_size() when nothing is SACKed or lost.
  uint64_t pipe = 0;

  // Whether the congestion window is what limits sending (RFC 7661; Linux
  // tcp_is_cwnd_limited): window laws grow cwnd only then, so a flow held back by its
  // application or the receiver window does not build a window it never used.
  // Always true when congestion-window validation is off.
  bool cwnd_limited = true;

  // FlightSize of RFC 5681: data sent and not yet cumulatively acknowledged.
  uint64_t flight_size() const { return snd_max - snd_una; }
};

// `state` as a control reads it when a recovery has it halve another figure than
// FlightSize (the controls halve snd_max - snd_una): snd_max moved to snd_una + flight.
inline TcpState WithFlightSize(const TcpState& state, uint64_t flight) {
  TcpState view = state;
  view.snd_max = state.snd_una + flight;
  return view;
}

}  // namespace plab
