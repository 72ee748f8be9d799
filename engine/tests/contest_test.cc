// The contest (issue J §3): the per-packet delay figures it scores, their physics over
// generated scenarios, the plan, the score, and the errors that name the field.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "contest/contest.h"
#include "metrics/delay_histogram.h"
#include "plab/api.h"
#include "test_util.h"

namespace plab {
namespace {

TEST(DelayHistogram, QuantileIsTheNearestRankWithinOneBucket) {
  uint64_t x = 88172645463325252ull;  // xorshift64: a fixed spread of delays, 0 to ~10 s
  for (int trial = 0; trial < 20; ++trial) {
    DelayHistogram h;
    std::vector<int64_t> us;
    const int n = 1 + trial * 397;
    for (int i = 0; i < n; ++i) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      const int64_t v = static_cast<int64_t>(x % (trial % 2 ? 10'000'000 : 3'000));
      us.push_back(v);
      h.Add(Time::FromMicroseconds(v));
    }
    std::sort(us.begin(), us.end());
    for (double q : {0.5, 0.95, 0.99, 1.0}) {
      const size_t rank = static_cast<size_t>(std::max(1.0, std::ceil(q * n)));
      const double exact = static_cast<double>(us[rank - 1]);
      const double got = static_cast<double>(h.Quantile(q).ns()) / 1e3;
      EXPECT_GE(got, exact) << "q " << q << " n " << n;
      EXPECT_LE(got, exact * (1 + 1.0 / 64) + 1) << "q " << q << " n " << n;
    }
  }
  EXPECT_EQ(DelayHistogram().Quantile(0.95), Time::Zero());
}

// A fixed window on the default path (1 ms, 100 Mb/s access; 14 ms, 10 Mb/s bottleneck)
// with a buffer it cannot fill. Below the bandwidth-delay product no packet waits once
// the ACKs clock them out; above it the W - BDP packets the pipe cannot hold wait in the
// bottleneck's queue, so every packet waits W x tx - base RTT (tx = one data packet's
// transfer time at the bottleneck). The one-way delay adds both links' propagation and
// transfer times.
TEST(ContestDelay, AFixedWindowWaitsWTimesTxMinusTheBaseRtt) {
  const double tx_ms = (1000 + 40) * 8 / 10e6 * 1e3;                      // tcp.mss_bytes + header_bytes
  const double path_ms = 1 + 14 + (1000 + 40) * 8 / 100e6 * 1e3 + tx_ms;  // one way, data
  const double ack_ms = 40 * 8 / 100e6 * 1e3 + 40 * 8 / 10e6 * 1e3;       // an ACK's transfer times
  const double base_rtt_ms = 2 * (1 + 14) + (path_ms - 15) + ack_ms;
  for (int window : {10, 60, 100}) {
    nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
    s["duration_s"] = 10;
    s["metrics"]["start_s"] = 2;
    s["topology"]["bottleneck"]["queue_packets"] = 1000;
    s["flows"][0]["protocol"] = "fixed";
    s["flows"][0]["fixed"]["window_segments"] = window;
    s["flows"][0]["app"]["token_bucket"]["enabled"] = false;
    s["flows"][0]["channel"]["forward"]["model"] = "none";
    const auto r = testing::RunOk(s);
    ASSERT_EQ(r.summary["retransmissions"], 0) << window;
    const double queueing = std::max(0.0, window * tx_ms - base_rtt_ms);
    const double q95 = r.summary["queue_delay_p95_ms"].get<double>();
    const double d95 = r.summary["delay_p95_ms"].get<double>();
    // The histogram reports a bucket's upper edge: at most 1/64 above the value.
    EXPECT_GE(q95, queueing - tx_ms) << window;
    EXPECT_LE(q95, (queueing + tx_ms) * (1 + 1.0 / 64)) << window;
    EXPECT_GE(d95, queueing + path_ms - tx_ms) << window;
    EXPECT_LE(d95, (queueing + path_ms + tx_ms) * (1 + 1.0 / 64)) << window;
    if (window == 10) EXPECT_EQ(q95, 0) << "below the BDP nothing waits";
  }
}

// Generated scenarios: the delay figures obey their definitions on every protocol.
TEST(ContestDelay, DelayFiguresObeyTheirPhysicsOnGeneratedScenarios) {
  uint64_t x = 0x9E3779B97F4A7C15ull;
  auto next = [&](uint64_t n) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x % n;
  };
  const std::vector<std::string> protocols = {"reno", "newreno", "sack", "cubic", "vegas", "bbr", "tfrc", "rrtp", "le"};
  int checked = 0;
  for (int i = 0; i < 24; ++i) {
    nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
    const double rate = std::vector<double>{1, 5, 20, 80}[next(4)];
    const double delay = std::vector<double>{2, 14, 60}[next(3)];
    const int queue = std::vector<int>{5, 30, 300}[next(3)];
    s["seed"] = 1 + next(1000);
    s["duration_s"] = 4;
    s["topology"]["kind"] = next(2) ? "path" : "dumbbell";
    s["topology"]["bottleneck"]["rate_mbps"] = rate;
    s["topology"]["bottleneck"]["delay_ms"] = delay;
    s["topology"]["bottleneck"]["queue_packets"] = queue;
    s["flows"][0]["protocol"] = protocols[next(protocols.size())];
    s["flows"][0]["app"]["token_bucket"]["enabled"] = next(2) == 0;
    s["flows"][0]["channel"]["forward"]["p"] = std::vector<double>{0, 0.01, 0.05}[next(3)];
    if (next(2)) s["flows"][1] = {{"protocol", protocols[next(protocols.size())]}, {"start_s", 0.3}};
    const auto r = testing::RunOk(s);
    const std::string where = s.dump();
    const auto& d = r.summary["delay_p95_ms"];
    const auto& q = r.summary["queue_delay_p95_ms"];
    ASSERT_EQ(d.is_null(), q.is_null()) << where;
    if (d.is_null()) continue;
    // Per packet one-way >= queueing, so the 95th percentiles are ordered too.
    EXPECT_GE(d.get<double>(), q.get<double>()) << where;
    EXPECT_GE(d.get<double>(), delay) << where;  // at least the bottleneck's propagation
    EXPECT_GE(q.get<double>(), 0) << where;
    // No packet waits longer than every queue on its way takes to drain (the flow's
    // access, the bottleneck, the receiver's access: 100, queue and 100 packets of at
    // most 1500 bytes), plus the 1.6 % of the histogram.
    const double drain_ms = (queue * 1500 * 8 / (rate * 1e6) + 2 * 100 * 1500 * 8 / 100e6) * 1e3;
    EXPECT_LE(q.get<double>(), drain_ms * (1 + 1.0 / 64) + 0.01) << where;
    ++checked;
  }
  EXPECT_GE(checked, 20);
}

nlohmann::json Plan(const nlohmann::json& spec) { return nlohmann::json::parse(ContestPlanJson(spec.dump())); }

TEST(Contest, PlanRunsEveryEntrantAsFlowZeroOfEveryScenario) {
  const auto doc = Plan({{"set", "classic"}, {"entrants", {"reno", "cubic"}}});
  ASSERT_TRUE(doc["ok"].get<bool>()) << doc.dump();
  const auto& plan = doc["plan"];
  const size_t scenarios = plan["scenarios"].size();
  ASSERT_GE(scenarios, 4u);
  ASSERT_EQ(plan["runs"].size(), scenarios * 2);
  for (size_t i = 0; i < plan["runs"].size(); ++i) {
    const auto& run = plan["runs"][i];
    EXPECT_EQ(run["scenario"], i / 2);
    EXPECT_EQ(run["run"]["flows"][0]["protocol"], i % 2 ? "cubic" : "reno");
  }
  // The default entrants are the set's own.
  const auto defaults = Plan({{"set", "classic"}});
  EXPECT_EQ(defaults["plan"]["entrants"], nlohmann::json(ContestSets()[0].entrants));
  EXPECT_NE(nlohmann::json::parse(SchemaJson())["contests"][0]["name"], nullptr);
}

TEST(Contest, BadSpecsNameTheField) {
  auto first = [](const nlohmann::json& spec) {
    const auto doc = Plan(spec);
    EXPECT_FALSE(doc["ok"].get<bool>());
    return doc["errors"][0]["path"].get<std::string>() + ": " + doc["errors"][0]["message"].get<std::string>();
  };
  EXPECT_NE(first({{"set", "nope"}}).find("no contest set named \"nope\" (one of classic"), std::string::npos);
  EXPECT_NE(first({{"entrants", nlohmann::json::array()}}).find("entrants must be a list of 1 to 16"),
            std::string::npos);
  EXPECT_NE(first({{"entrants", {5}}}).find("entrants[0] must be a protocol name"), std::string::npos);
  const std::string unknown = first({{"entrants", {"reno", "warp_drive"}}});
  EXPECT_NE(unknown.find("entrant \"warp_drive\""), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("flows[0].protocol must be one of"), std::string::npos) << unknown;
  EXPECT_NE(first({{"set", {{"scenarios", nlohmann::json::array()}}}}).find("set.scenarios must be a list"),
            std::string::npos);
  const auto bad_results = nlohmann::json::parse(ContestScoreJson(R"({"set":"classic"})", "[1, 2]"));
  EXPECT_NE(bad_results["errors"][0]["message"].get<std::string>().find("runs, got 2 results"), std::string::npos);
}

// A small inline set, run the way `plab contest` and the page run it.
TEST(Contest, ScoreIsLogPowerAndTheBoardIsBestFirst) {
  const nlohmann::json spec = {
      {"set",
       {{"name", "tiny"},
        {"scenarios",
         {{{"name", "deep"},
           {"scenario",
            {{"duration_s", 6},
             {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 14}, {"queue_packets", 300}}}}},
             {"flows",
              {{{"app", {{"token_bucket", {{"enabled", false}}}}},
                {"channel", {{"forward", {{"model", "none"}}}}}}}}}}},
          {{"name", "lossy"},
           {"scenario", {{"duration_s", 6}, {"flows", {{{"app", {{"token_bucket", {{"enabled", false}}}}}}}}}}}}}}},
      {"entrants", {"reno", "vegas"}}};
  const auto plan = Plan(spec);
  ASSERT_TRUE(plan["ok"].get<bool>()) << plan.dump();
  nlohmann::json summaries = nlohmann::json::array();
  for (const auto& run : plan["plan"]["runs"]) summaries.push_back(testing::RunOk(run["run"]).summary);
  const auto doc = nlohmann::json::parse(ContestScoreJson(spec.dump(), summaries.dump()));
  ASSERT_TRUE(doc["ok"].get<bool>()) << doc.dump();
  const auto& rows = doc["board"]["rows"];
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0]["rank"], 1);
  EXPECT_GE(rows[0]["score"].get<double>(), rows[1]["score"].get<double>());
  for (const auto& row : rows) {
    double sum = 0;
    for (const auto& c : row["scenarios"]) {
      const double power = c["throughput_mbps"].get<double>() / (c["delay_p95_ms"].get<double>() / 1e3);
      EXPECT_NEAR(c["power"].get<double>(), power, 1e-9 * power);
      EXPECT_NEAR(c["log_power"].get<double>(), std::log10(power), 1e-12);
      sum += c["log_power"].get<double>();
    }
    EXPECT_NEAR(row["score"].get<double>(), sum / 2, 1e-12);
  }
  // In the 300-packet buffer Reno fills the queue and Vegas keeps it short.
  auto cell = [&](const std::string& who) {
    for (const auto& row : rows) {
      if (row["entrant"] == who) return row["scenarios"][0];
    }
    return nlohmann::json();
  };
  EXPECT_GT(cell("reno")["queue_delay_p95_ms"].get<double>(), 5 * cell("vegas")["queue_delay_p95_ms"].get<double>());
  // An entrant that delivered nothing has no score and ranks last.
  summaries[0]["delay_p95_ms"] = nullptr;
  const auto partial = nlohmann::json::parse(ContestScoreJson(spec.dump(), summaries.dump()));
  EXPECT_EQ(partial["board"]["rows"][1]["entrant"], "reno");
  EXPECT_TRUE(partial["board"]["rows"][1]["score"].is_null());
}

}  // namespace
}  // namespace plab

