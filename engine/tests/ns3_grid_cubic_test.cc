// The causes of the ns-3 grid's "cubic" class (tests/data/ns3-grid-disagreements.json,
// issue H §5): where CUBIC alone or beside SACK or BBR disagrees with ns-3.44.
//
// - ns-3.44's device queue wakes late (topology.bottleneck.device_wake = ns3). A
//   point-to-point device's drop-tail queue that an arrival leaves full is stopped
//   (NetDeviceQueue::PacketEnqueued), and a departure wakes it only by
//   Simulator::ScheduleNow (NetDeviceQueue::PacketDequeued), after the events already due
//   at that instant; the traffic-control layer, with no queue disc, drops what a stopped
//   queue is offered. ACKs come back spaced by the bottleneck's packet time, so a segment
//   one ACK clocks out reaches the router one packet time after the segment the ACK
//   before clocked out: if that one found the wire idle, at the very nanosecond it
//   leaves and the segment waiting behind it is dequeued; a 1-packet queue then drops it
//   in ns-3, where ours takes it. By ns-3's own trace (grid.cc with the queue's
//   Enqueue/Dequeue/Drop, the devices' and the socket's Tx sinks: CUBIC at 1 Mb/s, 10 ms,
//   1-packet queue, segment 43001 sent at 1.371044928 s, due at the router at
//   1.372053360 s, when segment 42001 is dequeued, never enqueued; no queue or device
//   drop trace fires).
// - When the second flow starts. The grid's flows send data at their start times; ns-3's
//   open by a handshake, and a pair's shares hang on where the second flow's first window
//   lands in the first flow's slow-start overshoot or in a full 1-packet queue (the bbr
//   class's test BbrPairShareHangsOnWhenTheBbrFlowsFirstWindowLands shows it for SACK+BBR).
//
// The scenarios are the grid's (ns3_grid_test.cc GridScenarioFor, seed 1), read from
// tests/data/ns3-grid-page-scenarios.jsonl, which Ns3Grid.ThePageRunsTheScenariosThisTestRuns
// holds equal to them.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "data_lines.h"
#include "net/link.h"
#include "net/queue/drop_tail_queue.h"
#include "net/route.h"
#include "test_util.h"

// Its own namespace: the test sources are compiled as unity batches, where anonymous
// namespaces of several files meet.
namespace plab::ns3_grid_cubic_test {
namespace {

// ns-3's line of a grid point (the first seed's; loss-free points have only one), every
// seed's goodputs, and our seed-1 scenario for it.
struct GridLines {
  std::vector<double> ns3;  // goodput per flow, Mb/s
  std::vector<std::vector<double>> ns3_seeds;
  nlohmann::json scenario;
};

GridLines PointFor(const std::string& key) {
  GridLines p;
  for (const nlohmann::json& row : testing::ReadDataJsonLines("ns3-grid-page-scenarios.jsonl")) {
    if (row["point"] == key) p.scenario = row["scenario"];
  }
  std::ifstream in(std::string(PLAB_TEST_DATA_DIR) + "/ns3-grid-a.jsonl");
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto r = nlohmann::json::parse(line);
    std::ostringstream k;
    k << r["mix"].get<std::string>() << "|" << r["rate_mbps"].get<double>() << "|" << r["rtt_ms"].get<double>() << "|"
      << r["queue_bdp"].get<double>() << "|" << r["loss"].get<double>();
    if (k.str() != key) continue;
    p.ns3_seeds.push_back(r["goodput_mbps"].get<std::vector<double>>());
    if (p.ns3.empty()) p.ns3 = p.ns3_seeds.back();
  }
  EXPECT_FALSE(p.scenario.is_null()) << key;
  EXPECT_EQ(p.ns3.size(), p.scenario.is_null() ? 0u : p.scenario["flows"].size()) << key;
  return p;
}

// What the grid judges at a loss-free point: the total, the second flow's share and
// Jain's index (ns3_grid_test.cc Agrees: within 1 %, 0.10 and 0.05).
struct Judged {
  double total = 0, share = 0, jain = 1;
};

Judged JudgedOf(const std::vector<double>& g) {
  Judged j;
  double sum_sq = 0;
  for (double v : g) {
    j.total += v;
    sum_sq += v * v;
  }
  if (g.size() > 1 && j.total > 0) {
    j.share = g[1] / j.total;
    j.jain = j.total * j.total / (static_cast<double>(g.size()) * sum_sq);
  }
  return j;
}

constexpr double kTotalTolerance = 0.01;  // of ns-3's total, loss-free
constexpr double kShareTolerance = 0.10;
constexpr double kJainTolerance = 0.05;

bool JudgedAgree(const Judged& ours, const Judged& ns3) {
  return std::abs(ours.total - ns3.total) <= kTotalTolerance * ns3.total &&
         std::abs(ours.share - ns3.share) <= kShareTolerance && std::abs(ours.jain - ns3.jain) <= kJainTolerance;
}

nlohmann::json RunSummaries(const nlohmann::json& scenario) {
  RunOptions options;
  options.series = false;
  const RunOutput out = Run(scenario.dump(), options);
  EXPECT_TRUE(out.ok) << out.json;
  const nlohmann::json doc = nlohmann::json::parse(out.json);
  nlohmann::json flows = nlohmann::json::array();
  for (const auto& f : doc["flows"]) flows.push_back(f["summary"]);
  return flows;
}

std::vector<double> Goodputs(const nlohmann::json& scenario) {
  std::vector<double> g;
  for (const auto& s : RunSummaries(scenario)) g.push_back(s["goodput_mbps"].get<double>());
  return g;
}

// --- ns-3's late wake, on one link --------------------------------------------------

class SeqSink : public PacketSink {
 public:
  explicit SeqSink(PacketPool* pool) : pool_(pool) {}
  void Receive(Packet* p) override {
    seqs.push_back(p->seq);
    pool_->Release(p);
  }
  std::vector<uint64_t> seqs;

