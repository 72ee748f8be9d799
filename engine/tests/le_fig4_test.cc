// The loss-recovery experiment of the LE paper (Kang, Park & Mo, EURASIP JWCN 2012,
// §3.1 and Fig. 4), as scenarios/le-fig4-recovery.json: cwnd capped at 32 segments, k
// random segments of one window lost (k = 1 ... 31), retransmissions never lost; the
// recovery duration (first loss -> every lost segment delivered in order) averaged
// over 10 runs, for Reno, NewReno, SACK and FACK. Base RTT 50 ms, minimum RTO 200 ms
// (ns-2's default).
//
// What the paper (ns-2) reports, and what we assert:
// - order: FACK better than SACK better than NewReno better than Reno. Asserted for
//   k = 2 ... 24.
// - NewReno needs about one RTT per lost segment, until its RTO cuts in. Asserted.
// - SACK recovers up to cwnd/4 = 8 losses within about one RTT after detection.
//   Asserted (k <= 8 finishes within 2.5 base RTTs of the first loss). Ours holds to
//   about 12: RFC 6675's NextSeg rule 3 retransmits holes below the highest SACK as
//   soon as the receiver window leaves nothing new to send.
// - SACK falls into RTO beyond cwnd/2 + 2 = 18 losses in the paper. Our SACK is RFC
//   6675, whose pipe takes SACKed segments out of the network at once, so after the cut
//   to cwnd = 16 it keeps sending one retransmission per SACKed arrival and holds out
//   longer: no RTO up to k = 24 in any run, RTO in most runs at k = 31. We assert the
//   boundary we get; ns-2's Sack1 counted pipe from duplicate ACKs and stalled earlier.
// - FACK stays single-RTT to about 15 losses. Ours does to k = 16 (same 2.5-RTT bound),
//   and still has no RTO at k = 24: it judges every hole below the forward-most SACK
//   lost at once.
// - LE: no RTO while at least three duplicate ACKs come back (§2.2 Observation), and
//   recovery duration about linear up to 29 losses (Fig. 4). Asserted: no RTO in any
//   run up to k = 29, where SACK and FACK have some; duration rises gently (k = 24
//   within 3x k = 4).
// - ns-2's Sack1 (the paper's SACK), beside RFC 6675: one RTT up to cwnd/4 = 8 losses
//   and an RTO beyond about cwnd/2 + 2 = 18; ours: single-RTT to k = 9, RTO in every
//   run from k = 18 (as tcp-sack1.cc's pipe_ gives for the first k of 32 lost: 29 at the
//   fast retransmit, L after the duplicate ACKs, L - 2 after the first partial ACK, which
//   must fall below the halved cwnd of 16). Asserted with RFC 6675's own thresholds
//   (about 12 and 26).
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "test_util.h"

namespace plab {
namespace {

struct Point {
  double mean_s = 0;
  int runs_with_timeout = 0;
};

Point Measure(const std::string& protocol, int k) {
  std::ifstream in(std::string(PLAB_SCENARIO_DIR) + "/le-fig4-recovery.json");
  std::stringstream ss;
  ss << in.rdbuf();
  const nlohmann::json base = nlohmann::json::parse(ss.str());
  Point p;
  for (int seed = 1; seed <= 10; ++seed) {
    nlohmann::json s = base;
    s["seed"] = seed;
    s["flows"][0]["protocol"] = protocol;
    s["flows"][0]["channel"]["forward"]["window_drops"] = k;
    const auto r = plab::testing::RunOk(s);
    EXPECT_FALSE(r.summary["recovery_duration_s"].is_null()) << protocol << " k=" << k << " seed " << seed;
    p.mean_s += r.summary["recovery_duration_s"].get<double>() / 10;
    p.runs_with_timeout += r.summary["timeouts"].get<int>() > 0;
  }
  return p;
}

class LeFig4 : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    for (const char* protocol : {"reno", "newreno", "sack", "fack", "le", "ns2_sack1"}) {
      for (int k : {1, 2, 4, 8, 12, 16, 20, 24, 29, 31}) points_[protocol][k] = Measure(protocol, k);
    }
  }
  static std::map<std::string, std::map<int, Point>> points_;
};
std::map<std::string, std::map<int, Point>> LeFig4::points_;

constexpr double kBaseRtt = 0.050;

TEST_F(LeFig4, OrderIsFackSackNewRenoReno) {
  for (int k : {2, 4, 8, 12, 16, 20, 24}) {
    EXPECT_LE(points_["fack"][k].mean_s, points_["sack"][k].mean_s + 1e-9) << "k=" << k;
    EXPECT_LT(points_["sack"][k].mean_s, points_["newreno"][k].mean_s) << "k=" << k;
    EXPECT_LT(points_["newreno"][k].mean_s, points_["reno"][k].mean_s) << "k=" << k;
  }
}

TEST_F(LeFig4, OneLossTakesOneRoundTripForEveryone) {
  for (const char* protocol : {"reno", "newreno", "sack", "fack"}) {
    EXPECT_NEAR(points_[protocol][1].mean_s, kBaseRtt, 0.3 * kBaseRtt) << protocol;
    EXPECT_EQ(points_[protocol][1].runs_with_timeout, 0) << protocol;
  }
}

