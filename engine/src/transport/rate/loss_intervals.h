// The TFRC receiver's loss event rate: the average loss interval method of RFC 5348
// §5.4. A loss interval is the number of packets from the start of one loss event to
// the start of the next (§5.3); the last eight are weighted 1, 1, 1, 1, 0.8, 0.6, 0.4,
// 0.2, newest first. The open interval I_0 (since the last loss event) counts only when
// it raises the average: I_mean = max(I_tot0, I_tot1) / W_tot, p = 1 / I_mean.
#pragma once

#include <cstdint>
#include <deque>

namespace plab {

class LossIntervals {
 public:
  static constexpr int kN = 8;

  // A new loss event starts at packet `seq_no` (a packet count). The first one closes
  // the synthetic first interval `first_interval` (RFC 5348 §6.3.1).
  void OnLossEvent(uint64_t seq_no, double first_interval);
  // The highest packet number received so far (the open interval runs to it).
  void OnPacket(uint64_t seq_no) {
    if (seq_no > highest_) highest_ = seq_no;
  }

  bool has_loss() const { return started_; }
  // The loss event rate; 0 before the first loss event.
  double LossEventRate() const;
  // The average loss interval in packets (I_mean); 0 before the first loss event.
  double MeanInterval() const;

  // Closed intervals, newest first (for tests).
  const std::deque<double>& closed() const { return closed_; }
  double open_interval() const { return started_ ? static_cast<double>(highest_ - last_start_ + 1) : 0; }

 private:
  std::deque<double> closed_;  // newest first, at most kN
  uint64_t last_start_ = 0;    // where the current (open) interval began
  uint64_t highest_ = 0;
  bool started_ = false;
};

}  // namespace plab
