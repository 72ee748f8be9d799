// RRTP's send rate (thesis §3.4): bounded, pre-emptive LIMD, adjusted once per epoch
// from the send/receive rate ratio of the receiver's report.
//   ratio > 1.05 (incipient congestion):  rate = rate x max(1 - beta, 0.5), then beta
//     doubles (it starts at 0.05); a decrease with beta already at 0.5 is severe
//     congestion, and SendRate_min halves ("adjusted downwards in an exponential fashion")
//   ratio < 0.95 (well below capacity):   rate = rate + alpha, and beta = 0.05 again
//   in between (the rate holds):          the characteristic send rate is averaged from
//     these epochs and used on the second such epoch in a row
//   the new rate always stays within [SendRate_min, SendRate_max].
// After a timeout, or when the probe pair went unanswered, it slow-starts (§3.4.1's last
// paragraph): the rate doubles each epoch that shows no congestion, up to the
// characteristic rate or the first decrease.
// In the wireless-last-hop mode (§3.4.2) the rate is instead scaled by the ratio when it
// leaves [0.95, 1.05] (rate / ratio: what the dedicated channel delivers), returns to the
// characteristic rate when it holds, and only a loss the loss differentiation calls
// congestive brings back the LIMD decrease.
// Choices the thesis leaves open (each a line here, the numbers parameters):
//   a paced flow below capacity receives exactly as fast as it sends (ratio 1), so the
//   literal rule never finds spare capacity: with grow_when_holding, from the third
//   holding epoch in a row alpha is added as below 0.95 (rrtp.grow_when_holding);
//   alpha is alpha_segments x MSS / SRTT, added once per epoch as the thesis's
//   SendRate_prev + alpha ("different initial values based on the type of network");
//   rrtp.alpha_prorated adds it per RTT of the epoch's duration instead;
//   the ratio's intervals are per packet sent, so it measures the queue, not losses
//   (receiver side; rrtp.loss_in_ratio counts congestive losses in it);
//   SendRate_max starts at the probe-pair (or seeded) rate, a bound the path showed
//   (none when the probe went unanswered), and rises to any receive rate
//   the path showed while delivering faster than the sender sent (ratio < 0.95);
//   SendRate_min starts at half of it;
//   the characteristic rate is an average (weight 0.1, Fig. 3.4's short-term weight) of
//   the send rate in epochs where it held, seeded by SendRate_char when given;
//   a congestive loss in the LIMD mode halves the rate as Reno would (§3.4.1, last
//   paragraph), at most once per RTT, SendRate_min following it down (else a bound set
//   from one flow's probe would hold 30 flows above their share), and the characteristic
//   rate too (Reno's fast recovery goes on from the halved window; the second holding
//   epoch would otherwise restore the rate that overflowed the queue within 20 packets;
//   rrtp.restore_after_cut keeps that earlier reading);
//   a timeout halves SendRate_min and restarts from it.
#pragma once

#include "sim/time.h"

namespace plab {

enum class RrtpMode { kLimd, kWirelessLastHop };

class RrtpRateControl {
 public:
  static constexpr double kBetaInitial = 0.05;  // §3.4.1
  static constexpr double kMaxDecrease = 0.5;   // §3.4.1: 1 - beta >= 0.5
  static constexpr double kRatioHigh = 1.05;    // §3.4.1
  static constexpr double kRatioLow = 0.95;     // §3.4.1
  static constexpr double kCharWeight = 0.1;

  enum class Action { kDecrease, kIncrease, kHold, kCharacteristic, kScale, kSlowStart };

  struct Params {
    RrtpMode mode = RrtpMode::kLimd;
    double characteristic_bps = 0;  // SendRate_char, 0 = not seeded
    bool grow_when_holding = true;
    bool restore_after_cut = false;  // the engine's earlier reading (rrtp.restore_after_cut)
  };

  explicit RrtpRateControl(const Params& params) : params_(params) {}

  // The first rate: from the probe pair or the seed (`bounded`: SendRate_max = it), or
  // a guess when the probe went unanswered (slow start, no SendRate_max yet);
  // SendRate_min = half of it.
  void Start(double rate_bps, bool bounded);
  // One epoch's report: the ratio, alpha in bytes per second, and the receive rate.
  Action OnEpoch(double ratio, double alpha_bps, double receive_bps);
  // A loss the receiver calls congestive; `rtt` spaces the cuts.
  bool OnCongestiveLoss(Time now, Time rtt);
  // No feedback for an RTO.
  void OnTimeout();

  double rate() const { return rate_; }
  double min_rate() const { return min_; }
  double max_rate() const { return max_; }
  double beta() const { return beta_; }
  double characteristic() const { return char_; }
  bool slow_start() const { return slow_start_; }

 private:
  void Decrease();
  void Bound();
  // An epoch whose ratio is within [0.95, 1.05]: the characteristic rate's average, and
  // on the second such epoch in a row the rate itself; then + alpha each if `grow`.
  Action Hold(double alpha_bps, bool grow);

  Params params_;
  double rate_ = 0, min_ = 0, max_ = 0;
  double beta_ = kBetaInitial;
  double char_ = 0;
  int holding_epochs_ = 0;
  Time last_cut_ = Time::FromNanoseconds(-1);
  bool cut_before_ = false;
  bool slow_start_ = false;
};

}  // namespace plab
