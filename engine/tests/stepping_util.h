// A run with a live-mode timeline against the same scenario stepped by hand: the test
// makes the Simulation, advances it and sets the timeline's values at their times, and
// ExpectSameAsReplayed checks the two runs agree bit for bit (report and columns).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "scenario/scenario.h"
#include "world/simulation.h"

namespace plab::testing {

inline RunOutput RunWithTimeline(const nlohmann::json& scenario, const std::string& timeline_json) {
  RunOptions options;
  options.timeline_json = timeline_json;
  RunOutput out = plab::Run(scenario.dump(), options);
  EXPECT_TRUE(out.ok) << out.json;
  return out;
}

inline std::unique_ptr<Simulation> SteppableSimulation(const nlohmann::json& scenario) {
  Scenario parsed;
  EXPECT_TRUE(Scenario::Parse(scenario, &parsed).empty());
  return std::make_unique<Simulation>(parsed);
}

// Runs the stepped simulation to its end and compares it with the replayed run.
inline void ExpectSameAsReplayed(Simulation& stepped, const RunOutput& replayed) {
  stepped.Run();
  std::vector<double> columns;
  EXPECT_EQ(stepped.Report(&columns).dump(), replayed.json);
  EXPECT_EQ(columns, replayed.columns);
}

}  // namespace plab::testing
