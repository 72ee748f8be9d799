// The bottleneck's mean queue over the measured span (measured_mean_queue_packets): the
// time-weighted mean from metrics.start_s to the end, as the ns-3 comparisons read the
// queue after their warmup (ns3_modern_test.cc), driven here with a fake clock.
#include <gtest/gtest.h>

#include "metrics/link_metrics.h"
#include "net/queue/step_mark_queue.h"

namespace plab {
namespace {

Time S(double s) { return Time::FromSecondsDouble(s); }

// 0 packets to 1 s, 10 to 3 s, 4 to 5 s.
void Steps(LinkMetrics& m) {
  m.OnQueueLength(S(1), 10);
  m.OnQueueLength(S(3), 4);
}

TEST(LinkMetrics, MeasuredMeanQueueStartsAtTheMeasuredSpan) {
  LinkMetrics m(S(5), 100, 10, false);
  m.set_measure_from(S(2));
  Steps(m);
  // [2, 5] s: 10 packets for 1 s, 4 for 2 s; the whole run's mean counts the empty first second.
  EXPECT_DOUBLE_EQ(*m.MeasuredMeanQueue(S(5)), (10.0 * 1 + 4.0 * 2) / 3);
  EXPECT_DOUBLE_EQ(m.MeanQueue(S(5)), (10.0 * 2 + 4.0 * 2) / 5);
}

TEST(LinkMetrics, MeasuredMeanQueueFromAfterTheLastChange) {
  LinkMetrics m(S(5), 100, 10, false);
  m.set_measure_from(S(4));
  Steps(m);  // nothing changes after 4 s: the queue held 4 packets throughout
  EXPECT_DOUBLE_EQ(*m.MeasuredMeanQueue(S(5)), 4.0);
}

TEST(LinkMetrics, MeasuredMeanQueueFromZeroIsTheWholeRunsMean) {
  LinkMetrics m(S(5), 100, 10, false);
  Steps(m);
  EXPECT_EQ(*m.MeasuredMeanQueue(S(5)), m.MeanQueue(S(5)));
}

TEST(LinkMetrics, MeasuredMeanQueueIsNullBeforeTheSpanStarts) {
  LinkMetrics m(S(5), 100, 10, false);
  m.set_measure_from(S(5));
  Steps(m);
  EXPECT_FALSE(m.MeasuredMeanQueue(S(5)).has_value());
}

// The CE marks a watched queue makes (issue M §1): per explicit flow, each at the queue
// it found; an ACK's or a background flow's mark is nobody's to draw. Beyond its cap (the
// budget over all flows) a flow's series keeps the first marks of each of the run's bins,
// so the kept marks still span the run, while the count goes on.
TEST(LinkMetrics, CeMarksAreRecordedPerFlowSpreadOverTheRunUpToTheirCap) {
  PacketPool pool;
  StepMarkQueue queue(&pool, StepMarkQueue::Params{100000, 0});  // K = 0: every ECT arrival marked
  LinkMetrics m(S(5), 100, 10, true);
  // 100000 / 1000 flows: 100 a flow, raised to the floor of 200; 200 bins of 25 ms: one each.
  m.WatchMarks(&queue, 1000, S(5), 200);
  const auto arrive = [&](uint32_t flow, bool ack, double at) {
    Packet* p = ack ? pool.NewFeedback(flow, 40) : pool.NewData(flow, 0, 1000, 40);
    p->ecn = Ecn::kEct0;
    ASSERT_TRUE(queue.Enqueue(p, S(at)));
  };
  for (int i = 0; i < 600; ++i) arrive(0, false, 5.0 * i / 600);  // three a bin
  arrive(1, false, 1);
  arrive(1, true, 1);      // an ACK: not a data packet's mark
  arrive(5000, false, 2);  // not an explicit flow
  EXPECT_EQ(m.ce_mark_count(0), 600);
  EXPECT_EQ(m.ce_mark_count(1), 1);
  SeriesSink sink;
  m.AppendFlowSeries(sink, 0);
  m.AppendFlowSeries(sink, 1);
  ASSERT_EQ(sink.meta().size(), 2u);
  EXPECT_EQ(sink.meta()[0]["name"], "ce_mark");
  EXPECT_EQ(sink.meta()[0]["kind"], "marker");
  ASSERT_EQ(sink.meta()[0]["length"], 200);
  EXPECT_EQ(sink.meta()[1]["length"], 1);
  // The first of each bin: marks 0, 3, ..., 597, which found 0, 3, ..., 597 waiting; the
  // last kept one near the run's end, not a third of the way in.
  const std::vector<double>& c = sink.columns();
  EXPECT_EQ(c[200], 0);
  EXPECT_EQ(c[201], 3);
  EXPECT_EQ(c[399], 597);
  EXPECT_DOUBLE_EQ(c[199], 5.0 * 597 / 600);
}

}  // namespace
}  // namespace plab
