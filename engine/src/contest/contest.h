// The contest (issue J §3): each entrant (a built-in protocol, or a student's program)
// runs as flows[0] of every scenario of a set; each run is scored as the classic
// congestion-control contest scores it (Winstein, Sivaraman & Balakrishnan, "Stochastic
// Forecasts Achieve High Throughput and Low Delay over Cellular Networks", NSDI 2013,
// §5; the MIT 6.829 contest after it): throughput and the 95th-percentile per-packet
// delay, combined as power = throughput / delay, compared on a log scale. An entrant's
// total is the mean of log10(power) over the set's scenarios: the log of the geometric
// mean power, so no one scenario's units dominate.
//
// The page and `plab contest` run the same plan and score with the same function: the
// page runs the plan's scenarios in its worker pool and hands the summaries back.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "scenario/scenario.h"

namespace plab {

struct ContestScenario {
  std::string name;  // the key in a link: lowercase, underscores
  std::string label;
  std::string help;         // what it tests and why, for the page
  nlohmann::json scenario;  // a scenario document (defaults fill the rest)
};

struct ContestSet {
  std::string name;
  std::string label;
  std::string help;
  std::vector<std::string> entrants;  // the leaderboard's built-in protocols
  std::vector<ContestScenario> scenarios;
};

// The sets a teacher can name in a link (contest_sets.cc).
const std::vector<ContestSet>& ContestSets();
const ContestSet* FindContestSet(const std::string& name);

// An entrant: its label on the leaderboard and the values it sets on flows[0], as
// paths relative to the flow (a student's program: its protocol and its program text).
struct ContestEntrant {
  std::string label;
  nlohmann::json set = nlohmann::json::object();
};

// A contest as the page and the CLI give it: {"set": NAME or an inline set
// {name, label, scenarios: [{name, label, help, scenario}]}, "entrants": [NAME or
// {label, set}] (default: the set's own), "seed": N (optional)}. Errors name the field.
struct ContestSpec {
  ContestSet set;
  std::vector<ContestEntrant> entrants;
};
std::vector<ValidationError> ContestSpecFromJson(const nlohmann::json& j, ContestSpec* spec);

// {set, scenarios: [{name, label, help}], entrants: [labels], runs: [{scenario, entrant,
// run}]}: scenario by scenario, then entrant. Each run is a complete, valid scenario;
// a run that is not valid throws std::invalid_argument naming the entrant and field.
nlohmann::ordered_json PlanContest(const ContestSpec& spec);

// The leaderboard from each run's result summary (plan order): per entrant, per
// scenario {throughput_mbps, delay_p95_ms, queue_delay_p95_ms, power, log_power}
// and the total; rows best first (an entrant with a scenario it delivered nothing in
// has no total and ranks last). Throws std::invalid_argument if the count is wrong.
nlohmann::ordered_json ScoreContest(const ContestSpec& spec, const std::vector<nlohmann::json>& summaries);

// The sets for the schema: name, label, help, entrants, scenarios (name, label, help).
nlohmann::ordered_json ContestSetsJson();

}  // namespace plab
