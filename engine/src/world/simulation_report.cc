// What a run reports (Simulation's result document): each flow's summary, the run's
// aggregates (goodput, Jain's index, normalized throughput per protocol), background
// groups, and the series. The simulation itself is simulation.cc.
#include <algorithm>
#include <limits>
#include <map>
#include <string>
#include <utility>

#include "metrics/aggregates.h"
#include "transport/declared_fields.h"
#include "world/explicit_flow.h"
#include "world/simulation.h"

namespace plab {
namespace {

nlohmann::ordered_json OrNull(const std::optional<double>& v) {
  return v ? nlohmann::ordered_json(*v) : nlohmann::ordered_json();
}

}  // namespace

nlohmann::ordered_json Simulation::FlowSummary(const ExplicitFlow& f) const {
  const SenderEndpoint& sender = f.flow->sender();
  const ReceiverEndpoint& receiver = f.flow->receiver();
  const SenderCounts counts = sender.counts();
  const FlowMetrics& m = *f.metrics;
  nlohmann::ordered_json s;
  s["protocol"] = f.flow->protocol().name;
  s["goodput_mbps"] = m.GoodputMbps(f.end(EndTime()));
  s["delivered_bytes"] = receiver.in_order_bytes();
  s["completed"] = sender.completed();
  s["connection_time_s"] = sender.completed() ? nlohmann::ordered_json((sender.completed_at() - f.start).seconds())
                                              : nlohmann::ordered_json();
  s["start_s"] = f.start.seconds();
  s["retransmissions"] = counts.retransmissions;
  s["app_success_pct"] = f.playback->success_pct();
  s["app_reads"] = f.playback->reads();
  // Without a token bucket there are no tokens to count: null, not 0.
  const bool tokens = f.token_bucket != nullptr;
  s["mean_tokens_per_rtt"] = tokens ? nlohmann::ordered_json(m.mean_tokens_per_rtt()) : nlohmann::ordered_json();
  s["mean_allowed_tokens_per_rtt"] =
      tokens ? nlohmann::ordered_json(m.mean_allowed_tokens_per_rtt()) : nlohmann::ordered_json();
  // A live stream's viewer (TCP-ER §IV); null without a stream.
  const StreamMetrics* stream = f.stream.get();
  s["late_pct"] = stream ? nlohmann::ordered_json(stream->late_pct()) : nlohmann::ordered_json();
  s["frozen_time_s"] = stream ? nlohmann::ordered_json(stream->frozen_time_s()) : nlohmann::ordered_json();
  s["ipat_std_ms"] = stream ? nlohmann::ordered_json(stream->ipat_std_ms()) : nlohmann::ordered_json();
  s["mean_srtt_ms"] = m.mean_srtt_ms();
  // Null before a data packet has arrived (no delay to speak of, not 0 ms).
  const FlowDelay& d = *f.delay;
  s["delay_p95_ms"] = d.one_way().count() > 0 ? nlohmann::ordered_json(d.one_way().Quantile(0.95).milliseconds())
                                              : nlohmann::ordered_json();
  s["queue_delay_p95_ms"] = d.queueing().count() > 0
                                ? nlohmann::ordered_json(d.queueing().Quantile(0.95).milliseconds())
                                : nlohmann::ordered_json();
  s["mean_rto_ms"] = m.mean_rto_ms();
  s["data_packets_sent"] = counts.data_packets_sent;
  s["acks_sent"] = receiver.feedback_sent();
  const Route& fwd = f.flow->forward_route();
  const Route& rev = f.flow->reverse_route();
  s["forward_channel_drops"] = fwd.stats.channel_drops;
  s["reverse_channel_drops"] = rev.stats.channel_drops;
  s["queue_drops"] = fwd.stats.queue_drops + rev.stats.queue_drops;
  s["link_drops"] = fwd.stats.link_drops + rev.stats.link_drops;
  s["ecn_marks"] = fwd.stats.ecn_marks + rev.stats.ecn_marks;
  // LE paper §3.1: from the first loss until every lost segment is delivered in order.
  nlohmann::ordered_json recovery;
  if (f.forward.window != nullptr && !f.forward.window->first_drop_at().IsInfinite() && m.recovered()) {
    recovery = (m.recovered_at() - f.forward.window->first_drop_at()).seconds();
  }
  s["recovery_duration_s"] = recovery;
  // The protocol's own figures: its receiver's (RRTP's loss verdicts), then its probe's.
  f.flow->AppendReceiverSummary(s);
  if (f.flow->probe() != nullptr) {
    f.flow->probe()->AppendSummary(
        s, {m.mean_srtt_ms(), m.mean_rto_ms(), counts.data_packets_sent, s["goodput_mbps"].get<double>()});
  }
  // A family reports its own figures (a TCP flow has no allowed rate, a rate-based one
  // no timeouts): every declared per-flow figure is there, null where it has none.
  for (const SummaryField& field : DeclaredSummary()) {
    if (field.scope == "flow" && !s.contains(field.name)) s[field.name] = nullptr;
  }
  return s;
}

nlohmann::ordered_json Simulation::RunFigures() const {
  const Time end = EndTime();
  nlohmann::ordered_json s;
  s["max_queue_packets"] = bottleneck_metrics_->max_queue();
  s["mean_queue_packets"] = bottleneck_metrics_->MeanQueue(end);
  s["measured_mean_queue_packets"] = OrNull(bottleneck_metrics_->MeasuredMeanQueue(end));
  std::vector<double> goodputs;
  double total = 0;
  for (const auto& f : flows_) {
    goodputs.push_back(f->metrics->GoodputMbps(f->end(end)));
    total += goodputs.back();
  }
  s["flows"] = flows_.size();
  s["flows_goodput_mbps"] = total;
  s["mean_goodput_mbps"] = total / static_cast<double>(flows_.size());
  double background = 0;
  double ftp = 0;
  int64_t ftp_flows = 0;
  for (const auto& g : groups_) {
    const nlohmann::ordered_json group = g->Summary(end);
    background += group["goodput_mbps"].get<double>();
    if (group["kind"] == "ftp") {
      ftp += group["goodput_mbps"].get<double>();
      ftp_flows += group["count"].get<int64_t>();
    }
  }
  s["background_goodput_mbps"] = background;
  // TCP-ER Figs. 3-4: flows[0] against the mean background FTP flow.
  s["ratio_to_background_ftp"] =
      ftp > 0 ? nlohmann::ordered_json(goodputs[0] / (ftp / static_cast<double>(ftp_flows))) : nlohmann::ordered_json();
  s["total_goodput_mbps"] = total + background;
  // TCP-ER Figs. 5-9 and Table VII average over the media sessions (every live stream).
  // A family without retransmission timers (the rate-based ones) reports `timeouts` as
  // null: the mean is over the streams whose flows have the figure, null if none has.
  int64_t late = 0, played = 0, timed_streams = 0;
  double timeouts = 0;
  for (const auto& f : flows_) {
    if (f->stream == nullptr) continue;
    late += f->stream->late_packets();
    played += f->stream->played_packets();
    const nlohmann::ordered_json flow = FlowSummary(*f);
    if (flow.contains("timeouts") && flow["timeouts"].is_number()) {
      timeouts += flow["timeouts"].get<double>();
      ++timed_streams;
    }
  }
  s["streams_late_pct"] = played > 0
                              ? nlohmann::ordered_json(100.0 * static_cast<double>(late) / static_cast<double>(played))
                              : nlohmann::ordered_json();
  s["streams_timeouts"] = timed_streams > 0 ? nlohmann::ordered_json(timeouts / static_cast<double>(timed_streams))
                                            : nlohmann::ordered_json();
  s["jain_index"] = OrNull(JainIndex(goodputs));
  // Per protocol, the mean goodput of its explicit flows, for experiments that set
  // several protocols side by side (RRTP thesis Table 5.2), keyed by protocol name.
  std::map<std::string, std::pair<double, int>> by_protocol;
  for (size_t i = 0; i < flows_.size(); ++i) {
    auto& [sum, count] = by_protocol[flows_[i]->flow->protocol().name];
    sum += goodputs[i];
    ++count;
  }
  nlohmann::ordered_json by = nlohmann::ordered_json::object();
  for (const auto& [name, v] : by_protocol) by[name] = v.first / v.second;
  s["goodput_by_protocol"] = std::move(by);
  // Per protocol, the median time its explicit flows' data packets waited in queues
  // (the mean of its flows' medians; null for a protocol none of whose packets arrived):
  // what a dual queue gives each side (RFC 9332: L4S at about 1 ms, classic near its
  // 15 ms target). Within the delay histogram's 1.6 %.
  std::map<std::string, std::pair<double, int>> queueing_by_protocol;
  for (const auto& f : flows_) {
    auto& [sum, count] = queueing_by_protocol[f->flow->protocol().name];
    if (f->delay->queueing().count() == 0) continue;
    sum += f->delay->queueing().Quantile(0.5).milliseconds();
    ++count;
  }
  nlohmann::ordered_json queueing = nlohmann::ordered_json::object();
  for (const auto& [name, v] : queueing_by_protocol) {
    queueing[name] = v.second > 0 ? nlohmann::ordered_json(v.first / v.second) : nlohmann::ordered_json();
  }
  s["queue_delay_median_by_protocol"] = std::move(queueing);
  nlohmann::ordered_json fair_shares = FairShareByProtocol(goodputs);
  s["fair_share"] = fair_shares[flows_[0]->flow->protocol().name];
  s["fair_share_by_protocol"] = std::move(fair_shares);
  std::vector<FlowShare> shares;
  for (size_t i = 0; i < flows_.size(); ++i) {
    shares.push_back({flows_[i]->flow->protocol().name, flows_[i]->flow->protocol().family, goodputs[i]});
  }
  s["normalized_throughput"] = OrNull(NormalizedThroughput(shares, flows_[0]->flow->protocol().name));
  s["events"] = scheduler_.events_run();
  s["sim_end_s"] = end.seconds();
  s["ended_by"] = ended_by_;
  return s;
}

// Ng & Chan §3.4: "normalized throughput (throughput achieved divided by the bandwidth
// allocated to the traffic stream)", where each of the N explicit flows is allocated
// 1/N of the bottleneck (Table 1: "5 Kbps per flow"). Throughput counts whole packets,
// headers included, as ns-2 counts a packet's size: a flow's goodput times
// (mss + header) / mss. So flows that fill the link equally read 1 each. The rate is
// the bottleneck's as the run ended (a timeline may change it). Null without a rate.
nlohmann::ordered_json Simulation::FairShareByProtocol(const std::vector<double>& goodputs) const {
  const double rate_mbps = static_cast<double>(topology_->bottleneck_forward().params().rate.bps()) / 1e6;
  const double allocated_mbps = rate_mbps / static_cast<double>(flows_.size());
  std::map<std::string, std::pair<double, int>> by_protocol;
  for (size_t i = 0; i < flows_.size(); ++i) {
    const ParamView& v = flows_[i]->params;
    const auto mss = static_cast<double>(v.Integer("tcp.mss_bytes"));
    const auto header = static_cast<double>(v.Integer("tcp.header_bytes"));
    auto& [sum, count] = by_protocol[flows_[i]->flow->protocol().name];
    sum += goodputs[i] * (mss + header) / mss;
    ++count;
  }
  nlohmann::ordered_json by = nlohmann::ordered_json::object();
  for (const auto& [name, v] : by_protocol) {
    by[name] =
        allocated_mbps > 0 ? nlohmann::ordered_json(v.first / v.second / allocated_mbps) : nlohmann::ordered_json();
  }
  return by;
}

nlohmann::ordered_json Simulation::ProtocolGroups() const {
  const Time end = EndTime();
  std::vector<FlowShare> shares;
  for (const auto& f : flows_) {
    shares.push_back({f->flow->protocol().name, f->flow->protocol().family, f->metrics->GoodputMbps(f->end(end))});
  }
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  std::vector<std::string> seen;
  for (const FlowShare& share : shares) {
    if (std::find(seen.begin(), seen.end(), share.protocol) != seen.end()) continue;
    seen.push_back(share.protocol);
    std::vector<double> own;
    for (const FlowShare& other : shares) {
      if (other.protocol == share.protocol) own.push_back(other.goodput_mbps);
    }
    double sum = 0;
    for (double x : own) sum += x;
    nlohmann::ordered_json p;
    p["protocol"] = share.protocol;
    p["flows"] = own.size();
    p["goodput_mbps"] = sum;
    p["mean_goodput_mbps"] = sum / static_cast<double>(own.size());
    p["jain_index"] = OrNull(JainIndex(own));
    p["normalized_throughput"] = OrNull(NormalizedThroughput(shares, share.protocol));
    out.push_back(std::move(p));
  }
  return out;
}

nlohmann::ordered_json Simulation::Summary() const {
  nlohmann::ordered_json s = FlowSummary(*flows_[0]);
  const nlohmann::ordered_json run = RunFigures();
  for (const auto& [key, value] : run.items()) s[key] = value;
  return s;
}

nlohmann::ordered_json Simulation::ReportHead() const {
  const Time end = EndTime();
  nlohmann::ordered_json doc;
  doc["ok"] = true;
  doc["summary"] = Summary();
  if (ended_by_ == "event_budget") {
    // Marked at the top so a reader cannot mistake the figures for a whole run's.
    doc["partial"] = true;
    doc["ended_by"] = ended_by_;
    doc["warning"] = "the run stopped at " + FormatNumber(end.seconds()) + " s of " +
                     FormatNumber(duration_.seconds()) + " s after " + std::to_string(scheduler_.events_run()) +
                     " events, its event budget (max_events); shorten the run or raise max_events";
  }
  return doc;
}

nlohmann::ordered_json Simulation::Report(std::vector<double>* columns) const {
  const Time end = EndTime();
  nlohmann::ordered_json doc = ReportHead();
  doc["flows"] = nlohmann::ordered_json::array();
  for (const auto& f : flows_) {
    nlohmann::ordered_json flow = {{"index", f->index},
                                   {"protocol", f->flow->protocol().name},
                                   {"base_rtt_ms", f->base_rtt.milliseconds()},
                                   {"summary", FlowSummary(*f)}};
    if (f->flow->probe() != nullptr) f->flow->probe()->AppendReport(flow);
    doc["flows"].push_back(std::move(flow));
  }
  // What the path's charts draw their lines at: the bottleneck's rate and buffer.
  const Link& bottleneck = topology_->bottleneck_forward();
  // The limit the queue enforced, read from the queue: a BDP-sized buffer is sized
  // once, from the values the run starts with (topology.h), so it is not recomputed
  // from the values in force at the end (a live delay change reported 3 while the
  // queue, built for 100, reached 38).
  const int64_t limit = bottleneck.queue().limit_packets();
  doc["links"] = {{"bottleneck",
                   {{"rate_mbps", static_cast<double>(bottleneck.params().rate.bps()) / 1e6},
                    {"delay_ms", bottleneck.params().delay.milliseconds()},
                    {"queue_limit_packets", limit}}}};
  doc["groups"] = nlohmann::ordered_json::array();
  for (size_t g = 0; g < groups_.size(); ++g) {
    doc["groups"].push_back({{"index", g}, {"summary", groups_[g]->Summary(end)}});
  }
  doc["protocols"] = ProtocolGroups();

  SeriesSink sink;
  if (record_series_) {
    for (const auto& f : flows_) {
      sink.SetScope("flow", f->index, "flows[" + std::to_string(f->index) + "]");
      if (f->flow->probe() != nullptr) f->flow->probe()->AppendSeries(sink);
      f->metrics->AppendSeries(sink);
      bottleneck_metrics_->AppendFlowSeries(sink, f->index);
    }
    sink.SetScope("link", -1, "links.bottleneck");
    bottleneck_metrics_->AppendSeries(sink);
    for (size_t g = 0; g < groups_.size(); ++g) {
      sink.SetScope("group", static_cast<int>(g), "background[" + std::to_string(g) + "]");
      groups_[g]->AppendSeries(sink);
    }
    if (flows_.size() >= 2) {
      // Jain's index over time, per throughput bin, over the flows alive in that bin.
      sink.SetScope("run", -1, "run");
      std::vector<double> t, v;
      const Time width = flows_[0]->metrics->bin_width();
      for (size_t i = 0; width * static_cast<int64_t>(i) < end; ++i) {
        const Time from = width * static_cast<int64_t>(i);
        std::vector<double> share;
        for (const auto& f : flows_) {
          if (f->start <= from && f->end(end) > from) share.push_back(f->metrics->bin_bytes()[i]);
        }
        if (share.size() < 2) continue;
        if (const auto jain = JainIndex(share)) {
          t.push_back(std::min(from + width, end).seconds());
          v.push_back(*jain);
        }
      }
      sink.Add("jain", "", "line", t, v);
    }
  }
  doc["series"] = std::move(sink.meta());
  *columns = std::move(sink.columns());
  if (packet_trace_ != nullptr) doc["packet_trace"] = packet_trace_->Append(*columns);
  if (capture_ != nullptr) doc["pcap"] = capture_->Describe();
  doc["scenario"] = scenario_.ToJson();
  return doc;
}

}  // namespace plab
