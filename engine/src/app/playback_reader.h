// The playback application of TCP-Real §3: after a start-up delay it tries to read
// `read_bytes` every `interval` from the receive buffer. Paper: 5 KB every 40 ms
// (1 Mb/s) and every 100 ms. Two readings of "attempts to read and consume 5KB":
//   buffered: a read succeeds if that many in-order bytes are waiting and takes just
//     those; a failed read takes nothing (the same bytes are read later);
//   drain: every read takes everything waiting and succeeds only if at least
//     read_bytes arrived since the previous read (what the paper's tables show: about
//     57 % success at a goodput 2.5 times the read rate, which a buffered reader,
//     banking the surplus, cannot produce).
// Reading ends when a fixed-size transfer has been fully read (a final short read
// counts as a success).
#pragma once

#include <cstdint>

#include "sim/scheduler.h"
#include "transport/endpoint.h"

namespace plab {

class PlaybackObserver {
 public:
  virtual ~PlaybackObserver() = default;
  virtual void OnRead(Time now, bool success, int64_t reads, int64_t successes) = 0;
};

class PlaybackReader final : public EventHandler {
 public:
  struct Params {
    Time startup = Time::Zero();
    Time interval = Time::FromMilliseconds(40);
    uint64_t read_bytes = 5000;
    uint64_t total_bytes = UINT64_MAX;  // the transfer size; reading stops there
    bool drain = false;                 // the drain reading (above); false = buffered
  };

  PlaybackReader(Scheduler* scheduler, const ReceiverEndpoint* receiver, const Params& params)
      : scheduler_(scheduler), receiver_(receiver), params_(params) {}

  void set_observer(PlaybackObserver* observer) { observer_ = observer; }
  void Start() { scheduler_->After(params_.startup, this, 0); }
  // No reads after this (its flow's transfer is complete: later reads would all succeed).
  void Stop() { stopped_ = true; }
  void OnEvent(uint32_t tag, uint64_t arg) override;

  int64_t reads() const { return reads_; }
  int64_t successes() const { return successes_; }
  double success_pct() const {
    return reads_ == 0 ? 0.0 : 100.0 * static_cast<double>(successes_) / static_cast<double>(reads_);
  }

 private:
  Scheduler* scheduler_;
  const ReceiverEndpoint* receiver_;
  Params params_;
  PlaybackObserver* observer_ = nullptr;
  uint64_t consumed_ = 0;
  int64_t reads_ = 0;
  int64_t successes_ = 0;
  bool stopped_ = false;
};

}  // namespace plab
