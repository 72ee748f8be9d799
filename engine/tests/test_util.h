// Helpers for scenario-level tests: run a scenario through the public API and read the
// summary and series back as a test would read them from the page.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "sim/time.h"

namespace plab::testing {

// One definition each of what many test files use: the test targets are a unity build
// (engine/CMakeLists.txt), several files to a translation unit, where two files' own
// `kMss` or `Ms` would collide.
inline constexpr uint32_t kMss = 1000;  // the tests' segment size, bytes
// Milliseconds as a Time: whole ones exactly, fractions rounded to the nanosecond.
constexpr Time Ms(double ms) { return Time::FromMillisecondsDouble(ms); }

struct Series {
  std::vector<double> t;
  std::vector<double> v;
};

struct RunResult {
  nlohmann::json summary;
  std::map<std::string, Series> series;
  std::string json;
};

// `options`: e.g. a live-mode timeline (RunOptions::timeline_json).
inline RunResult RunOk(const nlohmann::json& scenario, const RunOptions& options = {}) {
  const RunOutput out = Run(scenario.dump(), options);
  RunResult r;
  r.json = out.json;
  const auto doc = nlohmann::json::parse(out.json);
  EXPECT_TRUE(out.ok) << out.json;
  if (!out.ok) return r;
  r.summary = doc["summary"];
  for (const auto& s : doc["series"]) {
    const size_t off = s["offset"].get<size_t>();
    const size_t n = s["length"].get<size_t>();
    Series series;
    series.t.assign(out.columns.begin() + off, out.columns.begin() + off + n);
    series.v.assign(out.columns.begin() + off + n, out.columns.begin() + off + 2 * n);
    // By unique key ("flows[1].cwnd"), and by bare name for flows[0]'s and the run's
    // own series, as single-flow tests name them.
    const std::string name = s["name"].get<std::string>();
    if (!r.series.count(name) && (s["scope"] != "flow" || s["index"] == 0)) r.series[name] = series;
    r.series[s["key"].get<std::string>()] = std::move(series);
  }
  return r;
}

// The first error message of a run expected to fail validation.
inline std::string FirstError(const std::string& scenario_json) {
  const RunOutput out = Run(scenario_json);
  EXPECT_FALSE(out.ok);
  const auto doc = nlohmann::json::parse(out.json);
  if (out.ok || doc["errors"].empty()) return "";
  return doc["errors"][0]["message"].get<std::string>();
}

// Whether this test binary has the GoogleTest "Suite.Name" (the classes of known
// disagreement name the tests that show their cause: ns3_grid_test, ns3_modern_test).
inline bool BinaryHasTest(const std::string& name) {
  const auto* unit = ::testing::UnitTest::GetInstance();
  for (int i = 0; i < unit->total_test_suite_count(); ++i) {
    const auto* suite = unit->GetTestSuite(i);
    for (int j = 0; j < suite->total_test_count(); ++j) {
      if (std::string(suite->name()) + "." + suite->GetTestInfo(j)->name() == name) return true;
    }
  }
  return false;
}

}  // namespace plab::testing
