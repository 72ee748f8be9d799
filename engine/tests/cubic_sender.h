// A CUBIC sender fed by hand for the rule-by-rule tests of cubic.law and cubic.hystart
// (cubic_ns3_law_test.cc, cubic_hystart_test.cc): each ACK an RTT sample, the sender
// keeping cwnd segments out.
#pragma once

#include <algorithm>
#include <cstdint>

#include "transport/tcp/cc/cubic.h"

namespace plab {

constexpr uint32_t kCubicTestMss = 1000;

class CubicSender {
 public:
  CubicSender(Cubic::Params::Law law, uint64_t cwnd_segments,
              Cubic::Params::HyStart hystart = Cubic::Params::HyStart::kNone)
      : cubic_(ParamsOf(law, hystart)) {
    cubic_.Init(&rtt_, kCubicTestMss, cwnd_segments * kCubicTestMss);
    s_.mss = kCubicTestMss;
    s_.snd_max = cubic_.cwnd();
  }
  static Cubic::Params ParamsOf(Cubic::Params::Law law, Cubic::Params::HyStart hystart) {
    Cubic::Params p;
    p.law = law;
    p.hystart = hystart;
    return p;
  }
  // An ACK `gap` after the last that moves snd_una by `cumulative` bytes, of which
  // `delivered` were not SACKed before.
  void Ack(uint64_t cumulative, uint64_t delivered, Time gap = Time::FromMilliseconds(1),
           Time rtt = Time::FromMilliseconds(20)) {
    now_ += gap;
    rtt_.OnSample(rtt);
    cubic_.OnRttUpdated(now_);  // as the sender does for every valid sample
    s_.snd_una += cumulative;
    cubic_.OnAck(s_, cumulative, now_);
    RateSample rs;
    rs.newly_delivered = delivered;
    cubic_.OnAckReceived(s_, rs, now_);
    s_.snd_max = std::max(s_.snd_max, s_.snd_una + cubic_.cwnd());
  }
  void Loss() {
    cubic_.EnterRecovery(s_, 0);
    cubic_.ExitRecovery();
  }
  double cwnd_segments() const { return static_cast<double>(cubic_.cwnd()) / kCubicTestMss; }
  Cubic& cubic() { return cubic_; }

 private:
  RttStats rtt_{RttStats::Params{}};
  Cubic cubic_;
  TcpState s_;
  Time now_ = Time::FromSeconds(1);
};

}  // namespace plab
