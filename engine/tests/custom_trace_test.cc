// The trace of one round of a `custom` program (flows[i].custom.trace_round,
// docs/custom-cc.md "Tracing a round"): every handler call of the chosen round with the
// fields read and the values written, equal to what the run's own series show; bounded;
// and the run itself unchanged by tracing.
#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "template_program.h"
#include "test_util.h"
#include "transport/tcp/cc/custom/language.h"

namespace plab {
namespace {

using testing::TemplateProgram;

using testing::RunOk;

// Reno's template on a path slow enough that every ACK has its own point in the cwnd
// series (2 Mb/s: 4 ms per segment, 4 ms buckets over 4 s), with segment 50 dropped.
nlohmann::json ScriptedLoss(int trace_round) {
  return {
      {"duration_s", 4},
      {"topology", {{"bottleneck", {{"rate_mbps", 2}, {"delay_ms", 24}, {"queue_packets", 1000}}}}},
      {"flows",
       {{{"protocol", "custom"},
         {"custom", {{"program", TemplateProgram("reno")}, {"trace_round", trace_round}}},
         {"tcp", {{"initial_window_segments", 2}, {"max_window_segments", 40}, {"delayed_ack", false}}},
         {"channel", {{"forward", {{"model", "scripted"}, {"drop_packets", {50}}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"size_bytes", 200000}, {"token_bucket", {{"enabled", false}}}}}}}}};
}

nlohmann::json TraceOf(const testing::RunResult& r) {
  const auto doc = nlohmann::json::parse(r.json);
  return doc["flows"][0].value("program_trace", nlohmann::json());
}

double Read(const nlohmann::json& call, const std::string& name) {
  for (const auto& r : call["reads"]) {
    if (r["name"] == name) return r["value"].get<double>();
  }
  ADD_FAILURE() << "no read of " << name << " in " << call.dump();
  return NAN;
}

const nlohmann::json* Write(const nlohmann::json& call, const std::string& name) {
  for (const auto& w : call["writes"]) {
    if (w["name"] == name) return &w;
  }
  return nullptr;
}

TEST(CustomTrace, OnAckReadsAndWritesTheWindowTheSeriesShows) {
  const testing::RunResult r = RunOk(ScriptedLoss(3));
  const nlohmann::json trace = TraceOf(r);
  ASSERT_TRUE(trace.is_object()) << r.json.substr(0, 300);
  EXPECT_EQ(trace["round"], 3);
  EXPECT_FALSE(trace["cut"].get<bool>());
  ASSERT_GE(trace["calls"].size(), 3u);
  const testing::Series& cwnd = r.series.at("cwnd");
  double previous = -1;
  for (const auto& call : trace["calls"]) {
    SCOPED_TRACE(call.dump());
    EXPECT_EQ(call["handler"], "on_ack");  // Reno's template has no on_round
    const double t = call["t_s"].get<double>();
    EXPECT_GE(t, previous);
    previous = t;
    EXPECT_EQ(Read(call, "mss"), 1000);
    const double before = Read(call, "cwnd");
    const nlohmann::json* w = Write(call, "cwnd");
    ASSERT_NE(w, nullptr);
    EXPECT_EQ((*w)["old"].get<double>(), before);
    EXPECT_FALSE((*w)["clamped"].get<bool>());
    // Slow start (no loss yet): one segment per ACK.
    EXPECT_EQ((*w)["new"].get<double>(), before + 1000);
    // The cwnd series (segments) at this ACK's time ends at the written window.
    double last = NAN;
    for (size_t i = 0; i < cwnd.t.size(); ++i) {
      if (cwnd.t[i] == t) last = cwnd.v[i];
    }
    EXPECT_EQ(last * 1000, (*w)["new"].get<double>());
  }
  // One call's written cwnd is the next one's read cwnd: nothing else moved it.
  for (size_t i = 1; i < trace["calls"].size(); ++i) {
    EXPECT_EQ(Read(trace["calls"][i], "cwnd"), (*Write(trace["calls"][i - 1], "cwnd"))["new"].get<double>());
  }
}

TEST(CustomTrace, OnLossAppearsInTheRoundOfTheLoss) {
  // The fast retransmit's time, from the run's own markers.
  const testing::RunResult plain = RunOk(ScriptedLoss(0));
  ASSERT_EQ(plain.summary["fast_retransmits"], 1);
  const testing::Series& fr = plain.series.at("fast_retransmit");
  ASSERT_EQ(fr.t.size(), 1u);
  int loss_rounds = 0;
  const int rounds = [&] { return TraceOf(RunOk(ScriptedLoss(1)))["rounds"].get<int>(); }();
  ASSERT_GT(rounds, 5);
  for (int round = 1; round <= rounds; ++round) {
    const nlohmann::json trace = TraceOf(RunOk(ScriptedLoss(round)));
    for (const auto& call : trace["calls"]) {
      if (call["handler"] != "on_loss") continue;
      ++loss_rounds;
      EXPECT_EQ(call["t_s"].get<double>(), fr.t[0]) << "round " << round;
      // Reno's on_loss: ssthresh = max(in_flight / 2, 2 * mss).
      const nlohmann::json* w = Write(call, "ssthresh");
      ASSERT_NE(w, nullptr);
      EXPECT_EQ((*w)["new"].get<double>(), std::max(std::floor(Read(call, "in_flight") / 2), 2000.0));
      EXPECT_EQ((*w)["old"].get<double>(), 9007199254740992.0);  // unset until the first loss
    }
  }
  EXPECT_EQ(loss_rounds, 1);
}

TEST(CustomTrace, NowInOnLossIsTheTimeOfTheLoss) {
  // `now` is the simulation's clock in every handler: in on_loss the duplicate ACK's
  // time, which is the fast retransmit's, not the last new ACK's before it.
  const testing::RunResult plain = RunOk(ScriptedLoss(0));
  const testing::Series& fr = plain.series.at("fast_retransmit");
  ASSERT_EQ(fr.t.size(), 1u);
  const int rounds = TraceOf(RunOk(ScriptedLoss(1)))["rounds"].get<int>();
  int seen = 0;
  for (int round = 1; round <= rounds; ++round) {
    nlohmann::json s = ScriptedLoss(round);
    std::string program = TemplateProgram("reno");
    const std::string on_loss = "on_loss    { ssthresh = max(in_flight / 2, 2 * mss) }";
    ASSERT_NE(program.find(on_loss), std::string::npos);
    program.replace(program.find(on_loss), on_loss.size(),
                    "on_loss { t = now; ssthresh = max(in_flight / 2, 2 * mss) }");
    s["flows"][0]["custom"]["program"] = "var t = 0\n" + program;
    const nlohmann::json trace = TraceOf(RunOk(s));
    for (const auto& call : trace["calls"]) {
      if (call["handler"] != "on_loss") continue;
      ++seen;
      EXPECT_EQ(Read(call, "now"), fr.t[0]);
    }
  }
  EXPECT_EQ(seen, 1);
}

TEST(CustomTrace, TracingDoesNotChangeTheRun) {
  // Rounds in slow start, around the default path's first losses and later.
  for (const char* name : {"reno", "aimd", "bbr_like", "cubic_like"}) {
    for (const int round : {1, 5, 12, 40, 150}) {
      SCOPED_TRACE(std::string(name) + " round " + std::to_string(round));
      nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
      s["flows"][0]["protocol"] = "custom";
      s["flows"][0]["custom"]["program"] = TemplateProgram(name);
      const RunOutput a = plab::Run(s.dump());
      s["flows"][0]["custom"]["trace_round"] = round;
      const RunOutput b = plab::Run(s.dump());
      ASSERT_TRUE(a.ok && b.ok) << a.json.substr(0, 300) << b.json.substr(0, 300);
      nlohmann::json da = nlohmann::json::parse(a.json), db = nlohmann::json::parse(b.json);
      ASSERT_TRUE(db["flows"][0].contains("program_trace"));
      EXPECT_FALSE(da["flows"][0].contains("program_trace"));
      EXPECT_GT(db["flows"][0]["program_trace"]["calls"].size(), 0u);
      db["flows"][0].erase("program_trace");
      da.erase("scenario");
      db.erase("scenario");
      EXPECT_EQ(da.dump(), db.dump());
      EXPECT_TRUE(a.columns == b.columns) << "the series differ";
    }
  }
}

TEST(CustomTrace, ClampedWritesAreMarked) {
  nlohmann::json s = ScriptedLoss(2);
  s["flows"][0]["custom"]["program"] = "on_ack { cwnd = 0 - 5; pacing_rate = 1e20; ssthresh = 2500.5 }";
  const nlohmann::json trace = TraceOf(RunOk(s));
  ASSERT_FALSE(trace["calls"].empty());
  const nlohmann::json& call = trace["calls"][0];
  EXPECT_TRUE(call["reads"].empty());
  const nlohmann::json* cwnd = Write(call, "cwnd");
  ASSERT_NE(cwnd, nullptr);
  EXPECT_TRUE((*cwnd)["clamped"].get<bool>());
  EXPECT_EQ((*cwnd)["wanted"], -5);
  EXPECT_EQ((*cwnd)["new"], 1000);
  EXPECT_TRUE((*Write(call, "pacing_rate"))["clamped"].get<bool>());
  EXPECT_EQ((*Write(call, "pacing_rate"))["new"], 1e15);
  // Rounding down to whole bytes is not a clamp.
  EXPECT_FALSE((*Write(call, "ssthresh"))["clamped"].get<bool>());
  EXPECT_EQ((*Write(call, "ssthresh"))["new"], 2500);
}

TEST(CustomTrace, VariablesAndTheirOldValuesAreTraced) {
  nlohmann::json s = ScriptedLoss(4);
  s["flows"][0]["custom"]["program"] = "var n = 0\non_ack { n = n + 1; n = n + 1 }\non_round { n = round * 100 }";
  const nlohmann::json trace = TraceOf(RunOk(s));
  ASSERT_GE(trace["calls"].size(), 2u);
  const nlohmann::json& first = trace["calls"][0];
  EXPECT_EQ(first["handler"], "on_round");
  EXPECT_EQ(Read(first, "round"), 4);
  EXPECT_EQ((*Write(first, "n"))["new"], 400);
  const nlohmann::json& second = trace["calls"][1];
  EXPECT_EQ(second["handler"], "on_ack");
  EXPECT_EQ(Read(second, "n"), 400);  // the first read, not the one after the write
  EXPECT_EQ((*Write(second, "n"))["old"], 400);
  EXPECT_EQ((*Write(second, "n"))["new"], 402);
}

TEST(CustomTrace, TheBoundsCutATrace) {
  // A call reading more slots than a call's entries hold.
  std::string vars, sum = "0";
  for (int i = 0; i < 30; ++i) {
    vars += "var v" + std::to_string(i) + " = " + std::to_string(i) + "\n";
    sum += " + v" + std::to_string(i);
  }
  nlohmann::json s = ScriptedLoss(2);
  s["flows"][0]["custom"]["program"] = vars + "var total = 0\non_ack { total = " + sum + "\n" + "  cwnd = cwnd + mss }";
  const nlohmann::json one = TraceOf(RunOk(s));
  ASSERT_FALSE(one["calls"].empty());
  EXPECT_EQ(one["calls"][0]["reads"].size(), 24u);
  EXPECT_TRUE(one["calls"][0]["reads_cut"].get<bool>());
  EXPECT_NE(Write(one["calls"][0], "cwnd"), nullptr);

  // A round of more than 2000 ACKs: slow start on a long fat path without loss, where
  // round k delivers 2^k segments, one ACK each (round 11: 2048).
  nlohmann::json big = {
      {"duration_s", 1.4},
      {"topology",
       {{"access", {{"rate_mbps", 1000}, {"queue_packets", 20000}}},
        {"bottleneck", {{"rate_mbps", 500}, {"delay_ms", 50}, {"queue_packets", 20000}}}}},
      {"flows",
       {{{"protocol", "custom"},
         {"custom", {{"program", TemplateProgram("reno")}, {"trace_round", 11}}},
         {"channel", {{"forward", {{"model", "none"}}}}},
         {"tcp", {{"initial_window_segments", 2}, {"max_window_segments", 10000}, {"delayed_ack", false}}},
         {"app", {{"size_bytes", 0}, {"token_bucket", {{"enabled", false}}}}}}}}};
  const nlohmann::json cut = TraceOf(RunOk(big));
  ASSERT_TRUE(cut.is_object());
  EXPECT_TRUE(cut["cut"].get<bool>()) << cut["calls_in_round"];
  EXPECT_EQ(cut["calls"].size(), 2000u);
  EXPECT_EQ(cut["calls_in_round"], 2048);
  EXPECT_EQ(cut["message"].get<std::string>().rfind("trace cut at 2000 calls", 0), 0u) << cut["message"];
}

TEST(CustomTrace, ARoundNotReachedIsSaid) {
  const nlohmann::json trace = TraceOf(RunOk(ScriptedLoss(100000)));
  EXPECT_TRUE(trace["calls"].empty());
  EXPECT_NE(trace["message"].get<std::string>().find("round 100000 was not reached: the run had "), std::string::npos);
}

TEST(CustomTrace, TheRoundIsRangeChecked) {
  for (const double bad : {-1.0, 1e8, 2.5}) {
    nlohmann::json s = ScriptedLoss(0);
    s["flows"][0]["custom"]["trace_round"] = bad;
    const std::string m = testing::FirstError(s.dump());
    EXPECT_NE(m.find("flows[0].custom.trace_round"), std::string::npos) << m;
  }
  const nlohmann::json schema = nlohmann::json::parse(SchemaJson());
  const nlohmann::json& t = schema["languages"]["custom"]["trace"];
  EXPECT_EQ(t["param"], "custom.trace_round");
  EXPECT_EQ(t["result"], "program_trace");
  EXPECT_EQ(t["max_calls"], 2000);
}

TEST(CustomTrace, OtherProtocolsReportNoTrace) {
  nlohmann::json s = ScriptedLoss(3);
  s["flows"][0]["protocol"] = "reno";
  const auto doc = nlohmann::json::parse(RunOk(s).json);
  EXPECT_FALSE(doc["flows"][0].contains("program_trace"));
}

}  // namespace
}  // namespace plab
