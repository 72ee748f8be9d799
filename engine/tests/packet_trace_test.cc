// The packet trace (metrics/packet_trace.h): on a run with scripted drops, the trace's
// drops are exactly the dropped segments, where and when they were lost; every packet
// that reaches a link leaves it or is dropped there; nothing outside the window is
// kept; and tracing changes nothing else in the result.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "test_util.h"

namespace plab {
namespace {

enum Ev { kEnqueue, kTransmit, kArrive, kQueueDrop, kErrorDrop, kChannelDrop };

struct TraceEvent {
  double t;
  int link;
  int event;
  bool feedback;
  int flow;
  double seq;
};

struct Traced {
  nlohmann::json doc;
  std::vector<double> columns;
  std::vector<TraceEvent> events;
};

nlohmann::json TracedScenario(double from_s, double to_s) {
  return {{"duration_s", 30},
          {"metrics", {{"packet_trace", {{"from_s", from_s}, {"to_s", to_s}}}}},
          {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}, {"queue_packets", 1000}}}}},
          {"flows",
           {{{"protocol", "newreno"},
             {"tcp", {{"initial_window_segments", 2}, {"max_window_segments", 20}}},
             {"channel",
              {{"forward", {{"model", "scripted"}, {"drop_packets", {50, 52}}}}, {"reverse", {{"model", "none"}}}}},
             {"app", {{"size_bytes", 100000}, {"token_bucket", {{"enabled", false}}}}}}}}};
}

Traced RunTraced(const nlohmann::json& scenario) {
  const RunOutput out = Run(scenario.dump());
  EXPECT_TRUE(out.ok) << out.json;
  Traced r;
  r.doc = nlohmann::json::parse(out.json);
  r.columns = out.columns;
  if (!r.doc.contains("packet_trace")) return r;
  const auto& d = r.doc["packet_trace"];
  const size_t off = d["offset"].get<size_t>();
  const size_t n = d["count"].get<size_t>();
  for (size_t i = 0; i < n; ++i) {
    auto col = [&](size_t k) { return out.columns[off + k * n + i]; };
    r.events.push_back(
        {col(0), static_cast<int>(col(1)), static_cast<int>(col(2)), col(3) != 0, static_cast<int>(col(4)), col(5)});
  }
  return r;
}

TEST(PacketTrace, DropsAreTheScriptedSegmentsWhereAndWhenTheyWereLost) {
  const Traced r = RunTraced(TracedScenario(0, 5));
  ASSERT_TRUE(r.doc.contains("packet_trace"));
  ASSERT_FALSE(r.doc["packet_trace"]["truncated"].get<bool>());
  ASSERT_GT(r.events.size(), 400u);
  const double mss = r.doc["scenario"]["flows"][0]["tcp"]["mss_bytes"].get<double>();
  const auto& links = r.doc["packet_trace"]["links"];

  std::vector<TraceEvent> drops;
  for (const TraceEvent& e : r.events) {
    if (e.event >= kQueueDrop) drops.push_back(e);
  }
  ASSERT_EQ(drops.size(), 2u);
  for (size_t i = 0; i < drops.size(); ++i) {
    const TraceEvent& d = drops[i];
    EXPECT_EQ(d.event, kChannelDrop);
    EXPECT_FALSE(d.feedback);
    // drop_packets counts data packets from 1: packets 50 and 52 carry segments 49 and 51.
    EXPECT_EQ(d.seq / mss, 49 + 2 * static_cast<double>(i));
    EXPECT_EQ(links[d.link]["direction"], "forward");
    // Lost as it reached the far end: one serialization and the link's delay after it
    // started onto that link's wire (the first time: the retransmission gets through).
    double started = -1;
    for (const TraceEvent& e : r.events) {
      if (e.link == d.link && e.event == kTransmit && !e.feedback && e.seq == d.seq && e.t <= d.t) {
        started = e.t;
        break;
      }
    }
    ASSERT_GE(started, 0);
    const double delay_s = links[d.link]["delay_ms"].get<double>() / 1e3;
    const double rate_bps = links[d.link]["rate_mbps"].get<double>() * 1e6;
    EXPECT_GT(d.t - started, delay_s);
    EXPECT_LT(d.t - started, delay_s + 1.5 * 8 * (mss + 100) / rate_bps);
  }
  // The page's retransmit markers agree: the flow retransmitted exactly these segments.
  std::set<double> retransmitted;
  for (const auto& s : r.doc["series"]) {
    if (s["key"] != "flows[0].seq_retransmitted") continue;
    const size_t off = s["offset"].get<size_t>(), n = s["length"].get<size_t>();
    for (size_t i = 0; i < n; ++i) retransmitted.insert(r.columns[off + n + i]);
  }
  EXPECT_EQ(retransmitted, (std::set<double>{49, 51}));
}

