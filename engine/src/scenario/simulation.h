// Builds the world a scenario describes, runs it and reports. One Simulation is one
// run: its scheduler, packets and random streams are its own (STYLE §7).
//
//   sender -> access fwd -> bottleneck fwd (forward channel) -> receiver
//   sender <- access rev <- bottleneck rev (reverse channel) <- receiver
#pragma once

#include <memory>

#include <nlohmann/json.hpp>

#include "app/playback_reader.h"
#include "app/token_bucket_source.h"
#include "metrics/flow_metrics.h"
#include "net/link.h"
#include "net/queue/drop_tail_queue.h"
#include "net/route.h"
#include "scenario/scenario.h"
#include "sim/random.h"
#include "sim/scheduler.h"
#include "transport/tcp/tcp_receiver.h"
#include "transport/tcp/tcp_sender.h"

namespace plab {

class Simulation {
 public:
  // `record_series`: keep the time series (off when only the summary is wanted).
  explicit Simulation(const Scenario& scenario, bool record_series = true);

  void Run();

  // Summary figures (after Run).
  nlohmann::ordered_json Summary() const;
  const FlowMetrics& metrics() const { return *metrics_; }
  const TcpSender& sender() const { return *sender_; }
  const TcpReceiver& receiver() const { return *receiver_; }
  const Link& bottleneck_forward() const { return *bottleneck_fwd_; }
  const Link& bottleneck_reverse() const { return *bottleneck_rev_; }
  const Scheduler& scheduler() const { return scheduler_; }

 private:
  std::unique_ptr<ErrorModel> MakeErrorModel(const std::string& prefix, uint64_t stream, uint32_t mss);

  const Scenario& scenario_;
  Scheduler scheduler_;
  PacketPool pool_;
  Random rng_;
  Time duration_;
  std::string protocol_;

  std::unique_ptr<DataSource> source_;
  const TokenBucketSource* token_bucket_ = nullptr;
  const WindowDropErrors* window_drops_ = nullptr;  // the LE recovery experiment, if used
  std::unique_ptr<Link> access_fwd_, bottleneck_fwd_, bottleneck_rev_, access_rev_;
  std::unique_ptr<ErrorModel> forward_channel_, reverse_channel_;
  Route forward_route_, reverse_route_;
  std::unique_ptr<TcpSender> sender_;
  std::unique_ptr<TcpReceiver> receiver_;
  std::unique_ptr<PlaybackReader> playback_;
  std::unique_ptr<FlowMetrics> metrics_;
};

}  // namespace plab
