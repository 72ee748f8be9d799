// The bbr and tiny-queue classes of the ns-3 grid (ns3_grid_test.cc, issue H §5): what
// ns-3.44's TcpBbr reads as its bottleneck bandwidth. ns-3's TcpRateLinux keeps its rate
// sample across ACKs (tcp-rate-ops.cc: m_rateSample is never reset): an ACK whose newest
// delivered segment left with the same delivered count as the held sample's takes no new
// prior and reuses the held ACK interval, measured at an earlier ACK, against the bytes
// delivered since, so its rate reads one ACK's gap short (4 segments over 3 segments'
// time); and an interval is void below TcpSocketState::m_minRtt, the least SRTT. By
// ns-3's own trace (grid.cc's dumbbell with NS_LOG=TcpBbr and CongestionWindow,
// PacingRate, CongState, Tx, Retransmission and RTO sinks) at 1 Mb/s, 10 ms, a 1-packet
// queue, loss-free, its samples read 1.25-1.27 Mb/s (delivered 4000 bytes over 25.3 ms)
// on a link that carries 0.949 Mb/s of payload, it paces at 1.25-1.56 Mb/s, the queue
// drops, retransmissions are dropped again, and RFC 6675's pipe holds each lost
// retransmission until the 1 s timer: 7 timeouts and 8 recoveries in 10 s, 0.520 Mb/s.
// Our sender takes ns-3's sample with tcp.rate_sample = ns3 and counts BBR's rounds on
// valid samples only, as TcpBbr::UpdateBottleneckBandwidth (and Linux bbr_update_bw)
// does, with bbr.rounds = valid_samples. And ns-3 times each paced send by the packet's
// payload (TcpSocketBase::SendDataPacket), where ours timed it by its bytes on the wire:
// at a rate estimated from delivered payload ours paced at 1000 / 1042 of the estimate
// (tcp.pacing_size = payload: as ns-3). ns3_flow.h UseNs3Sender sets all three for BBR.
//
// Each test runs the scenario the grid test runs at a point (the Validation page's,
// tests/data/ns3-grid-page-scenarios.jsonl, which Ns3Grid.ThePageRunsTheScenariosThisTestRuns
// holds equal to it) with BBR's two settings as it says, over ns-3's seeds.
#include <algorithm>
#include <cmath>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "data_lines.h"
#include "ns3_flow.h"
#include "test_util.h"
#include "transport/tcp/scoreboard.h"

