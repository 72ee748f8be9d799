// The grid's plan across the boundary (api.h): the same plan `plab sweep --grid` runs,
// as JSON text, for the page and Python (issue L).
#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "scenario/api_json.h"
#include "scenario/scenario.h"
#include "sweep/grid.h"

namespace plab {

// Reads {axes: [{x, from, to, points, scale, xs}], seeds, protocols}: each axis as a
// sweep spec (SweepSpecFromJson), its errors under "axes[k]."; then ValidateGrid.
std::vector<ValidationError> GridSpecFromJson(const nlohmann::json& j, GridSpec* spec) {
  if (!j.is_object()) return {{"", "a grid spec must be a JSON object"}};
  if (!j.contains("axes") || !j["axes"].is_array() || j["axes"].empty()) {
    return {{"axes", "grid axes must be a list of {x, from, to, points, scale} or {x, xs}"}};
  }
  std::vector<ValidationError> errors;
  nlohmann::json rest = {{"x", "flows"}, {"from", 1}, {"to", 1}};  // seeds and protocols, read as a sweep's
  for (const char* key : {"seeds", "protocols"}) {
    if (j.contains(key)) rest[key] = j[key];
  }
  SweepSpec common;
  for (const auto& e : SweepSpecFromJson(rest, &common)) errors.push_back(e);
  spec->seeds = common.seeds;
  spec->protocols = common.protocols;
  for (size_t k = 0; k < j["axes"].size(); ++k) {
    SweepSpec axis;
    const auto invalid = SweepSpecFromJson(j["axes"][k], &axis);
    for (const auto& e : invalid) {
      errors.push_back(
          {"axes[" + std::to_string(k) + "]." + e.path, "grid axis " + std::to_string(k) + ": " + e.message});
    }
    spec->axes.push_back(axis);
  }
  if (errors.empty()) errors = ValidateGrid(*spec);
  return errors;
}

namespace {

// The members a grid's runs may change in its base (GridApplyRun, sweep.cc ApplySweep):
// each axis's path (the whole list for the number of flows), "seed", and with protocols
// every flow's "protocol" and "recovery". Every other member of each run's scenario is
// its base's: DumpCache copies its text without comparing it, which was most of a plan's
// cost (the whole 4 KB scenario compared twice per run, member by member).
struct Touched {
  bool whole = false;  // anything below may differ: compared
  std::map<std::string, std::unique_ptr<Touched>> members;
  std::unique_ptr<Touched> items;  // an array's: one for every item, whatever its index

  // A path as Scenario::SetPath reads it ("topology.bottleneck.delay_ms", "flows[0].x",
  // "flows[].x"); a part it does not expect makes that member whole.
  void Add(const std::string& path) {
    Touched* at = this;
    size_t from = 0;
    while (!at->whole) {
      const size_t dot = path.find('.', from);
      const std::string part = path.substr(from, dot == std::string::npos ? std::string::npos : dot - from);
      const size_t bracket = part.find('[');
      at = &at->Member(part.substr(0, bracket));
      if (bracket != std::string::npos) {
        const bool index = part.back() == ']' && part.find_first_not_of("0123456789", bracket + 1) == part.size() - 1;
        if (!index) break;  // not a list item: the member whole
        if (at->items == nullptr) at->items = std::make_unique<Touched>();
        at = at->items.get();
      }
      if (dot == std::string::npos) break;
      from = dot + 1;
    }
    at->whole = true;
    at->members.clear();
    at->items.reset();
  }

 private:
  Touched& Member(const std::string& key) {
    auto& slot = members[key];
    if (slot == nullptr) slot = std::make_unique<Touched>();
    return *slot;
  }
};

Touched TouchedBy(const GridPlan& plan) {
  Touched t;
  for (const std::string& path : plan.paths) t.Add(path);
  t.Add("seed");
  if (!plan.own_protocol) {
    t.Add("flows[].protocol");
    t.Add("flows[].recovery");
  }
  return t;
}

// A document's compact text, kept for each of its objects' and arrays' members too, so
// that a document that differs from it in a few values is written by copying the text of
// every member that is equal (Write): a grid's scenario is its base with a few values
// set, and writing each of 10,000 whole 4 KB scenarios cost more than making them.
struct DumpCache {
  std::string text;
  std::vector<std::string> keys;      // an object's members' keys, as dump() writes them
  std::vector<std::string> raw_keys;  // and as they are (in the same, byte order)
  std::vector<size_t> starts;         // where each member's "key":value begins in text
  std::vector<DumpCache> members;