// Issue H §1 defect 5: LE took 77 +- 17 ms for one loss where the others took 53.5,
// because its retransmission waited for the flight to drain below the halved window. The
// paper resends the lost packet with the cut (§2.2, Observation), as a fast retransmit
// does, so one loss costs the same: 1 ms of tolerance, about one packet time at 10 Mb/s.
TEST_F(LeFig4, LeRecoversOneLossAsFastAsTheOthers) {
  EXPECT_EQ(points_["le"][1].runs_with_timeout, 0);
  for (const char* protocol : {"reno", "newreno", "sack", "fack"}) {
    EXPECT_NEAR(points_["le"][1].mean_s, points_[protocol][1].mean_s, 0.001) << protocol;
  }
}

TEST_F(LeFig4, NewRenoNeedsAboutOneRoundTripPerLossUntilItsTimeout) {
  for (int k : {2, 4}) {
    EXPECT_NEAR(points_["newreno"][k].mean_s, k * kBaseRtt, 0.25 * k * kBaseRtt) << "k=" << k;
    EXPECT_EQ(points_["newreno"][k].runs_with_timeout, 0) << "k=" << k;
  }
  // 8 losses x 50 ms outlast the 200 ms minimum RTO.
  EXPECT_EQ(points_["newreno"][8].runs_with_timeout, 10);
}

TEST_F(LeFig4, RenoTimesOutWithSeveralLossesInTheWindow) {
  for (int k : {4, 8, 16}) EXPECT_EQ(points_["reno"][k].runs_with_timeout, 10) << "k=" << k;
}

TEST_F(LeFig4, SackIsSingleRoundTripToQuarterWindowAndTimesOutNearAFullWindow) {
  for (int k : {2, 4, 8}) EXPECT_LT(points_["sack"][k].mean_s, 2.5 * kBaseRtt) << "k=" << k;
  for (int k : {2, 4, 8, 12, 16, 20, 24}) EXPECT_EQ(points_["sack"][k].runs_with_timeout, 0) << "k=" << k;
  EXPECT_GE(points_["sack"][31].runs_with_timeout, 5);
}

TEST_F(LeFig4, FackIsSingleRoundTripFurtherThanSack) {
  for (int k : {2, 4, 8, 12, 16}) EXPECT_LT(points_["fack"][k].mean_s, 2.5 * kBaseRtt) << "k=" << k;
  EXPECT_GT(points_["sack"][16].mean_s, 2.5 * kBaseRtt);
  EXPECT_EQ(points_["fack"][24].runs_with_timeout, 0);
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST_F(LeFig4, LeRecoversMoreLossesInOneWindowBeforeAnRtoThanSackAndFack) {
  for (int k : {1, 2, 4, 8, 12, 16, 20, 24, 29}) EXPECT_EQ(points_["le"][k].runs_with_timeout, 0) << "k=" << k;
  // Near a whole window lost, SACK and FACK need the timer in some runs; LE not yet.
  EXPECT_GT(points_["sack"][29].runs_with_timeout + points_["fack"][29].runs_with_timeout, 0);
  EXPECT_GT(points_["sack"][29].runs_with_timeout, points_["le"][29].runs_with_timeout);
  // About linear, and gently: no step where a timeout would put one.
  EXPECT_LT(points_["le"][24].mean_s, 3 * points_["le"][4].mean_s);
  EXPECT_LT(points_["le"][29].mean_s, points_["sack"][29].mean_s);
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

TEST_F(LeFig4, Ns2Sack1HasThePapersThresholdsAndRfc6675SackItsOwn) {
  const auto& ns2 = points_["ns2_sack1"];
  for (int k : {2, 4, 8}) EXPECT_LT(ns2.at(k).mean_s, 2.5 * kBaseRtt) << "k=" << k;
  EXPECT_GT(ns2.at(12).mean_s, 2.5 * kBaseRtt);  // cwnd/4 = 8 is its single-RTT limit
  for (int k : {2, 4, 8, 12, 16}) EXPECT_EQ(ns2.at(k).runs_with_timeout, 0) << "k=" << k;
  for (int k : {20, 24, 29}) EXPECT_EQ(ns2.at(k).runs_with_timeout, 10) << "k=" << k;  // beyond ~18
  // RFC 6675 (pipe from the scoreboard) holds out longer: single-RTT at 12, no RTO at 24.
  const auto& rfc = points_["sack"];
  EXPECT_LT(rfc.at(12).mean_s, 2.5 * kBaseRtt);
  EXPECT_EQ(rfc.at(24).runs_with_timeout, 0);
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

// ns-2's Sack1 sends its fast retransmission with output(), outside pipe_ (only
// send_much() counts what it sends): pipe_ = outstanding - 3 after it. Counting it (as
// this engine did before 2026-11-29) moved the first timeout from 18 losses to 17.
TEST(LeFig4Sack1, TheFastRetransmissionIsNotCountedInPipeAsInNs2) {
  EXPECT_EQ(Measure("ns2_sack1", 17).runs_with_timeout, 0);
  EXPECT_EQ(Measure("ns2_sack1", 18).runs_with_timeout, 10);
}

}  // namespace
}  // namespace plab
