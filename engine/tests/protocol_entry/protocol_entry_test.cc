// A protocol declared only in the tests (echo_protocol.cc) and added by one
// registration line runs through the normal scenario path: its parameter is in the
// schema and validated, its series and summary figures are declared and reported.
#include <algorithm>
#include <stdexcept>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "../test_util.h"
#include "echo_protocol.h"
#include "plab/api.h"
#include "transport/registry.h"

namespace plab::testing {
namespace {

nlohmann::json Scenario(const std::string& protocol, double gain) {
  return {
      {"seed", 3},
      {"duration_s", 5},
      {"flows",
       {{{"protocol", protocol}, {"test_echo", {{"gain", gain}}}, {"app", {{"token_bucket", {{"enabled", false}}}}}}}}};
}

// Where a declaration sits in one of the schema's lists, -1 if absent.
int IndexOf(const nlohmann::json& list, const std::string& name) {
  for (size_t i = 0; i < list.size(); ++i) {
    if (list[i].value("name", "") == name || list[i].value("path", "") == name) return static_cast<int>(i);
  }
  return -1;
}

TEST(ProtocolEntry, TheTestProtocolIsListedWithItsParameterSeriesAndFiguresInTheSchema) {
  const auto schema = nlohmann::json::parse(SchemaJson());
  const auto& protocols = schema["protocols"];
  ASSERT_EQ(protocols.back()["name"], "test_echo");  // after the built-in ones
  EXPECT_EQ(protocols.back()["family"], "tcp");
  const auto& own = protocols.back()["series"];
  EXPECT_NE(std::find(own.begin(), own.end(), "echo_level"), own.end());

  const int gain = IndexOf(schema["params"], "flows[].test_echo.gain");
  ASSERT_GE(gain, 0);
  const auto& decl = schema["params"][gain];
  EXPECT_EQ(decl["default"], 1.5);
  EXPECT_EQ(decl["max"], 10);
  EXPECT_EQ(decl["when"]["path"], "flows[].protocol");
  EXPECT_EQ(decl["when"]["equals"], nlohmann::json::array({"test_echo"}));
  EXPECT_GE(IndexOf(schema["params"], "background[].test_echo.gain"), 0);

  // A protocol's own fields go after the shared per-flow ones, before the link's and
  // the run's, in the order the page lists them.
  const auto& series = schema["series"];
  const int level = IndexOf(series, "echo_level");
  ASSERT_GE(level, 0);
  EXPECT_EQ(series[level]["scope"], "flow");
  EXPECT_EQ(series[level - 1]["name"], "sub_queue");  // the last shared per-flow series
  EXPECT_EQ(series[level + 1]["name"], "queue");
  const auto& summary = schema["summary"];
  const int figure = IndexOf(summary, "echo_goodput_mbps");
  ASSERT_GE(figure, 0);
  EXPECT_EQ(summary[figure - 1]["name"], "link_drops");
  EXPECT_EQ(summary[figure + 1]["name"], "echo_acks");
  EXPECT_EQ(summary[figure + 2]["name"], "max_queue_packets");
  // RRTP's own figures stay where its entry places them, after the rate figures.
  EXPECT_EQ(summary[IndexOf(summary, "lda_losses") - 1]["name"], "mean_equation_rate_mbps");
}

TEST(ProtocolEntry, TheTestProtocolRunsAndReportsItsSeriesAndFigures) {
  const RunResult echo = RunOk(Scenario("test_echo", 3));
  ASSERT_TRUE(echo.summary.contains("echo_goodput_mbps")) << echo.json;
  EXPECT_EQ(echo.summary["protocol"], "test_echo");
  const double goodput = echo.summary["goodput_mbps"].get<double>();
  EXPECT_GT(goodput, 1);
  EXPECT_DOUBLE_EQ(echo.summary["echo_goodput_mbps"].get<double>(), 3 * goodput);
  EXPECT_EQ(echo.summary["echo_acks"], echo.summary["acks_sent"]);
  ASSERT_TRUE(echo.series.count("echo_level"));
  EXPECT_EQ(echo.series.at("echo_level").v, std::vector<double>({3, 3}));
  EXPECT_EQ(echo.series.at("echo_level").t, std::vector<double>({0, 5}));
  // Its TCP parts report as every TCP protocol's do.
  EXPECT_TRUE(echo.series.count("cwnd"));

  // Underneath it is NewReno: the same run, bit for bit, but for its own figures, which
  // a NewReno flow reports as null (declared, not its own).
  const RunResult newreno = RunOk(Scenario("newreno", 3));
  EXPECT_EQ(newreno.summary["goodput_mbps"], echo.summary["goodput_mbps"]);
  EXPECT_TRUE(newreno.summary.contains("echo_goodput_mbps"));
  EXPECT_TRUE(newreno.summary["echo_goodput_mbps"].is_null());
  EXPECT_FALSE(newreno.series.count("echo_level"));
}

// Its live parameter reaches what its sender factory made through the entry's setter.
TEST(ProtocolEntry, TheTestProtocolsLiveParameterChangesDuringTheRun) {
  RunOptions options;
  options.timeline_json = R"([{"t_s": 2, "path": "flows[0].test_echo.gain", "value": 7}])";
  const RunResult r = RunOk(Scenario("test_echo", 3), options);
  ASSERT_TRUE(r.series.count("echo_level")) << r.json;
  EXPECT_EQ(r.series.at("echo_level").t, std::vector<double>({0, 2, 5}));
  EXPECT_EQ(r.series.at("echo_level").v, std::vector<double>({3, 7, 7}));
  EXPECT_DOUBLE_EQ(r.summary["echo_goodput_mbps"].get<double>(), 7 * r.summary["goodput_mbps"].get<double>());
  // A protocol without live parameters refuses the path as not applying to its run.
  options.timeline_json = R"([{"t_s": 2, "path": "flows[0].test_echo.gain", "value": 7}])";
  const RunOutput newreno = plab::Run(Scenario("newreno", 3).dump(), options);
  EXPECT_FALSE(newreno.ok);
  EXPECT_NE(newreno.json.find("does not apply to this run"), std::string::npos) << newreno.json;
}

TEST(ProtocolEntry, TheTestProtocolsParameterIsValidatedWithItsRange) {
  nlohmann::json s = Scenario("test_echo", 11);
  EXPECT_EQ(FirstError(s.dump()), "flows[0].test_echo.gain must be within [0, 10], got 11");
}

TEST(ProtocolEntry, ARegistrationAfterTheRegistryWasReadIsRefused) {
  ASSERT_FALSE(Protocols().empty());
  EXPECT_THROW(ProtocolRegistration([] { return ProtocolEntry{}; }), std::logic_error);
}

}  // namespace
}  // namespace plab::testing
