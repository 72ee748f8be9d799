// The contest's two calls across the boundary (api.h), as JSON text, so the page's
// leaderboard and `plab contest` come from the same plan and the same score.
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "contest/contest.h"
#include "plab/api.h"
#include "scenario/api_json.h"

namespace plab {
namespace {

// The spec read and validated; "" and the spec, or the error document.
std::string ReadSpec(std::string_view spec_json, ContestSpec* spec) {
  nlohmann::json doc;
  if (std::string e = ReadJsonInput(spec_json, "the contest", &doc); !e.empty()) return ErrorDocument({{"", e}});
  if (const auto errors = ContestSpecFromJson(doc, spec); !errors.empty()) return ErrorDocument(errors);
  return "";
}

}  // namespace

std::string ContestPlanJson(std::string_view spec_json) {
  ContestSpec spec;
  if (std::string e = ReadSpec(spec_json, &spec); !e.empty()) return e;
  try {
    nlohmann::ordered_json doc;
    doc["ok"] = true;
    doc["plan"] = PlanContest(spec);
    return doc.dump();
  } catch (const std::invalid_argument& e) {
    return ErrorDocument({{"entrants", e.what()}});
  }
}

std::string ContestScoreJson(std::string_view spec_json, std::string_view summaries_json) {
  ContestSpec spec;
  if (std::string e = ReadSpec(spec_json, &spec); !e.empty()) return e;
  nlohmann::json summaries;
  if (std::string e = ReadJsonInput(summaries_json, "the results", &summaries); !e.empty())
    return ErrorDocument({{"", e}});
  if (!summaries.is_array())
    return ErrorDocument({{"results", "the results must be a list of run summaries, in plan order"}});
  try {
    nlohmann::ordered_json doc;
    doc["ok"] = true;
    doc["board"] = ScoreContest(spec, summaries.get<std::vector<nlohmann::json>>());
    return doc.dump();
  } catch (const std::invalid_argument& e) {
    return ErrorDocument({{"results", e.what()}});
  }
}

}  // namespace plab
