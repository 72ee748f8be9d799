// Background traffic: a group of FTP flows or of web users sharing the topology with
// the explicit flows, measured as a group (a group of 300 users is one line on a
// chart, not 300).
//
// FTP: `count` unlimited bulk flows, each starting at a time drawn uniformly in
// [start_min_s, start_max_s] (TCP-ER §IV-B: 0-50 s).
//
// HTTP: `count` on/off users (the ns-2 web traffic model, tcl/ex/web-traffic.tcl, one
// object per page): each user, from a uniformly drawn start, requests a response of
// Pareto II (Lomax) size with mean size_mean_bytes and shape size_shape, receives it
// over a fresh connection (slow start from the initial window: ns-2 opens a new TCP
// per object), then thinks for an exponential time of mean think_mean_s, and again.
// A user's host keeps its access link; each response is a new connection on it.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "params/param_view.h"
#include "record/series_sink.h"
#include "record/time_series.h"
#include "sim/random.h"
#include "sim/scheduler.h"
#include "world/flow.h"
#include "world/topology.h"

namespace plab {

class BackgroundGroup;

// Gives out flow ids, unique across the run (a user's every connection gets a new one).
// Each id's protocol family is kept (one byte an id), for a packet capture's choice
// of TCP or UDP headers (metrics/packet_capture.h).
class FlowIds {
 public:
  explicit FlowIds(uint32_t first) : first_(first), next_(first) {}
  uint32_t Next(Family family) {
    families_.push_back(family);
    return next_++;
  }
  // The family of an id given out here (kTcp for any other).
  Family FamilyOf(uint32_t id) const { return id >= first_ && id < next_ ? families_[id - first_] : Family::kTcp; }

 private:
  uint32_t first_;
  uint32_t next_;
  std::vector<Family> families_;
};

class BackgroundGroup {
 public:
  struct Params {
    Time horizon;
    Time measure_from;
    int throughput_bins = 200;
    bool record_series = true;
    bool goodput_counts_app_rx = false;  // as FlowMetrics::Params
  };

  BackgroundGroup(int index, const Scenario& scenario, Scheduler* scheduler, PacketPool* pool, Topology* topology,
                  FlowIds* ids, const Params& params);
  ~BackgroundGroup();

  // Schedules every member's start.
  void Start();
  void Finish(Time end);

  nlohmann::ordered_json Summary(Time end) const;
  void AppendSeries(SeriesSink& out) const;
  const std::string& protocol() const;

  // For its members (background.cc).
  class Member;
  void OnDelivered(int member, Time now, uint64_t bytes);
  void OnArrived(Time now, uint64_t bytes);
  void OnResponse(Time requested, Time now);

 private:
  int index_;
  ParamView params_;
  Scheduler* scheduler_;
  Params params_run_;
  std::string kind_;
  std::vector<std::unique_ptr<Member>> members_;
  // Measurements.
  std::vector<uint64_t> member_bytes_;  // delivered in the measured interval
  std::vector<double> bin_bytes_;
  Time bin_width_;
  int64_t responses_ = 0;
  double response_time_sum_s_ = 0;
  TimeSeries throughput_;
};

}  // namespace plab
