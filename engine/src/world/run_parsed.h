// A run from a scenario already parsed into an object (engine-internal; defined in run_session.cc): what Run does
// with the scenario's text, less writing and reading that text. GridPlanner::RunPlanned
// runs a campaign's planned runs so: each scenario is made in memory from the base, and
// writing out 5.6 KB of JSON only for the run to read it back cost about 5 % of a
// one-second run (python/bench/campaign_bench.py).
#pragma once

#include <nlohmann/json.hpp>

#include "plab/api.h"

namespace plab {

struct ParsedScenario {
  const nlohmann::json& doc;
};

// Run(doc.dump(), options), bit for bit (sweep_planner_test.cc checks it on a grid).
RunOutput RunParsed(const ParsedScenario& scenario, const RunOptions& options);

}  // namespace plab