  explicit DumpCache(const nlohmann::json& j) : text(j.dump()) {
    if (j.is_object()) {
      size_t at = 1;  // after '{'
      for (const auto& [key, value] : j.items()) {
        keys.push_back(nlohmann::json(key).dump());
        raw_keys.push_back(key);
        members.emplace_back(value);
        starts.push_back(at);
        at += keys.back().size() + 1 + members.back().text.size() + 1;  // "key":value,
      }
    } else if (j.is_array()) {
      for (const auto& value : j) members.emplace_back(value);
    }
  }

  // Where member k's "key":value ends in text (its ',' or the closing '}').
  size_t End(size_t k) const { return k + 1 < starts.size() ? starts[k + 1] - 1 : text.size() - 1; }

  // Appends s.dump() to out, s being like `base` (this cache's document): exactly the
  // same bytes (compact dump() joins its members' texts with ',' and ':').
  void Write(const nlohmann::json& s, const nlohmann::json& base, std::string& out) const {
    if (Same(s, base)) {
      out += text;
    } else if (s.is_object() && base.is_object() && s.size() == base.size()) {
      out += '{';
      auto b = base.begin();
      size_t k = 0;
      for (auto it = s.begin(); it != s.end(); ++it, ++b, ++k) {
        if (k > 0) out += ',';
        if (it.key() != b.key()) return WriteTail(s, it, out);  // keys differ: not like the base
        out += keys[k];
        out += ':';
        members[k].Write(it.value(), b.value(), out);
      }
      out += '}';
    } else if (s.is_array() && base.is_array() && s.size() == base.size()) {
      out += '[';
      for (size_t i = 0; i < s.size(); ++i) {
        if (i > 0) out += ',';
        members[i].Write(s[i], base[i], out);
      }
      out += ']';
    } else {
      out += s.dump();
    }
  }

  // Makes `s` equal to `base` again, copying only the members that differ.
  static void Restore(nlohmann::json& s, const nlohmann::json& base) {
    if (Same(s, base)) return;
    if (s.is_object() && base.is_object() && s.size() == base.size()) {
      auto b = base.begin();
      for (auto it = s.begin(); it != s.end(); ++it, ++b) {
        if (it.key() != b.key()) {
          s = base;
          return;
        }
      }
      b = base.begin();
      for (auto it = s.begin(); it != s.end(); ++it, ++b) Restore(it.value(), b.value());
    } else if (s.is_array() && base.is_array() && s.size() == base.size()) {
      for (size_t i = 0; i < s.size(); ++i) Restore(s[i], base[i]);
    } else {
      s = base;
    }
  }

  // Write for an `s` that differs from `base` only in `t`'s members (nullptr: none).
  void Write(const nlohmann::json& s, const nlohmann::json& base, const Touched* t, std::string& out) const {
    if (t == nullptr) {
      out += text;
    } else if (t->whole) {
      Write(s, base, out);
    } else if (s.is_object() && base.is_object() && s.size() == base.size() && SameTouchedKeys(s, base, *t)) {
      // The same members (a run only sets the touched ones, and holds each that the base
      // holds): the untouched ones between two touched ones copied as one span of text.
      out += '{';
      bool first = true;
      size_t k = 0;                                   // the next member not yet written
      for (const auto& [key, member] : t->members) {  // in key order, as the object's members
        size_t j = k;
        while (j < raw_keys.size() && raw_keys[j] < key) ++j;
        if (j > k) {
          if (!first) out += ',';
          out.append(text, starts[k], End(j - 1) - starts[k]);
          first = false;
        }
        k = j;
        if (k < raw_keys.size() && raw_keys[k] == key) {
          if (!first) out += ',';
          out += keys[k];
          out += ':';
          members[k].Write(*s.find(key), *base.find(key), member.get(), out);
          first = false;
          ++k;
        }
      }
      if (k < raw_keys.size()) {
        if (!first) out += ',';
        out.append(text, starts[k], End(raw_keys.size() - 1) - starts[k]);
      }
      out += '}';
    } else if (s.is_object() && base.is_object() && s.size() == base.size()) {
      out += '{';
      auto b = base.begin();
      auto touched = t->members.begin();  // in key order, as the object's members
      size_t k = 0;
      for (auto it = s.begin(); it != s.end(); ++it, ++b, ++k) {
        if (k > 0) out += ',';
        if (it.key() != b.key()) return WriteTail(s, it, out);
        out += keys[k];
        out += ':';
        while (touched != t->members.end() && touched->first < it.key()) ++touched;
        const bool is_touched = touched != t->members.end() && touched->first == it.key();
        members[k].Write(it.value(), b.value(), is_touched ? touched->second.get() : nullptr, out);
      }
      out += '}';
    } else if (s.is_array() && base.is_array() && s.size() == base.size()) {
      out += '[';
      for (size_t i = 0; i < s.size(); ++i) {
        if (i > 0) out += ',';
        members[i].Write(s[i], base[i], t->items.get(), out);
      }
      out += ']';
    } else {
      out += s.dump();
    }
  }

