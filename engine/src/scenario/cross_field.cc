#include "scenario/cross_field.h"

#include "scenario/scenario.h"

namespace plab {
namespace {

const char* RelationName(Relation r) {
  switch (r) {
    case Relation::kLess:
      return "less";
    case Relation::kAtLeast:
      return "at_least";
    case Relation::kZeroOrGreater:
      return "zero_or_greater";
  }
  return "less";
}

bool Holds(Relation r, double x, double other) {
  switch (r) {
    case Relation::kLess:
      return x < other;
    case Relation::kAtLeast:
      return x >= other;
    case Relation::kZeroOrGreater:
      return x == 0 || x > other;
  }
  return true;
}

std::string Wanted(Relation r, const std::string& other, double value) {
  const std::string shown = other + " (" + FormatNumber(value) + ")";
  switch (r) {
    case Relation::kLess:
      return "less than " + shown;
    case Relation::kAtLeast:
      return "at least " + shown;
    case Relation::kZeroOrGreater:
      return "0 (never) or after " + shown;
  }
  return shown;
}

// "flows[].start_s" -> "flows" (the list whose items the rule runs over), or "".
std::string ListOf(const std::string& pattern) {
  const size_t at = pattern.find("[]");
  return at == std::string::npos ? "" : pattern.substr(0, at);
}

std::string Concrete(const std::string& pattern, int index) {
  const size_t at = pattern.find("[]");
  if (at == std::string::npos) return pattern;
  return pattern.substr(0, at) + "[" + std::to_string(index) + "]" + pattern.substr(at + 2);
}

}  // namespace

const std::vector<CrossFieldRule>& CrossFieldRules() {
  static const std::vector<CrossFieldRule> rules = {
      {"flows[].start_s", Relation::kLess, "duration_s"},
      {"flows[].stop_s", Relation::kZeroOrGreater, "flows[].start_s"},
      {"background[].start_min_s", Relation::kLess, "duration_s"},
      {"background[].start_max_s", Relation::kAtLeast, "background[].start_min_s"},
      {"metrics.start_s", Relation::kLess, "duration_s"},
  };
  return rules;
}

void CheckCrossFieldRules(const Scenario& s, std::vector<ValidationError>& errors) {
  for (const CrossFieldRule& rule : CrossFieldRules()) {
    const std::string list = ListOf(rule.field);
    const int items = list.empty() ? 1 : s.count(list);
    for (int i = 0; i < items; ++i) {
      const std::string field = Concrete(rule.field, i);
      const std::string other = Concrete(rule.other, i);
      const double x = s.Number(field);
      const double y = s.Number(other);
      if (Holds(rule.relation, x, y)) continue;
      errors.push_back({field, field + " must be " + Wanted(rule.relation, other, y) + ", got " + FormatNumber(x)});
    }
  }
}

nlohmann::ordered_json CrossFieldRulesJson() {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const CrossFieldRule& rule : CrossFieldRules()) {
    out.push_back({{"field", rule.field}, {"rule", RelationName(rule.relation)}, {"other", rule.other}});
  }
  return out;
}

}  // namespace plab
