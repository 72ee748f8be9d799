#include "params/param_decl.h"

#include <cmath>

namespace plab {
namespace {

ParamDecl Decl(std::string path, std::string label, std::string group, ParamType type, std::string unit, double min,
               double max, nlohmann::json def, std::string help) {
  ParamDecl d;
  d.path = std::move(path);
  d.label = std::move(label);
  d.group = std::move(group);
  d.type = type;
  d.unit = std::move(unit);
  d.min = min;
  d.max = max;
  d.default_value = std::move(def);
  d.help = std::move(help);
  return d;
}

}  // namespace

ParamDecl NumberParam(std::string path, std::string label, std::string group, std::string unit, double min, double max,
                      double def, std::string help) {
  return Decl(std::move(path), std::move(label), std::move(group), ParamType::kNumber, std::move(unit), min, max, def,
              std::move(help));
}

ParamDecl IntegerParam(std::string path, std::string label, std::string group, std::string unit, double min, double max,
                       int64_t def, std::string help) {
  return Decl(std::move(path), std::move(label), std::move(group), ParamType::kInteger, std::move(unit), min, max, def,
              std::move(help));
}

ParamDecl EnumParam(std::string path, std::string label, std::string group, std::vector<std::string> options,
                    std::string def, std::string help) {
  ParamDecl d = Decl(std::move(path), std::move(label), std::move(group), ParamType::kEnum, "", 0, 0, std::move(def),
                     std::move(help));
  d.options = std::move(options);
  return d;
}

ParamDecl BoolParam(std::string path, std::string label, std::string group, bool def, std::string help) {
  return Decl(std::move(path), std::move(label), std::move(group), ParamType::kBool, "", 0, 1, def, std::move(help));
}

ParamDecl IntListParam(std::string path, std::string label, std::string group, double min, double max,
                       std::string help) {
  ParamDecl d = Decl(std::move(path), std::move(label), std::move(group), ParamType::kIntList, "", min, max,
                     nlohmann::json::array(), std::move(help));
  d.max_items = kMaxIntListItems;
  return d;
}

ParamDecl TextParam(std::string path, std::string label, std::string group, std::string def, size_t max_bytes,
                    std::string help) {
  ParamDecl d = Decl(std::move(path), std::move(label), std::move(group), ParamType::kText, "", 0, 0, std::move(def),
                     std::move(help));
  d.max_items = max_bytes;
  return d;
}

const char* ParamTypeName(ParamType type) {
  switch (type) {
    case ParamType::kNumber:
      return "number";
    case ParamType::kInteger:
      return "integer";
    case ParamType::kEnum:
      return "enum";
    case ParamType::kBool:
      return "bool";
    case ParamType::kIntList:
      return "int_list";
    case ParamType::kText:
      return "text";
  }
  return "?";
}

std::string FormatNumber(double x) {
  if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 1e15) {
    return std::to_string(static_cast<int64_t>(x));
  }
  return nlohmann::json(x).dump();
}

}  // namespace plab
