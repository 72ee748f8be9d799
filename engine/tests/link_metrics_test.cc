// The bottleneck's mean queue over the measured span (measured_mean_queue_packets): the
// time-weighted mean from metrics.start_s to the end, as the ns-3 comparisons read the
// queue after their warmup (ns3_modern_test.cc), driven here with a fake clock.
#include <gtest/gtest.h>

#include "metrics/link_metrics.h"

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

}  // namespace
}  // namespace plab
