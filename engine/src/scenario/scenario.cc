#include "scenario/scenario.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "net/delivery_trace.h"
#include "params/param_view.h"
#include "scenario/cross_field.h"
#include "scenario/ecn_rules.h"
#include "scenario/params.h"
#include "transport/registry.h"

namespace plab {
namespace {

// A key of a scenario object: a plain name. Paths ("a.b"), indices ("flows[0]") and
// anything else are not keys, so no field can be reached by two spellings.
bool IsPlainName(const std::string& key) {
  if (key.empty() || key[0] < 'a' || key[0] > 'z') return false;
  return std::all_of(key.begin(), key.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
}

// "flows[12].x" -> {"flows", "12", ".x"}; false if the path does not start with a list
// item. (By hand rather than std::regex: paths are read on every run, and a regex is
// compiled anew each time.)
bool SplitListItem(const std::string& path, std::string* list, std::string* digits, std::string* rest) {
  const size_t open = path.find('[');
  if (open == std::string::npos || open == 0) return false;
  const size_t close = path.find(']', open);
  if (close == std::string::npos) return false;
  *list = path.substr(0, open);
  *digits = path.substr(open + 1, close - open - 1);
  *rest = path.substr(close + 1);
  return IsPlainName(*list) && std::all_of(digits->begin(), digits->end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string Join(const std::string& base, const std::string& key) { return base.empty() ? key : base + "." + key; }

std::string Range(const ParamDecl& d) { return "[" + FormatNumber(d.min) + ", " + FormatNumber(d.max) + "]"; }

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

std::string Shown(const nlohmann::json& v) {
  std::string text = v.dump();
  if (text.size() > 80) text = text.substr(0, 77) + "...";
  return text;
}

void Walk(const nlohmann::json& node, const std::string& path, std::map<std::string, nlohmann::json>& values,
          std::map<std::string, int>& counts, std::vector<ValidationError>& errors) {
  const std::string pattern = Scenario::PatternOf(path);
  if (const ParamDecl* d = FindParam(pattern)) {
    const std::string problem = CheckValue(*d, path, node);
    if (problem.empty()) {
      values[path] = node;
    } else {
      errors.push_back({path, problem});
    }
    return;
  }
  if (const ListDecl* list = FindList(path)) {
    const std::string range = std::to_string(list->min_items) + " to " + std::to_string(list->max_items);
    if (!node.is_array() || node.size() < list->min_items || node.size() > list->max_items) {
      errors.push_back({path, path + " must be a list of " + range + " items, got " +
                                  (node.is_array() ? std::to_string(node.size()) + " items" : Shown(node))});
      return;
    }
    counts[path] = static_cast<int>(node.size());
    for (size_t i = 0; i < node.size(); ++i) {
      Walk(node[i], path + "[" + std::to_string(i) + "]", values, counts, errors);
    }
    return;
  }
  if (!path.empty() && !HasChildren(pattern)) {
    errors.push_back({path, "unknown field " + path + " (see `lab schema` for the fields)"});
    return;
  }
  if (!node.is_object()) {
    errors.push_back(
        {path, (path.empty() ? std::string("the scenario") : path) + " must be a JSON object, got " + Shown(node)});
    return;
  }
  for (const auto& [key, child] : node.items()) {
    if (!IsPlainName(key)) {
      errors.push_back({Join(path, key), "unknown field " + Shown(nlohmann::json(Join(path, key))) +
                                             " (fields are plain names, nested as objects)"});
      continue;
    }
    Walk(child, Join(path, key), values, counts, errors);
  }
}

// Rules between parameters of one explicit flow.
void ValidateFlow(const Scenario& s, int f, std::vector<ValidationError>& errors) {
  const std::string prefix = Scenario::FlowPrefix(f);
  const ParamView v(s, prefix);
  const std::string fwd = prefix + "channel.forward.";
  if (s.Enum(fwd + "model") == "window" && s.Integer(fwd + "window_drops") > s.Integer(fwd + "window_segments")) {
    errors.push_back({fwd + "window_drops", fwd + "window_drops must be at most window_segments (" +
                                                std::to_string(s.Integer(fwd + "window_segments")) + "), got " +
                                                std::to_string(s.Integer(fwd + "window_drops"))});
  }
  const std::string tb = prefix + "app.token_bucket.";
  if (s.Bool(tb + "enabled")) {
    const int64_t mss = v.Integer("tcp.mss_bytes");
    const int64_t token_bytes = s.Integer(tb + "token_bytes");
    const int64_t per_segment = (mss + token_bytes - 1) / token_bytes;
    if (s.Integer(tb + "depth_tokens") < per_segment) {
      errors.push_back({tb + "depth_tokens", tb + "depth_tokens must be at least " + std::to_string(per_segment) +
                                                 " (one segment of tcp.mss_bytes / token_bytes), got " +
                                                 std::to_string(s.Integer(tb + "depth_tokens"))});
    }
  }
  if (s.Bool(tb + "enabled") && s.Bool(prefix + "app.stream.enabled")) {
    errors.push_back({prefix + "app.stream.enabled", prefix + "app.stream.enabled needs " + tb +
                                                         "enabled off: a flow's data comes from the token "
                                                         "bucket or from the live stream, not both"});
  }
  // Start and stop against the run: cross_field.cc, declared in the schema.
}

void ValidateCrossFields(const Scenario& s, std::vector<ValidationError>& errors) {
  for (const std::string list : {"flows", "background"}) {
    for (int i = 0; i < s.count(list); ++i) {
      const std::string prefix = Scenario::ItemPrefix(list, i);
      const ProtocolEntry* protocol = FindProtocol(s.Enum(prefix + "protocol"));
      if (protocol->validate) protocol->validate(ParamView(s, prefix), prefix, errors);
    }
  }
  for (int f = 0; f < s.flow_count(); ++f) ValidateFlow(s, f, errors);
  // A link's own trace (source "inline") needs its list (link_params.cc).
  for (const ParamDecl& d : AllParams()) {
    if (d.list_format.empty()) continue;
    const std::string source = d.path.substr(0, d.path.rfind('.') + 1) + "source";
    if (s.Enum(source) == "inline" && s.IntList(d.path).empty()) {
      errors.push_back({d.path, CheckDeliveryTrace(d.path, {}) + " (" + source + " is inline)"});
    }
  }
  CheckCrossFieldRules(s, errors);
  CheckEcnRules(s, errors);
  const int64_t traced = s.Integer("metrics.trace_flow");
  if (traced >= s.flow_count()) {
    errors.push_back({"metrics.trace_flow",
                      "metrics.trace_flow must name one of the " + std::to_string(s.flow_count()) + " flows (0 to " +
                          std::to_string(s.flow_count() - 1) + "), got " + std::to_string(traced)});
  }
  const double trace_from = s.Number("metrics.packet_trace.from_s");
  const double trace_to = s.Number("metrics.packet_trace.to_s");
  if (trace_to > trace_from + 5) {
    errors.push_back({"metrics.packet_trace.to_s",
                      "metrics.packet_trace.to_s must be at most 5 s after metrics.packet_trace.from_s (" +
                          FormatNumber(trace_from) + " s), got " + FormatNumber(trace_to) + " s"});
  }
}

}  // namespace

namespace {

// A delivery trace's list, line by line (a trace file's n-th line is its n-th item).
std::string CheckTraceList(const std::string& path, const nlohmann::json& v) {
  std::vector<int64_t> ms;
  ms.reserve(v.size());
  for (size_t i = 0; i < v.size(); ++i) {
    const std::string line = path + " line " + std::to_string(i + 1) + ": ";
    if (!IsIntegral(v[i])) return line + Shown(v[i]) + " is not a whole number of milliseconds";
    const double x = v[i].get<double>();
    if (x < 0) return line + FormatNumber(x) + " is negative (timestamps are ms from the trace's start)";
    if (x > static_cast<double>(DeliveryTrace::kMaxTimestampMs)) {
      return line + FormatNumber(x) + " is beyond the longest trace (" +
             std::to_string(DeliveryTrace::kMaxTimestampMs) + " ms, an hour)";
    }
    ms.push_back(static_cast<int64_t>(x));
  }
  return CheckDeliveryTrace(path, ms);
}

}  // namespace

std::string CheckValue(const ParamDecl& d, const std::string& path, const nlohmann::json& v) {
  switch (d.type) {
    case ParamType::kNumber:
    case ParamType::kInteger: {
      const bool integer = d.type == ParamType::kInteger;
      const std::string kind = integer ? "an integer" : "a number";
      if (!v.is_number() || (integer && !IsIntegral(v))) {
        return path + " must be " + kind + " within " + Range(d) + ", got " + Shown(v);
      }
      const double x = v.get<double>();
      if (!std::isfinite(x) || x < d.min || x > d.max) {
        return path + " must be within " + Range(d) + ", got " + FormatNumber(x);
      }
      return "";
    }
    case ParamType::kEnum: {
      std::string options;
      for (const auto& o : d.options) options += (options.empty() ? "" : ", ") + o;
      if (!v.is_string() || std::find(d.options.begin(), d.options.end(), v.get<std::string>()) == d.options.end()) {
        return path + " must be one of " + options + ", got " + Shown(v);
      }
      return "";
    }
    case ParamType::kBool:
      return v.is_boolean() ? "" : path + " must be true or false, got " + Shown(v);
    case ParamType::kIntList: {
      if (!v.is_array() || v.size() > kMaxIntListItems) {
        return path + " must be a list of at most " + std::to_string(kMaxIntListItems) + " integers within " +
               Range(d) + ", got " + (v.is_array() ? std::to_string(v.size()) + " items" : Shown(v));
      }
      if (d.list_format == "mahimahi_ms" && !v.empty()) return CheckTraceList(path, v);
      for (size_t i = 0; i < v.size(); ++i) {
        const auto& item = v[i];
        if (!IsIntegral(item) || item.get<double>() < d.min || item.get<double>() > d.max) {
          return path + "[" + std::to_string(i) + "] must be an integer within " + Range(d) + ", got " + Shown(item);
        }
      }
      return "";
    }
    case ParamType::kText:
      if (!v.is_string() || v.get_ref<const std::string&>().size() > d.max_items) {
        return path + " must be a text of at most " + std::to_string(d.max_items) + " bytes, got " +
               (v.is_string() ? std::to_string(v.get_ref<const std::string&>().size()) + " bytes" : Shown(v));
      }
      return "";
  }
  return path + " has an unknown type";
}

std::string Scenario::PatternOf(const std::string& concrete) {
  std::string list, digits, rest;
  if (SplitListItem(concrete, &list, &digits, &rest) && !digits.empty() && FindList(list) != nullptr) {
    return list + "[]" + rest;
  }
  return concrete;
}

std::vector<ValidationError> Scenario::Parse(const nlohmann::json& in, Scenario* out) {
  std::vector<ValidationError> errors;
  Scenario s;
  Walk(in, "", s.values_, s.counts_, errors);
  if (!errors.empty()) return errors;
  ValidateCrossFields(s, errors);
  if (errors.empty()) *out = std::move(s);
  return errors;
}

int Scenario::count(const std::string& list) const {
  const auto it = counts_.find(list);
  if (it != counts_.end()) return it->second;
  const ListDecl* decl = FindList(list);
  return decl == nullptr ? 0 : static_cast<int>(decl->default_items);
}

const nlohmann::json& Scenario::Value(const std::string& path) const {
  const auto it = values_.find(path);
  if (it != values_.end()) return it->second;
  const ParamDecl* d = FindParam(PatternOf(path));
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
  // The parts between dots, as std::getline(stream, part, '.') gives them (no empty part
  // after a last dot), without a stringstream: a campaign's planner sets four paths a run,
  // and the stream's construction (its locale) was most of making each run's scenario.
  std::vector<std::string> parts;
  for (size_t start = 0; start < path.size();) {
    const size_t dot = path.find('.', start);
    parts.push_back(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    start = dot == std::string::npos ? path.size() : dot + 1;
  }
  if (parts.empty()) throw std::invalid_argument("an empty path cannot be set");
  std::string walked;
  for (size_t i = 0; i < parts.size(); ++i) {
    if (node->is_null()) *node = nlohmann::json::object();
    if (!node->is_object()) {
      throw std::invalid_argument("cannot set " + path + ": " + (walked.empty() ? "the scenario" : walked) +
                                  " is not an object");
    }
    const std::string& key = parts[i];
    std::string list_name, digits, rest;
    if (SplitListItem(key, &list_name, &digits, &rest) && rest.empty() && !digits.empty()) {
      const ListDecl* list = FindList(list_name);
      if (list == nullptr || !walked.empty())
        throw std::invalid_argument("cannot set " + path + ": " + key + " is not a list");
      // Too many digits is too large an index (and would overflow stoul).
      const size_t index = digits.size() > 6 ? list->max_items : std::stoul(digits);
      if (index >= list->max_items) {
        throw std::invalid_argument("cannot set " + path + ": " + list->name + " holds at most " +
                                    std::to_string(list->max_items) + " items (indices 0 to " +
                                    std::to_string(list->max_items - 1) + ")");
      }
      nlohmann::json& arr = (*node)[list_name];
      if (!arr.is_array()) arr = nlohmann::json::array();
      while (arr.size() <= index) arr.push_back(nlohmann::json::object());
      node = &arr[index];
    } else if (key.find('[') != std::string::npos || key.empty()) {
      throw std::invalid_argument("cannot set " + path + ": " + key + " is not a field name or a list index below " +
                                  std::to_string(kMaxFlows));
    } else {
      node = &(*node)[key];
    }
    walked = walked.empty() ? key : walked + "." + key;
    if (i + 1 == parts.size()) *node = value;
  }
}

nlohmann::ordered_json Scenario::ToJson() const {
  nlohmann::json doc = nlohmann::json::object();
  for (const ParamDecl& d : AllParams()) {
    std::string list, digits, rest;
    if (SplitListItem(d.path, &list, &digits, &rest) && digits.empty()) {
      for (int i = 0; i < count(list); ++i) {
        const std::string concrete = list + "[" + std::to_string(i) + "]" + rest;
        SetPath(doc, concrete, Value(concrete));
      }
    } else {
      SetPath(doc, d.path, Value(d.path));
    }
  }
  for (const ListDecl& list : AllLists()) {
    if (count(list.name) == 0) doc[list.name] = nlohmann::json::array();
  }
  return nlohmann::ordered_json::parse(doc.dump());
}

nlohmann::ordered_json DefaultScenario() { return Scenario().ToJson(); }

}  // namespace plab
