// What is measured of a TCP sender beyond what every flow has (flow_metrics.h): the
// window (cwnd, ssthresh, flight size), the loss-recovery events as markers, the
// time-sequence traces (for the one traced flow), and the figures only TCP has:
// fast retransmits, partial ACKs, timeouts, the final window, the algorithm's
// bandwidth estimate, and the throughput equations evaluated with the run's own loss
// indications, RTT and RTO (Ng & Chan §2, §5).
#pragma once

#include <cstdint>

#include <nlohmann/json.hpp>

#include "metrics/series_sink.h"
#include "metrics/time_series.h"
#include "transport/tcp/tcp_sender.h"

namespace plab {

class TcpProbe final : public TcpSenderObserver {
 public:
  struct Params {
    Time horizon;
    int buckets = 1000;
    uint32_t mss = 1000;
    bool record_series = true;
    bool record_traces = false;  // every segment and ACK, up to kTraceCap points each
  };
  static constexpr size_t kTraceCap = 30000;

  explicit TcpProbe(const Params& params);

  void OnWindow(Time now, const WindowSnapshot& window) override;
  void OnFastRetransmit(Time now, const WindowSnapshot& window) override;
  void OnPartialAck(Time now, const WindowSnapshot& window) override;
  void OnTimeout(Time now, uint64_t cwnd_before) override;
  void OnSegmentSent(Time now, uint64_t seq, bool retransmission) override;
  void OnAckArrived(Time now, uint64_t ack, const SackBlock* sack, int sack_count) override;

  void Finish();
  void AppendSeries(SeriesSink& out) const;
  // Adds TCP's figures; `mean_srtt_ms`, `mean_rto_ms` and `data_packets_sent` come from
  // the flow's generic metrics and counts.
  void AppendSummary(nlohmann::ordered_json& summary, double mean_srtt_ms, double mean_rto_ms,
                     int64_t data_packets_sent) const;

  int64_t fast_retransmits() const { return fast_retransmit_.count(); }
  int64_t timeouts() const { return timeout_.count(); }

 private:
  double Segments(uint64_t bytes) const { return static_cast<double>(bytes) / mss_; }

  Params params_;
  double mss_;
  TimeSeries cwnd_, ssthresh_, flight_;
  MarkerSeries fast_retransmit_, partial_ack_, timeout_;
  MarkerSeries seq_sent_, seq_retransmitted_, seq_acked_, seq_sack_start_, seq_sack_end_;
  WindowSnapshot last_;
};

}  // namespace plab