// An ACK shows its ACK number: cumulative, so it never falls along the reverse path;
// the lost segment's duplicate ACKs all name its first byte (what the receiver still
// expects); and the last ACK acknowledges the whole transfer.
TEST(PacketTrace, AcksCarryTheirAckNumber) {
  const Traced r = RunTraced(TracedScenario(0, 5));
  ASSERT_EQ(r.doc["summary"]["completed"], true);
  const double mss = r.doc["scenario"]["flows"][0]["tcp"]["mss_bytes"].get<double>();
  const auto& links = r.doc["packet_trace"]["links"];
  int reverse = -1;
  for (const auto& l : links) {
    if (l["direction"] == "reverse" && reverse < 0) reverse = l["id"].get<int>();
  }
  ASSERT_GE(reverse, 0);
  std::vector<double> acks;  // in the order they entered the first reverse link
  for (const TraceEvent& e : r.events) {
    if (e.feedback && e.link == reverse && e.event == kEnqueue) acks.push_back(e.seq);
  }
  ASSERT_GT(acks.size(), 50u);
  EXPECT_GT(acks.front(), 0);
  for (size_t i = 1; i < acks.size(); ++i) EXPECT_GE(acks[i], acks[i - 1]) << "ACK " << i;
  // Segment 49 (packet 50) was lost: at least three duplicate ACKs ask for its first byte.
  EXPECT_GE(std::count(acks.begin(), acks.end(), 49 * mss), 3);
  EXPECT_EQ(acks.back(), 100000);
}

TEST(PacketTrace, EveryPacketThatReachesALinkLeavesItOrIsDropped) {
  const Traced r = RunTraced(TracedScenario(0, 5));
  ASSERT_EQ(r.doc["summary"]["completed"], true);
  // Per link and packet identity: enqueues = transmissions + queue drops, and
  // transmissions = arrivals + drops at the far end.
  std::map<std::tuple<int, bool, double>, std::map<int, int>> counts;
  for (const TraceEvent& e : r.events) ++counts[{e.link, e.feedback, e.feedback ? e.t : e.seq}][e.event];
  int checked = 0;
  for (const auto& entry : counts) {
    const auto& key = entry.first;
    const std::map<int, int>& c = entry.second;  // not a structured binding: clang 14 cannot capture one
    if (std::get<1>(key)) continue;              // duplicate ACKs share their number: nothing to match them by
    auto get = [&](int ev) { return c.count(ev) ? c.at(ev) : 0; };
    EXPECT_EQ(get(kEnqueue), get(kTransmit) + get(kQueueDrop)) << "link " << std::get<0>(key);
    EXPECT_EQ(get(kTransmit), get(kArrive) + get(kErrorDrop) + get(kChannelDrop)) << "link " << std::get<0>(key);
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

// CoDel drops as packets leave the queue (RFC 8289 §5.4), inside the link's Dequeue:
// the trace has those drops too, each a packet that joined the bottleneck's queue and
// never went on the wire, and no more than the queue's own drop count.
TEST(PacketTrace, CodelDropsOnTheWayOutAreTraced) {
  nlohmann::json s = {
      {"duration_s", 6},
      {"metrics", {{"packet_trace", {{"from_s", 0}, {"to_s", 5}}}}},
      {"topology", {{"bottleneck", {{"rate_mbps", 2}, {"delay_ms", 20}, {"queue_packets", 1000}, {"queue", "codel"}}}}},
      {"flows",
       {{{"protocol", "newreno"},
         {"tcp", {{"initial_window_segments", 2}, {"max_window_segments", 200}}},
         {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
  const Traced r = RunTraced(s);
  ASSERT_FALSE(r.events.empty());
  std::map<std::pair<int, double>, std::map<int, int>> data;  // (link, seq) -> event counts
  std::map<std::pair<int, double>, double> last_enqueue;
  int drops = 0;
  for (const TraceEvent& e : r.events) {
    if (e.feedback) continue;
    ++data[{e.link, e.seq}][e.event];
    if (e.event == kEnqueue) last_enqueue[{e.link, e.seq}] = e.t;
    if (e.event == kQueueDrop) ++drops;
  }
  // None is refused on the way in (1000 packets of room): every drop is CoDel's.
  ASSERT_GT(drops, 0) << "the scenario should make CoDel drop";
  // Every data packet that reached a link left it or was dropped there (a retransmitted
  // segment is counted with its earlier copies, per (link, seq)); one that joined the
  // queue in the window's last second may still wait when the window closes.
  int checked = 0;
  for (const auto& entry : data) {
    const auto& key = entry.first;
    const std::map<int, int>& c = entry.second;  // not a structured binding: clang 14 cannot capture one
    if (last_enqueue.count(key) && last_enqueue.at(key) > 4) continue;
    auto get = [&c](int ev) { return c.count(ev) ? c.at(ev) : 0; };
    EXPECT_EQ(get(kEnqueue), get(kTransmit) + get(kQueueDrop)) << "link " << key.first << " seq " << key.second;
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

TEST(PacketTrace, KeepsOnlyTheWindowAndChangesNothingElse) {
  const Traced plain = RunTraced(TracedScenario(0, 0));
  const Traced window = RunTraced(TracedScenario(0.3, 0.5));
  EXPECT_FALSE(plain.doc.contains("packet_trace"));
  ASSERT_FALSE(window.events.empty());
  for (const TraceEvent& e : window.events) {
    EXPECT_GE(e.t, 0.3);
    EXPECT_LE(e.t, 0.5);
  }
  // Same summary and series, bit for bit; the trace only appends its own columns.
  EXPECT_EQ(plain.doc["summary"].dump(), window.doc["summary"].dump());
  EXPECT_EQ(plain.doc["series"].dump(), window.doc["series"].dump());
  ASSERT_LT(plain.columns.size(), window.columns.size());
  EXPECT_TRUE(std::equal(plain.columns.begin(), plain.columns.end(), window.columns.begin()));
}

TEST(PacketTrace, AWindowLongerThanFiveSecondsIsRefused) {
  nlohmann::json s = TracedScenario(1, 7);
  EXPECT_NE(plab::testing::FirstError(s.dump()).find("at most 5 s"), std::string::npos);
}

}  // namespace
}  // namespace plab
