// The program fuzzer's findings (engine/fuzz/program_fuzzer.cc), each kept as a
// regression test of the `custom` congestion control (docs/custom-cc.md).
#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "plab/api.h"
#include "test_util.h"

namespace plab {
namespace {

std::string FirstCheckError(const std::string& text) {
  const nlohmann::json doc = nlohmann::json::parse(CheckProgramJson(text));
  EXPECT_FALSE(doc["ok"].get<bool>());
  return doc["errors"].empty() ? std::string() : doc["errors"][0]["message"].get<std::string>();
}

// Finding 1: a number running into a name, or into an exponent without digits, was
// quoted whole in the message: 60 KiB of digits gave a 60 KiB message. It is cut.
TEST(CustomCcFuzz, ALongNumberIsQuotedCutShort) {
  const std::string digits(2000, '1');
  std::string m = FirstCheckError("on_ack { cwnd = " + digits + "x }");
  EXPECT_NE(m.find("a number cannot run into a name: '" + std::string(40, '1') + "...'"), std::string::npos) << m;
  EXPECT_LT(m.size(), 200u);
  m = FirstCheckError("on_ack { cwnd = " + digits + "e+ }");
  EXPECT_NE(m.find("expected the digits of an exponent after '" + std::string(40, '1') + "...'"), std::string::npos)
      << m;
  EXPECT_LT(m.size(), 200u);
  // Short ones are quoted as they are.
  EXPECT_NE(FirstCheckError("on_ack { cwnd = 12x }").find("a number cannot run into a name: '12x'"), std::string::npos);
  EXPECT_NE(FirstCheckError("on_ack { cwnd = 1e }").find("after '1e'"), std::string::npos);
}

// Finding 2: an on_loss that left ssthresh unset (or set it above the receiver window)
// gave the loss recovery an ssthresh of 2^64 - 1: cwnd = ssthresh + 3 segments wrapped
// around, the window left its clamp, and reading it back into the program overflowed
// a float-to-integer cast (UBSan). After on_loss and on_timeout, ssthresh is at most
// the receiver window.
TEST(CustomCcFuzz, AnSsthreshLeftUnsetAfterALossIsTheReceiverWindow) {
  // The default scenario (1 % loss), 2 s of it.
  nlohmann::json s = nlohmann::json::parse(DefaultScenarioJson());
  s["duration_s"] = 2;
  // The protocol that runs a program: the one its parameter's `when` names.
  const nlohmann::json schema = nlohmann::json::parse(SchemaJson());
  for (const auto& p : schema["params"]) {
    if (p["path"] == "flows[].custom.program") s["flows"][0]["protocol"] = p["when"]["equals"][0];
  }
  const double window = s["flows"][0]["tcp"]["max_window_segments"].get<double>();
  for (const std::string on_loss : {"pacing_rate = 0", "ssthresh = 1e300", "ssthresh = 1e15"}) {
    SCOPED_TRACE(on_loss);
    s["flows"][0]["custom"]["program"] =
        "on_loss { " + on_loss + " }\non_timeout { " + on_loss + " }\non_ack { cwnd = cwnd + mss }\n";
    const testing::RunResult r = testing::RunOk(s);
    ASSERT_TRUE(r.series.count("cwnd")) << r.json.substr(0, 300);
    double largest = 0, smallest = 1e300;
    for (const double v : r.series.at("cwnd").v) {
      largest = std::max(largest, v);
      smallest = std::min(smallest, v);
    }
    // In segments: the window, + 3 and one per duplicate ACK in recovery.
    EXPECT_LE(largest, 2 * window + 3);
    EXPECT_GE(smallest, 1);
    EXPECT_GT(r.summary["retransmissions"].get<double>(), 0);
  }
}

// The fuzzer's dictionary has every word of the language (the schema's
// languages.custom), so a new field or function is fuzzed too.
TEST(CustomCcFuzz, TheDictionaryHasEveryWordOfTheLanguage) {
  std::ifstream in(std::string(PLAB_SOURCE_DIR) + "/../fuzz/program.dict");
  ASSERT_TRUE(in.good());
  std::stringstream text;
  text << in.rdbuf();
  const std::string dict = text.str();
  const nlohmann::json language = nlohmann::json::parse(SchemaJson())["languages"]["custom"];
  auto has = [&](const std::string& word) {
    return dict.find("=\"" + word + "\"") != std::string::npos ||
           dict.find("=\"" + word + "(\"") != std::string::npos || dict.find("=\"" + word + " \"") != std::string::npos;
  };
  for (const char* list : {"handlers", "fields", "functions"}) {
    for (const auto& item : language[list]) EXPECT_TRUE(has(item["name"])) << list << ": " << item["name"];
  }
  for (const auto& word : language["keywords"]) EXPECT_TRUE(has(word)) << word;
}

}  // namespace
}  // namespace plab
