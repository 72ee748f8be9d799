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
  if (ns3_law() ? ns3_.epoch_start && now - *ns3_.epoch_start < kCubicDelta
                : epoch_started_ && now - epoch_start_ < kCubicDelta) {
    return;
  }
  const Time srtt = rtt().smoothed_rtt();  // ns-3 passes m_tcb->m_srtt
  if (!hs_.delay_min || *hs_.delay_min > srtt) hs_.delay_min = srtt;
  if (!hystart() || hs_.found || cwnd_ > ssthresh_ || cwnd_ < kHyStartLowWindowSegments * mss_) return;
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

void Cubic::OnRttUpdated(Time) {
  if (hystart_pp_on()) pending_rtt_ = rtt().latest_rtt();
}

void Cubic::OnAckReceived(const TcpState& state, const RateSample& rs, Time now) {
  pending_rtt_.reset();  // OnAck, if it ran for this ACK, has used it
  if (!hystart() && !ns3_law()) return;
  if (ns3_law()) {
    if (state.snd_una > hs_.last_una || state.snd_max > state.snd_una) HystartPktsAcked(now);
    if (ns3_.increase_pending) {
      Ns3IncreaseWindow(state, rs.newly_delivered, now);
    } else if (ns3_.was_in_recovery && !state.in_recovery && state.snd_una > hs_.last_una) {
      // The ACK that ends fast recovery: ns-3 sets cwnd = ssthresh, then IncreaseWindow
      // with every segment the ACK covers cumulatively (ProcessAck, CA_RECOVERY).
      Ns3IncreaseWindow(state, state.snd_una - hs_.last_una, now);
    }
    ns3_.increase_pending = false;
    ns3_.was_in_recovery = state.in_recovery;
    hs_.last_una = state.snd_una;
    return;
  }
  // An ACK OnAck did not see (duplicate, or in recovery): ns-3 calls PktsAcked for it too,
  // unless nothing is outstanding.
  const bool new_ack = state.snd_una > hs_.last_una;
  if (!hs_.acked_this_ack && (new_ack || state.snd_max > state.snd_una)) HystartPktsAcked(now);
  hs_.acked_this_ack = false;
  hs_.last_una = state.snd_una;
}

void Cubic::OnAck(const TcpState& state, uint64_t acked_bytes, Time now) {
  if (ns3_law()) {
    // ns-3 grows by the bytes this ACK newly delivered (SACKed ones counted when SACKed,
    // TcpRateOps), which OnAckReceived's rate sample says.
    ns3_.increase_pending = true;
    return;
  }
  if (hystart()) {
    // ns-3 runs PktsAcked before IncreaseWindow, which starts a new round in slow start.
    HystartPktsAcked(now);
    hs_.acked_this_ack = true;
    if (InSlowStart() && state.cwnd_limited && state.snd_una > hs_.end_seq) HystartReset(now, state.snd_max);
  }
  if (hystart_pp_on() && InSlowStart() && !ssthresh_set()) {  // RFC 9406: the initial slow start only
    HyStartPlusPlusIncrease(hspp_, state, acked_bytes, pending_rtt_);
    pending_rtt_.reset();
    return;
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
  if (ns3_law()) return Ns3SsthreshAfterLoss();
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
  if (hystart() || ns3_law()) {  // ns-3: CongestionStateSet(CA_LOSS) runs CubicReset and HystartReset
    ns3_.was_in_recovery = false;
    ns3_.origin = 0;
    ns3_.k = 0;
    ns3_.ack_cnt = 0;
    ns3_.tcp_cwnd = 0;
    hs_.delay_min.reset();
    hs_.found = false;
    HystartReset(clock() != nullptr ? clock()->now() : hs_.last_ack, state.snd_max);
  }
}

}  // namespace plab

