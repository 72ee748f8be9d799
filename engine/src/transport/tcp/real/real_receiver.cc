#include "transport/tcp/real/real_receiver.h"

#include <algorithm>
#include <cmath>

#include "transport/tcp/real/real_option.h"
#include "transport/tcp/real/wave_level.h"

namespace plab {
namespace {
// §2.2: "The length of the timer is set to two times the expected wave receiving time".
constexpr double kDecisionTimerFactor = 2.0;
}  // namespace

RealReceiver::RealReceiver(const Params& params) : params_(params), threshold_(params.initial_threshold) {}

void RealReceiver::Attach(Scheduler* scheduler, TcpReceiverActions*) { scheduler_ = scheduler; }

void RealReceiver::OnSegment(Time now, const Packet& data) {
  const uint64_t end = data.seq + data.payload;
  if (open_) {
    if (data.seq < wave_end_ && end >= wave_end_) {
      CloseWave(now);  // t_r: the wave's last segment
    } else if (timer_expired_) {
      CloseWave(now);  // the last segment is late or lost: decide on the next arrival
      next_start_ = std::max(next_start_, end);
      return;
    } else {
      return;
    }
  }
  // A retransmission of an earlier wave's data opens no wave (§2.2 counts expected
  // sizes; repairs are not part of the sender's wave pattern).
  if (data.seq >= next_start_ && !open_) OpenWave(now, data);
}

void RealReceiver::OpenWave(Time now, const Packet& data) {
  const RealOption& option = Tcp(data).option.As<RealOption>();
  const uint64_t window = std::max<uint64_t>(option.window_segments, 1);
  open_ = true;
  timer_expired_ = false;
  wave_first_at_ = now;
  wave_level_ = static_cast<double>(window) / static_cast<double>(kSegmentsPerLevel);
  wave_bytes_ = window * params_.mss;
  wave_end_ = data.seq + wave_bytes_;
  ++timer_generation_;
  if (previous_rate_ > 0 && scheduler_ != nullptr) {
    const double expected_s = static_cast<double>(wave_bytes_) / previous_rate_;
    scheduler_->After(Time::FromSecondsDouble(kDecisionTimerFactor * expected_s), this, 0, timer_generation_);
  }
}

void RealReceiver::OnEvent(uint32_t, uint64_t generation) {
  if (generation != timer_generation_ || !open_) return;  // the wave closed in time
  timer_expired_ = true;
  ++decision_timeouts_;
  // §2.2: "Whenever a receiver wave-decision-timeout event occurs, the threshold is
  // set to half the wave level prior to the timeout."
  threshold_ = CurrentLevel() / 2;
}

double RealReceiver::CurrentLevel() const {
  // The level the sender announced, unless it is below the receiver's last decision
  // without having been asked: the sender timed out and restarted from two segments.
  // The receiver then decides from the level it had decided, so the window "adjusts
  // rapidly upwards to the appropriate wave level" after a timeout that the rate
  // does not justify (§2.1); a lower rate still lowers it (Fig. 1).
  return std::max(wave_level_, static_cast<double>(next_level_));
}

void RealReceiver::CloseWave(Time now) {
  open_ = false;
  ++timer_generation_;
  next_start_ = wave_end_;
  const double seconds = (now - wave_first_at_).seconds();
  // A one-segment wave, or segments arriving together, give no receiving time.
  if (!(seconds > 0)) return;
  const double rate = static_cast<double>(wave_bytes_) / seconds;
  if (previous_rate_ > 0) {
    const double next = NextWaveLevel(CurrentLevel(), threshold_, previous_rate_, rate, params_.max_level);
    // Levels are whole numbers (§3); the nearest one.
    next_level_ = std::clamp(static_cast<int>(std::lround(next)), 1, params_.max_level);
    ++decision_;
  }
  previous_rate_ = rate;
}

void RealReceiver::OnAckBuilt(Time, TcpHeader& ack) {
  RealOption& option = ack.option.As<RealOption>();
  option.decision = decision_;
  option.next_level = static_cast<uint16_t>(next_level_);
}

}  // namespace plab
