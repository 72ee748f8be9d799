#include "metrics/flow_metrics.h"

#include <algorithm>

namespace plab {

FlowMetrics::FlowMetrics(Scheduler* scheduler, const Params& params, const TokenBucketSource* token_bucket)
    : scheduler_(scheduler),
      params_(params),
      token_bucket_(token_bucket),
      srtt_("srtt", "ms", params.horizon, params.buckets),
      rtt_sample_("rtt_sample", "ms", params.horizon, params.buckets),
      rto_("rto", "ms", params.horizon, params.buckets),
      delivered_series_("delivered", "bytes", params.horizon, params.buckets),
      tokens_("tokens_per_rtt", "tokens", params.horizon, params.buckets),
      tokens_allowed_("tokens_allowed_per_rtt", "tokens", params.horizon, params.buckets),
      app_success_("app_success_pct", "%", params.horizon, params.buckets),
      throughput_("throughput", "Mb/s", params.horizon, params.throughput_bins) {
  const int bins = std::max(1, params.throughput_bins);
  bin_width_ = Time::FromNanoseconds(std::max<int64_t>(1, (params.horizon.ns() + bins - 1) / bins));
  bin_bytes_.assign(static_cast<size_t>(bins), 0.0);
  bin_end_ = bin_width_;
}

void FlowMetrics::OnRtt(Time now, const RttStats& rtt) {
  // Each new measurement, unsmoothed (min/max decimation keeps its peaks): what a
  // bufferbloat lesson sets against the path's base RTT.
  if (params_.record_series && rtt.samples() != rtt_samples_seen_) {
    rtt_samples_seen_ = rtt.samples();
    rtt_sample_.Add(now, rtt.latest_rtt().milliseconds());
  }
  if (rtt.has_sample()) {
    if (params_.record_series) srtt_.Add(now, rtt.srtt().milliseconds());
    srtt_sum_ms_ += rtt.srtt().milliseconds();
    rto_sum_ms_ += rtt.rto().milliseconds();
    ++srtt_samples_;
    srtt_now_ = rtt.srtt();
  }
  if (params_.record_series) rto_.Add(now, rtt.rto().milliseconds());
  // Tokens are counted per RTT once there is an RTT to count over.
  if (token_bucket_ != nullptr && !token_tick_started_ && rtt.has_sample()) {
    token_tick_started_ = true;
    last_tick_ = now;
    last_tokens_ = token_bucket_->tokens_consumed();
    scheduler_->After(std::max(srtt_now_, Time::FromMilliseconds(1)), this, 0);
  }
}

void FlowMetrics::OnEvent(uint32_t, uint64_t) {
  if (completed_) return;
  const Time now = scheduler_->now();
  const int64_t consumed = token_bucket_->tokens_consumed() - last_tokens_;
  const double allowed = token_bucket_->AllowedTokens(now - last_tick_);
  if (params_.record_series) {
    tokens_.Add(now, static_cast<double>(consumed));
    tokens_allowed_.Add(now, allowed);
  }
  tokens_per_rtt_samples_.push_back(static_cast<double>(consumed));
  allowed_per_rtt_samples_.push_back(allowed);
  last_tick_ = now;
  last_tokens_ = token_bucket_->tokens_consumed();
  scheduler_->After(std::max(srtt_now_, Time::FromMilliseconds(1)), this, 0);
}

// A fixed-size transfer's measurements end with it: connection time is what TCP-Real
// §3 measures, and token counts after the last byte would only dilute the mean.
void FlowMetrics::OnTransferComplete(Time now) {
  completed_ = true;
  completed_at_ = now;
  if (completion_listener_ != nullptr) completion_listener_->OnTransferComplete(now);
}

void FlowMetrics::OnInOrderBytes(Time now, uint64_t in_order_bytes) {
  if (stream_ != nullptr) stream_->OnInOrderBytes(now, in_order_bytes);
  if (params_.record_series) delivered_series_.Add(now, static_cast<double>(in_order_bytes));
  delivered_ = in_order_bytes;
  if (now < std::max(params_.start, params_.measure_from)) delivered_before_window_ = in_order_bytes;
  if (recovery_target_ > 0 && !recovered_ && in_order_bytes >= recovery_target_) {
    recovered_ = true;
    recovered_at_ = now;
  }
}

// The throughput series counts data as it reaches the receiver, not as the application
// gets it in order: a repaired hole releases the whole out-of-order buffer at once, which
// put 53 Mb/s into one bin of a 10 Mb/s path (issue H §1 defect 4). Counted this way a
// bin holds at most its width times the bottleneck's rate, plus one packet.
void FlowMetrics::OnNewBytesArrived(Time now, uint64_t bytes) {
  arrived_ += bytes;
  if (now < std::max(params_.start, params_.measure_from)) arrived_before_window_ = arrived_;
  // Arrivals come in time order: move to the bin of `now` (no division per packet).
  while (now >= bin_end_ && bin_ + 1 < bin_bytes_.size()) {
    ++bin_;
    bin_end_ += bin_width_;
  }
  bin_bytes_[bin_] += static_cast<double>(bytes);
}

void FlowMetrics::OnRead(Time now, bool, int64_t reads, int64_t successes) {
  if (params_.record_series) {
    app_success_.Add(now, 100.0 * static_cast<double>(successes) / static_cast<double>(reads));
  }
}

void FlowMetrics::Finish(Time end) {
  if (stream_ != nullptr) stream_->Finish(end);
  for (TimeSeries* s : {&srtt_, &rtt_sample_, &rto_, &delivered_series_, &tokens_, &tokens_allowed_, &app_success_}) {
    s->Finish();
  }
  if (!params_.record_series) return;
  // Throughput per bin up to the end of the flow's measured life (a partial last bin
  // is divided by its own length, so a flow that ends mid-bin shows no false dip).
  const Time stop = completed_ ? completed_at_ : end;
  for (size_t i = 0; i < bin_bytes_.size(); ++i) {
    const Time from = bin_width_ * static_cast<int64_t>(i);
    if (from >= stop) break;
    const Time to = std::min(from + bin_width_, stop);
    if (to + bin_width_ <= params_.start) continue;  // before the flow began
    const double mbps = bin_bytes_[i] * 8 / (to - from).seconds() / 1e6;
    throughput_.Add(to, mbps);
  }
  throughput_.Finish();
}

double FlowMetrics::GoodputMbps(Time end) const {
  const Time from = std::max(params_.start, params_.measure_from);
  const double span_s = (end - from).seconds();
  if (span_s <= 0) return 0.0;
  // What the application got in order in the window, less what had reached the
  // receiver before it and waited out of order behind a hole (a repair just after the
  // window opens releases it at once): counted where it arrived, as the throughput
  // series counts it. Otherwise a window that opens during a recovery reports more than
  // the bottleneck carried in it (two CUBIC flows on 10 Mb/s measured from 2 s: 10.53
  // Mb/s). metrics.goodput = app counts it all, as ns-3's PacketSink does.
  const uint64_t before = params_.goodput_counts_app_rx ? delivered_before_window_
                                                        : std::max(delivered_before_window_, arrived_before_window_);
  if (delivered_ <= before) return 0.0;
  return static_cast<double>(delivered_ - before) * 8.0 / span_s / 1e6;
}

void FlowMetrics::AppendSeries(SeriesSink& out) const {
  for (const TimeSeries* s :
       {&srtt_, &rtt_sample_, &rto_, &delivered_series_, &throughput_, &tokens_, &tokens_allowed_, &app_success_}) {
    out.Add(*s);
  }
}

double FlowMetrics::Mean(const std::vector<double>& v) {
  if (v.empty()) return 0.0;
  double sum = 0;
  for (double x : v) sum += x;
  return sum / static_cast<double>(v.size());
}

}  // namespace plab
