// The engine's whole public surface: scenario JSON in, result out.
// See docs/engine-api.md for the formats. Nothing here knows about browsers.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace plab {

struct RunOutput {
  bool ok = false;
  // The result document (ok) or the error document (!ok); see docs/engine-api.md.
  std::string json;
  // Every series back to back: times (s) then values, at the offsets named in `json`.
  std::vector<double> columns;
};

// The parameter declarations, as JSON.
std::string SchemaJson();

// A complete scenario with every parameter at its default, as JSON.
std::string DefaultScenarioJson();

struct RunOptions {
  // Record and return the time series; off for sweeps, which only read the summary
  // (the summary is the same either way).
  bool series = true;
  // Live changes to apply during the run, as JSON ("" = none): a list of
  // {"t_s", "path", "value"} (docs/engine-api.md, "Timeline"). Without one the run is
  // exactly the run it always was.
  std::string timeline_json;
};

// Validates and runs one simulation. Never throws: bad input gives ok == false and
// an error document naming each offending path and its allowed range.
RunOutput Run(std::string_view scenario_json, const RunOptions& options = {});

}  // namespace plab
