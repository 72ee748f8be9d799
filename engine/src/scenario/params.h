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
};

const std::vector<ParamDecl>& AllParams();
const ParamDecl* FindParam(const std::string& pattern_path);
const char* ParamTypeName(ParamType type);

}  // namespace plab
