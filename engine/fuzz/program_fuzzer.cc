// libFuzzer target: any bytes as the program of the `custom` congestion control
// (docs/custom-cc.md), through plab::CheckProgramJson and, when it checks, a short run
// with it as flows[0]'s program. Built with ASan + UBSan (float-cast-overflow) by
// scripts/build-sanitize.sh; scripts/test-fuzz.sh replays engine/fuzz/program_corpus/
// and fuzzes from it with the dictionary engine/fuzz/program.dict.
//
// The scenario is tiny (0.3 s, at most 100,000 events) so every input costs
// milliseconds; the input's size picks one of three paths (the default, a small
// receiver window with heavy loss, retransmission timeouts) so each handler runs.
//
// Besides the sanitizers, the target traps when the contract fails:
//   - the check is a JSON document {ok, errors}; ok has no errors, !ok at least one,
//     each with a line and columns inside the text and a message of at most 1 KiB;
//   - the run agrees with the check: a program that does not check is refused by
//     validation, one that checks runs or stops with a run-time error ("on_ack, line
//     3: ..."); every error names flows[0].custom.program and says so in a message of
//     at most 1 KiB;
//   - a run's series hold no NaN or infinity, and its cwnd stays within its clamp:
//     at least one segment, at most the receiver window plus what the loss recovery
//     adds (ssthresh + 3 segments, one per duplicate ACK: twice the window, + 3).
// The protocol's name and the parameter's path come from the schema (the param of
// type text whose `when` names the protocol), so nothing here spells a protocol.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "plab/api.h"

