// Every scenario parameter, declared once: path, unit, range, default, help text and
// where it comes from. Validation, the CLI's `schema`, the defaults and the page's
// controls are all derived from this one table (ARCHITECTURE.md, `scenario`).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace plab {

enum class ParamType { kNumber, kInteger, kEnum, kBool, kIntList };

struct ParamDecl {
  std::string path;   // "flows[].channel.forward.p": `flows[]` stands for each flow
  std::string label;
  std::string group;
  ParamType type;
  std::string unit;
  double min = 0;
  double max = 0;
  nlohmann::json default_value;
  std::string help;
  std::string source;  // paper section or RFC, if any
  std::vector<std::string> options;  // kEnum
  bool log_scale = false;
  // Shown only when the parameter at `when_path` (same flow) has one of `when_values`
  // (e.g. the ON/OFF sojourn times only for the on_off model).
  std::string when_path;
  std::vector<std::string> when_values;
  bool advanced = false;                   // folded away on the page by default
  std::vector<std::string> option_labels;  // kEnum: display names, same order as options
  size_t max_items = 0;                    // kIntList

  ParamDecl& When(std::string path, std::vector<std::string> values) {
    when_path = std::move(path);
    when_values = std::move(values);
    return *this;
  }
  ParamDecl& Advanced() {
    advanced = true;
    return *this;
  }
  ParamDecl& Labels(std::vector<std::string> labels) {
    option_labels = std::move(labels);
    return *this;
  }
};

// The longest int_list the engine accepts.
constexpr size_t kMaxIntListItems = 100000;

const std::vector<ParamDecl>& AllParams();
const ParamDecl* FindParam(const std::string& pattern_path);
const char* ParamTypeName(ParamType type);

}  // namespace plab
