// A timeline of live changes: "at t_s, set path to value" (live mode's record of what
// a person changed while a run played). Replaying it against the same scenario gives
// the same run: advance to each change's time, Set, go on (Simulation's stepping is
// exact, so where the run is cut does not matter).
//
// As JSON (docs/engine-api.md): [{"t_s": 12.5, "path": "flows[0].channel.forward.p",
// "value": 0.05}, ...], times non-decreasing; changes at the same time apply in order.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "params/param_decl.h"

namespace plab {

class Simulation;

struct LiveChange {
  double t_s = 0;
  std::string path;
  nlohmann::json value;
};

// The latest time a change may be given at, s: the longest run (duration_s's maximum).
double TimelineMaxSeconds();

// Reads a timeline; errors name the entry ("timeline[2].t_s"). An entry is an object
// of t_s (within [0, TimelineMaxSeconds()], not decreasing), path and value, no more.
std::vector<ValidationError> ParseTimeline(const nlohmann::json& doc, std::vector<LiveChange>* out);

// Runs `sim` to its end, applying each change at its time. A change the run cannot
// take (not live, out of range, not used by this topology) is an error naming the
// entry; changes after the run has ended are ignored (the run did not reach them).
std::vector<ValidationError> RunWithTimeline(Simulation& sim, const std::vector<LiveChange>& timeline);

}  // namespace plab
