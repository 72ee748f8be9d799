// What a run reports of ECN (issue M §1): each flow's packets marked CE on the way
// (`ecn_marks`, RFC 3168 §5), its window reductions answering ECE (`ecn_responses`,
// §6.1.2, at most one a window) and those reductions as markers on its window chart
// (`ecn_response`, the cwnd after), and the marks themselves as markers on the queue
// chart (`ce_mark`, the queue then).
#include <algorithm>
#include <cmath>
#include <vector>

#include <gtest/gtest.h>

#include "net/queue/step_mark_queue.h"
#include "net/route.h"
#include "test_util.h"

namespace plab {
namespace {

// A queue that marks counts each mark on the marked packet's route, as a drop is
// counted: the flow's figure is its own packets' marks, nobody else's.
TEST(EcnReport, EachMarkIsCountedOnTheMarkedPacketsRoute) {
  PacketPool pool;
  StepMarkQueue step(&pool, StepMarkQueue::Params{50, 3});
  Route a, b;
  for (int k = 0; k < 10; ++k) {
    Packet* p = pool.NewData(0, 0, 1000, 40);
    p->ecn = Ecn::kEct0;
    p->route = k % 2 == 0 ? &a : &b;  // arrivals 3..9 find 3 or more waiting: marked
    ASSERT_TRUE(step.Enqueue(p, Time::Zero()));
  }
  EXPECT_EQ(step.stats().ecn_marks, 7);
  EXPECT_EQ(a.stats.ecn_marks, 3);  // arrivals 4, 6, 8
  EXPECT_EQ(b.stats.ecn_marks, 4);  // arrivals 3, 5, 7, 9
  EXPECT_EQ(a.stats.queue_drops + b.stats.queue_drops, 0);
}

nlohmann::json StepPath(const std::string& protocol, bool ecn) {
  return {{"duration_s", 5},
          {"topology",
           {{"bottleneck",
             {{"rate_mbps", 10},
              {"delay_ms", 10},
              {"queue", "step"},
              {"queue_packets", 100},
              {"step", {{"k_packets", 10}}}}}}},
          {"flows",
           {{{"protocol", protocol},
             {"tcp", {{"ecn", ecn}}},
             {"channel", {{"forward", {{"model", "none"}}}}},
             {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
}

TEST(EcnReport, AFlowWithEcnCountsItsMarksAndDrawsEachReduction) {
  for (const std::string protocol : {"newreno", "dctcp"}) {
    const testing::RunResult r = testing::RunOk(StepPath(protocol, true));
    const int64_t marks = r.summary["ecn_marks"].get<int64_t>();
    const int64_t responses = r.summary["ecn_responses"].get<int64_t>();
    EXPECT_GT(marks, 0) << protocol;
    EXPECT_GT(responses, 0) << protocol;
    EXPECT_LE(responses, marks) << protocol;  // one reduction answers one or more marks
    // At most one a window: never more than the round trips of the run (base RTT 2 x
    // (10 ms + the access links' delays), at least 20 ms).
    EXPECT_LE(responses, 5.0 / 0.020) << protocol;
    EXPECT_EQ(r.summary["queue_drops"].get<int64_t>(), 0) << protocol;  // marked, not dropped
    ASSERT_TRUE(r.series.count("ecn_response")) << protocol;
    const testing::Series& drawn = r.series.at("ecn_response");
    EXPECT_EQ(static_cast<int64_t>(drawn.t.size()), responses) << protocol;
    // Each marker is the window after its reduction: some cwnd point at that time has it.
    const testing::Series& cwnd = r.series.at("cwnd");
    for (size_t i = 0; i < drawn.t.size(); ++i) {
      bool seen = false;
      for (size_t j = 0; j < cwnd.t.size() && !seen; ++j) seen = cwnd.t[j] == drawn.t[i] && cwnd.v[j] == drawn.v[i];
      EXPECT_TRUE(seen) << protocol << ": reduction " << i << " at " << drawn.t[i] << " s to " << drawn.v[i];
    }
  }
}

// RFC 8257 §3.1 (DCTCP's step marking): a packet is marked when the instantaneous
// queue is at or above K on its arrival. Every mark the summary counts is drawn, at the
// queue it found, and the queue chart shows the queue at or above K when it was made.
TEST(EcnReport, EachCeMarkIsDrawnWhereTheQueueWasAtOrAboveK) {
  const int64_t k = 10;  // StepPath's step.k_packets
  // At 2 Mb/s a throughput bin (25 ms) holds 6 packets at most, fewer than the 25 marks a
  // bin keeps: every mark is drawn.
  nlohmann::json scenario = StepPath("dctcp", true);
  scenario["topology"]["bottleneck"]["rate_mbps"] = 2;
  const testing::RunResult r = testing::RunOk(scenario);
  const int64_t marks = r.summary["ecn_marks"].get<int64_t>();
  ASSERT_GT(marks, 0);
  ASSERT_TRUE(r.series.count("ce_mark"));
  const testing::Series& drawn = r.series.at("ce_mark");
  EXPECT_EQ(static_cast<int64_t>(drawn.t.size()), marks);
  const testing::Series& queue = r.series.at("queue");
  // The queue series keeps each bucket's highest point (1000 buckets over the run): the
  // bucket a mark falls in holds a point at or above K (K + 1 once the packet joined).
  const double bucket_s = 5.0 / 1000;
  for (size_t i = 0; i < drawn.t.size(); ++i) {
    EXPECT_GE(drawn.v[i], static_cast<double>(k)) << "mark " << i << " at " << drawn.t[i] << " s";
    if (i > 0) EXPECT_GE(drawn.t[i], drawn.t[i - 1]) << "in time order";
    double highest = -1;
    for (size_t j = 0; j < queue.t.size(); ++j) {
      if (std::abs(queue.t[j] - drawn.t[i]) <= bucket_s) highest = std::max(highest, queue.v[j]);
    }
    EXPECT_GT(highest, static_cast<double>(k)) << "mark " << i << " at " << drawn.t[i] << " s";
  }
}

// Marks by the thousand a second (DCTCP at 100 Mb/s) are thinned, not cut off: at most 25
// a flow in each of the run's 200 throughput bins, so the kept ones span the whole run.
TEST(EcnReport, ManyMarksAreThinnedAcrossTheWholeRun) {
  // The DCTCP preset's path (scripts/dctcp-presets.py): about 10000 marks in 5 s.
  nlohmann::json scenario = StepPath("dctcp", true);
  scenario["topology"] = {{"access", {{"rate_mbps", 1000}, {"delay_ms", 0.5}}},
                          {"bottleneck",
                           {{"rate_mbps", 100},
                            {"delay_ms", 1},
                            {"queue_packets", 200},
                            {"queue", "step"},
                            {"step", {{"k_packets", 20}}}}}};
  const testing::RunResult r = testing::RunOk(scenario);
  const int64_t marks = r.summary["ecn_marks"].get<int64_t>();
  const testing::Series& drawn = r.series.at("ce_mark");
  ASSERT_GT(marks, 5000);
  EXPECT_LT(static_cast<int64_t>(drawn.t.size()), marks);
  EXPECT_LE(drawn.t.size(), 5000u);
  EXPECT_GT(drawn.t.back(), 0.95 * 5.0) << "the last mark drawn is near the run's end";
  for (size_t i = 0; i < drawn.t.size(); ++i) EXPECT_GE(drawn.v[i], 20.0) << "mark " << i;
}

// Drop-tail never marks (RFC 3168 §5 needs an AQM): its runs carry no marks to draw.
TEST(EcnReport, AQueueThatCannotMarkRecordsNoMarks) {
  nlohmann::json scenario = StepPath("newreno", false);
  scenario["topology"]["bottleneck"]["queue"] = "drop_tail";
  scenario["topology"]["bottleneck"].erase("step");
  const testing::RunResult r = testing::RunOk(scenario);
  EXPECT_EQ(r.series.count("ce_mark"), 0u);
}

TEST(EcnReport, AFlowWithoutEcnHasNoMarksAndNoReductionsToReport) {
  const testing::RunResult r = testing::RunOk(StepPath("newreno", false));
  EXPECT_EQ(r.summary["ecn_marks"].get<int64_t>(), 0);  // Not-ECT: dropped at K instead
  EXPECT_GT(r.summary["queue_drops"].get<int64_t>(), 0);
  EXPECT_TRUE(r.summary["ecn_responses"].is_null());
  EXPECT_EQ(r.series.count("ecn_response"), 0u);
}

}  // namespace
}  // namespace plab
