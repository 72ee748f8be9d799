#include "transport/tcp/cc/cubic.h"

#include <algorithm>
#include <cmath>

#include "sim/scheduler.h"

namespace plab {

namespace {
// ns-3.44 TcpCubic's default attributes (tcp-cubic.cc GetTypeId).
constexpr uint64_t kHyStartLowWindowSegments = 16;
constexpr int kHyStartMinSamples = 8;
constexpr Time kHyStartAckDelta = Time::FromMilliseconds(2);
constexpr Time kHyStartDelayMin = Time::FromMilliseconds(4);
constexpr Time kHyStartDelayMax = Time::FromMilliseconds(1000);
constexpr Time kCubicDelta = Time::FromMilliseconds(10);
}  // namespace

double DeterministicCbrt(double x) {
  if (x == 0) return 0;
  const bool negative = x < 0;
  double a = negative ? -x : x;
  // Start from a power of two near the root, then Newton: y <- (2y + a / y^2) / 3.
  int exponent = 0;
  std::frexp(a, &exponent);  // exact, no rounding: a = m x 2^exponent
  double y = std::ldexp(1.0, exponent / 3);
  for (int i = 0; i < 100; ++i) {
    const double next = (2 * y + a / (y * y)) / 3;
    if (next == y) break;
    y = next;
  }
  return negative ? -y : y;
}

double Cubic::WindowAt(Time since_epoch) const {
  const double d = since_epoch.seconds() - k_;
  return params_.c * d * d * d + w_max_;
}

void Cubic::HystartReset(Time now, uint64_t snd_max) {
  hs_.round_start = hs_.last_ack = now;
  hs_.end_seq = snd_max;
  hs_.curr_rtt.reset();
  hs_.samples = 0;
}

void Cubic::HystartPktsAcked(Time now) {
  if (!rtt().has_sample()) return;
  // "Discard delay samples right after fast recovery"
  if (epoch_started_ && now - epoch_start_ < kCubicDelta) return;
  const Time srtt = rtt().smoothed_rtt();  // ns-3 passes m_tcb->m_srtt
  if (!hs_.delay_min || *hs_.delay_min > srtt) hs_.delay_min = srtt;
  if (hs_.found || cwnd_ > ssthresh_ || cwnd_ < kHyStartLowWindowSegments * mss_) return;
  // HystartUpdate: the ACK train ...
  if (now - hs_.last_ack <= kHyStartAckDelta) {
    hs_.last_ack = now;
    if (now - hs_.round_start > *hs_.delay_min) hs_.found = true;
  }
  // ... and the delay increase.
  if (hs_.samples < kHyStartMinSamples) {
    if (!hs_.curr_rtt || *hs_.curr_rtt > srtt) hs_.curr_rtt = srtt;
    ++hs_.samples;
  } else if (*hs_.curr_rtt > *hs_.delay_min + std::clamp(*hs_.delay_min, kHyStartDelayMin, kHyStartDelayMax)) {
    hs_.found = true;
  }
  if (hs_.found) ssthresh_ = cwnd_;
}

void Cubic::OnAckReceived(const TcpState& state, const RateSample&, Time now) {
  if (!hystart()) return;
  // An ACK OnAck did not see (duplicate, or in recovery): ns-3 calls PktsAcked for it too,
  // unless nothing is outstanding.
  const bool new_ack = state.snd_una > hs_.last_una;
  if (!hs_.acked_this_ack && (new_ack || state.snd_max > state.snd_una)) HystartPktsAcked(now);
  hs_.acked_this_ack = false;
  hs_.last_una = state.snd_una;
}

void Cubic::OnAck(const TcpState& state, uint64_t acked_bytes, Time now) {
  if (hystart()) {
    // ns-3 runs PktsAcked before IncreaseWindow, which starts a new round in slow start.
    HystartPktsAcked(now);
    hs_.acked_this_ack = true;
    if (InSlowStart() && state.cwnd_limited && state.snd_una > hs_.end_seq) HystartReset(now, state.snd_max);
  }
  if (InSlowStart()) {
    RenoIncrease(state, acked_bytes);
    return;
  }
  if (!state.cwnd_limited) return;  // RFC 9438 §5.8: no growth while application-limited
  const double mss = state.mss;
  const double cwnd = static_cast<double>(cwnd_) / mss;
  if (!epoch_started_) {
    // A congestion-avoidance epoch without a prior loss (§4.8): start from here.
    epoch_started_ = true;
    epoch_start_ = now;
    if (w_max_ < cwnd) {
      w_max_ = cwnd;
      k_ = 0;
    } else {
      k_ = KFor(cwnd);  // §4.2 eq. 2, from the window this epoch really starts at
    }
    w_est_ = cwnd;
  }
  const double alpha = 3 * (1 - params_.beta) / (1 + params_.beta);
  w_est_ += alpha * (static_cast<double>(acked_bytes) / mss) / cwnd;
  const double target = std::clamp(WindowAt(now - epoch_start_ + rtt().smoothed_rtt()), cwnd, 1.5 * cwnd);
  double next = cwnd + (target - cwnd) / cwnd;
  if (WindowAt(now - epoch_start_) < w_est_) next = std::max(next, w_est_);  // Reno-friendly region
  cwnd_ = std::max(cwnd_, static_cast<uint64_t>(next * mss));
}

double Cubic::KFor(double cwnd_epoch) const {
  // RFC 9438 §4.2 eq. 2: K = cbrt((W_max - cwnd_epoch) / C). RFC 8312's
  // cbrt(W_max (1 - beta) / C) is the same only when cwnd_epoch = beta x W_max, i.e.
  // not after fast convergence lowered W_max: then W_cubic(0) fell below cwnd.
  return DeterministicCbrt(std::max(w_max_ - cwnd_epoch, 0.0) / params_.c);
}

uint64_t Cubic::SsthreshAfterLoss(const TcpState& state, uint64_t) {
  const double cwnd = static_cast<double>(cwnd_) / state.mss;
  // RFC 9438 §4.7 fast convergence: compared with the W_max of the last congestion
  // event (already reduced if that event was one too), not with the window then.
  if (params_.fast_convergence && cwnd < w_max_) {
    w_max_ = cwnd * (1 + params_.beta) / 2;
  } else {
    w_max_ = cwnd;
  }
  const double ssthresh = std::max(cwnd * params_.beta, 2.0);
  // The epoch restarts at the first ACK after recovery, from cwnd = ssthresh (§4.6);
  // K is computed again there from the window it really starts at.
  k_ = KFor(ssthresh);
  epoch_started_ = false;
  return static_cast<uint64_t>(ssthresh * state.mss);
}

void Cubic::AfterRetransmissionTimeout(const TcpState& state) {
  epoch_started_ = false;
  if (hystart()) {  // ns-3: CongestionStateSet(CA_LOSS) runs CubicReset and HystartReset
    hs_.delay_min.reset();
    hs_.found = false;
    HystartReset(clock() != nullptr ? clock()->now() : hs_.last_ack, state.snd_max);
  }
}

}  // namespace plab