namespace plab {

void Cubic::Ns3IncreaseWindow(const TcpState& state, uint64_t acked_bytes, Time now) {
  // TcpSocketBase::ProcessAck: whole segments, the rest kept for the next ACK.
  const uint64_t bytes = acked_bytes + ns3_.bytes_not_processed;
  auto segments = static_cast<uint32_t>(bytes / mss_);
  ns3_.bytes_not_processed = bytes % mss_;
  if (!state.cwnd_limited) return;
  if (InSlowStart()) {
    if (hystart() && state.snd_una > hs_.end_seq) HystartReset(now, state.snd_max);
    cwnd_ += static_cast<uint64_t>(segments) * mss_;  // byte counting, no limit (ns-3's QUICKACK note)
    segments = 0;
  }
  if (!InSlowStart() && segments > 0) {
    ns3_.cwnd_cnt += segments;
    const uint32_t cnt = Ns3Update(segments, now);
    if (ns3_.cwnd_cnt >= cnt) {
      cwnd_ += mss_;
      ns3_.cwnd_cnt -= cnt;
    }
  }
}

uint32_t Cubic::Ns3Update(uint32_t segments_acked, Time now) {
  const auto seg_cwnd = static_cast<uint32_t>(cwnd_ / mss_);
  ns3_.ack_cnt += segments_acked;
  if (!ns3_.epoch_start) {
    ns3_.epoch_start = now;
    ns3_.ack_cnt = segments_acked;
    ns3_.tcp_cwnd = seg_cwnd;
    if (ns3_.last_max_cwnd <= seg_cwnd) {
      ns3_.k = 0;
      ns3_.origin = seg_cwnd;
    } else {
      ns3_.k = DeterministicCbrt((ns3_.last_max_cwnd - seg_cwnd) / params_.c);
      ns3_.origin = ns3_.last_max_cwnd;
    }
  }
  const double t = (now + hs_.delay_min.value_or(Time::Zero()) - *ns3_.epoch_start).seconds();
  const double offs = t < ns3_.k ? ns3_.k - t : t - ns3_.k;
  const double cube = params_.c * offs * offs * offs;
  uint32_t delta = cube >= 4e9 ? 4000000000u : static_cast<uint32_t>(cube);
  const uint32_t target = t < ns3_.k ? ns3_.origin - delta : ns3_.origin + delta;
  uint32_t cnt = target > seg_cwnd ? seg_cwnd / (target - seg_cwnd) : 100 * seg_cwnd;
  constexpr uint32_t kCntClamp = 20;
  if (ns3_.last_max_cwnd == 0 && cnt > kCntClamp) cnt = kCntClamp;
  // TCP friendliness (TcpFriendliness = true).
  const auto scale = static_cast<uint32_t>(8 * (1024 + params_.beta * 1024) / 3 / (1024 - params_.beta * 1024));
  delta = std::max<uint32_t>((seg_cwnd * scale) >> 3, 1);
  while (ns3_.ack_cnt > delta) {
    ns3_.ack_cnt -= delta;
    ++ns3_.tcp_cwnd;
  }
  if (ns3_.tcp_cwnd > seg_cwnd) {
    const uint32_t max_cnt = seg_cwnd / (ns3_.tcp_cwnd - seg_cwnd);
    cnt = std::min(cnt, max_cnt);
  }
  return std::max(cnt, 2u);
}

uint64_t Cubic::Ns3SsthreshAfterLoss() {
  const auto seg_cwnd = static_cast<uint32_t>(cwnd_ / mss_);
  if (seg_cwnd < ns3_.last_max_cwnd && params_.fast_convergence) {
    ns3_.last_max_cwnd = static_cast<uint32_t>((seg_cwnd * (1 + params_.beta)) / 2);
  } else {
    ns3_.last_max_cwnd = seg_cwnd;
  }
  ns3_.epoch_start.reset();
  return static_cast<uint64_t>(std::max(static_cast<uint32_t>(seg_cwnd * params_.beta), 2u)) * mss_;
}

}  // namespace plab
