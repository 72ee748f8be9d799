// libFuzzer target: any bytes as a scenario file, through parsing, validation and a
// short run (issue G, "Fuzzing"). Built with ASan + UBSan (float-cast-overflow) by
// scripts/test-fuzz.sh; its seed corpus is engine/fuzz/corpus/.
//
// A run is clamped so that every input costs milliseconds: duration_s at most 0.5 s
// and the event budget at most 200,000 events. Only values the fuzzer made larger are
// lowered; anything invalid is left as it is, for validation to refuse.
//
// Besides the sanitizers, the target checks the API's contract and traps when it fails:
// Run never throws, its document is JSON, and an error document names at least one
// error, each message short (long bad values are cut, finding 8).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "scenario/json_depth.h"

namespace {

constexpr double kMaxDurationS = 0.5;
constexpr double kMaxEvents = 200000;
// A message names a field, its range and the value cut short; 1 KiB is plenty.
constexpr std::size_t kMaxMessageBytes = 1024;

void Require(bool condition) {
  if (!condition) __builtin_trap();
}

// Lowers `doc[key]` to `limit` when it is a larger number or missing.
void ClampNumber(nlohmann::json& doc, const char* key, double limit) {
  auto it = doc.find(key);
  if (it == doc.end()) {
    doc[key] = limit;
  } else if (it->is_number() && it->get<double>() > limit) {
    *it = limit;
  }
}

// The scenario text the engine runs: the input itself when it is not a JSON object
// (so parse and type errors are exercised as they come), else the clamped object.
std::string ClampedScenario(std::string_view text) {
  // The depth check first, as the CLI and the WASM bridge do: deep input is refused
  // before nlohmann's recursive destructor could see it.
  if (plab::JsonNestingDepth(text) > plab::kMaxJsonDepth) return std::string(text);
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object()) return std::string(text);
  ClampNumber(doc, "duration_s", kMaxDurationS);
  ClampNumber(doc, "max_events", kMaxEvents);
  return doc.dump();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  plab::RunOptions options;
  // Both recording paths: the series (the page) and summary only (sweeps).
  options.series = size % 2 == 0;
  const plab::RunOutput out = plab::Run(ClampedScenario(text), options);

  const nlohmann::json result = nlohmann::json::parse(out.json, nullptr, false);
  Require(result.is_object());
  if (!out.ok) {
    const auto errors = result.find("errors");
    Require(errors != result.end() && errors->is_array() && !errors->empty());
    for (const auto& e : *errors) {
      Require(e.contains("message") && e["message"].is_string());
      Require(e["message"].get_ref<const std::string&>().size() <= kMaxMessageBytes);
    }
  }
  return 0;
}
