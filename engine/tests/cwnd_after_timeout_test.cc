// After a retransmission timeout a SACK sender resends the holes its scoreboard marked
// lost (RFC 6675 §5.1, NextSeg rule 1) while snd.nxt stays at snd.una; the window in use
// is then the pipe. Cwnd validation (RFC 7661; Linux tcp_is_cwnd_limited) must read it so,
// or slow start never counts its window as used and cwnd stays at 2 segments: a SACK flow
// beside LEDBAT (ns-3.44's modern case "ledbat-newreno") sat at 2 for the 5 s after its
// timeout and carried 1.96 Mb/s where ns-3's carried 9.32.
#include <gtest/gtest.h>

#include "ns3_flow.h"
#include "test_util.h"

namespace plab {
namespace {

// A SACK flow (ns-3's counts) slow-starts into a 1000-packet buffer at 10 Mb/s, 50 ms,
// beside a LEDBAT flow from 0.37 s: the overshoot ends in a timeout at about 4.5 s.
nlohmann::json SackBesideLedbat(bool cwnd_validation) {
  nlohmann::json flows = nlohmann::json::array();
  const char* protocols[] = {"sack", "ledbat"};
  for (int i = 0; i < 2; ++i) {
    nlohmann::json f = testing::Ns3BulkFlow(protocols[i], 0.37 * i, 1000, 1);
    f["recovery"] = "prr_ns3";
    f["tcp"]["handshake"] = true;
    f["tcp"]["initial_rto_ms"] = 3000;
    f["tcp"]["cwnd_validation"] = cwnd_validation;
    flows.push_back(f);
  }
  return {{"seed", 1},
          {"duration_s", 10},
          {"topology",
           {{"kind", "dumbbell"},
            {"bottleneck", {{"queue", "drop_tail"}, {"rate_mbps", 10}, {"delay_ms", 23}, {"queue_packets", 1000}}},
            {"receiver_access", {{"rate_mbps", 1000}, {"delay_ms", 1}}}}},
          {"flows", flows}};
}

TEST(CwndAfterTimeout, SlowStartGrowsWhileTheHolesAreResent) {
  const auto run = testing::RunOk(SackBesideLedbat(true));
  const testing::Series& timeouts = run.series.at("timeout");
  ASSERT_EQ(timeouts.t.size(), 1u) << "the case needs its one timeout";
  const double rto_at = timeouts.t[0];
  const testing::Series& cwnd = run.series.at("cwnd");
  double most = 0;  // the largest window (segments) in the 2 s after the timeout
  for (size_t i = 0; i < cwnd.t.size(); ++i) {
    if (cwnd.t[i] > rto_at && cwnd.t[i] < rto_at + 2) most = std::max(most, cwnd.v[i]);
  }
  std::cout << "[ cwnd after timeout ] timeout at " << rto_at << " s, largest cwnd in the next 2 s " << most << "\n";
  EXPECT_GT(most, 32) << "slow start doubles per RTT (50 ms): 2 s is 40 RTTs";
  // Validation on or off, the flow takes the link as ns-3's does (9.32 of 9.43 Mb/s).
  const nlohmann::json doc = nlohmann::json::parse(run.json);
  const double sack = doc["flows"][0]["summary"]["goodput_mbps"].get<double>();
  const auto off = nlohmann::json::parse(testing::RunOk(SackBesideLedbat(false)).json);
  EXPECT_GT(sack, 8.5);
  EXPECT_NEAR(sack, off["flows"][0]["summary"]["goodput_mbps"].get<double>(), 0.5);
}

}  // namespace
}  // namespace plab
