// tcp.handshake: a connection that opens with SYN, SYN-ACK, ACK (RFC 9293 §3.5) before
// any data, its SYN resent on the initial RTO doubling (RFC 6298 §2.1, §5.5), the SYN's
// round trip the first RTT sample (RFC 6298 §2.2), not when the SYN was resent and no
// timestamp says which copy was answered (Karn).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "test_util.h"

namespace plab {
namespace {

using testing::RunOk;

// 100 Mb/s, 1 ms access; 10 Mb/s, 9 ms bottleneck: a 20 ms round trip; 100 segments.
nlohmann::json HandshakeScenario(bool handshake, bool timestamps) {
  return {{"duration_s", 10},
          {"topology",
           {{"access", {{"rate_mbps", 100}, {"delay_ms", 1}}},
            {"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 9}, {"queue_packets", 100}}}}},
          {"flows",
           {{{"protocol", "newreno"},
             {"tcp", {{"handshake", handshake}, {"timestamps", timestamps}, {"initial_rto_ms", 1000}}},
             {"channel", {{"forward", {{"model", "none"}}}, {"reverse", {{"model", "none"}}}}},
             {"app", {{"size_bytes", 100000}, {"token_bucket", {{"enabled", false}}}}}}}}};
}

double FirstTime(const testing::RunResult& r, const std::string& series) {
  const auto it = r.series.find(series);
  EXPECT_TRUE(it != r.series.end() && !it->second.t.empty()) << series;
  return it == r.series.end() || it->second.t.empty() ? -1 : it->second.t.front();
}

double ConnectionTime(const testing::RunResult& r) { return r.summary["connection_time_s"].get<double>(); }

TEST(TcpHandshake, DataWaitsOneRoundTripAndTheSynGivesTheFirstRttSample) {
  const auto off = RunOk(HandshakeScenario(false, true));
  const auto on = RunOk(HandshakeScenario(true, true));
  EXPECT_DOUBLE_EQ(FirstTime(off, "seq_sent"), 0.0);
  // The SYN and SYN-ACK are headers: the round trip is the path's 20 ms and a few µs of
  // serialization.
  const double first_data = FirstTime(on, "seq_sent");
  EXPECT_GE(first_data, 0.020);
  EXPECT_LT(first_data, 0.0201);
  EXPECT_NEAR(FirstTime(on, "rtt_sample"), first_data, 1e-9);
  EXPECT_NEAR(on.series.at("rtt_sample").v.front(), first_data * 1e3, 1e-6);  // ms
  // Loss-free, the transfer is the same, one handshake later.
  EXPECT_NEAR(ConnectionTime(on) - ConnectionTime(off), first_data, 1e-4);
}

TEST(TcpHandshake, ALostSynIsResentOnTheInitialRtoDoubling) {
  nlohmann::json scenario = HandshakeScenario(true, true);
  // The first two packets on the data path are the SYN and its first copy again.
  scenario["flows"][0]["channel"]["forward"] = {{"model", "scripted"}, {"drop_packets", {1, 2}}};
  const auto r = RunOk(scenario);
  // SYNs at 0, 1 s and 1 + 2 s; the third is answered.
  const double first_data = FirstTime(r, "seq_sent");
  EXPECT_GE(first_data, 3.020);
  EXPECT_LT(first_data, 3.0201);
  // With timestamps the SYN-ACK says which copy it answers: a 20 ms sample.
  EXPECT_NEAR(r.series.at("rtt_sample").v.front(), 20.0, 0.1);
  EXPECT_EQ(r.summary["timeouts"].get<int>(), 0);  // not a data timeout
}

TEST(TcpHandshake, KarnWithoutTimestampsTakesNoSampleFromAResentSyn) {
  nlohmann::json scenario = HandshakeScenario(true, false);
  scenario["flows"][0]["channel"]["forward"] = {{"model", "scripted"}, {"drop_packets", {1}}};
  const auto r = RunOk(scenario);
  const double first_data = FirstTime(r, "seq_sent");
  EXPECT_GE(first_data, 1.020);
  EXPECT_LT(first_data, 1.0201);
  // The first sample is the first data segment's, a round trip after it left.
  EXPECT_GT(FirstTime(r, "rtt_sample"), first_data + 0.019);
  // Answered on the first try, the SYN is timed without timestamps too.
  const auto once = RunOk(HandshakeScenario(true, false));
  EXPECT_NEAR(FirstTime(once, "rtt_sample"), FirstTime(once, "seq_sent"), 1e-9);
}

TEST(TcpHandshake, ALostSynAckIsAnsweredWhenTheSynComesAgain) {
  nlohmann::json scenario = HandshakeScenario(true, true);
  scenario["flows"][0]["channel"]["reverse"] = {{"model", "scripted"}, {"drop_packets", {1}}};
  const auto r = RunOk(scenario);
  const double first_data = FirstTime(r, "seq_sent");
  EXPECT_GE(first_data, 1.020);
  EXPECT_LT(first_data, 1.0201);
  EXPECT_TRUE(r.summary["completed"].get<bool>());
}

}  // namespace
}  // namespace plab
