// The `custom` congestion control (docs/custom-cc.md): the Reno template gives the
// built-in Reno's run bit for bit, every template runs, a program's run-time errors
// name the handler, the line and the values, writes are clamped, and hostile programs
// get a clear error.
#include <algorithm>
#include <string>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "template_program.h"
#include "test_util.h"
#include "transport/tcp/cc/custom/language.h"
#include "transport/tcp/cc/custom/machine.h"
#include "transport/tcp/cc/custom/program.h"

namespace plab {
namespace {

using testing::TemplateProgram;

using testing::RunOk;

nlohmann::json Default() { return nlohmann::json::parse(DefaultScenarioJson()); }

nlohmann::json WithProgram(nlohmann::json s, const std::string& program, const std::string& recovery = "default") {
  s["flows"][0]["protocol"] = "custom";
  s["flows"][0]["recovery"] = recovery;
  s["flows"][0]["custom"]["program"] = program;
  return s;
}

// The run's document with the protocol's own names made equal, and its columns.
void ExpectSameRun(const nlohmann::json& builtin, const nlohmann::json& custom, const std::string& name,
                   const std::string& label) {
  const RunOutput a = plab::Run(builtin.dump());
  const RunOutput b = plab::Run(custom.dump());
  ASSERT_TRUE(a.ok) << a.json;
  ASSERT_TRUE(b.ok) << b.json;
  nlohmann::json da = nlohmann::json::parse(a.json), db = nlohmann::json::parse(b.json);
  // The scenario echo differs (protocol, recovery, program); everything measured must not.
  da.erase("scenario");
  db.erase("scenario");
  std::string ta = da.dump(), tb = db.dump();
  for (const auto& [from, to] :
       {std::pair<std::string, std::string>{"\"custom\"", "\"" + name + "\""}, {"\"Custom\"", "\"" + label + "\""}}) {
    for (size_t at = tb.find(from); at != std::string::npos; at = tb.find(from, at + to.size())) {
      tb.replace(at, from.size(), to);
    }
  }
  EXPECT_EQ(ta, tb);
  EXPECT_EQ(a.columns.size(), b.columns.size());
  EXPECT_TRUE(a.columns == b.columns) << "the series differ";
}

TEST(CustomCc, RenoTemplateIsBuiltInRenoBitForBit) {
  nlohmann::json reno = Default();
  reno["flows"][0]["protocol"] = "reno";
  ExpectSameRun(reno, WithProgram(Default(), TemplateProgram("reno")), "reno", "Reno");
}

TEST(CustomCc, RenoTemplateWithNewRenoRecoveryIsBuiltInNewReno) {
  nlohmann::json newreno = Default();
  newreno["flows"][0]["protocol"] = "newreno";
  ExpectSameRun(newreno, WithProgram(Default(), TemplateProgram("reno"), "newreno"), "newreno", "NewReno");
}

TEST(CustomCc, TheDefaultProgramIsTheRenoTemplate) {
  EXPECT_EQ(cclang::DefaultProgram(), TemplateProgram("reno"));
  const nlohmann::json schema = nlohmann::json::parse(SchemaJson());
  bool found = false;
  for (const auto& p : schema["params"]) {
    if (p["path"] == "flows[].custom.program") {
      found = true;
      EXPECT_EQ(p["type"], "text");
      EXPECT_EQ(p["max_length"], 65536);
      EXPECT_EQ(p["default"], TemplateProgram("reno"));
    }
  }
  EXPECT_TRUE(found);
}

TEST(CustomCc, EveryTemplateRunsOnTheDefaultScenarioAndADumbbell) {
  for (const auto& t : cclang::Templates()) {
    SCOPED_TRACE(t.name);
    const testing::RunResult one = RunOk(WithProgram(Default(), t.program));
    EXPECT_GT(one.summary["goodput_mbps"].get<double>(), 0.1) << one.json.substr(0, 400);
    nlohmann::json dumbbell = WithProgram(Default(), t.program);
    dumbbell["topology"]["kind"] = "dumbbell";
    dumbbell["flows"][1] = dumbbell["flows"][0];
    dumbbell["flows"][1]["protocol"] = "cubic";
    dumbbell["duration_s"] = 20;
    RunOk(dumbbell);
  }
}

std::string FirstErrorOf(const nlohmann::json& s) {
  const RunOutput out = plab::Run(s.dump());
  EXPECT_FALSE(out.ok);
  const auto doc = nlohmann::json::parse(out.json);
  if (doc["errors"].empty()) return "";
  EXPECT_EQ(doc["errors"][0]["path"], "flows[0].custom.program") << out.json;
  return doc["errors"][0]["message"].get<std::string>();
}

TEST(CustomCc, DivisionByZeroNamesHandlerLineAndValues) {
  const std::string m = FirstErrorOf(WithProgram(Default(), "var z = 0\non_ack {\n  cwnd = cwnd + mss / z\n}\n"));
  EXPECT_NE(m.find("on_ack, line 3: division by zero: 1000 / 0"), std::string::npos) << m;
  EXPECT_NE(m.find("cwnd = "), std::string::npos) << m;
  EXPECT_NE(m.find("mss = 1000"), std::string::npos) << m;
  EXPECT_NE(m.find("z = 0"), std::string::npos) << m;
}

TEST(CustomCc, NotANumberOrInfinityStopsTheRun) {
  EXPECT_NE(FirstErrorOf(WithProgram(Default(), "on_round { cwnd = sqrt(0 - mss) }"))
                .find("on_round, line 1: sqrt(-1000) is NaN"),
            std::string::npos);
  EXPECT_NE(FirstErrorOf(WithProgram(Default(), "on_ack { ssthresh = 1e308 * cwnd }")).find("is Infinity"),
            std::string::npos);
  EXPECT_NE(FirstErrorOf(WithProgram(Default(), "init { cwnd = log(0) }")).find("init, line 1: log(0) is -Infinity"),
            std::string::npos);
}

TEST(CustomCc, TheOperationLimitStopsALongCall) {
  std::string sum = "1";
  for (int i = 0; i < 6000; ++i) sum += "+1";
  const std::string m = FirstErrorOf(WithProgram(Default(), "var x = 0\non_ack { x = " + sum + " }"));
  EXPECT_NE(m.find("on_ack, line 2: more than 10000 operations in one call"), std::string::npos) << m;
  // 4000 terms (8000 operations) are allowed.
  std::string shorter = "1";
  for (int i = 0; i < 3999; ++i) shorter += "+1";
  RunOk(WithProgram(Default(), "var x = 0\non_round { x = " + shorter + " }\n" + TemplateProgram("reno")));
}

TEST(CustomCc, WritesAreClamped) {
  // cwnd = 0 is kept at one segment, ssthresh = 0 at two; a huge cwnd at the receiver window.
  nlohmann::json s = WithProgram(Default(), "on_ack { cwnd = 0; ssthresh = 0 }");
  const testing::RunResult small = RunOk(s);
  // (The series are in segments.)
  for (const double v : small.series.at("cwnd").v) ASSERT_GE(v, 1);
  for (const double v : small.series.at("ssthresh").v) ASSERT_GE(v, 2);
  s = WithProgram(Default(), "on_round { cwnd = 1e300; pacing_rate = -5 }");
  s["flows"][0]["tcp"]["max_window_segments"] = 50;
  // No loss: Reno's fast recovery would inflate the window past it (ssthresh + 3 + one
  // per duplicate ACK), the recovery's rule as for every control.
  s["flows"][0]["channel"]["forward"]["model"] = "none";
  s["topology"]["bottleneck"]["queue_packets"] = 1000;
  const testing::RunResult big = RunOk(s);
  double largest = 0;
  for (const double v : big.series.at("cwnd").v) largest = std::max(largest, v);
  EXPECT_EQ(largest, 50);
  // Directly: the machine floors and clamps as it stores.
  cclang::Machine m(cclang::Compile("init { cwnd = 2500.7; ssthresh = 3; pacing_rate = -1 }").program);
  m.SetBounds(1000, 1e6, 2000);
  std::string error;
  ASSERT_TRUE(m.Run(cclang::Handler::kInit, &error)) << error;
  EXPECT_EQ(m.slot(cclang::kCwnd), 2500);
  EXPECT_EQ(m.slot(cclang::kSsthresh), 2000);
  EXPECT_EQ(m.slot(cclang::kPacingRate), 0);
}

// Init first, then ACKs and rounds, the loss after the scripted drop: the program
// counts its calls and stops the run in on_loss with the counts in the message.
TEST(CustomCc, HandlersAreCalledInOrderOnAScriptedDrop) {
  nlohmann::json s = {
      {"duration_s", 30},
      {"topology", {{"bottleneck", {{"rate_mbps", 10}, {"delay_ms", 24}, {"queue_packets", 1000}}}}},
      {"flows",
       {{{"protocol", "custom"},
         {"tcp", {{"initial_window_segments", 2}, {"max_window_segments", 20}}},
         {"channel", {{"forward", {{"model", "scripted"}, {"drop_packets", {50}}}}, {"reverse", {{"model", "none"}}}}},
         {"app", {{"size_bytes", 100000}, {"token_bucket", {{"enabled", false}}}}}}}}};
  s["flows"][0]["custom"]["program"] = R"(var inits = 0
var acks = 0
var rounds = 0
var zero = 0
init { inits = inits + 1 }
on_ack {
  if inits != 1 or rounds > acks { zero = 1 / zero }
  acks = acks + 1
  if cwnd < ssthresh { cwnd = cwnd + min(acked, mss) } else { cwnd = cwnd + max(1, mss * mss / cwnd) }
}
on_round { rounds = rounds + 1 }
on_loss { zero = acks / (zero * rounds) }
)";
  const std::string m = FirstErrorOf(s);
  // Segment 50 is lost. Each of the 50 segments before it was acknowledged once (the
  // receiver acknowledges each segment; the last ACK before the drop acknowledges
  // segments 48-49 together) before on_loss: 49 calls of on_ack, in 6 rounds of slow
  // start from 2 segments; the three duplicate ACKs that trigger the fast retransmit
  // acknowledge nothing new and call no on_ack.
  EXPECT_NE(m.find("on_loss, line 12: division by zero: 49 / 0 (acks = 49, zero = 0, rounds = "), std::string::npos)
      << m;
}

TEST(CustomCc, HostileProgramsGetAClearError) {
  auto first = [](const std::string& text) {
    const nlohmann::json doc = nlohmann::json::parse(CheckProgramJson(text));
    EXPECT_FALSE(doc["ok"].get<bool>()) << text.substr(0, 80);
    return doc["errors"].empty() ? std::string() : doc["errors"][0]["message"].get<std::string>();
  };
  std::string deep = "on_ack { cwnd = ";
  for (int i = 0; i < 40; ++i) deep += "(";
  deep += "1";
  for (int i = 0; i < 40; ++i) deep += ")";
  EXPECT_NE(first(deep + " }").find("nested more than 32 levels"), std::string::npos);
  std::string blocks = "on_ack {";
  for (int i = 0; i < 40; ++i) blocks += " if 1 {";
  for (int i = 0; i < 41; ++i) blocks += " }";
  EXPECT_NE(first(blocks).find("nested more than 32 levels"), std::string::npos);
  EXPECT_NE(first(std::string(1 << 20, '#')).find("at most 65536"), std::string::npos);
  EXPECT_NE(first("on_ack { cwnd = 1e400 }").find("number too large"), std::string::npos);
  EXPECT_NE(first("on_ack { cwnd = rtt_ms }").find("unknown name 'rtt_ms'"), std::string::npos);
  EXPECT_NE(first("on_ack { srtt = 1 }").find("srtt is read-only"), std::string::npos);
  EXPECT_NE(first("on_ack { cwnd = foo(1) }").find("unknown function 'foo'"), std::string::npos);
  EXPECT_NE(first("on_every_ack { }").find("unknown handler 'on_every_ack'"), std::string::npos);
  const nlohmann::json doc = nlohmann::json::parse(CheckProgramJson("on_ack {\n  cwnd = cwnd +\n}\n"));
  EXPECT_EQ(doc["errors"][0]["line"], 3);
  EXPECT_EQ(doc["errors"][0]["col"], 1);
  // 1e308 is a number; what overflows is stopped when it runs.
  EXPECT_TRUE(nlohmann::json::parse(CheckProgramJson("on_ack { ssthresh = 1e308 }"))["ok"].get<bool>());
  // A bad program in a scenario: a validation error naming the parameter and the line.
  const RunOutput out = plab::Run(WithProgram(Default(), "on_ack { cwnd = nope }").dump());
  ASSERT_FALSE(out.ok);
  const auto errors = nlohmann::json::parse(out.json)["errors"];
  EXPECT_EQ(errors[0]["path"], "flows[0].custom.program");
  EXPECT_NE(errors[0]["message"].get<std::string>().find("line 1, column 17: unknown name 'nope'"), std::string::npos);
  // Over 64 KiB in a scenario: the parameter's own limit.
  const RunOutput big = plab::Run(WithProgram(Default(), std::string(70000, '#')).dump());
  EXPECT_NE(big.json.find("at most 65536 bytes"), std::string::npos) << big.json.substr(0, 300);
}

}  // namespace
}  // namespace plab
