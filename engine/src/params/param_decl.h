// One declared parameter: path, label, unit, range, default, help text and where it
// comes from. The scenario's table (params.cc) and the transport registry (protocols'
// own parameters) both declare with the helpers below; validation, the CLI's
// `schema`, the defaults and the page's controls all come from these declarations.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace plab {

enum class ParamType { kNumber, kInteger, kEnum, kBool, kIntList, kText };

struct ParamDecl {
  // "flows[].channel.forward.p": `flows[]` stands for each item of the flows list. A
  // protocol declares paths relative to its flow ("vegas.alpha").
  std::string path;
  std::string label;
  std::string group;
  ParamType type = ParamType::kNumber;
  std::string unit;
  double min = 0;
  double max = 0;
  nlohmann::json default_value;
  std::string help;
  std::string source;                // paper section or RFC, if any
  std::vector<std::string> options;  // kEnum
  bool log_scale = false;
  // Shown only when the parameter at `when_path` has one of `when_values`. A path with
  // a list item (`flows[].protocol`) means the same item; any other path is absolute
  // (`topology.kind`).
  std::string when_path;
  std::vector<std::string> when_values;
  bool advanced = false;                   // folded away on the page by default
  std::vector<std::string> option_labels;  // kEnum: display names, same order as options
  size_t max_items = 0;                    // kIntList; kText: the longest text in bytes
  // Can change while a simulation runs (Simulation::Set; the page's live mode).
  bool live = false;

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
  ParamDecl& Live() {
    live = true;
    return *this;
  }
  ParamDecl& Log() {
    log_scale = true;
    return *this;
  }
  ParamDecl& Source(std::string text) {
    source = std::move(text);
    return *this;
  }
};

// A parameter (or a rule between parameters) that does not hold, naming the concrete
// path and, in the message, the allowed range.
struct ValidationError {
  std::string path;
  std::string message;
};

// The longest int_list the engine accepts.
constexpr size_t kMaxIntListItems = 100000;

ParamDecl NumberParam(std::string path, std::string label, std::string group, std::string unit, double min, double max,
                      double def, std::string help);
ParamDecl IntegerParam(std::string path, std::string label, std::string group, std::string unit, double min, double max,
                       int64_t def, std::string help);
ParamDecl EnumParam(std::string path, std::string label, std::string group, std::vector<std::string> options,
                    std::string def, std::string help);
ParamDecl BoolParam(std::string path, std::string label, std::string group, bool def, std::string help);
ParamDecl IntListParam(std::string path, std::string label, std::string group, double min, double max,
                       std::string help);
// A text of at most max_bytes bytes (a `custom` program); the page edits it in a text area.
ParamDecl TextParam(std::string path, std::string label, std::string group, std::string def, size_t max_bytes,
                    std::string help);

const char* ParamTypeName(ParamType type);

// A number as a person writes it in a message: integers without a decimal point.
std::string FormatNumber(double x);

}  // namespace plab
