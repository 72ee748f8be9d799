// A validated scenario: the value an experiment is. Built from JSON by Parse(), which
// checks every field against the declarations in params.h and names the offending
// path and the allowed range; missing fields take their defaults.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "params/param_decl.h"

namespace plab {

class Scenario {
 public:
  // Fills `out` and returns no errors, or returns every error found.
  static std::vector<ValidationError> Parse(const nlohmann::json& in, Scenario* out);

  // Accessors take concrete paths ("flows[0].channel.forward.p").
  double Number(const std::string& path) const;
  int64_t Integer(const std::string& path) const;
  const std::string& Enum(const std::string& path) const;
  bool Bool(const std::string& path) const;
  std::vector<int64_t> IntList(const std::string& path) const;

  // Items in a list ("flows", "background").
  int count(const std::string& list) const;
  int flow_count() const { return count("flows"); }
  static std::string FlowPrefix(int flow) { return ItemPrefix("flows", flow); }
  static std::string ItemPrefix(const std::string& list, int index) {
    return list + "[" + std::to_string(index) + "].";
  }
  // "flows[3].x" -> "flows[].x": the declaration a concrete path belongs to.
  static std::string PatternOf(const std::string& concrete);

  // Replaces one value (already checked against its declaration); for live changes.
  void Override(const std::string& path, const nlohmann::json& value) { values_[path] = value; }

  // The complete scenario, defaults filled in, nested as the input format.
  nlohmann::ordered_json ToJson() const;
  // Sets a value by concrete path in a JSON document (for --set and sweeps). Throws
  // std::invalid_argument naming the path if it cannot be set (a list index beyond
  // the list's limit, a path through something that is not an object).
  static void SetPath(nlohmann::json& doc, const std::string& path, const nlohmann::json& value);

 private:
  const nlohmann::json& Value(const std::string& path) const;

  std::map<std::string, nlohmann::json> values_;  // concrete path -> given value
  std::map<std::string, int> counts_;             // list -> items
};

// The defaults of every parameter, as a scenario document with one flow.
nlohmann::ordered_json DefaultScenario();

// Checks one value against its declaration; empty if fine, else the message.
std::string CheckValue(const ParamDecl& decl, const std::string& path, const nlohmann::json& value);

}  // namespace plab
