// RRTP's running averages of the packet interval (thesis §3.4.1, Fig. 3.4), one pair for
// the sending and one for the receiving intervals:
//   long-term:  the mean of the first 50 intervals, then  ave = 0.02 x current + 0.98 x ave
//   short-term: the mean of the first 10 intervals, then  ave = 0.1 x current + 0.9 x ave
// At each epoch's end the short-term averages replace the long-term ones when the two
// differ by more than `discrepancy` (the network changed), and after 5 such epochs in a
// row the long-term averages are reset to the short-term ones (a lasting change).
// "Significant discrepancy" is not quantified in the thesis: `discrepancy` is relative
// (|short - long| / long) and a parameter, rrtp.discrepancy.
#pragma once

#include <cstdint>

namespace plab {

class RunningInterval {
 public:
  RunningInterval(int init_count, double weight) : init_count_(init_count), weight_(weight) {}
  void Add(double interval);
  bool ready() const { return n_ >= init_count_; }
  double value() const { return ready() ? ave_ : (n_ > 0 ? sum_ / n_ : 0); }
  void Reset(double value) {
    ave_ = value;
    n_ = init_count_;
  }

 private:
  int init_count_;
  double weight_;
  int n_ = 0;
  double sum_ = 0;
  double ave_ = 0;
};

class IntervalAverages {
 public:
  static constexpr int kEpochPackets = 10;     // §3.4.1: an epoch is 10 packets
  static constexpr int kLongCount = 50;        // §3.4.1: the last 50 intervals
  static constexpr int kLasting = 5;           // §3.4.1: 5 consecutive epochs
  static constexpr double kLongWeight = 0.02;  // Fig. 3.4
  static constexpr double kShortWeight = 0.1;  // Fig. 3.4

  explicit IntervalAverages(double discrepancy = 0.25) : discrepancy_(discrepancy) {}

  // One interval between consecutive packets, as sent and as received (seconds).
  void Add(double send_interval, double receive_interval);
  // Ends an epoch: the send and receive intervals to compare, from the short-term
  // averages when they depart from the long-term ones. False before the short-term
  // averages have their 10 intervals.
  bool EndEpoch(double* send_interval, double* receive_interval);
  // send/receive rate ratio = receive interval / send interval (> 1: the path holds
  // packets back, a queue grows).
  static double Ratio(double send_interval, double receive_interval) {
    return send_interval > 0 ? receive_interval / send_interval : 1;
  }
  int discrepant_epochs() const { return discrepant_epochs_; }
  double long_send() const { return long_send_.value(); }
  double long_receive() const { return long_receive_.value(); }

 private:
  bool Departs(const RunningInterval& shorter, const RunningInterval& longer) const;

  double discrepancy_;
  RunningInterval long_send_{kLongCount, kLongWeight}, long_receive_{kLongCount, kLongWeight};
  RunningInterval short_send_{kEpochPackets, kShortWeight}, short_receive_{kEpochPackets, kShortWeight};
  int discrepant_epochs_ = 0;
};

}  // namespace plab
