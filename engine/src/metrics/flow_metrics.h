// What is measured of one flow whatever its protocol: the bytes its application got
// in order (cumulative, and as throughput per time bin), the RTT statistics, the
// playback reads and token-bucket consumption. It watches through the observer
// interfaces of the endpoints and the apps and never changes, or stops, what it
// watches. A protocol family adds its own probe (tcp_probe.h) beside it.
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/playback_reader.h"
#include "app/token_bucket_source.h"
#include "metrics/stream_metrics.h"
#include "record/series_sink.h"
#include "record/time_series.h"
#include "sim/scheduler.h"
#include "transport/endpoint.h"

namespace plab {

class FlowMetrics final : public SenderObserver, public ReceiverObserver, public PlaybackObserver, public EventHandler {
 public:
  struct Params {
    Time horizon;               // the run's duration: series are bucketed over it
    int buckets = 1000;         // per line series (fewer when there are many flows)
    int throughput_bins = 200;  // bins of the throughput series over the horizon
    Time start;                 // when the flow starts
    Time measure_from;          // goodput counts from max(start, this)
    // Goodput counts every byte the application got in the window (ns-3's PacketSink),
    // not only those that arrived in it (metrics.goodput = app).
    bool goodput_counts_app_rx = false;
    bool record_series = true;  // off for sweeps (summary only)
  };

  FlowMetrics(Scheduler* scheduler, const Params& params, const TokenBucketSource* token_bucket);

  // Hears of the transfer's completion after these metrics have (the flow's owner,
  // which decides whether the run is over: metrics never do).
  void set_completion_listener(SenderObserver* listener) { completion_listener_ = listener; }
  // A live stream's viewer, fed from the same in-order byte stream (and finished with it).
  void set_stream(StreamMetrics* stream) { stream_ = stream; }

  // SenderObserver
  void OnRtt(Time now, const RttStats& rtt) override;
  void OnRetransmissionTimeout(Time now) override {
    if (stream_ != nullptr) stream_->OnSenderTimeout(now);
  }
  void OnTransferComplete(Time now) override;
  // ReceiverObserver
  void OnInOrderBytes(Time now, uint64_t in_order_bytes) override;
  void OnNewBytesArrived(Time now, uint64_t bytes) override;
  // PlaybackObserver
  void OnRead(Time now, bool success, int64_t reads, int64_t successes) override;
  // EventHandler: the per-RTT token tick.
  void OnEvent(uint32_t tag, uint64_t arg) override;

  // Notes when in-order delivery first reaches `target_bytes` (loss-recovery timing).
  void WatchRecovery(uint64_t target_bytes) { recovery_target_ = target_bytes; }
  bool recovered() const { return recovered_; }
  Time recovered_at() const { return recovered_at_; }

  // Closes the series at the end of the run (`end`: completion or the run's end).
  void Finish(Time end);

  // Goodput over the measured interval [max(start, measure_from), end], Mb/s.
  double GoodputMbps(Time end) const;
  uint64_t delivered_bytes() const { return delivered_; }
  bool completed() const { return completed_; }
  Time completed_at() const { return completed_at_; }
  double mean_tokens_per_rtt() const { return Mean(tokens_per_rtt_samples_); }
  double mean_allowed_tokens_per_rtt() const { return Mean(allowed_per_rtt_samples_); }
  double mean_rto_ms() const { return srtt_samples_ == 0 ? 0.0 : rto_sum_ms_ / static_cast<double>(srtt_samples_); }
  double mean_srtt_ms() const { return srtt_samples_ == 0 ? 0.0 : srtt_sum_ms_ / static_cast<double>(srtt_samples_); }
  // Payload bytes that reached the receiver per throughput bin, first arrivals only
  // (after Finish), and the bin width.
  const std::vector<double>& bin_bytes() const { return bin_bytes_; }
  Time bin_width() const { return bin_width_; }

  void AppendSeries(SeriesSink& out) const;

 private:
  static double Mean(const std::vector<double>& v);

  Scheduler* scheduler_;
  Params params_;
  const TokenBucketSource* token_bucket_;
  SenderObserver* completion_listener_ = nullptr;
  StreamMetrics* stream_ = nullptr;
  TimeSeries srtt_, rtt_sample_, rto_, delivered_series_, tokens_, tokens_allowed_, app_success_;
  TimeSeries throughput_;

  Time srtt_now_;
  bool token_tick_started_ = false;
  bool completed_ = false;
  Time completed_at_;
  Time last_tick_;
  int64_t last_tokens_ = 0;
  std::vector<double> tokens_per_rtt_samples_;
  std::vector<double> allowed_per_rtt_samples_;
  double srtt_sum_ms_ = 0;
  double rto_sum_ms_ = 0;
  int64_t srtt_samples_ = 0;
  int64_t rtt_samples_seen_ = 0;
  uint64_t delivered_ = 0;
  uint64_t delivered_before_window_ = 0;
  uint64_t arrived_ = 0;                // payload bytes that reached the receiver, first arrivals
  uint64_t arrived_before_window_ = 0;  // of those, before the measured window
  Time bin_width_;
  std::vector<double> bin_bytes_;
  size_t bin_ = 0;  // the bin arrivals now fall in
  Time bin_end_;    // where it ends
  uint64_t recovery_target_ = 0;
  bool recovered_ = false;
  Time recovered_at_;
};

}  // namespace plab
