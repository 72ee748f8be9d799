// Rules between two parameters ("a flow starts before the run ends"), declared once:
// the engine checks them when it validates a scenario, and the schema publishes them
// (`constraints`), so the page checks the same rules as a person types and names both
// fields by their labels before anything runs.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "params/param_decl.h"

namespace plab {

class Scenario;

// How `field` must stand to `other`.
enum class Relation {
  kLess,           // field < other
  kAtLeast,        // field >= other
  kZeroOrGreater,  // field == 0 (off) or field > other
};

// Paths are declaration patterns; `flows[]` in both means the same item.
struct CrossFieldRule {
  std::string field;
  Relation relation;
  std::string other;
};

const std::vector<CrossFieldRule>& CrossFieldRules();

// Appends one error per broken rule and item, on the rule's field, in the engine's
// words ("flows[1].start_s must be less than duration_s (20), got 30").
void CheckCrossFieldRules(const Scenario& s, std::vector<ValidationError>& errors);

// The schema's `constraints`: [{field, rule: "less"|"at_least"|"zero_or_greater", other}].
nlohmann::ordered_json CrossFieldRulesJson();

}  // namespace plab