 private:
  PacketPool* pool_;
};

// Offers a 1000-byte packet (seq = the event's arg) to the route when its event runs.
class Offer : public EventHandler {
 public:
  Offer(Route* route, PacketPool* pool) : route_(route), pool_(pool) {}
  void OnEvent(uint32_t, uint64_t seq) override {
    route_->Inject(pool_->NewData(0, seq, 0, 1000));
    if (seq != 1) return;
    // Packets 2 and 3 are scheduled now, after the wire took packet 0: at 8 ms packet
    // 2's arrival runs after packet 0's end, as an ACK-clocked packet's does.
    Scheduler* s = scheduler_;
    s->At(Time::FromMilliseconds(8), this, 0, 2);
    s->At(Time::FromMilliseconds(8) + Time::FromMicroseconds(1), this, 0, 3);
  }
  Scheduler* scheduler_ = nullptr;

 private:
  Route* route_;
  PacketPool* pool_;
};

// A 1-packet drop-tail queue at 1 Mb/s (8 ms a packet): packet 0 goes onto the wire at
// 0, packet 1 waits (the queue is full), packet 2 arrives at 8 ms, the instant packet 0
// leaves and packet 1 is dequeued, by an event scheduled after packet 0's end was (as
// an ACK-clocked packet's arrival is), and packet 3 a microsecond later. At once, packet 2 takes the room packet 1
// left and packet 3 finds the queue full; as ns-3.44, the queue is still stopped when
// packet 2 comes and awake for packet 3.
TEST(Ns3GridCubic, Ns3sStoppedQueueDropsWhatArrivesAsItSendsOne) {
  auto run = [](bool ns3_wake) {
    Scheduler s;
    PacketPool pool;
    Link::Params params{Bandwidth::FromMbpsDouble(1), Time::FromMilliseconds(1), 0, ns3_wake};
    Link link(&s, &pool, params, std::make_unique<DropTailQueue>(&pool, 1), nullptr);
    SeqSink sink(&pool);
    Route route;
    route.hops = {&link, &sink};
    Offer offer(&route, &pool);
    offer.scheduler_ = &s;
    s.At(Time::Zero(), &offer, 0, 0);
    s.At(Time::FromMilliseconds(1), &offer, 0, 1);
    s.RunUntil(Time::Infinite());
    return std::pair{sink.seqs, link.queue_stats().overflow_drops};
  };
  EXPECT_EQ(run(false), (std::pair{std::vector<uint64_t>{0, 1, 2}, int64_t{1}}));
  EXPECT_EQ(run(true), (std::pair{std::vector<uint64_t>{0, 1, 3}, int64_t{1}}));
}

// CUBIC alone at a 1-packet queue (1 Mb/s, 10 ms), loss-free: ours got 0.894 Mb/s to
// ns-3's 0.848 (+5.4 %, 101 fast retransmits to ns-3's 118 recoveries by grid.cc's
// trace). ns-3 loses a segment each time its window reaches 3 (recovering at cwnd 3 to
// ssthresh 2, 76 ms apart), where ours at cwnd 3 loses nothing, grows to 4 and enters
// recovery every 74-105 ms. With ns-3's late wake (nothing else changed) ours gets
// 0.848 and enters recovery 117 times. At 0.3 % loss (3 seeds, within the 10 % allowed
// either way) it moves from +9.5 % to -0.2 %.
TEST(Ns3GridCubic, Ns3sLateWakeIsTheOnePacketQueueGapOfCubicAlone) {
  const GridLines p = PointFor("cubic|1|10|0.25|0");
  ASSERT_EQ(p.ns3.size(), 1u);
  const double ns3 = p.ns3[0];
  nlohmann::json scenario = p.scenario;
  const auto at_once = RunSummaries(scenario)[0];
  scenario["topology"]["bottleneck"]["device_wake"] = "ns3";
  const auto late = RunSummaries(scenario)[0];
  std::cout << "[ ns-3 grid ] cubic|1|10|0.25|0: ns-3 " << ns3 << " Mb/s; ours " << at_once["goodput_mbps"] << " ("
            << at_once["fast_retransmits"] << " fast retransmits), with ns-3's late wake " << late["goodput_mbps"]
            << " (" << late["fast_retransmits"] << ")\n";
  EXPECT_GT(at_once["goodput_mbps"].get<double>(), (1 + 4 * kTotalTolerance) * ns3);
  EXPECT_NEAR(late["goodput_mbps"].get<double>(), ns3, kTotalTolerance * ns3);
  EXPECT_GE(late["fast_retransmits"].get<int>(), 110);  // ns-3: 118 recoveries
  EXPECT_LT(at_once["fast_retransmits"].get<int>(), 105);
}

// ... and it is the overshoot class's point too (SACK alone, 10 Mb/s, 200 ms, 63-packet
// queue, loss-free): the ACK-clocked burst of slow start meets the full queue at the
// instants it sends, and with ns-3's late wake ours enters fast recovery twice, as ns-3
// does (0 timeouts in both), and gets 4.65 Mb/s to ns-3's 4.61 (7.49 at once, +62 %).
TEST(Ns3GridCubic, Ns3sLateWakeIsTheOvershootsSecondRecovery) {
  const GridLines p = PointFor("sack|10|200|0.25|0");
  ASSERT_EQ(p.ns3.size(), 1u);
  nlohmann::json scenario = p.scenario;
  const auto at_once = RunSummaries(scenario)[0];
  scenario["topology"]["bottleneck"]["device_wake"] = "ns3";
  const auto late = RunSummaries(scenario)[0];
  EXPECT_EQ(at_once["fast_retransmits"].get<int>(), 1);
  EXPECT_GT(at_once["goodput_mbps"].get<double>(), 1.5 * p.ns3[0]);
  EXPECT_EQ(late["fast_retransmits"].get<int>(), 2);
  EXPECT_EQ(late["timeouts"].get<int>(), 0);
  EXPECT_NEAR(late["goodput_mbps"].get<double>(), p.ns3[0], kTotalTolerance * p.ns3[0]);
}

// --- when the second flow starts -----------------------------------------------------

// The loss-free CUBIC pairs of the class, ns-3's one run each: moving the second flow's
// start by 10 ms steps over 0.35-0.60 s (ns-3's second flows connect at 0.38-0.57 s)
// swings what the grid judges by more than its tolerance, and ns-3's run lies within
// that spread (or within the tolerance of its edge) in the total, the second flow's
// share and Jain's index. Our grid run (start 0.37 s) disagrees at each. Spreads, ours
// (ns-3): SACK+CUBIC 10 Mb/s, 50 ms, 2 BDP: CUBIC's share 0.12-0.24 (0.239), Jain's
// index 0.64-0.78 (0.787); 200 ms, 0.25 BDP: total 7.33-8.38 Mb/s (7.84); at a 1-packet
// queue (1 Mb/s, 10 ms): CUBIC's share 0-0.63 (0: its first window and every
// retransmission land in the full queue; with handshakes as ns-3's and its late wake ours
// gives it 0.002); CUBIC+BBR 10 Mb/s, 50 ms, 2 BDP: BBR's share 0.33-0.88 (0.624), total
// 9.15-10.24 (9.92); 200 ms, 0.25 BDP: BBR's share 0.64-0.89 (0.891), total 8.67-9.87
// (9.37), Jain's index 0.62-0.93 (0.620). With handshakes (tcp.handshake, ns-3's 3 s SYN
// timer) SACK+CUBIC at 50 ms agrees: CUBIC connects at 0.525 s in ns-3 and keeps 0.239,
// ours 0.238.
TEST(Ns3GridCubic, CubicPairsHangOnWhenTheSecondFlowStarts) {
  for (const std::string key : {"sack+cubic|10|50|2|0", "sack+cubic|10|200|0.25|0", "sack+cubic|1|10|0.25|0",
                                "cubic+bbr|10|50|2|0", "cubic+bbr|10|200|0.25|0"}) {
    const GridLines p = PointFor(key);
    ASSERT_EQ(p.ns3.size(), 2u) << key;
    const Judged ns3 = JudgedOf(p.ns3);
    const Judged staggered = JudgedOf(Goodputs(p.scenario));
    EXPECT_FALSE(JudgedAgree(staggered, ns3)) << key;
    Judged lo{1e9, 1, 1}, hi{0, 0, 0};
    for (int ms = 350; ms <= 600; ms += 10) {
      nlohmann::json scenario = p.scenario;
      scenario["flows"][1]["start_s"] = ms / 1000.0;
      const Judged j = JudgedOf(Goodputs(scenario));
      lo = {std::min(lo.total, j.total), std::min(lo.share, j.share), std::min(lo.jain, j.jain)};
      hi = {std::max(hi.total, j.total), std::max(hi.share, j.share), std::max(hi.jain, j.jain)};
    }
    std::cout << "[ ns-3 grid ] " << key << " over start times 0.35-0.60 s: total " << lo.total << "-" << hi.total
              << " (ns-3 " << ns3.total << "), share " << lo.share << "-" << hi.share << " (" << ns3.share << "), Jain "
              << lo.jain << "-" << hi.jain << " (" << ns3.jain << ")\n";
    const double total_tolerance = kTotalTolerance * ns3.total;
    EXPECT_GE(ns3.total, lo.total - total_tolerance) << key;
    EXPECT_LE(ns3.total, hi.total + total_tolerance) << key;
    EXPECT_GE(ns3.share, lo.share - kShareTolerance) << key;
    EXPECT_LE(ns3.share, hi.share + kShareTolerance) << key;
    EXPECT_GE(ns3.jain, lo.jain - kJainTolerance) << key;
    EXPECT_LE(ns3.jain, hi.jain + kJainTolerance) << key;
    // A coin flip: whatever disagrees at our start time swings by more than its tolerance.
    if (std::abs(staggered.total - ns3.total) > total_tolerance) {
      EXPECT_GT(hi.total - lo.total, total_tolerance) << key;
    }
    if (std::abs(staggered.share - ns3.share) > kShareTolerance) {
      EXPECT_GT(hi.share - lo.share, kShareTolerance) << key;
    }
    if (std::abs(staggered.jain - ns3.jain) > kJainTolerance) {
      EXPECT_GT(hi.jain - lo.jain, kJainTolerance) << key;
    }
  }
  // With handshakes, SACK+CUBIC at 10 Mb/s, 50 ms, 2 BDP agrees.
  const GridLines p = PointFor("sack+cubic|10|50|2|0");
  nlohmann::json scenario = p.scenario;
  for (auto& flow : scenario["flows"]) {
    flow["tcp"]["handshake"] = true;
    flow["tcp"]["initial_rto_ms"] = 3000;  // ns-3's ConnTimeout: the SYN's timer
  }
  EXPECT_TRUE(JudgedAgree(JudgedOf(Goodputs(scenario)), JudgedOf(p.ns3)));
  // At the 1-packet queue, with handshakes and ns-3's late wake, CUBIC gets almost nothing, as in ns-3.
  const GridLines tiny = PointFor("sack+cubic|1|10|0.25|0");
  scenario = tiny.scenario;
  for (auto& flow : scenario["flows"]) {
    flow["tcp"]["handshake"] = true;
    flow["tcp"]["initial_rto_ms"] = 3000;
  }
  scenario["topology"]["bottleneck"]["device_wake"] = "ns3";
  EXPECT_LT(JudgedOf(Goodputs(scenario)).share, 0.02);
  EXPECT_EQ(tiny.ns3[1], 0);
}

// --- a seed draw -----------------------------------------------------------------------

// ns-3's three-seed means at a pair's point, and ours over seeds 1-60 in 20 groups of
// three (the grid's three seed numbers first): Jain's index and the second flow's share.
struct SeedDraw {
  double ns3_jain = 0, ns3_share = 0;
  std::vector<double> jains, shares;  // our 3-seed means
};

SeedDraw SeedDrawAt(const std::string& key) {
  const GridLines p = PointFor(key);
  EXPECT_EQ(p.ns3_seeds.size(), 3u);
  SeedDraw d;
  for (const auto& g : p.ns3_seeds) {
    d.ns3_jain += JudgedOf(g).jain / 3;
    d.ns3_share += JudgedOf(g).share / 3;
  }
  double jain = 0, share = 0;
  for (int seed = 1; seed <= 60; ++seed) {
    nlohmann::json scenario = p.scenario;
    scenario["seed"] = seed;
    const Judged j = JudgedOf(Goodputs(scenario));
    jain += j.jain / 3;
    share += j.share / 3;
    if (seed % 3 != 0) continue;
    d.jains.push_back(jain);
    d.shares.push_back(share);
    jain = share = 0;
  }
  std::cout << "[ ns-3 grid ] " << key << ": Jain's index ns-3 " << d.ns3_jain << ", ours (seeds 1-3) " << d.jains[0]
            << ", our 3-seed means " << *std::min_element(d.jains.begin(), d.jains.end()) << "-"
            << *std::max_element(d.jains.begin(), d.jains.end()) << "; second flow's share ns-3 " << d.ns3_share
            << ", ours " << *std::min_element(d.shares.begin(), d.shares.end()) << "-"
            << *std::max_element(d.shares.begin(), d.shares.end()) << "\n";
  return d;
}

// SACK+CUBIC at 100 Mb/s, 10 ms, 2 BDP, 3 % loss: ns-3's three seeds give Jain's index
// 0.874, 0.917 and 0.978 (mean 0.923), ours 0.995 over the same three seed numbers, which
// disagrees (by 0.072, over the 0.05 and the two-standard-error noise allowed). Over 60
// seeds in 20 groups of three, our groups' mean Jain's index spans 0.89-1.0 and 2 of the
// 20 fall below ns-3's (CUBIC's share 0.51-0.67 by group, ns-3 0.588; the total agrees):
// ns-3's three seeds are a draw from the low end of our spread, not outside it.
TEST(Ns3GridCubic, SackCubicAt100MbpsIsASeedDraw) {
  const SeedDraw d = SeedDrawAt("sack+cubic|100|10|2|0.03");
  EXPECT_GT(d.jains[0] - d.ns3_jain, kJainTolerance);  // the disagreement
  EXPECT_GE(std::count_if(d.jains.begin(), d.jains.end(), [&](double j) { return j <= d.ns3_jain; }), 2);
  EXPECT_LE(*std::min_element(d.shares.begin(), d.shares.end()), d.ns3_share);
  EXPECT_GE(*std::max_element(d.shares.begin(), d.shares.end()), d.ns3_share);
}

// CUBIC+BBR at 10 Mb/s, 50 ms, 2 BDP, 0.3 % loss: ns-3's three seeds give Jain's index
// 0.824, 0.785 and 0.741 (mean 0.783; CUBIC's share 0.237), ours 0.693 over the same seed
// numbers (CUBIC's share 0.167, the total 9.55 Mb/s to 10.00 agreeing), which disagrees by
// 0.09. Over 60 seeds in 20 groups of three our groups' mean Jain's index spans 0.65-0.79
// and 3 of the 20 reach ns-3's (CUBIC's share 0.13-0.24 by group): ns-3's three seeds are a
// draw from the high end of our spread, not outside it, though our 60 seeds' mean (0.72,
// CUBIC's share 0.19) lies below it. Not the 1 Mb/s points' cause (which of BBR's recoveries
// time out): BBR times out 0-1 times here, and with handshakes CUBIC's share falls to 0.12.
TEST(Ns3GridCubic, CubicBbrAt10MbpsWithLossIsASeedDraw) {
  const SeedDraw d = SeedDrawAt("cubic+bbr|10|50|2|0.003");
  EXPECT_GT(d.ns3_jain - d.jains[0], kJainTolerance);  // the disagreement
  EXPECT_GE(std::count_if(d.jains.begin(), d.jains.end(), [&](double j) { return j >= d.ns3_jain; }), 2);
  EXPECT_LE(*std::min_element(d.shares.begin(), d.shares.end()), d.ns3_share);
  EXPECT_GE(*std::max_element(d.shares.begin(), d.shares.end()), d.ns3_share);
}

// --- CUBIC+BBR at the 1-packet queue ---------------------------------------------------

// The times (s) of the series `name` (fast_retransmit, timeout) of flow `flow` in a run.
std::vector<double> EventTimes(const nlohmann::json& scenario, const std::string& name, int flow) {
  RunOptions options;
  const RunOutput out = Run(scenario.dump(), options);
  EXPECT_TRUE(out.ok) << out.json;
  const nlohmann::json doc = nlohmann::json::parse(out.json);
  std::vector<double> times;
  for (const auto& s : doc["series"]) {
    if (s["name"] != name || s["scope"] != "flow" || s["index"] != flow) continue;
    const size_t offset = s["offset"].get<size_t>(), length = s["length"].get<size_t>();
    for (size_t i = 0; i < length; ++i) times.push_back(out.columns[offset + i]);
  }
  return times;
}

// Whether ours has an event within 1 us of each of ns-3's.
bool SameTimes(const std::vector<double>& ours, const std::vector<double>& ns3) {
  for (double t : ns3) {
    bool found = false;
    for (double o : ours) found = found || std::abs(o - t) < 1e-6;
    if (!found) return false;
  }
  return true;
}

// The cubic class's CUBIC+BBR at 1 Mb/s, 10 ms, a 1-packet queue, loss-free (ns-3 0.053 +
// 0.507 Mb/s, ours 0.83 as the grid runs it). Not a tested cause: what the test shows is
// how far ours follows ns-3's own run when it takes the details of ns-3.44's platform
// that its trace shows (bench/ns3/trace, grid.cc with the bottleneck queue's, traffic
// control's TcDrop and both sockets' Tx, Rx, cwnd and state sinks): ns-3's late device wake
// (device_wake = ns3), its handshakes (tcp.handshake: the handshake's last ACK holds the
// link while the first data segment fills the queue and the other 9 of each first window
// are dropped), the growth on the ACK that ends a recovery (tcp.recovery_exit = ns3),
// its option bytes (tcp.option_layout = ns3: a SYN and SYN-ACK 4 bytes longer than ours,
// an ACK with SACK blocks 4 bytes shorter: 32-64 us on this link), a first window sent
// unpaced (BBR's tcp.pace_initial_window = false: ns-3's PaceInitialWindow is false),
// BBR sending by the pipe in every state (recovery sack_ns3_counts: ns-3 sends 2
// segments on BBR's first duplicate ACK where FlightSize allows 1) and TcpBbr's window
// extras. With all of them every recovery and timeout of ns-3's run up to 1.47 s is ours
// to the nanosecond (CUBIC's recoveries at 0.068, 1.194, 1.268, 1.344, 1.419 s and its
// timeout at 1.087 s, BBR's recovery at 0.438 s and timeout at 1.463 s); without the
// option bytes CUBIC's second recovery comes 96 us late, without the unpaced first window
// BBR's recovery comes at 0.428 s, and with BBR sending by FlightSize outside recovery (the
// grid's sack_ns3) CUBIC's second recovery comes at 1.180 s. Then the runs part at a race:
// CUBIC's recovery at 1.5205 s (ours 1.5204659, 64 us early: a dupack behind BBR's paced
// packets) retransmits its head into a queue BBR's packets hold; ns-3's retransmission
// reaches the router 1.0 ms later and is dropped (TcDrop at 1.521538352 s), its pipe holds
// it and CUBIC stalls to its timeout at 2.47 s, while ours gets through. From there ours
// gives CUBIC 0.62 and BBR 0.22 Mb/s, ns-3 0.053 and 0.507, its CUBIC timing out 6 times
// and stalling in recovery between. Not yet modelled, and where the runs had already
// parted unseen: at BBR's first recovery (0.438 s) ns-3's TcpBbr holds cwnd to the pipe
// before the fast retransmit plus the ACK's delivered bytes and retransmits one segment,
// ours two, so BBR's timeout at 1.463 s retransmits another segment than ns-3's.
TEST(Ns3GridCubic, CubicBbrAtTheOnePacketQueueFollowsNs3UntilARace) {
  const GridLines p = PointFor("cubic+bbr|1|10|0.25|0");
  ASSERT_EQ(p.ns3.size(), 2u);
  const auto ns3_platform = [&](bool option_layout, bool unpaced_first_window, bool bbr_by_pipe) {
    nlohmann::json scenario = p.scenario;
    scenario["topology"]["bottleneck"]["device_wake"] = "ns3";
    for (auto& flow : scenario["flows"]) {
      flow["tcp"]["handshake"] = true;
      flow["tcp"]["recovery_exit"] = "ns3";
      if (option_layout) flow["tcp"]["option_layout"] = "ns3";
      if (flow["protocol"] != "bbr") continue;
      flow["tcp"]["pace_initial_window"] = !unpaced_first_window;
      flow["recovery"] = bbr_by_pipe ? "sack_ns3_counts" : "sack_ns3";
      flow["bbr"]["window_extras"] = "ns3";
    }
    return scenario;
  };
  // ns-3's own run (seed 1): entries into CA_RECOVERY and CA_LOSS.
  const std::vector<double> ns3_cubic_recoveries = {0.068127296, 1.194438592, 1.268076032, 1.343731200, 1.419386368};
  const std::vector<double> ns3_cubic_timeouts = {1.087073152};
  const std::vector<double> ns3_bbr_recoveries = {0.438127296};
  const std::vector<double> ns3_bbr_timeouts = {1.463487424};
  const nlohmann::json all = ns3_platform(true, true, true);
  EXPECT_TRUE(SameTimes(EventTimes(all, "fast_retransmit", 0), ns3_cubic_recoveries));
  EXPECT_TRUE(SameTimes(EventTimes(all, "timeout", 0), ns3_cubic_timeouts));
  EXPECT_TRUE(SameTimes(EventTimes(all, "fast_retransmit", 1), ns3_bbr_recoveries));
  EXPECT_TRUE(SameTimes(EventTimes(all, "timeout", 1), ns3_bbr_timeouts));
  const std::vector<double> ours_cubic = EventTimes(all, "fast_retransmit", 0);
  ASSERT_GE(ours_cubic.size(), 6u);
  EXPECT_NEAR(ours_cubic[5], 1.520529920, 1e-4);  // the race: ns-3's retransmission dropped, ours not
  EXPECT_FALSE(SameTimes(EventTimes(ns3_platform(false, true, true), "fast_retransmit", 0), ns3_cubic_recoveries));
  EXPECT_FALSE(SameTimes(EventTimes(ns3_platform(true, false, true), "fast_retransmit", 1), ns3_bbr_recoveries));
  EXPECT_FALSE(SameTimes(EventTimes(ns3_platform(true, true, false), "fast_retransmit", 0), ns3_cubic_recoveries));
  const std::vector<double> ours = Goodputs(all);
  std::cout << "[ ns-3 grid ] cubic+bbr|1|10|0.25|0 on ns-3's platform: CUBIC " << ours[0] << ", BBR " << ours[1]
            << " Mb/s (ns-3 " << p.ns3[0] << ", " << p.ns3[1] << ")\n";
  EXPECT_FALSE(JudgedAgree(JudgedOf(ours), JudgedOf(p.ns3)));
}

}  // namespace
}  // namespace plab::ns3_grid_cubic_test
