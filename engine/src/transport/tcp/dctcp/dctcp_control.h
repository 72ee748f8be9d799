// DCTCP, Data Center TCP (Alizadeh et al., SIGCOMM 2010; RFC 8257): the sender
// measures the fraction of its bytes the network marked CE and cuts its window in
// proportion, instead of halving it on any mark.
//
//   every ACK (RFC 8257 §3.3):           BytesAcked += acked;  ECE: BytesMarked += acked
//   an ACK past WindowEnd (once per window of data; an ACK at or below it stops here):
//       M = BytesMarked / BytesAcked
//       alpha = (1 - g) alpha + g M          g = 1/16 (§4.2, Linux dctcp_shift_g 4)
//       WindowEnd = SND.NXT; BytesAcked = BytesMarked = 0
//   ECE, at most once per window (the sender's RFC 3168 §6.1.2 rule):
//       ssthresh = max(cwnd (1 - alpha / 2), 2 SMSS);  cwnd = ssthresh
//   loss (§3.4): as Reno/NewReno, ssthresh = max(FlightSize / 2, 2 SMSS)
//   growth: Reno's slow start and congestion avoidance (RFC 5681)
//
// alpha starts at 1 (RFC 8257 §3.3, as Linux dctcp_alpha_on_init 1024/1024): the
// first marks halve the window as classic ECN would, until alpha has learned better.
// SND.NXT here is snd_max, the highest byte sent + 1 (what Linux's snd_nxt is; this
// engine's snd_nxt moves back after a timeout).
#pragma once

#include <cstdint>

#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/dctcp/dctcp_alpha.h"

namespace plab {

class Dctcp final : public CongestionControl {
 public:
  struct Params {
    double g = 1.0 / 16;       // RFC 8257 §4.2: estimation gain, 1/16
    double initial_alpha = 1;  // RFC 8257 §3.3
  };

  explicit Dctcp(const Params& params) : estimate_(params.g, params.initial_alpha) {}

  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void OnEcnAck(const TcpState& state, uint64_t acked_bytes, bool ece) override;
  void OnEcnEcho(const TcpState& state) override;

  // Debug state (tests, the probe's series): the estimate of the marked fraction.
  double alpha() const { return estimate_.alpha(); }
  // How many times alpha has been updated (once per window of data).
  int64_t alpha_updates() const { return estimate_.updates(); }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;

 private:
  DctcpAlpha estimate_;
};

}  // namespace plab
