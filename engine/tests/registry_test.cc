// The registry is the one place that knows protocol names: the schema's options come
// from it, every entry can be built and run, and no other engine source spells a name.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include <gtest/gtest.h>

#include "net/queue/queue_entry.h"
#include "plab/api.h"
#include "scenario/params.h"
#include "test_util.h"
#include "transport/registry.h"

namespace plab {
namespace {

TEST(Registry, TheSchemaOffersExactlyTheRegisteredProtocolsRecoveriesAndControls) {
  std::vector<std::string> protocols, recoveries = {"default"};
  for (const ProtocolEntry& e : Protocols()) protocols.push_back(e.name);
  for (const LossRecoveryEntry& e : LossRecoveries()) recoveries.push_back(e.name);
  EXPECT_EQ(FindParam("flows[].protocol")->options, protocols);
  EXPECT_EQ(FindParam("background[].protocol")->options, protocols);
  EXPECT_EQ(FindParam("flows[].recovery")->options, recoveries);
  const auto schema = nlohmann::json::parse(SchemaJson());
  ASSERT_EQ(schema["protocols"].size(), Protocols().size());
  for (size_t i = 0; i < Protocols().size(); ++i) {
    EXPECT_EQ(schema["protocols"][i]["name"], Protocols()[i].name);
    EXPECT_EQ(schema["protocols"][i]["label"], Protocols()[i].label);
  }
  // Each protocol's composition names registered parts.
  for (const ProtocolEntry& e : Protocols()) {
    if (e.family == Family::kRate) continue;  // made of no TCP parts
    ASSERT_TRUE(e.tcp.has_value()) << e.name;
    EXPECT_NE(FindCongestionControl(e.tcp->congestion_control), nullptr) << e.name;
    EXPECT_NE(FindLossRecovery(e.tcp->loss_recovery), nullptr) << e.name;
  }
}

// The page draws what a protocol declares: ssthresh only where the window follows it
// (BBR keeps one for loss recovery alone and must not show a line it never reads).
// The page explains what the schema declares (issue 22, Done when: each protocol and
// queue "appears in the page with its parameters, explanations and sources"): every
// protocol, queue discipline and congestion control says what it does and where it
// comes from, and so does each of their own tunables.
TEST(Registry, EveryProtocolQueueAndControlAndTheirTunablesExplainThemselvesAndNameASource) {
  const auto schema = nlohmann::json::parse(SchemaJson());
  for (const auto& p : schema["protocols"]) {
    EXPECT_FALSE(p.value("help", "").empty()) << p["name"];
    EXPECT_FALSE(p.value("source", "").empty()) << p["name"];
  }
  const auto explained = [](const ParamDecl& d, const std::string& owner) {
    EXPECT_FALSE(d.help.empty()) << owner << ": " << d.path;
    EXPECT_FALSE(d.source.empty()) << owner << ": " << d.path;
  };
  for (const QueueEntry& q : QueueEntries()) {
    EXPECT_FALSE(q.help.empty()) << q.name;
    // Each AQM (every one marks); drop-tail, a plain FIFO, cites nothing.
    if (q.can_mark) EXPECT_FALSE(q.source.empty()) << q.name;
    for (const ParamDecl& d : q.params) explained(d, q.name);
  }
  for (const CongestionControlEntry& c : CongestionControls()) {
    EXPECT_FALSE(c.help.empty()) << c.name;
    for (const ParamDecl& d : c.params) explained(d, c.name);
  }
  // And the schema carries each tunable's source to the page, under the link's name.
  for (const auto& p : schema["params"]) {
    const std::string path = p["path"];
    if (path.rfind("topology.bottleneck.dualpi2.", 0) == 0 || path.rfind("topology.bottleneck.fq_codel.", 0) == 0 ||
        path.rfind("topology.bottleneck.pie.", 0) == 0 || path.rfind("flows[].prague.", 0) == 0)
      EXPECT_FALSE(p.value("source", "").empty()) << path;
  }
}

TEST(Registry, ProtocolsDeclareSsthreshOnlyWhereTheirControlUsesIt) {
  const auto schema = nlohmann::json::parse(SchemaJson());
  for (size_t i = 0; i < Protocols().size(); ++i) {
    const ProtocolEntry& e = Protocols()[i];
    if (!e.tcp.has_value()) continue;
    const auto& declared = schema["protocols"][i]["series"];
    const bool has = std::find(declared.begin(), declared.end(), "ssthresh") != declared.end();
    EXPECT_EQ(has, FindCongestionControl(e.tcp->congestion_control)->uses_ssthresh) << e.name;
    EXPECT_NE(std::find(declared.begin(), declared.end(), "cwnd"), declared.end()) << e.name;
  }
  const auto declares = [](const std::string& name) {
    const auto& s = FindProtocol(name)->series;
    return std::find(s.begin(), s.end(), "ssthresh") != s.end();
  };
  EXPECT_FALSE(declares("bbr"));
  EXPECT_TRUE(declares("newreno"));
  EXPECT_TRUE(declares("cubic"));
}

TEST(Registry, EveryProtocolRunsAsAFlowAndAsBackground) {
  for (const ProtocolEntry& e : Protocols()) {
    const nlohmann::json s = {{"duration_s", 5},
                              {"topology", {{"kind", "dumbbell"}}},
                              {"flows", {{{"protocol", e.name}, {"app", {{"token_bucket", {{"enabled", false}}}}}}}},
                              {"background", {{{"kind", "http"}, {"count", 3}, {"protocol", e.name}}}}};
    const auto r = plab::testing::RunOk(s);
    EXPECT_EQ(r.summary["protocol"], e.name);
    // Moves data in 5 s (Ng & Chan's protocols have no slow start: they add a packet
    // per RTT from one per second).
    EXPECT_GT(r.summary["goodput_mbps"].get<double>(), 0.5) << e.name;
  }
}

// No engine source but the entries' own files (*_entry.cc, *_entries.cc: where each
// protocol, control and recovery is declared) spells a protocol, control or recovery
// name as a string: anything that needs one asks the registry.
TEST(Registry, NoOtherEngineSourceSpellsAProtocolName) {
  std::vector<std::string> names;
  for (const ProtocolEntry& e : Protocols()) names.push_back(e.name);
  for (const CongestionControlEntry& e : CongestionControls()) names.push_back(e.name);
  for (const LossRecoveryEntry& e : LossRecoveries()) names.push_back(e.name);
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(PLAB_SOURCE_DIR)) {
    const auto& path = entry.path();
    if (!entry.is_regular_file() || (path.extension() != ".cc" && path.extension() != ".h")) continue;
    const std::string file = path.filename().string();
    const auto ends_with = [&](const std::string& tail) {
      return file.size() >= tail.size() && file.compare(file.size() - tail.size(), tail.size(), tail) == 0;
    };
    if (ends_with("_entry.cc") || ends_with("_entries.cc")) continue;
    ++files;
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    for (const std::string& name : names) {
      EXPECT_EQ(text.str().find("\"" + name + "\""), std::string::npos) << path << " spells \"" << name << "\"";
    }
  }
  EXPECT_GT(files, 50);
}

}  // namespace
}  // namespace plab
