// The physics of this stop's additions over generated scenarios, not only the ones their
// own tests pick: DCTCP (its cut at once and over a round), LEDBAT, CUBIC and NewReno
// with HyStart++, BBR v3, Copa (with and without its mode switching), TCP
// Prague, BBR v1, ECN on every marking queue (step, RED, CoDel, PIE, FQ-CoDel, DualPI2), the
// handshake and the ns-3 platform's named options, on drawn rates, delays, buffers, losses
// and seeds. Every run: accepted, goodput at most the bottleneck's rate (plus one packet
// over the measured span), every RTT sample and the mean SRTT at least the path's base
// RTT, the queue never over its limit.
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "draw.h"
#include "plab/api.h"
#include "test_util.h"

namespace plab {
namespace {

using testing::Draw;

struct Variant {
  std::string protocol;
  bool ecn;
  std::string extra;  // a setting of the variant's own: "" or "path=value"
};

TEST(ModernPhysics, NewProtocolsQueuesAndHandshakesObeyThePhysicsOnGeneratedScenarios) {
  const std::vector<Variant> variants = {
      {"dctcp", true, ""},
      {"ledbat", false, ""},
      {"cubic", false, "cubic.hystart=rfc9406"},
      {"newreno", false, "aimd.hystart=rfc9406"},
      {"newreno", true, ""},
      {"cubic", true, ""},
      {"bbr3", false, ""},
      {"copa", false, ""},
      {"copa", false, "copa.mode=switching"},
      {"dctcp", true, "dctcp.reduction=cwr"},
      {"dctcp", true, "dctcp.reduction=cwr_ns3"},
      {"prague", true, ""},
      {"bbr", false, ""},
  };
  const std::vector<std::string> marking_queues = {"step", "red", "codel", "pie", "fq_codel", "dualpi2"};
  Draw draw{20261128};
  constexpr double kDuration = 3;
  constexpr double kPayloadBits = 1000 * 8;  // tcp.mss_bytes
  int runs = 0;
  constexpr int kScenarios = 80;
  for (int i = 0; i < kScenarios; ++i) {
    const Variant& v = draw.Pick(variants);
    const double rate = draw.Pick(std::vector<double>{1, 5, 20, 100});
    const double delay = draw.Pick(std::vector<double>{1, 10, 40});
    const int64_t buffer = draw.Pick(std::vector<int64_t>{5, 30, 200});
    const double loss = draw.Pick(std::vector<double>{0, 0.001, 0.02});
    const bool handshake = draw.Next() % 2 == 0;
    // ns-3's device stage below the queue (link.h): its packets are not the queue's.
    const int64_t device = draw.Pick(std::vector<int64_t>{0, 0, 1, 4});
    // ECN needs a queue that marks; without it any queue, drop-tail too.
    std::vector<std::string> queues = marking_queues;
    if (!v.ecn && v.protocol != "dctcp" && v.protocol != "prague") queues.push_back("drop_tail");
    const std::string queue = draw.Pick(queues);
    nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
    s["seed"] = static_cast<int>(draw.Next() % 1000) + 1;
    s["duration_s"] = kDuration;
    s["topology"]["bottleneck"]["rate_mbps"] = rate;
    s["topology"]["bottleneck"]["delay_ms"] = delay;
    s["topology"]["bottleneck"]["queue_packets"] = buffer;
    s["topology"]["bottleneck"]["queue"] = queue;
    s["topology"]["bottleneck"]["device_packets"] = device;
    if (queue == "step") s["topology"]["bottleneck"]["step"]["k_packets"] = std::max<int64_t>(1, buffer / 2);
    nlohmann::json& f = s["flows"][0];
    f["protocol"] = v.protocol;
    f["tcp"]["ecn"] = v.ecn;
    f["tcp"]["handshake"] = handshake;
    if (!v.extra.empty()) {
      const auto eq = v.extra.find('=');
      const std::string path = v.extra.substr(0, eq);
      f[path.substr(0, path.find('.'))][path.substr(path.find('.') + 1)] = v.extra.substr(eq + 1);
    }
    // The platforms' named options (ns-3.44's pipe, ns-2's agents' limited transmit,
    // Linux's CoDel law): each must obey the same physics as the RFCs' defaults.
    const std::string pipe = draw.Pick(std::vector<std::string>{"rfc6675", "ns3"});
    const bool limited_transmit = draw.Next() % 2 == 0, ns2_agents = draw.Next() % 2 == 0;
    const std::string law = draw.Pick(std::vector<std::string>{"rfc8289", "newton"});
    f["tcp"]["pipe"] = pipe;
    f["tcp"]["limited_transmit"] = limited_transmit;
    f["tcp"]["ns2_agents"] = ns2_agents;
    if (queue == "codel" || queue == "fq_codel") s["topology"]["bottleneck"][queue]["law"] = law;
    // ns-3.44's delivery-rate sample and pacing, BBR's rounds and window extras as TcpBbr
    // counts them, and its device queue's late wake (the ns-3 grid's platform).
    const bool ns3_rate = draw.Next() % 2 == 0, pace_payload = draw.Next() % 2 == 0;
    const bool ns3_bbr = draw.Next() % 2 == 0, late_wake = draw.Next() % 2 == 0;
    f["tcp"]["rate_sample"] = ns3_rate ? "ns3" : "draft";
    f["tcp"]["pacing_size"] = pace_payload ? "payload" : "packet";
    if (v.protocol == "bbr" && ns3_bbr) {
      f["bbr"]["rounds"] = "valid_samples";
      f["bbr"]["window_extras"] = "ns3";
    }
    s["topology"]["bottleneck"]["device_wake"] = late_wake ? "ns3" : "at_once";
    f["app"]["token_bucket"]["enabled"] = false;
    f["channel"]["forward"]["model"] = loss > 0 ? "bernoulli" : "none";
    f["channel"]["forward"]["p"] = loss;
    f["channel"]["reverse"]["model"] = "none";
    const std::string where =
        v.protocol + (v.ecn ? "+ecn " : " ") + v.extra + " " + queue + " " + std::to_string(rate) + " Mb/s " +
        std::to_string(delay) + " ms buffer " + std::to_string(buffer) + " device " + std::to_string(device) +
        " loss " + std::to_string(loss) + (handshake ? " handshake" : "") + " pipe " + pipe +
        (limited_transmit ? " limited transmit" : "") + (ns2_agents ? " ns2 agents" : "") +
        (queue == "codel" || queue == "fq_codel" ? " law " + law : "") + (ns3_rate ? " ns-3 rate sample" : "") +
        (pace_payload ? " paced by payload" : "") +
        (v.protocol == "bbr" && ns3_bbr ? " ns-3 BBR rounds and extras" : "") + (late_wake ? " late wake" : "");
    const testing::RunResult r = testing::RunOk(s);
    ASSERT_FALSE(r.json.empty()) << where;
    const auto doc = nlohmann::json::parse(r.json);
    ASSERT_TRUE(doc["ok"].get<bool>()) << where << ": " << r.json.substr(0, 300);
    const double base_rtt_ms = doc["flows"][0]["base_rtt_ms"].get<double>();
    EXPECT_LE(r.summary["goodput_mbps"].get<double>(), rate + kPayloadBits / kDuration / 1e6) << where;
    if (r.summary["mean_srtt_ms"].is_number()) {
      EXPECT_GE(r.summary["mean_srtt_ms"].get<double>(), base_rtt_ms * (1 - 1e-9)) << where;
    }
    if (r.series.count("rtt_sample")) {
      for (double rtt : r.series.at("rtt_sample").v) EXPECT_GE(rtt, base_rtt_ms * (1 - 1e-9)) << where;
    }
    const double limit = doc["links"]["bottleneck"]["queue_limit_packets"].get<double>();
    EXPECT_LE(r.summary["max_queue_packets"].get<double>(), limit) << where;
    ++runs;
  }
  EXPECT_EQ(runs, kScenarios);
}

}  // namespace
}  // namespace plab
