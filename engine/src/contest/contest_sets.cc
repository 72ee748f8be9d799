// The contest sets a teacher can name in a link: engine/data/contest_sets.json,
// compiled in (scenario/engine_data.h). Data, like the presets: protocol names appear
// there as in any scenario, and the schema's validation checks every run.
#include <stdexcept>

#include "contest/contest.h"
#include "scenario/engine_data.h"

namespace plab {
namespace {

std::vector<ContestSet> ReadSets() {
  const nlohmann::json doc = nlohmann::json::parse(EngineData("contest_sets.json"));
  std::vector<ContestSet> sets;
  for (const nlohmann::json& s : doc.at("sets")) {
    ContestSet set;
    set.name = s.at("name").get<std::string>();
    set.label = s.at("label").get<std::string>();
    set.help = s.at("help").get<std::string>();
    set.entrants = s.at("entrants").get<std::vector<std::string>>();
    for (const nlohmann::json& c : s.at("scenarios")) {
      set.scenarios.push_back({c.at("name").get<std::string>(), c.at("label").get<std::string>(),
                               c.at("help").get<std::string>(), c.at("scenario")});
    }
    sets.push_back(std::move(set));
  }
  return sets;
}

}  // namespace

const std::vector<ContestSet>& ContestSets() {
  static const std::vector<ContestSet> sets = ReadSets();
  return sets;
}

}  // namespace plab