namespace plab {
namespace {

// A student's program enters the contest as protocol custom (what `plab contest
// --program FILE` and the page's "yours" send): the Reno template scores exactly as the
// built-in Reno on every path of the classic set, cellular trace included.
TEST(Contest, TheRenoTemplateScoresExactlyAsBuiltInReno) {
  const auto schema = nlohmann::json::parse(SchemaJson());
  std::string reno;
  for (const auto& t : schema["languages"]["custom"]["templates"]) {
    if (t["name"] == "reno") reno = t["program"].get<std::string>();
  }
  ASSERT_FALSE(reno.empty());
  const nlohmann::json spec = {
      {"set", "classic"},
      {"entrants",
       {"reno",
        {{"label", "mine"}, {"set", {{"protocol", "custom"}, {"recovery", "reno"}, {"custom.program", reno}}}}}}};
  const auto plan = nlohmann::json::parse(ContestPlanJson(spec.dump()));
  ASSERT_TRUE(plan["ok"].get<bool>()) << plan.dump();
  nlohmann::json summaries = nlohmann::json::array();
  for (const auto& run : plan["plan"]["runs"]) summaries.push_back(testing::RunOk(run["run"]).summary);
  const auto board = nlohmann::json::parse(ContestScoreJson(spec.dump(), summaries.dump()))["board"];
  ASSERT_EQ(board["rows"].size(), 2u);
  EXPECT_EQ(board["rows"][0]["scenarios"], board["rows"][1]["scenarios"]);
  EXPECT_EQ(board["rows"][0]["score"], board["rows"][1]["score"]);
}

}  // namespace
}  // namespace plab
