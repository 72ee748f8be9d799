#include "transport/rate/rate_transfer.h"

#include <algorithm>

#include "transport/rate/tfrc_header.h"

namespace plab {

RateTransfer::Next RateTransfer::Prepare(uint32_t segment_bytes, uint32_t* len, Time* retry_at) {
  if (completed_) return Next::kDone;
  const uint64_t total = source_->total_bytes();
  if (bytes_sent_ >= total) {
    Drained();
    return Next::kDone;
  }
  *len = static_cast<uint32_t>(std::min<uint64_t>(segment_bytes, total - bytes_sent_));
  const Time now = scheduler_->now();
  Time retry;
  if (!source_->TrySendNew(now, *len, &retry)) {
    *retry_at = std::max(retry, now);
    return Next::kWait;
  }
  return Next::kSend;
}

void RateTransfer::Send(const Route* route, uint32_t flow, uint32_t len, uint32_t header_bytes, Time rtt_estimate) {
  const Time now = scheduler_->now();
  Packet* p = pool_->NewData(flow, bytes_sent_, len, header_bytes);
  TfrcData(*p) = TfrcDataHeader{seq_no_++, now, rtt_estimate};
  bytes_sent_ += len;
  ++packets_sent_;
  last_sent_at_ = now;
  if (observer_ != nullptr) observer_->OnNewDataSent(now, len);
  route->Inject(p);
}

void RateTransfer::Close() {
  source_->Close(bytes_sent_);
  if (bytes_sent_ >= source_->total_bytes()) Drained();
}

void RateTransfer::OnEcho(Time timestamp_echo) {
  echoed_ = std::max(echoed_, timestamp_echo);
  if (waiting_ && echoed_ >= last_sent_at_) Complete();
}

void RateTransfer::Drained() {
  if (completed_ || waiting_) return;
  // Nothing sent, or the last packet already answered: as TCP with snd_una at the end.
  if (packets_sent_ == 0 || echoed_ >= last_sent_at_) {
    Complete();
    return;
  }
  waiting_ = true;
  scheduler_->At(std::max(last_sent_at_ + delivery_wait_, scheduler_->now()), this, 0, generation_);
}

void RateTransfer::OnEvent(uint32_t, uint64_t arg) {
  // No answer within the wait: the last packet or its answer was lost, and what arrived
  // has arrived.
  if (arg == generation_ && waiting_) Complete();
}

void RateTransfer::Reset() {
  seq_no_ = bytes_sent_ = 0;
  packets_sent_ = 0;
  last_sent_at_ = Time::Zero();
  echoed_ = Time::FromNanoseconds(-1);
  waiting_ = false;
  ++generation_;
  completed_ = false;
}

void RateTransfer::Complete() {
  if (completed_) return;
  waiting_ = false;
  completed_ = true;
  completed_at_ = scheduler_->now();
  if (observer_ != nullptr) observer_->OnTransferComplete(completed_at_);
}

}  // namespace plab
