#include "scenario/scenario.h"

#include <algorithm>
#include <cmath>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "scenario/params.h"
#include "transport/protocol_factory.h"

namespace plab {
namespace {

const std::regex kFlowIndex(R"(^flows\[(\d+)\])");

std::string Join(const std::string& base, const std::string& key) {
  return base.empty() ? key : base + "." + key;
}

// "flows[3].x" -> "flows[].x"
std::string Pattern(const std::string& concrete) {
  return std::regex_replace(concrete, kFlowIndex, "flows[]");
}

std::string Range(const ParamDecl& d) {
  return "[" + FormatNumber(d.min) + ", " + FormatNumber(d.max) + "]";
}

bool HasChildren(const std::string& pattern) {
  const std::string prefix = pattern + ".";
  for (const ParamDecl& d : AllParams()) {
    if (d.path.compare(0, prefix.size(), prefix) == 0) return true;
  }
  return false;
}

bool IsIntegral(const nlohmann::json& v) {
  if (v.is_number_integer()) return true;
  if (!v.is_number_float()) return false;
  const double x = v.get<double>();
  return std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 9e15;
}

double AsDouble(const nlohmann::json& v) { return v.get<double>(); }

void ValidateLeaf(const ParamDecl& d, const std::string& path, const nlohmann::json& v,
                  std::vector<ValidationError>& errors) {
  auto fail = [&](const std::string& what) { errors.push_back({path, path + " " + what}); };
  switch (d.type) {
    case ParamType::kNumber:
    case ParamType::kInteger: {
      const bool integer = d.type == ParamType::kInteger;
      const std::string kind = integer ? "an integer" : "a number";
      if (!v.is_number() || (integer && !IsIntegral(v))) {
        fail("must be " + kind + " within " + Range(d) + ", got " + v.dump());
        return;
      }
      const double x = AsDouble(v);
      if (!std::isfinite(x) || x < d.min || x > d.max) {
        fail("must be within " + Range(d) + ", got " + FormatNumber(x));
      }
      return;
    }
    case ParamType::kEnum: {
      std::string options;
      for (const auto& o : d.options) options += (options.empty() ? "" : ", ") + o;
      if (!v.is_string() || std::find(d.options.begin(), d.options.end(), v.get<std::string>()) == d.options.end()) {
        fail("must be one of " + options + ", got " + v.dump());
      }
      return;
    }
    case ParamType::kBool:
      if (!v.is_boolean()) fail("must be true or false, got " + v.dump());
      return;
    case ParamType::kIntList: {
      if (!v.is_array() || v.size() > kMaxIntListItems) {
        fail("must be a list of at most " + std::to_string(kMaxIntListItems) + " integers within " + Range(d) +
             ", got " + (v.is_array() ? std::to_string(v.size()) + " items" : v.dump()));
        return;
      }
      for (size_t i = 0; i < v.size(); ++i) {
        const auto& item = v[i];
        if (!IsIntegral(item) || AsDouble(item) < d.min || AsDouble(item) > d.max) {
          errors.push_back({path + "[" + std::to_string(i) + "]",
                            path + "[" + std::to_string(i) + "] must be an integer within " + Range(d) +
                                ", got " + item.dump()});
        }
      }
      return;
    }
  }
}

void Walk(const nlohmann::json& node, const std::string& path, std::map<std::string, nlohmann::json>& values,
          int& flow_count, std::vector<ValidationError>& errors) {
  const std::string pattern = Pattern(path);
  if (const ParamDecl* d = FindParam(pattern)) {
    const size_t before = errors.size();
    ValidateLeaf(*d, path, node, errors);
    if (errors.size() == before) values[path] = node;
    return;
  }
  if (path == "flows") {
    if (!node.is_array() || node.size() != 1) {
      errors.push_back({path, "flows must be a list of exactly 1 flow (one path, one flow), got " +
                                  (node.is_array() ? std::to_string(node.size()) + " flows" : node.dump())});
      return;
    }
    flow_count = static_cast<int>(node.size());
    for (size_t i = 0; i < node.size(); ++i) {
      Walk(node[i], "flows[" + std::to_string(i) + "]", values, flow_count, errors);
    }
    return;
  }
  if (!path.empty() && !HasChildren(pattern)) {
    errors.push_back({path, "unknown field " + path + " (see `lab schema` for the fields)"});
    return;
  }
  if (!node.is_object()) {
    errors.push_back({path, (path.empty() ? std::string("the scenario") : path) + " must be a JSON object, got " +
                                node.dump()});
    return;
  }
  for (const auto& [key, child] : node.items()) {
    Walk(child, Join(path, key), values, flow_count, errors);
  }
}

}  // namespace

std::vector<ValidationError> Scenario::Parse(const nlohmann::json& in, Scenario* out) {
  std::vector<ValidationError> errors;
  Scenario s;
  Walk(in, "", s.values_, s.flow_count_, errors);
  if (!errors.empty()) return errors;

  // Cross-field rules.
  for (int f = 0; f < s.flow_count_; ++f) {
    const std::string recovery = s.Enum(FlowPrefix(f) + "recovery");
    const bool sack_recovery = recovery == "sack" || recovery == "fack" ||
                               (recovery == "default" && NeedsSack(DefaultRecovery(ProtocolFromName(
                                                             s.Enum(FlowPrefix(f) + "protocol")))));
    if (sack_recovery && s.Enum(FlowPrefix(f) + "tcp.sack") == "off") {
      errors.push_back({FlowPrefix(f) + "tcp.sack",
                        FlowPrefix(f) + "tcp.sack must be auto or on when loss recovery uses SACK (protocol " +
                            s.Enum(FlowPrefix(f) + "protocol") + ", recovery " + recovery + "), got \"off\""});
    }
    const std::string fwd = FlowPrefix(f) + "channel.forward.";
    if (s.Enum(fwd + "model") == "window" && s.Integer(fwd + "window_drops") > s.Integer(fwd + "window_segments")) {
      errors.push_back({fwd + "window_drops", fwd + "window_drops must be at most window_segments (" +
                                                  std::to_string(s.Integer(fwd + "window_segments")) + "), got " +
                                                  std::to_string(s.Integer(fwd + "window_drops"))});
    }
    if (s.Number(FlowPrefix(f) + "vegas.beta") < s.Number(FlowPrefix(f) + "vegas.alpha")) {
      errors.push_back({FlowPrefix(f) + "vegas.beta", FlowPrefix(f) + "vegas.beta must be at least vegas.alpha (" +
                                                          FormatNumber(s.Number(FlowPrefix(f) + "vegas.alpha")) +
                                                          "), got " + FormatNumber(s.Number(FlowPrefix(f) + "vegas.beta"))});
    }
    const std::string tb = FlowPrefix(f) + "app.token_bucket.";
    if (s.Bool(tb + "enabled")) {
      const int64_t mss = s.Integer(FlowPrefix(f) + "tcp.mss_bytes");
      const int64_t token_bytes = s.Integer(tb + "token_bytes");
      const int64_t per_segment = (mss + token_bytes - 1) / token_bytes;
      if (s.Integer(tb + "depth_tokens") < per_segment) {
        errors.push_back({tb + "depth_tokens",
                          tb + "depth_tokens must be at least " + std::to_string(per_segment) +
                              " (one segment of tcp.mss_bytes / token_bytes), got " +
                              std::to_string(s.Integer(tb + "depth_tokens"))});
      }
    }
  }
  if (errors.empty()) *out = std::move(s);
  return errors;
}

const nlohmann::json& Scenario::Value(const std::string& path) const {
  const auto it = values_.find(path);
  if (it != values_.end()) return it->second;
  const ParamDecl* d = FindParam(Pattern(path));
  if (d == nullptr) throw std::logic_error("no such parameter: " + path);
  return d->default_value;
}

double Scenario::Number(const std::string& path) const { return Value(path).get<double>(); }
int64_t Scenario::Integer(const std::string& path) const {
  const auto& v = Value(path);
  return v.is_number_integer() ? v.get<int64_t>() : static_cast<int64_t>(v.get<double>());
}
const std::string& Scenario::Enum(const std::string& path) const { return Value(path).get_ref<const std::string&>(); }
bool Scenario::Bool(const std::string& path) const { return Value(path).get<bool>(); }
std::vector<int64_t> Scenario::IntList(const std::string& path) const {
  std::vector<int64_t> out;
  for (const auto& v : Value(path)) out.push_back(static_cast<int64_t>(v.get<double>()));
  return out;
}

void Scenario::SetPath(nlohmann::json& doc, const std::string& path, const nlohmann::json& value) {
  nlohmann::json* node = &doc;
  std::stringstream ss(path);
  std::string part;
  std::vector<std::string> parts;
  while (std::getline(ss, part, '.')) parts.push_back(part);
  for (size_t i = 0; i < parts.size(); ++i) {
    std::string key = parts[i];
    std::smatch m;
    static const std::regex indexed(R"(^([A-Za-z_]+)\[(\d+)\]$)");
    if (std::regex_match(key, m, indexed)) {
      nlohmann::json& arr = (*node)[m[1].str()];
      if (!arr.is_array()) arr = nlohmann::json::array();
      const size_t index = std::stoul(m[2].str());
      while (arr.size() <= index) arr.push_back(nlohmann::json::object());
      node = &arr[index];
    } else {
      node = &(*node)[key];
    }
    if (i + 1 == parts.size()) *node = value;
  }
}

nlohmann::ordered_json Scenario::ToJson() const {
  nlohmann::json doc = nlohmann::json::object();
  for (const ParamDecl& d : AllParams()) {
    if (d.path.rfind("flows[]", 0) == 0) {
      for (int f = 0; f < flow_count_; ++f) {
        const std::string concrete = "flows[" + std::to_string(f) + "]" + d.path.substr(7);
        SetPath(doc, concrete, Value(concrete));
      }
    } else {
      SetPath(doc, d.path, Value(d.path));
    }
  }
  return nlohmann::ordered_json::parse(doc.dump());
}

std::string FormatNumber(double x) {
  if (std::isfinite(x) && x == std::floor(x) && std::fabs(x) < 1e15) {
    return std::to_string(static_cast<int64_t>(x));
  }
  return nlohmann::json(x).dump();
}

nlohmann::ordered_json DefaultScenario() { return Scenario().ToJson(); }

}  // namespace plab