namespace plab::ns3_grid_bbr {
namespace {

std::string BbrGridKeyOf(const nlohmann::json& row) {  // ns3_grid_test.cc KeyOf()
  std::ostringstream out;
  out << row["mix"].get<std::string>() << "|" << row["rate_mbps"].get<double>() << "|" << row["rtt_ms"].get<double>()
      << "|" << row["queue_bdp"].get<double>() << "|" << row["loss"].get<double>();
  return out.str();
}

// ns-3's mean total goodput over its seeds at `key`, and how many seeds it ran.
std::pair<double, int> Ns3BbrGridTotal(const std::string& key) {
  double sum = 0;
  int seeds = 0;
  for (const auto& row : testing::ReadDataJsonLines("ns3-grid-a.jsonl")) {
    if (BbrGridKeyOf(row) != key) continue;
    for (const auto& g : row["goodput_mbps"]) sum += g.get<double>();
    ++seeds;
  }
  EXPECT_GT(seeds, 0) << key;
  return {seeds > 0 ? sum / seeds : 0, seeds};
}

nlohmann::json BbrGridScenario(const std::string& key) {
  for (const auto& row : testing::ReadDataJsonLines("ns3-grid-page-scenarios.jsonl")) {
    if (row["point"] == key) return row["scenario"];
  }
  ADD_FAILURE() << key << " is not a point of the grid";
  return {};
}

// How our BBR flows read the bandwidth: the draft's sample and rounds (the defaults), or
// ns-3's sample with rounds on every ACK or on valid samples only (the grid's); and
// whether they pace by the packet's bytes on the wire (the default) or by its payload
// (the grid's).
enum class Reading { kDraft, kNs3SampleEveryAck, kNs3 };
enum class Pacing { kPacket, kPayload };

struct Ours {
  double total = 0;      // mean over seeds, Mb/s
  double bw_mbps = 0;    // the BBR flow's bandwidth estimate at the end, mean
  double timeouts = 0;   // the BBR flow's, mean
  double bbr_share = 0;  // the BBR flow's share of the total, mean
};

// `window_extras`: bbr.window_extras = ns3 (ns-3's ACK aggregation estimate; not the grid's).
Ours RunOurBbr(const std::string& key, Reading reading, Pacing pacing = Pacing::kPayload, bool window_extras = false) {
  const int seeds = Ns3BbrGridTotal(key).second;
  Ours ours;
  RunOptions options;
  options.series = false;
  for (int seed = 1; seed <= seeds; ++seed) {
    nlohmann::json scenario = BbrGridScenario(key);
    scenario["seed"] = seed;
    for (auto& flow : scenario["flows"]) {
      if (flow["protocol"] != "bbr") continue;
      flow["tcp"]["rate_sample"] = reading == Reading::kDraft ? "draft" : "ns3";
      flow["bbr"]["rounds"] = reading == Reading::kNs3 ? "valid_samples" : "every_ack";
      flow["tcp"]["pacing_size"] = pacing == Pacing::kPayload ? "payload" : "packet";
      if (window_extras) flow["bbr"]["window_extras"] = "ns3";
    }
    const RunOutput out = Run(scenario.dump(), options);
    EXPECT_TRUE(out.ok) << out.json;
    const auto doc = nlohmann::json::parse(out.json);
    double total = 0, bbr = 0;
    for (const auto& flow : doc["flows"]) {
      const auto& s = flow["summary"];
      total += s["goodput_mbps"].get<double>();
      if (s["protocol"] != "bbr") continue;
      bbr = s["goodput_mbps"].get<double>();
      ours.bw_mbps += s["bandwidth_estimate_mbps"].get<double>() / seeds;
      ours.timeouts += s["timeouts"].get<double>() / seeds;
    }
    ours.total += total / seeds;
    ours.bbr_share += (total > 0 ? bbr / total : 0) / seeds;
  }
  return ours;
}

void Print(const std::string& key, const char* what, const Ours& ours, double ns3) {
  std::cout << "[ ns-3 grid ] " << key << " " << what << ": total " << ours.total << " Mb/s (ns-3 " << ns3 << ", "
            << std::showpos << (ours.total / ns3 - 1) * 100 << std::noshowpos << " %), BBR's estimate " << ours.bw_mbps
            << " Mb/s, " << ours.timeouts << " timeouts\n";
}

// The sample itself, on a link that delivers a segment every 10 ms (0.8 Mb/s): segments 0
// and 1 leave at 0 ms, 2 and 3 at 10 and 15 ms after the first ACK (both with 1000 bytes
// delivered), and the ACKs come at 10, 20, 30 and 40 ms. The fourth ACK's segment left
// with the delivered count of the third's: the draft's sample takes it afresh (3000 bytes
// over 30 ms), ns-3's reuses the third ACK's 20 ms (3000 over 20 ms: 1.2 Mb/s).
TEST(Ns3GridBbr, Ns3sRateSampleReusesTheHeldAckInterval) {
  const auto rates = [](Scoreboard::RateSampling sampling) {
    Scoreboard sb(1000, Scoreboard::PipeCount::kRfc6675, sampling);
    std::vector<double> out;
    const auto ack = [&](double ms, uint64_t seq) {
      sb.BeginAck(testing::Ms(ms));
      sb.OnCumulativeAck(seq);
      const RateSample rs = sb.FinishAck(testing::Ms(ms), testing::Ms(5));
      out.push_back(rs.valid ? rs.delivery_rate_bps / 1e6 : -1);
    };
    sb.OnSent(0, 1000, testing::Ms(0), false, true);
    sb.OnSent(1000, 1000, testing::Ms(0), false, false);
    ack(10, 1000);
    sb.OnSent(2000, 1000, testing::Ms(10), false, false);
    sb.OnSent(3000, 1000, testing::Ms(15), false, false);
    ack(20, 2000);
    ack(30, 3000);
    ack(40, 4000);
    return out;
  };
  const std::vector<double> draft = rates(Scoreboard::RateSampling::kDraft);
  const std::vector<double> ns3 = rates(Scoreboard::RateSampling::kNs3);
  ASSERT_EQ(draft.size(), 4u);
  ASSERT_EQ(ns3.size(), 4u);
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_NEAR(draft[i], 0.8, 1e-9) << i;
    EXPECT_NEAR(ns3[i], 0.8, 1e-9) << i;
  }
  EXPECT_NEAR(draft[3], 0.8, 1e-9);
  EXPECT_NEAR(ns3[3], 1.2, 1e-9);
}

// The tiny-queue class's BBR alone. At 1 Mb/s, 10 ms, a 1-packet queue, loss-free, ours
// with the draft's sample reads the link's 0.949 Mb/s of payload, paces at it, loses a
// dozen packets in 10 s and gets 0.939 Mb/s to ns-3's 0.520 (+81 %; timed by the wire
// 0.932); with ns-3's sample it times out 8 times (ns-3 7) and gets 0.452 (-13 %, the rest
// not explained; timed by the wire it reads 1.27 Mb/s as ns-3 does and gets 0.504). At
// 0.3 % loss: 0.932 to ns-3's 0.460 (+103 %), with ns-3's sample 0.476 (+3.3 %: it
// agrees).
TEST(Ns3GridBbr, Ns3sRateSampleIsWhyBbrGetsHalfTheOnePacketQueue) {
  const std::string key = "bbr|1|10|0.25|0";
  const double ns3 = Ns3BbrGridTotal(key).first;
  const Ours draft = RunOurBbr(key, Reading::kDraft);
  const Ours ns3_sample = RunOurBbr(key, Reading::kNs3);
  Print(key, "draft's sample", draft, ns3);
  Print(key, "ns-3's sample", ns3_sample, ns3);
  EXPECT_GT(draft.total, 1.5 * ns3);
  EXPECT_LE(draft.timeouts, 2);
  EXPECT_LT(draft.bw_mbps, 0.96);  // the payload the link carries
  EXPECT_NEAR(ns3_sample.total, ns3, 0.15 * ns3);
  EXPECT_GE(ns3_sample.timeouts, 5);
  const Ours ns3_sample_by_wire = RunOurBbr(key, Reading::kNs3, Pacing::kPacket);
  Print(key, "ns-3's sample, paced by the wire", ns3_sample_by_wire, ns3);
  EXPECT_GT(ns3_sample_by_wire.bw_mbps, 1.2);  // ns-3's trace: 1.25-1.27

  const std::string lossy = "bbr|1|10|0.25|0.003";
  const double ns3_lossy = Ns3BbrGridTotal(lossy).first;
  const Ours draft_lossy = RunOurBbr(lossy, Reading::kDraft);
  const Ours ns3_lossy_sample = RunOurBbr(lossy, Reading::kNs3);
  Print(lossy, "draft's sample", draft_lossy, ns3_lossy);
  Print(lossy, "ns-3's sample", ns3_lossy_sample, ns3_lossy);
  EXPECT_GT(draft_lossy.total, 1.5 * ns3_lossy);
  EXPECT_NEAR(ns3_lossy_sample.total, ns3_lossy, testing::Ns3Tolerance(0.003) * ns3_lossy);
}

// Most of the bbr class's loss: from 0.3 % to 3 % loss at 10 Mb/s, 10 ms, 1 BDP, ns-3's
// BBR loses 44 % of its goodput; ours lost 22 % with the draft's sample (7.38 Mb/s at
// 3 % to ns-3's 5.25, +41 %, outside the 25 % allowed; 7.20 timed by the wire) and
// loses 42 % with ns-3's (5.63, +7 %: it agrees; 6.15 timed by the wire). ns-3's sample,
// held across the ACKs of a recovery, reads the rate high, paces above the link and
// loses more to the queue.
TEST(Ns3GridBbr, Ns3sRateSampleIsWhyBbrLosesMoreToLoss) {
  const std::string low = "bbr|10|10|1|0.003", high = "bbr|10|10|1|0.03";
  const double ns3_low = Ns3BbrGridTotal(low).first, ns3_high = Ns3BbrGridTotal(high).first;
  const Ours draft_low = RunOurBbr(low, Reading::kDraft), draft_high = RunOurBbr(high, Reading::kDraft);
  const Ours ns3_low_sample = RunOurBbr(low, Reading::kNs3), ns3_high_sample = RunOurBbr(high, Reading::kNs3);
  Print(high, "draft's sample", draft_high, ns3_high);
  Print(high, "ns-3's sample", ns3_high_sample, ns3_high);
  const double ns3_drop = 1 - ns3_high / ns3_low;
  const double draft_drop = 1 - draft_high.total / draft_low.total;
  const double ns3_sample_drop = 1 - ns3_high_sample.total / ns3_low_sample.total;
  std::cout << "[ ns-3 grid ] BBR goodput lost from 0.3 % to 3 % loss: ns-3 " << ns3_drop * 100
            << " %, ours with the draft's sample " << draft_drop * 100 << " %, with ns-3's " << ns3_sample_drop * 100
            << " %\n";
  EXPECT_GT(draft_high.total, (1 + testing::Ns3Tolerance(0.03)) * ns3_high);
  EXPECT_LT(ns3_high_sample.total, (1 + testing::Ns3Tolerance(0.03)) * ns3_high);
  EXPECT_LT(draft_drop, 0.75 * ns3_drop);
  EXPECT_GT(ns3_sample_drop, 0.75 * ns3_drop);
}

// Why the grid counts BBR's rounds on valid samples with ns-3's sample: ns-3's sample is
// void more often (a held prior voided below the least SRTT stays void until a newer
// segment is delivered), and rounds counted on every ACK then age the 10-round bandwidth
// filter with no sample in it. At 10 Mb/s, 200 ms, 0.25 BDP, 3 % loss, ns-3's sample with
// rounds on every ACK gets 5.8 Mb/s to ns-3's 8.62 (-32 %; timed by the wire 5.3, seed 2's
// estimate falling to 0.68 Mb/s), with rounds on valid samples 7.3 (-15 %, as TcpBbr
// counts them); the draft's sample gets 7.8.
TEST(Ns3GridBbr, RoundsOnValidSamplesKeepNs3sSampleFromAgingTheFilter) {
  const std::string key = "bbr|10|200|0.25|0.03";
  const double ns3 = Ns3BbrGridTotal(key).first;
  const Ours draft = RunOurBbr(key, Reading::kDraft);
  const Ours every_ack = RunOurBbr(key, Reading::kNs3SampleEveryAck);
  const Ours valid = RunOurBbr(key, Reading::kNs3);
  Print(key, "draft's sample", draft, ns3);
  Print(key, "ns-3's sample, rounds on every ACK", every_ack, ns3);
  Print(key, "ns-3's sample, rounds on valid samples", valid, ns3);
  EXPECT_LT(every_ack.total, (1 - testing::Ns3Tolerance(0.03)) * ns3);
  EXPECT_NEAR(valid.total, ns3, testing::Ns3Tolerance(0.03) * ns3);
  EXPECT_NEAR(draft.total, ns3, testing::Ns3Tolerance(0.03) * ns3);
}

// Loss-free BBR points 2-3 % short: the grid's BBR alone at 10 Mb/s, 50 ms, 2 BDP and
// at 200 ms, 0.25 BDP, and beside SACK at 200 ms, 0.25 BDP. Neither side loses a packet
// at 50 ms, yet ours got 9.25 Mb/s to ns-3's 9.488 (-2.5 %: the link at 97.4 % busy through
// [2, 10] s with a window of two BDPs): it timed each paced packet by its 1042 bytes on the
// wire at a rate estimated from 1000-byte payloads, so it sent at 96 % of its estimate,
// where ns-3 times by the payload (TcpSocketBase::SendDataPacket). Timed by the payload
// (tcp.pacing_size = payload, nothing else changed) all three agree within the loss-free
// 1 %: 9.488 (ns-3 9.488), 9.49 (9.454), 9.46 (9.484).
TEST(Ns3GridBbr, PacingByThePayloadIsWhyLossFreeBbrFillsTheLinkAsNs3) {
  for (const std::string key : {"bbr|10|50|2|0", "bbr|10|200|0.25|0", "sack+bbr|10|200|0.25|0"}) {
    const double ns3 = Ns3BbrGridTotal(key).first;
    const Ours by_wire = RunOurBbr(key, Reading::kNs3, Pacing::kPacket);
    const Ours by_payload = RunOurBbr(key, Reading::kNs3, Pacing::kPayload);
    Print(key, "paced by the wire", by_wire, ns3);
    Print(key, "paced by the payload", by_payload, ns3);
    EXPECT_LT(by_wire.total, (1 - testing::Ns3Tolerance(0)) * ns3) << key;
    EXPECT_NEAR(by_payload.total, ns3, testing::Ns3Tolerance(0) * ns3) << key;
  }
}

// What is left of BBR alone at the 1-packet queue (0.452 Mb/s to ns-3's 0.520) is most of
// it ns-3's window target: TcpBbr adds its ACK aggregation estimate, which its arithmetic
// (the epoch's age in whole seconds, the epoch restarted at 4096 bytes) makes the last 4
// segments ACKed, and 2 segments in ProbeBW's 1.25 phase. With those (bbr.window_extras =
// ns3, nothing else changed) ours gets 0.528 (+1.5 %). Not the grid's: they move the
// 1 Mb/s, 50 ms, 1 BDP points away (BBR alone 0.839 -> 0.735 to ns-3's 0.913) and the
// grid agrees at 127 points either way.
TEST(Ns3GridBbr, Ns3sWindowExtrasAreMostOfWhatIsLeftAtTheOnePacketQueue) {
  const std::string key = "bbr|1|10|0.25|0";
  const double ns3 = Ns3BbrGridTotal(key).first;
  const Ours grid = RunOurBbr(key, Reading::kNs3);
  const Ours extras = RunOurBbr(key, Reading::kNs3, Pacing::kPayload, true);
  Print(key, "the grid's BBR", grid, ns3);
  Print(key, "with ns-3's window extras", extras, ns3);
  EXPECT_LT(grid.total, 0.9 * ns3);
  EXPECT_NEAR(extras.total, ns3, 0.03 * ns3);
  const std::string other = "bbr|1|50|1|0";
  const double ns3_other = Ns3BbrGridTotal(other).first;
  EXPECT_LT(RunOurBbr(other, Reading::kNs3, Pacing::kPayload, true).total,
            RunOurBbr(other, Reading::kNs3).total - 0.05 * ns3_other);
}

// The bbr class's loss-free 1 Mb/s, 50 ms, 1 BDP points (and the cubic class's CUBIC+BBR
// there): which fast recoveries end in a 1 s timeout. By ns-3's trace (grid.cc --trace=1
// --trace-rate=1, with sinks on the bottleneck's device queue) BBR alone's paced stream,
// at 1.02 Mb/s of payload on a link that carries 0.949, keeps the 6-packet queue at 5 or 6;
// each recovery's first retransmission, sent on the third duplicate ACK, reaches the router
// 78 us before a departure (ours 46 us: ns-3 packs the timestamp and SACK options into one
// padded block, 62-, 70- and 78-byte SACK ACKs where ours send 66, 74 and 82), and is kept
// or dropped as the queue holds 5 or 6. Dropped, it is not sent again, and the 1 s timer
// ends the recovery. ns-3's BBR loses it at 5 of 15 recoveries and gets 0.913 Mb/s; ours
// at each of its 7 (a 1.40 s cycle of recovery and timeout from 2.5 s on) and gets 0.839.
// What decides it is tens of microseconds: moving our BBR flow's access delay (1 ms) by 10
// us steps from 0.95 to 1.05 ms gives BBR alone 0.799-0.937 Mb/s with 1-6 timeouts, and
// SACK+BBR 0.785-0.983 (ns-3 0.947); moving CUBIC's gives CUBIC+BBR 0.874-0.965 (ns-3
// 0.949) with CUBIC's share 0.02-0.25 (ns-3 0.12). Each ns-3 run (one seed, loss-free)
// lies within that spread. Nothing tried that ns-3 does moved these points into agreement
// and kept them there (engine/tests/data/ns3-grid-disagreements.json, class bbr, lists
// them): ns-3's packed ACKs alone give BBR alone 0.889, as a 20-40 us earlier ACK would.
TEST(Ns3GridBbr, WhichRecoveriesTimeOutAt1MbpsHangsOnMicroseconds) {
  struct Spread {
    double lowest = 1e9, highest = 0, least_share = 1, most_share = 0;
    int fewest_timeouts = 1000, most_timeouts = 0;
  };
  const auto sweep = [](const std::string& key, int moved_flow) {
    Spread spread;
    for (int us = 950; us <= 1050; us += 10) {
      nlohmann::json scenario = BbrGridScenario(key);
      scenario["flows"][moved_flow]["access"]["delay_ms"] = us / 1000.0;
      RunOptions options;
      options.series = false;
      const RunOutput out = plab::Run(scenario.dump(), options);
      EXPECT_TRUE(out.ok) << out.json;
      const auto doc = nlohmann::json::parse(out.json);
      double total = 0;
      for (const auto& flow : doc["flows"]) total += flow["summary"]["goodput_mbps"].get<double>();
      const auto& first = doc["flows"][0]["summary"];
      const double share = total > 0 ? first["goodput_mbps"].get<double>() / total : 0;
      const int timeouts = doc["flows"].back()["summary"]["timeouts"].get<int>();
      spread.lowest = std::min(spread.lowest, total);
      spread.highest = std::max(spread.highest, total);
      spread.least_share = std::min(spread.least_share, share);
      spread.most_share = std::max(spread.most_share, share);
      spread.fewest_timeouts = std::min(spread.fewest_timeouts, timeouts);
      spread.most_timeouts = std::max(spread.most_timeouts, timeouts);
    }
    std::cout << "[ ns-3 grid ] " << key << ", flow " << moved_flow << "'s access delay 0.95-1.05 ms: total "
              << spread.lowest << "-" << spread.highest << " Mb/s, flow 0's share " << spread.least_share << "-"
              << spread.most_share << ", BBR's timeouts " << spread.fewest_timeouts << "-" << spread.most_timeouts
              << "\n";
    return spread;
  };
  const double tolerance = testing::Ns3Tolerance(0);
  for (const std::string key : {"bbr|1|50|1|0", "sack+bbr|1|50|1|0"}) {
    const double ns3 = Ns3BbrGridTotal(key).first;
    const Ours grid = RunOurBbr(key, Reading::kNs3);
    Print(key, "the grid's BBR", grid, ns3);
    EXPECT_LT(grid.total, (1 - tolerance) * ns3) << key;  // the disagreement
    const Spread spread = sweep(key, key == "bbr|1|50|1|0" ? 0 : 1);
    EXPECT_LT(spread.lowest, (1 - tolerance) * ns3) << key;   // the spread reaches past the tolerance
    EXPECT_GT(spread.highest, (1 + tolerance) * ns3) << key;  // on both sides: ns-3's run is within it
    EXPECT_LE(spread.fewest_timeouts, 1) << key;
    EXPECT_GE(spread.most_timeouts, 5) << key;
  }
  // CUBIC+BBR: ns-3's CUBIC gets 0.113 of 0.949 Mb/s (grid data, seed 1).
  const std::string pair = "cubic+bbr|1|50|1|0";
  double ns3_cubic = 0, ns3_total = 0;
  for (const auto& row : testing::ReadDataJsonLines("ns3-grid-a.jsonl")) {
    if (BbrGridKeyOf(row) != pair) continue;
    ns3_cubic = row["goodput_mbps"][0].get<double>();
    ns3_total = row["goodput_mbps"][0].get<double>() + row["goodput_mbps"][1].get<double>();
    break;
  }
  ASSERT_GT(ns3_total, 0);
  const Spread spread = sweep(pair, 0);
  const double ns3_share = ns3_cubic / ns3_total;
  EXPECT_LT(spread.lowest, (1 - tolerance) * ns3_total);
  EXPECT_GT(spread.highest, (1 + tolerance) * ns3_total);
  EXPECT_LT(spread.least_share, ns3_share);
  EXPECT_GT(spread.most_share, ns3_share);
}

// ns-3.44's TcpHeader packs a SACK ACK's options and pads their total once (10 bytes of
// timestamp, 2 + 8 per SACK block): its SACK ACKs are 62, 70 and 78 bytes by grid.cc's
// trace of the bottleneck's return device, where ours padded each option by itself (66, 74,
// 82), 32 us more at 1 Mb/s. Packed as ns-3 packs them (tcp.option_layout = ns3 on every
// flow, nothing else changed) BBR alone at 1 Mb/s, 10 ms, a 1-packet queue, loss-free, gets
// 0.517 Mb/s to ns-3's 0.520 (-0.6 %: it agrees; 0.452, -13 %, padded), and at 50 ms, 1 BDP
// 0.889 to ns-3's 0.913 (0.839 padded): the second is the reshuffle above, so this is the
// ACK's size, measured, not a cause shown for either. Over the whole grid (UseNs3Sender
// setting it) 127 points agree either way: in, that BBR alone point; out, SACK+CUBIC at
// 1 Mb/s, 10 ms, 0.25 BDP, 0.3 % loss (total +8.8 % -> +13.1 %, 10 % allowed).
TEST(Ns3GridBbr, Ns3sPackedAckOptionsMoveTheOneMbpsBbrPoints) {
  const auto total = [](const std::string& key, bool packed) {
    nlohmann::json scenario = BbrGridScenario(key);
    if (packed) {
      for (auto& flow : scenario["flows"]) flow["tcp"]["option_layout"] = "ns3";
    }
    RunOptions options;
    options.series = false;
    const RunOutput out = plab::Run(scenario.dump(), options);
    EXPECT_TRUE(out.ok) << out.json;
    double sum = 0;
    const auto doc = nlohmann::json::parse(out.json);
    for (const auto& flow : doc["flows"]) sum += flow["summary"]["goodput_mbps"].get<double>();
    return sum;
  };
  const std::string tiny = "bbr|1|10|0.25|0", bdp = "bbr|1|50|1|0";
  const double ns3_tiny = Ns3BbrGridTotal(tiny).first, ns3_bdp = Ns3BbrGridTotal(bdp).first;
  const double padded_tiny = total(tiny, false), packed_tiny = total(tiny, true);
  const double padded_bdp = total(bdp, false), packed_bdp = total(bdp, true);
  std::cout << "[ ns-3 grid ] " << tiny << ": padded ACK options " << padded_tiny << " Mb/s, packed " << packed_tiny
            << " (ns-3 " << ns3_tiny << "); " << bdp << ": padded " << padded_bdp << ", packed " << packed_bdp
            << " (ns-3 " << ns3_bdp << ")\n";
  const double tolerance = testing::Ns3Tolerance(0);
  EXPECT_LT(padded_tiny, (1 - tolerance) * ns3_tiny);
  EXPECT_NEAR(packed_tiny, ns3_tiny, tolerance * ns3_tiny);
  EXPECT_GT(packed_bdp, padded_bdp + 0.03);
  EXPECT_LT(packed_bdp, (1 - tolerance) * ns3_bdp);
}

}  // namespace
}  // namespace plab::ns3_grid_bbr