  // Whether `s` and `base` hold the same of `t`'s members (then, of the same size, the
  // same members: the others are the base's, never set by a run).
  static bool SameTouchedKeys(const nlohmann::json& s, const nlohmann::json& base, const Touched& t) {
    for (const auto& [key, member] : t.members) {
      if (s.contains(key) != base.contains(key)) return false;
    }
    return true;
  }

  // Restore for an `s` that differs from `base` only in `t`'s members (nullptr: none).
  static void Restore(nlohmann::json& s, const nlohmann::json& base, const Touched* t) {
    if (t == nullptr) return;
    if (t->whole) return Restore(s, base);
    if (s.is_object() && base.is_object() && s.size() == base.size()) {
      // The same number of members, and a run adds members only: the same keys.
      for (const auto& [key, member] : t->members) {
        const auto it = s.find(key);
        const auto b = base.find(key);
        if (it == s.end() && b == base.end()) continue;  // in neither (a flow's recovery)
        if (it == s.end() || b == base.end()) {
          s = base;
          return;
        }
        Restore(*it, *b, member.get());
      }
    } else if (s.is_array() && base.is_array() && s.size() == base.size()) {
      for (size_t i = 0; i < s.size(); ++i) Restore(s[i], base[i], t->items.get());
    } else {
      s = base;
    }
  }

 private:
  // Equal and written alike: json's == takes 1 for 1.0 and 0.0 for -0.0.
  static bool Same(const nlohmann::json& a, const nlohmann::json& b) {
    if (a.type() != b.type() || a.size() != b.size()) return false;
    if (a.is_object()) {
      for (auto x = a.begin(), y = b.begin(); x != a.end(); ++x, ++y) {
        if (x.key() != y.key() || !Same(x.value(), y.value())) return false;
      }
      return true;
    }
    if (a.is_array()) {
      for (size_t i = 0; i < a.size(); ++i) {
        if (!Same(a[i], b[i])) return false;
      }
      return true;
    }
    if (a.is_number_float()) {
      const double x = a.get<double>(), y = b.get<double>();
      return std::memcmp(&x, &y, sizeof x) == 0;
    }
    return a == b;
  }

