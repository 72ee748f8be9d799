// The throughput series against the link it crosses (issue H §1 defect 4: BBR's series
// showed 53 Mb/s on a 10 Mb/s bottleneck). The series counts, per time bin, the payload
// bytes that reach the receiver for the first time, in order or not. Packets cross the
// bottleneck one after another, each taking wire_bytes * 8 / C to send, and reach the
// receiver in that spacing (the links after it are no slower and carry nothing else of
// the flow), so a bin [a, b) holds at most (b - a) * C / (wire_bytes * 8) + 1 of them:
//   point <= C * payload / wire_bytes + payload * 8 / (b - a)          (one packet's slack)
// which the test checks as point <= C + payload * 8 / (b - a) (payload <= wire_bytes
// whatever the protocol's header).
// The old series counted bytes delivered in order, so a repaired hole released the whole
// out-of-order buffer into one bin: a real delivery to the application, not a rate the
// link can carry. Goodput (in-order bytes over the run) is bounded by C the same way.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "test_util.h"

namespace plab {
namespace {

struct Case {
  std::string protocol;
  double rate_mbps;
  double loss;
  int seed;
};

TEST(ThroughputPhysics, NoSeriesPointOrGoodputExceedsTheBottleneck) {
  constexpr double kDuration = 8;
  constexpr int kBins = 200;         // FlowMetrics::Params::throughput_bins
  constexpr double kPayload = 1000;  // tcp.mss_bytes, also the rate protocols' packet payload
  int checked_points = 0;
  for (const char* protocol : {"newreno", "sack", "cubic", "bbr", "le", "vegas", "tfrc"}) {
    for (double rate : {2.0, 10.0, 40.0}) {
      for (double loss : {0.0, 0.01, 0.03}) {
        for (int seed : {1, 2}) {
          nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
          s["seed"] = seed;
          s["duration_s"] = kDuration;
          s["topology"]["bottleneck"]["rate_mbps"] = rate;
          s["flows"][0]["protocol"] = protocol;
          s["flows"][0]["app"]["token_bucket"]["enabled"] = false;
          s["flows"][0]["channel"]["forward"]["model"] = loss > 0 ? "bernoulli" : "none";
          s["flows"][0]["channel"]["forward"]["p"] = loss;
          const testing::RunResult r = testing::RunOk(s);
          const std::string where = std::string(protocol) + " " + std::to_string(rate) + " Mb/s loss " +
                                    std::to_string(loss) + " seed " + std::to_string(seed);
          ASSERT_TRUE(r.series.count("throughput")) << where;
          const testing::Series& tp = r.series.at("throughput");
          const double width = kDuration / kBins;
          for (size_t i = 0; i < tp.t.size(); ++i) {
            // A point sits at its bin's end; the last bin may be cut short by the run's end.
            const double from = width * std::floor((tp.t[i] - 1e-9) / width);
            const double span = tp.t[i] - from;
            ASSERT_GT(span, 0) << where;
            const double bound = rate + kPayload * 8 / span / 1e6;
            EXPECT_LE(tp.v[i], bound * (1 + 1e-9)) << where << " at t = " << tp.t[i];
            ++checked_points;
          }
          EXPECT_LE(r.summary["goodput_mbps"].get<double>(), rate + kPayload * 8 / kDuration / 1e6) << where;
        }
      }
    }
  }
  EXPECT_GT(checked_points, 7 * 3 * 3 * 2 * kBins / 2);
}

}  // namespace
}  // namespace plab
