// The grid's plan across the boundary (api.h): the same plan `plab sweep --grid` runs,
// as JSON text, for the page and Python (issue L).
#include <charconv>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "scenario/api_json.h"
#include "scenario/scenario.h"
#include "sweep/dump_cache.h"
#include "sweep/grid.h"
#include "world/run_parsed.h"

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
    // Each run's record appended in place, its protocol's and seed's texts written once
    // (a record's temporaries and a protocol's JSON per run were most of the 7 ms this
    // took for 10,000 runs, serial before a campaign's first run).
    std::vector<std::string> protocols;  // by the protocol's position in plan.protocols
    for (const std::string& p : st.plan.protocols) {
      protocols.push_back(R"(,"protocol":)" + (st.plan.own_protocol ? std::string("null") : nlohmann::json(p).dump()));
    }
    std::vector<std::string> seeds;
    for (const int64_t seed : st.plan.seeds) seeds.push_back(R"(,"seed":)" + std::to_string(seed) + '}');
    const auto append_int = [&text](int64_t x) {
      char digits[24];
      const auto end = std::to_chars(digits, digits + sizeof digits, x).ptr;
      text.append(digits, end);
    };
    std::string coords;
    int64_t coords_point = -1;
    for (int64_t r = 0; r < st.plan.runs(); ++r) {
      const int64_t point = st.plan.PointOf(r);
      if (point != coords_point) {
        coords = R"(,"coords":)" + st.plan.Coords(point).dump();
        coords_point = point;
        if (r == 0) text.reserve(text.size() + static_cast<size_t>(st.plan.runs()) * (coords.size() + 64));
      }
      text += r > 0 ? R"(,{"run":)" : R"({"run":)";
      append_int(r);
      text += R"(,"point":)";
      append_int(point);
      text += coords;
      text += protocols[static_cast<size_t>(&st.plan.ProtocolOf(r) - st.plan.protocols.data())];
      text += seeds[static_cast<size_t>(r % static_cast<int64_t>(st.plan.seeds.size()))];
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

void GridPlanner::RunPlanned(int64_t first, int64_t count, const RunOptions& options,
                             const std::function<void(int64_t, RunOutput&&)>& each) const {
  // ScenarioTexts' working copy, each run's values set in it and put back after, but the
  // run reads the object itself (RunParsed) instead of its text.
  const State& st = *state_;
  nlohmann::json work = st.base;
  for (int64_t i = 0; i < count; ++i) {
    GridApplyRun(work, st.spec, st.plan, first + i);
    RunOutput out = RunParsed(ParsedScenario{work}, options);
    DumpCache::Restore(work, st.base, &st.touched);
    each(i, std::move(out));
  }
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
