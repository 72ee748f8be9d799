#include "app/playback_reader.h"

#include <algorithm>

namespace plab {

void PlaybackReader::OnEvent(uint32_t, uint64_t) {
  if (stopped_ || consumed_ >= params_.total_bytes) return;  // everything has been played
  const uint64_t want = std::min(params_.read_bytes, params_.total_bytes - consumed_);
  const uint64_t waiting = receiver_->in_order_bytes() - consumed_;
  const bool success = waiting >= want;
  ++reads_;
  if (success) ++successes_;
  if (params_.drain) {
    consumed_ += waiting;
  } else if (success) {
    consumed_ += want;
  }
  if (observer_) observer_->OnRead(scheduler_->now(), success, reads_, successes_);
  scheduler_->After(params_.interval, this, 0);
}

}  // namespace plab