namespace {

constexpr std::size_t kMaxMessageBytes = 1024;
constexpr double kDurationS = 0.3;
constexpr double kMaxEvents = 100000;

void Require(bool condition) {
  if (!condition) __builtin_trap();
}

struct Setup {
  std::string protocol;               // the protocol that runs a program
  std::vector<std::string> key;       // the program's place in a flow: {"custom", "program"}
  std::string error_path;             // flows[0].custom.program
  std::vector<std::string> handlers;  // a run-time error starts "<handler>, line "
  std::vector<nlohmann::json> scenarios;
};

// Three small scenarios around the default one, flows[0] the program's protocol.
std::vector<nlohmann::json> Scenarios(const std::string& protocol) {
  nlohmann::json base = nlohmann::json::parse(plab::DefaultScenarioJson());
  base["duration_s"] = kDurationS;
  base["max_events"] = kMaxEvents;
  base["flows"][0]["protocol"] = protocol;
  // Loss in a small window on a short path: fast retransmits, recovery, on_loss.
  nlohmann::json lossy = base;
  nlohmann::json& flow = lossy["flows"][0];
  flow["app"]["token_bucket"]["enabled"] = false;
  flow["tcp"]["initial_window_segments"] = 10;
  flow["tcp"]["max_window_segments"] = 40;
  flow["tcp"]["initial_rto_ms"] = 100;
  flow["tcp"]["min_rto_ms"] = 100;
  flow["channel"]["forward"]["p"] = 0.03;
  lossy["topology"]["bottleneck"]["delay_ms"] = 2;
  lossy["topology"]["bottleneck"]["queue_packets"] = 8;
  // Retransmission timeouts: short timers, a third of the packets lost each way.
  nlohmann::json timeouts = lossy;
  timeouts["flows"][0]["tcp"]["initial_rto_ms"] = 20;
  timeouts["flows"][0]["tcp"]["min_rto_ms"] = 20;
  timeouts["flows"][0]["channel"]["forward"]["p"] = 0.3;
  timeouts["flows"][0]["channel"]["reverse"]["p"] = 0.3;
  return {base, lossy, timeouts};
}

Setup MakeSetup() {
  Setup s;
  const nlohmann::json schema = nlohmann::json::parse(plab::SchemaJson());
  const std::string prefix = "flows[].";
  for (const auto& p : schema["params"]) {
    const std::string path = p["path"];
    if (p["type"] != "text" || path.rfind(prefix, 0) != 0 || !p.contains("when")) continue;
    s.protocol = p["when"]["equals"][0];
    std::string rest = path.substr(prefix.size());
    for (std::size_t dot; (dot = rest.find('.')) != std::string::npos; rest = rest.substr(dot + 1)) {
      s.key.push_back(rest.substr(0, dot));
    }
    s.key.push_back(rest);
    s.error_path = "flows[0]." + path.substr(prefix.size());
    break;
  }
  Require(!s.protocol.empty());
  for (const auto& h : schema["languages"]["custom"]["handlers"]) s.handlers.push_back(h["name"]);
  s.scenarios = Scenarios(s.protocol);
  return s;
}

const Setup& TheSetup() {
  static const Setup setup = MakeSetup();
  return setup;
}

// The length of each line of `text` (lines end at '\n').
std::vector<std::size_t> LineLengths(std::string_view text) {
  std::vector<std::size_t> lines{0};
  for (const char c : text) {
    if (c == '\n') {
      lines.push_back(0);
    } else {
      ++lines.back();
    }
  }
  return lines;
}

// The check's document; true when the program checks.
bool CheckOk(std::string_view text) {
  const nlohmann::json doc = nlohmann::json::parse(plab::CheckProgramJson(text), nullptr, false);
  Require(doc.is_object() && doc["ok"].is_boolean() && doc["errors"].is_array());
  const bool ok = doc["ok"].get<bool>();
  Require(ok == doc["errors"].empty());
  if (ok) return true;
  const std::vector<std::size_t> lines = LineLengths(text);
  for (const auto& e : doc["errors"]) {
    Require(e["line"].is_number_integer() && e["col"].is_number_integer() && e["end_col"].is_number_integer());
    const long line = e["line"].get<long>(), col = e["col"].get<long>(), end_col = e["end_col"].get<long>();
    Require(line >= 1 && static_cast<std::size_t>(line) <= lines.size());
    // A column may stand just past the line (a missing '}' at the end, the line's end).
    const long length = static_cast<long>(lines[static_cast<std::size_t>(line) - 1]);
    Require(col >= 1 && col <= length + 1);
    Require(end_col > col && end_col <= length + 2);
    Require(e["message"].is_string() && !e["message"].get_ref<const std::string&>().empty());
    Require(e["message"].get_ref<const std::string&>().size() <= kMaxMessageBytes);
  }
  return false;
}

void CheckRun(const nlohmann::json& scenario, bool checked, bool series) {
  const Setup& s = TheSetup();
  plab::RunOptions options;
  options.series = series;
  const plab::RunOutput out =
      plab::Run(scenario.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace), options);
  const nlohmann::json doc = nlohmann::json::parse(out.json, nullptr, false);
  Require(doc.is_object());
  if (!out.ok) {
    // A program that checks may still stop at run time (one error, naming the handler
    // and the line); one that does not never runs.
    const auto& errors = doc["errors"];
    Require(errors.is_array() && !errors.empty());
    for (const auto& e : errors) {
      Require(e["path"] == s.error_path);
      const std::string& message = e["message"].get_ref<const std::string&>();
      Require(message.size() <= kMaxMessageBytes && message.rfind(s.error_path, 0) == 0);
      if (!checked) continue;
      Require(message.rfind(s.error_path + ": ", 0) == 0);
      const std::string what = message.substr(s.error_path.size() + 2);
      bool names_handler = false;
      for (const std::string& h : s.handlers) names_handler |= what.rfind(h + ", line ", 0) == 0;
      Require(names_handler && errors.size() == 1);
    }
    return;
  }
  Require(checked);
  for (const double v : out.columns) Require(std::isfinite(v));
  if (!series) return;
  const double window = scenario["flows"][0]["tcp"]["max_window_segments"].get<double>();
  for (const auto& series_doc : doc["series"]) {
    if (series_doc["key"] != "flows[0].cwnd") continue;
    const std::size_t off = series_doc["offset"], n = series_doc["length"];
    for (std::size_t i = off + n; i < off + 2 * n; ++i) {
      Require(out.columns[i] >= 1 && out.columns[i] <= 2 * window + 3);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const bool checked = CheckOk(text);
  const Setup& s = TheSetup();
  // A program that does not check is refused before anything runs: once in three.
  if (!checked && size % 3 != 0) return 0;
  nlohmann::json scenario = s.scenarios[size % s.scenarios.size()];
  nlohmann::json* at = &scenario["flows"][0];
  for (const std::string& k : s.key) at = &(*at)[k];
  *at = std::string(text);
  CheckRun(scenario, checked, size % 2 == 0);
  return 0;
}
