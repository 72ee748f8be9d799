// Goodput over a window that opens after the flows start (metrics.start_s, a warm-up to
// skip) counts the bytes that reached the receiver in the window, delivered in order
// (metrics.goodput = arrived, FlowMetrics::GoodputMbps): never more than the bottleneck
// carried. metrics.goodput = app counts every byte the application got in the window, as
// ns-3's PacketSink does; when the window opens while data waits out of order behind a
// hole, a repair releases it into the window and the count can exceed the link's rate.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "draw.h"
#include "ns3_flow.h"
#include "plab/api.h"
#include "test_util.h"

namespace plab {
namespace {

// Two CUBIC flows (no HyStart) overshoot into a 100-packet buffer at 10 Mb/s, 50 ms RTT;
// measured from 1.5 s one is still repairing that overshoot.
nlohmann::json TwoCubicFlows(double start_s, const std::string& goodput) {
  nlohmann::json flows = nlohmann::json::array();
  for (int i = 0; i < 2; ++i) {
    nlohmann::json f = testing::Ns3BulkFlow("cubic", 0.37 * i, 1000, 1);
    f["recovery"] = "prr_ns3";
    f["cubic"]["hystart"] = "none";
    f["tcp"]["handshake"] = true;
    f["tcp"]["initial_rto_ms"] = 3000;
    flows.push_back(f);
  }
  return {{"seed", 1},
          {"duration_s", 10},
          {"metrics", {{"start_s", start_s}, {"goodput", goodput}}},
          {"topology",
           {{"kind", "dumbbell"},
            {"bottleneck", {{"queue", "drop_tail"}, {"rate_mbps", 10}, {"delay_ms", 23}, {"queue_packets", 100}}},
            {"receiver_access", {{"rate_mbps", 1000}, {"delay_ms", 1}}}}},
          {"flows", flows}};
}

double FlowsGoodput(const nlohmann::json& scenario) {
  return testing::RunOk(scenario).summary["flows_goodput_mbps"].get<double>();
}

TEST(GoodputWindow, AWindowOpeningDuringARepairCountsOnlyWhatArrivedInIt) {
  const double arrived = FlowsGoodput(TwoCubicFlows(1.5, "arrived"));
  const double app = FlowsGoodput(TwoCubicFlows(1.5, "app"));
  std::cout << "[ goodput window ] from 1.5 s: arrived " << arrived << " Mb/s, app " << app << " Mb/s\n";
  EXPECT_LE(arrived, 10.0);  // 9.25
  EXPECT_GT(app, 10.0);      // 10.11: what ns-3's PacketSink would count
  // From the start nothing arrived before the window: the two counts are one.
  EXPECT_EQ(FlowsGoodput(TwoCubicFlows(0, "arrived")), FlowsGoodput(TwoCubicFlows(0, "app")));
}

// Over generated dumbbells (2-4 flows of NewReno, SACK, CUBIC and BBR, random loss, small
// and large buffers, windows opening at 0.5-3 s of 5, and on half of them a background
// group of 1-6 FTP flows whose access delays spread by 0-40 ms, as TCP-ER's Figs. 1-4 run
// theirs): the flows' and groups' goodput together is at most what the bottleneck can
// carry in the window, plus what was already past it when the window opened (its one-way
// delay at its rate, and the spread's longest extra delay) and a packet per flow. Checked
// to fail with metrics.goodput = app.
TEST(GoodputWindow, NeverMoreThanTheBottleneckCarriedOnGeneratedScenarios) {
  testing::Draw draw{20261128};
  auto next = [&draw] { return draw.Next(); };
  auto pick = [&draw](const auto& from) { return draw.Pick(from); };
  const std::vector<std::string> protocols = {"newreno", "sack", "cubic", "bbr"};
  constexpr double kDuration = 5;
  constexpr double kPacketBits = 1000 * 8;
  for (int i = 0; i < 24; ++i) {
    const double rate = pick(std::vector<double>{1, 10});
    const double delay_ms = pick(std::vector<double>{5, 25});
    const int64_t buffer = pick(std::vector<int64_t>{10, 50, 200});
    const double loss = pick(std::vector<double>{0, 0.01, 0.03});
    const double start_s = pick(std::vector<double>{0.5, 1, 2, 3});
    const int flows = 2 + static_cast<int>(next() % 3);
    nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
    s["seed"] = static_cast<int>(next() % 1000) + 1;
    s["duration_s"] = kDuration;
    s["metrics"]["start_s"] = start_s;
    s["topology"]["kind"] = "dumbbell";
    s["topology"]["bottleneck"]["rate_mbps"] = rate;
    s["topology"]["bottleneck"]["delay_ms"] = delay_ms;
    s["topology"]["bottleneck"]["queue_packets"] = buffer;
    nlohmann::json list = nlohmann::json::array();
    std::string where = std::to_string(rate) + " Mb/s " + std::to_string(delay_ms) + " ms buffer " +
                        std::to_string(buffer) + " loss " + std::to_string(loss) + " from " + std::to_string(start_s) +
                        " s:";
    for (int k = 0; k < flows; ++k) {
      nlohmann::json f = s["flows"][0];
      f["protocol"] = pick(protocols);
      f["start_s"] = 0.1 * k;
      f["app"]["token_bucket"]["enabled"] = false;
      f["channel"]["forward"]["model"] = loss > 0 ? "bernoulli" : "none";
      f["channel"]["forward"]["p"] = loss;
      f["channel"]["reverse"]["model"] = "none";
      where += " " + f["protocol"].get<std::string>();
      list.push_back(f);
    }
    s["flows"] = list;
    int senders = flows;
    double spread_ms = 0;
    if (next() % 2 == 0) {
      const int count = 1 + static_cast<int>(next() % 6);
      spread_ms = pick(std::vector<double>{0, 2, 40});
      s["background"] = {{{"kind", "ftp"},
                          {"count", count},
                          {"start_max_s", 1},
                          {"protocol", pick(protocols)},
                          {"access", {{"delay_spread_ms", spread_ms}}}}};
      senders += count;
      where += " + " + std::to_string(count) + " " + s["background"][0]["protocol"].get<std::string>() +
               " FTP, spread " + std::to_string(spread_ms) + " ms";
    }
    const double span_s = kDuration - start_s;
    const double bound = rate * (1 + ((delay_ms + spread_ms) / 1e3) / span_s) + senders * kPacketBits / span_s / 1e6;
    // total_goodput_mbps: the flows' and the background groups' together.
    EXPECT_LE(testing::RunOk(s).summary["total_goodput_mbps"].get<double>(), bound) << where;
  }
}

}  // namespace
}  // namespace plab
