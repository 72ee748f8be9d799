// TCP-Real's receiver (Zhang & Tsaoussidis 2001, §2.2): it cuts the arriving data into
// waves of the size the sender announces (2 x level segments), measures each wave's
// receiving rate (expected wave bytes over the time from its first to its last
// segment, so a segment lost to a random error does not lower the rate), decides the
// next level by Fig. 1 (wave_level.h) and writes it into every ACK.
//
// The current level a decision starts from is the one the sender announces in its
// data, or the receiver's own last decision when the sender fell below it by itself
// (a timeout): §2.1's rapid return to the appropriate level.
//
// The wave-decision timer: when a wave opens, a timer of twice the wave's expected
// receiving time (its bytes over the previous rate) starts. If it fires before the
// wave's last segment arrived (that segment was lost), the threshold becomes half the
// current level, and the next segment to arrive closes the wave and decides at once.
#pragma once

#include <cstdint>

#include "sim/scheduler.h"
#include "transport/tcp/receiver_algorithm.h"

namespace plab {

class RealReceiver final : public TcpReceiverAlgorithm, public EventHandler {
 public:
  struct Params {
    uint32_t mss = 1000;       // bytes per segment: a wave of n segments is n x mss bytes
    int max_level = 24;        // §3: levels 1..24
    double initial_threshold;  // levels; the threshold before the first decision timeout
  };

  explicit RealReceiver(const Params& params);

  void Attach(Scheduler* scheduler, TcpReceiverActions* actions) override;
  void OnSegment(Time now, const Packet& data) override;
  void OnAckBuilt(Time now, TcpHeader& ack) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;

  // For tests and metrics.
  int next_level() const { return next_level_; }
  uint32_t decisions() const { return decision_; }
  double threshold() const { return threshold_; }
  double last_rate_bytes_per_s() const { return previous_rate_; }
  int decision_timeouts() const { return decision_timeouts_; }
  bool wave_open() const { return open_; }

 private:
  void OpenWave(Time now, const Packet& data);
  double CurrentLevel() const;
  void CloseWave(Time now);

  Params params_;
  Scheduler* scheduler_ = nullptr;

  bool open_ = false;
  uint64_t next_start_ = 0;  // the next wave starts at the first new segment at or above this
  uint64_t wave_end_ = 0;    // the wave's last byte + 1
  Time wave_first_at_;       // t_f
  double wave_level_ = 1;    // the sender's level while this wave was sent
  uint64_t wave_bytes_ = 0;  // expected wave size

  double previous_rate_ = 0;  // bytes per second; 0 = none yet
  double threshold_;
  int next_level_ = 0;
  uint32_t decision_ = 0;

  bool timer_expired_ = false;
  uint64_t timer_generation_ = 0;
  int decision_timeouts_ = 0;
};

}  // namespace plab