  static void WriteTail(const nlohmann::json& s, nlohmann::json::const_iterator it, std::string& out) {
    for (bool first = true; it != s.end(); ++it, first = false) {
      if (!first) out += ',';
      out += nlohmann::json(it.key()).dump();
      out += ':';
      out += it.value().dump();
    }
    out += '}';
  }
};

}  // namespace

struct GridPlanner::State {
  bool ok = false;
  std::string json;
  nlohmann::json base;
  GridSpec spec;
  GridPlan plan;
  std::unique_ptr<DumpCache> base_text;
  Touched touched;  // what the runs may change in the base
};

GridPlanner::GridPlanner(std::string_view base_json, std::string_view spec_json) : state_(std::make_unique<State>()) {
  State& st = *state_;
  nlohmann::json spec_doc;
  if (std::string e = ReadJsonInput(base_json, "the scenario", &st.base); !e.empty()) {
    st.json = ErrorDocument({{"", e}});
    return;
  }
  if (std::string e = ReadJsonInput(spec_json, "the grid", &spec_doc); !e.empty()) {
    st.json = ErrorDocument({{"grid", e}});
    return;
  }
  if (const auto errors = GridSpecFromJson(spec_doc, &st.spec); !errors.empty()) {
    st.json = ErrorDocument(errors);
    return;
  }
  Scenario checked;
  if (const auto errors = Scenario::Parse(st.base, &checked); !errors.empty()) {
    st.json = ErrorDocument(errors);
    return;
  }
  try {
    st.plan = PlanGrid(st.base, st.spec);
    // The runs' records only: each scenario is made on demand (ScenarioText). Written as
    // text, each point's coordinates dumped once: the bytes of {"ok", "plan", "runs":
    // [GridRunRecord less its summary, ...]} dumped whole, without first building 10,000
    // records as objects (most of a campaign's plan before its first run).
    nlohmann::ordered_json head;
    head["ok"] = true;
    head["plan"] = st.plan.Describe();
    std::string text = head.dump();
    text.pop_back();  // head's closing brace: the runs follow
    text += R"(,"runs":[)";
    std::string coords;
    int64_t coords_point = -1;
    for (int64_t r = 0; r < st.plan.runs(); ++r) {
      const int64_t point = st.plan.PointOf(r);
      if (point != coords_point) {
        coords = st.plan.Coords(point).dump();
        coords_point = point;
      }
      if (r > 0) text += ',';
      text += R"({"run":)" + std::to_string(r) + R"(,"point":)" + std::to_string(point);
      text += R"(,"coords":)" + coords + R"(,"protocol":)";
      text += st.plan.own_protocol ? std::string("null") : nlohmann::json(st.plan.ProtocolOf(r)).dump();
      text += R"(,"seed":)" + std::to_string(st.plan.SeedOf(r)) + '}';
    }
    text += "]}";
    st.json = std::move(text);
  } catch (const std::invalid_argument& e) {
    st.json = ErrorDocument({{"grid", e.what()}});
    return;
  }
  st.ok = true;
  st.base_text = std::make_unique<DumpCache>(st.base);
  st.touched = TouchedBy(st.plan);
}

GridPlanner::~GridPlanner() = default;
bool GridPlanner::ok() const { return state_->ok; }
const std::string& GridPlanner::json() const { return state_->json; }
int64_t GridPlanner::runs() const { return state_->ok ? state_->plan.runs() : 0; }

std::string GridPlanner::ScenarioText(int64_t r) const {
  std::vector<std::string> one = ScenarioTexts(r, 1);
  return std::move(one.front());
}

std::vector<std::string> GridPlanner::ScenarioTexts(int64_t first, int64_t count) const {
  // One working copy of the base for all: each run's values are set in it, its text
  // written, and what changed put back as in the base (copying a whole 4 KB document
  // per run, node by node, was most of a plan's cost).
  const State& st = *state_;
  nlohmann::json work = st.base;
  std::vector<std::string> out(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    GridApplyRun(work, st.spec, st.plan, first + i);
    // nlohmann::json keeps an object's keys sorted: dump() is canonical, and Write gives
    // dump()'s bytes.
    std::string& text = out[static_cast<size_t>(i)];
    text.reserve(st.base_text->text.size() + 256);
    st.base_text->Write(work, st.base, &st.touched, text);
    DumpCache::Restore(work, st.base, &st.touched);
  }
  return out;
}

std::string GridPlanJson(std::string_view base_json, std::string_view spec_json, bool scenarios_as_text) {
  nlohmann::json base, spec_doc;
  if (std::string e = ReadJsonInput(base_json, "the scenario", &base); !e.empty()) return ErrorDocument({{"", e}});
  if (std::string e = ReadJsonInput(spec_json, "the grid", &spec_doc); !e.empty()) return ErrorDocument({{"grid", e}});
  GridSpec spec;
  if (const auto errors = GridSpecFromJson(spec_doc, &spec); !errors.empty()) return ErrorDocument(errors);
  Scenario checked;
  if (const auto errors = Scenario::Parse(base, &checked); !errors.empty()) return ErrorDocument(errors);
  try {
    const GridPlan plan = PlanGrid(base, spec);
    nlohmann::ordered_json doc;
    doc["ok"] = true;
    doc["plan"] = plan.Describe();
    doc["runs"] = nlohmann::ordered_json::array();
    for (int64_t r = 0; r < plan.runs(); ++r) {
      nlohmann::ordered_json run = GridRunRecord(plan, r, nullptr);
      run.erase("summary");
      // nlohmann::json keeps an object's keys sorted: dump() is canonical.
      const nlohmann::json scenario = GridRunScenario(base, spec, plan, r);
      if (scenarios_as_text) {
        run["scenario"] = scenario.dump();
      } else {
        run["scenario"] = scenario;
      }
      doc["runs"].push_back(std::move(run));
    }
    return doc.dump();
  } catch (const std::invalid_argument& e) {
    return ErrorDocument({{"grid", e.what()}});
  }
}

}  // namespace plab
