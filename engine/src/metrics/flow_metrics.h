// Everything measured about one flow: it watches the sender, receiver, playback
// reader and bottleneck queue through their observer interfaces and keeps bounded
// time series; it never changes what it watches.
#pragma once

#include <cstdint>
#include <vector>

#include "app/playback_reader.h"
#include "app/token_bucket_source.h"
#include "metrics/time_series.h"
#include "net/link.h"
#include "sim/scheduler.h"
#include "transport/tcp/tcp_receiver.h"
#include "transport/tcp/tcp_sender.h"

namespace plab {

class FlowMetrics final : public SenderObserver,
                          public ReceiverObserver,
                          public PlaybackObserver,
                          public QueueObserver,
                          public EventHandler {
 public:
  // Without `record_series` only the summary figures are kept (sweeps).
  FlowMetrics(Scheduler* scheduler, Time horizon, uint32_t mss,
              const TokenBucketSource* token_bucket, bool record_series = true);

  // SenderObserver
  void OnWindow(Time now, const WindowSnapshot& window) override;
  void OnRtt(Time now, const RttStats& rtt) override;
  void OnFastRetransmit(Time now, const WindowSnapshot& window) override;
  void OnPartialAck(Time now, const WindowSnapshot& window) override;
  void OnTimeout(Time now, uint64_t cwnd_before) override;
  void OnTransferComplete(Time now) override;
  void OnSegmentSent(Time now, uint64_t seq, bool retransmission) override;
  void OnAckArrived(Time now, uint64_t ack, const SackBlock* sack, int sack_count) override;
  // ReceiverObserver
  void OnInOrderBytes(Time now, uint64_t in_order_bytes) override;
  // PlaybackObserver
  void OnRead(Time now, bool success, int64_t reads, int64_t successes) override;
  // QueueObserver
  void OnQueueLength(Time now, int64_t packets) override;
  // EventHandler: the per-RTT token tick.
  void OnEvent(uint32_t tag, uint64_t arg) override;

  void Finish();

  // Notes when in-order delivery first reaches `target_bytes` (loss-recovery timing).
  void WatchRecovery(uint64_t target_bytes) { recovery_target_ = target_bytes; }
  bool recovered() const { return recovered_; }
  Time recovered_at() const { return recovered_at_; }

  std::vector<const TimeSeries*> lines() const;
  std::vector<const MarkerSeries*> markers() const;
  // Time-sequence traces: every segment and ACK, up to kTraceCap points each.
  std::vector<const MarkerSeries*> traces() const;
  static constexpr size_t kTraceCap = 30000;

  double mean_tokens_per_rtt() const { return Mean(tokens_per_rtt_samples_); }
  double mean_allowed_tokens_per_rtt() const { return Mean(allowed_per_rtt_samples_); }
  double mean_rto_ms() const { return srtt_samples_ == 0 ? 0.0 : rto_sum_ms_ / static_cast<double>(srtt_samples_); }
  double mean_srtt_ms() const { return srtt_samples_ == 0 ? 0.0 : srtt_sum_ms_ / static_cast<double>(srtt_samples_); }
  int64_t max_queue() const { return max_queue_; }
  // Time-weighted mean bottleneck queue from `from` to `to`.
  double MeanQueue(Time to) const;

 private:
  static double Mean(const std::vector<double>& v);
  double Segments(uint64_t bytes) const { return static_cast<double>(bytes) / mss_; }

  Scheduler* scheduler_;
  bool record_;
  double mss_;
  const TokenBucketSource* token_bucket_;
  TimeSeries cwnd_, ssthresh_, flight_, srtt_, rto_, queue_, delivered_;
  TimeSeries tokens_, tokens_allowed_, app_success_;
  MarkerSeries fast_retransmit_, partial_ack_, timeout_;
  MarkerSeries seq_sent_, seq_retransmitted_, seq_acked_, seq_sack_start_, seq_sack_end_;

  Time srtt_now_;
  bool token_tick_started_ = false;
  bool stopped_ = false;
  Time last_tick_;
  int64_t last_tokens_ = 0;
  std::vector<double> tokens_per_rtt_samples_;
  std::vector<double> allowed_per_rtt_samples_;
  double srtt_sum_ms_ = 0;
  double rto_sum_ms_ = 0;
  int64_t srtt_samples_ = 0;
  int64_t max_queue_ = 0;
  uint64_t recovery_target_ = 0;
  bool recovered_ = false;
  Time recovered_at_;
  double queue_integral_ = 0;  // packet-seconds
  int64_t queue_now_ = 0;
  Time queue_changed_at_;
};

}  // namespace plab
