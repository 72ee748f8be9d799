// The contest's two calls across the boundary (api.h), as JSON text, so the page's
// leaderboard and `plab contest` come from the same plan and the same score.
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "contest/contest.h"
#include "plab/api.h"
#include "scenario/json_depth.h"
#include "scenario/json_text.h"

namespace plab {
namespace {

std::string Errors(const std::vector<ValidationError>& errors) {
  nlohmann::ordered_json doc;
  doc["ok"] = false;
  doc["errors"] = nlohmann::ordered_json::array();
  for (const auto& e : errors) doc["errors"].push_back({{"path", e.path}, {"message", e.message}});
  return doc.dump();
}

std::string ReadJson(std::string_view text, std::string_view what, nlohmann::json* out) {
  if (std::string too_deep = CheckJsonDepth(text, what); !too_deep.empty()) return too_deep;
  return ParseJsonText(text, what, out);
}

// The spec read and validated; "" and the spec, or the error document.
std::string ReadSpec(std::string_view spec_json, ContestSpec* spec) {
  nlohmann::json doc;
  if (std::string e = ReadJson(spec_json, "the contest", &doc); !e.empty()) return Errors({{"", e}});
  if (const auto errors = ContestSpecFromJson(doc, spec); !errors.empty()) return Errors(errors);
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
    return Errors({{"entrants", e.what()}});
  }
}

std::string ContestScoreJson(std::string_view spec_json, std::string_view summaries_json) {
  ContestSpec spec;
  if (std::string e = ReadSpec(spec_json, &spec); !e.empty()) return e;
  nlohmann::json summaries;
  if (std::string e = ReadJson(summaries_json, "the results", &summaries); !e.empty()) return Errors({{"", e}});
  if (!summaries.is_array()) return Errors({{"results", "the results must be a list of run summaries, in plan order"}});
  try {
    nlohmann::ordered_json doc;
    doc["ok"] = true;
    doc["board"] = ScoreContest(spec, summaries.get<std::vector<nlohmann::json>>());
    return doc.dump();
  } catch (const std::invalid_argument& e) {
    return Errors({{"results", e.what()}});
  }
}

}  // namespace plab
