// A validated scenario: the value an experiment is. Built from JSON by Parse(), which
// checks every field against the declarations in params.h and names the offending
// path and the allowed range; missing fields take their defaults.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace plab {

struct ValidationError {
  std::string path;
  std::string message;
};

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

  int flow_count() const { return flow_count_; }
  static std::string FlowPrefix(int flow) { return "flows[" + std::to_string(flow) + "]."; }

  // The complete scenario, defaults filled in, nested as the input format.
  nlohmann::ordered_json ToJson() const;
  // Sets a value by concrete path in a JSON document (for --set and sweeps).
  static void SetPath(nlohmann::json& doc, const std::string& path, const nlohmann::json& value);

 private:
  const nlohmann::json& Value(const std::string& path) const;

  std::map<std::string, nlohmann::json> values_;  // concrete path -> given value
  int flow_count_ = 1;
};

// A number as a person writes it in a message: integers without a decimal point.
std::string FormatNumber(double x);

// The defaults of every parameter, as a scenario document with one flow.
nlohmann::ordered_json DefaultScenario();

}  // namespace plab
