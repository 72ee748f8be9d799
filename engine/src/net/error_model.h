// Channel error models, applied to each packet as it leaves a link (after the queue
// and the propagation delay, where ns-3 puts a receive error model).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "net/packet.h"
#include "sim/random.h"
#include "sim/time.h"

namespace plab {

class ErrorModel {
 public:
  virtual ~ErrorModel() = default;
  // True if this packet is lost. Called once per packet, in arrival order.
  virtual bool Drop(const Packet& p, Time now) = 0;
};

class NoErrors final : public ErrorModel {
 public:
  bool Drop(const Packet&, Time) override { return false; }
};

// Independent loss with probability p per packet.
class BernoulliErrors final : public ErrorModel {
 public:
  BernoulliErrors(double p, Random rng) : p_(p), rng_(rng) {}
  bool Drop(const Packet&, Time) override { return rng_.Bernoulli(p_); }
  void set_p(double p) { p_ = p; }

 private:
  double p_;
  Random rng_;
};

// Two-state continuous-time Markov chain (TCP-Real §3): the channel stays in a state
// for an exponentially distributed time with that state's mean, dropping packets with
// that state's probability. The paper's "ON" is the lossy state and "OFF" the clear
// one. The first state is drawn from the stationary distribution, so a run's loss
// rate does not depend on which state it happens to start in.
class OnOffErrors final : public ErrorModel {
 public:
  struct Params {
    Time on_mean;
    Time off_mean;
    double on_p = 0;
    double off_p = 0;
  };
  OnOffErrors(const Params& params, Random rng);
  bool Drop(const Packet& p, Time now) override;
  bool on() const { return on_; }
  // Live changes: new sojourn means apply from the next state change.
  Params& params() { return params_; }

 private:
  void AdvanceTo(Time now);
  Params params_;
  Random rng_;
  bool on_ = false;
  Time state_ends_;
};

// Drops the packets whose 1-based arrival index on this channel is listed, for exact
// textbook experiments ("drop segments 14, 16 and 18 of the first window").
class ScriptedErrors final : public ErrorModel {
 public:
  explicit ScriptedErrors(std::vector<int64_t> indices);
  bool Drop(const Packet& p, Time now) override;

 private:
  std::vector<int64_t> indices_;  // sorted
  size_t next_ = 0;
  int64_t count_ = 0;
};

// The LE paper's loss-recovery experiment (§3.1, Fig. 4): `drops` distinct segments,
// chosen at random among the `window` segments starting at segment `first` (1-based,
// in MSS units), are lost on their first transmission; retransmissions are never lost.
class WindowDropErrors final : public ErrorModel {
 public:
  WindowDropErrors(int64_t first, int64_t window, int64_t drops, uint32_t mss, Random rng);
  bool Drop(const Packet& p, Time now) override;

  // When the first chosen segment was dropped (Infinite until then).
  Time first_drop_at() const { return first_drop_at_; }
  // One past the last byte of the highest chosen segment.
  uint64_t recovery_target_bytes() const { return recovery_target_; }

 private:
  uint32_t mss_;
  std::vector<uint64_t> chosen_;  // segment indices (0-based), sorted
  std::vector<bool> dropped_;     // first transmission already dropped
  Time first_drop_at_ = Time::Infinite();
  uint64_t recovery_target_ = 0;
};

}  // namespace plab
