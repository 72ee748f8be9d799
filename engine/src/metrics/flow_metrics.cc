#include "metrics/flow_metrics.h"

#include <algorithm>

namespace plab {

FlowMetrics::FlowMetrics(Scheduler* scheduler, Time horizon, uint32_t mss,
                         const TokenBucketSource* token_bucket, bool record_series)
    : scheduler_(scheduler),
      record_(record_series),
      mss_(static_cast<double>(mss)),
      token_bucket_(token_bucket),
      cwnd_("cwnd", "segments", horizon),
      ssthresh_("ssthresh", "segments", horizon),
      flight_("flight_size", "segments", horizon),
      srtt_("srtt", "ms", horizon),
      rto_("rto", "ms", horizon),
      queue_("queue", "packets", horizon),
      delivered_("delivered", "bytes", horizon),
      tokens_("tokens_per_rtt", "tokens", horizon),
      tokens_allowed_("tokens_allowed_per_rtt", "tokens", horizon),
      app_success_("app_success_pct", "%", horizon),
      fast_retransmit_("fast_retransmit", "segments"),
      partial_ack_("partial_ack", "segments"),
      timeout_("timeout", "segments"),
      seq_sent_("seq_sent", "segment", kTraceCap),
      seq_retransmitted_("seq_retransmitted", "segment", kTraceCap),
      seq_acked_("seq_acked", "segment", kTraceCap),
      seq_sack_start_("seq_sack_start", "segment", kTraceCap),
      seq_sack_end_("seq_sack_end", "segment", kTraceCap) {}

void FlowMetrics::OnSegmentSent(Time now, uint64_t seq, bool retransmission) {
  if (!record_) return;
  (retransmission ? seq_retransmitted_ : seq_sent_).Add(now, Segments(seq));
}

void FlowMetrics::OnAckArrived(Time now, uint64_t ack, const SackBlock* sack, int sack_count) {
  if (!record_) return;
  seq_acked_.Add(now, Segments(ack));
  for (int i = 0; i < sack_count; ++i) {
    seq_sack_start_.Add(now, Segments(sack[i].start));
    seq_sack_end_.Add(now, Segments(sack[i].end));
  }
}

void FlowMetrics::OnWindow(Time now, const WindowSnapshot& window) {
  if (!record_) return;
  cwnd_.Add(now, Segments(window.cwnd));
  // ssthresh is "arbitrarily high" until the first loss: no point to draw.
  if (window.ssthresh_set) ssthresh_.Add(now, Segments(window.ssthresh));
  flight_.Add(now, Segments(window.flight_size));
}

void FlowMetrics::OnRtt(Time now, const RttStats& rtt) {
  if (rtt.has_sample()) {
    if (record_) srtt_.Add(now, rtt.srtt().milliseconds());
    srtt_sum_ms_ += rtt.srtt().milliseconds();
    rto_sum_ms_ += rtt.rto().milliseconds();
    ++srtt_samples_;
    srtt_now_ = rtt.srtt();
  }
  if (record_) rto_.Add(now, rtt.rto().milliseconds());
  // Tokens are counted per RTT once there is an RTT to count over.
  if (token_bucket_ != nullptr && !token_tick_started_ && rtt.has_sample()) {
    token_tick_started_ = true;
    last_tick_ = now;
    last_tokens_ = token_bucket_->tokens_consumed();
    scheduler_->After(std::max(srtt_now_, Time::FromMilliseconds(1)), this, 0);
  }
}

void FlowMetrics::OnEvent(uint32_t, uint64_t) {
  if (stopped_) return;
  const Time now = scheduler_->now();
  const int64_t consumed = token_bucket_->tokens_consumed() - last_tokens_;
  const double allowed = token_bucket_->AllowedTokens(now - last_tick_);
  tokens_.Add(now, static_cast<double>(consumed));
  tokens_allowed_.Add(now, allowed);
  tokens_per_rtt_samples_.push_back(static_cast<double>(consumed));
  allowed_per_rtt_samples_.push_back(allowed);
  last_tick_ = now;
  last_tokens_ = token_bucket_->tokens_consumed();
  scheduler_->After(std::max(srtt_now_, Time::FromMilliseconds(1)), this, 0);
}

void FlowMetrics::OnFastRetransmit(Time now, const WindowSnapshot& window) {
  fast_retransmit_.Add(now, Segments(window.cwnd));
}

void FlowMetrics::OnPartialAck(Time now, const WindowSnapshot& window) {
  partial_ack_.Add(now, Segments(window.cwnd));
}

void FlowMetrics::OnTimeout(Time now, uint64_t cwnd_before) {
  timeout_.Add(now, Segments(cwnd_before));
}

// A fixed-size run ends with its transfer: connection time is what TCP-Real §3
// measures, and reads after the last byte arrived would all succeed trivially.
void FlowMetrics::OnTransferComplete(Time) {
  stopped_ = true;
  scheduler_->Stop();
}

void FlowMetrics::OnInOrderBytes(Time now, uint64_t in_order_bytes) {
  if (record_) delivered_.Add(now, static_cast<double>(in_order_bytes));
  if (recovery_target_ > 0 && !recovered_ && in_order_bytes >= recovery_target_) {
    recovered_ = true;
    recovered_at_ = now;
  }
}

void FlowMetrics::OnRead(Time now, bool, int64_t reads, int64_t successes) {
  if (record_) app_success_.Add(now, 100.0 * static_cast<double>(successes) / static_cast<double>(reads));
}

void FlowMetrics::OnQueueLength(Time now, int64_t packets) {
  if (record_) queue_.Add(now, static_cast<double>(packets));
  max_queue_ = std::max(max_queue_, packets);
  queue_integral_ += static_cast<double>(queue_now_) * (now - queue_changed_at_).seconds();
  queue_now_ = packets;
  queue_changed_at_ = now;
}

void FlowMetrics::Finish() {
  for (TimeSeries* s : {&cwnd_, &ssthresh_, &flight_, &srtt_, &rto_, &queue_, &delivered_,
                        &tokens_, &tokens_allowed_, &app_success_}) {
    s->Finish();
  }
}

std::vector<const TimeSeries*> FlowMetrics::lines() const {
  return {&cwnd_, &ssthresh_, &flight_, &srtt_, &rto_, &queue_, &delivered_,
          &tokens_, &tokens_allowed_, &app_success_};
}

std::vector<const MarkerSeries*> FlowMetrics::markers() const {
  return {&fast_retransmit_, &partial_ack_, &timeout_};
}

std::vector<const MarkerSeries*> FlowMetrics::traces() const {
  return {&seq_sent_, &seq_retransmitted_, &seq_acked_, &seq_sack_start_, &seq_sack_end_};
}

double FlowMetrics::MeanQueue(Time to) const {
  if (to <= Time::Zero()) return 0;
  const double integral = queue_integral_ + static_cast<double>(queue_now_) * (to - queue_changed_at_).seconds();
  return integral / to.seconds();
}

double FlowMetrics::Mean(const std::vector<double>& v) {
  if (v.empty()) return 0.0;
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

}  // namespace plab
