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
//     or, with dctcp.reduction = cwr, as Linux's CWR state and ns-3.44's TcpSocketBase
//     (CA_CWR with PRR) bring it down: over the round that follows (until SND.UNA passes
//     the SND.NXT of the mark), cwnd = RecoverFS - delivered + ceil(delivered x
//     ssthresh / RecoverFS), RFC 6937's proportional part with nothing lost (RecoverFS
//     the flight at the mark), no growth; at the round's end cwnd = ssthresh. Marks that
//     still arrive then start the next round's cut at once (ns-3's trace: two cuts per
//     episode at K = 20, 100 Mb/s, where the cut at once makes one). dctcp.reduction =
//     cwr_ns3 runs the round with ns-3.44's PRR arithmetic (dctcp_cwr_ns3.cc).
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
    bool cwr = false;          // the cut over a round (Linux, ns-3) rather than at once
    bool cwr_ns3 = false;      // the round with ns-3.44's TcpPrrRecovery arithmetic (dctcp_cwr_ns3.cc)
  };

  explicit Dctcp(const Params& params)
      : estimate_(params.g, params.initial_alpha), cwr_mode_(params.cwr || params.cwr_ns3), ns3_(params.cwr_ns3) {}

  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void OnEcnAck(const TcpState& state, uint64_t acked_bytes, bool ece) override;
  void OnEcnEcho(const TcpState& state) override;
  void RestartAfterLoss(const TcpState& state) override;
  void EnterRecovery(const TcpState& state, int inflation_segments) override;

  // The CWR round under way (dctcp.reduction = cwr), for tests.
  bool in_cwr() const { return in_cwr_; }

  // Debug state (tests, the probe's series): the estimate of the marked fraction.
  double alpha() const { return estimate_.alpha(); }
  // How many times alpha has been updated (once per window of data).
  int64_t alpha_updates() const { return estimate_.updates(); }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;

 private:
  // ns-3.44's TcpPrrRecovery::DoRecovery in CA_CWR (dctcp_cwr_ns3.cc).
  void Ns3PrrStep(const TcpState& state, uint64_t delivered, bool entering);

  DctcpAlpha estimate_;
  bool cwr_mode_;
  bool ns3_;
  bool in_cwr_ = false;
  uint64_t last_acked_ = 0;      // the bytes the ACK being processed acknowledged
  uint64_t cwr_recover_ = 0;     // SND.NXT at the mark: the round ends when SND.UNA passes it
                                 // (and cwr_ns3's prr_out is SND.MAX - this)
  uint64_t cwr_recover_fs_ = 0;  // the flight at the mark (RFC 6937 RecoverFS)
  uint64_t cwr_delivered_ = 0;   // bytes acknowledged since (prr_delivered)
};

}  // namespace plab
