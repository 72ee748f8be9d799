// A run in steps (api.h RunSession): validation, the timeline's changes applied as the
// run reaches them, a look at the result so far, and the result at the end. Run() is
// a session taken straight to its end, so both give the same bits.
#include <exception>
#include <limits>

#include <nlohmann/json.hpp>

#include "params/run_error.h"
#include "plab/api.h"
#include "scenario/json_depth.h"
#include "scenario/json_text.h"
#include "scenario/scenario.h"
#include "world/run_parsed.h"
#include "world/simulation.h"
#include "world/timeline.h"

namespace plab {
namespace {

std::string ErrorDocument(const std::vector<ValidationError>& errors) {
  nlohmann::ordered_json doc;
  doc["ok"] = false;
  doc["errors"] = nlohmann::ordered_json::array();
  for (const auto& e : errors) doc["errors"].push_back({{"path", e.path}, {"message", e.message}});
  return doc.dump();
}

}  // namespace

std::string ExceptionErrorJson(const std::exception& e) {
  // A program's run-time error names its parameter, as a validation error does.
  if (const auto* input = dynamic_cast<const RunInputError*>(&e)) return ErrorDocument({{input->path(), e.what()}});
  return ErrorDocument({{"", std::string("internal engine error: ") + e.what()}});
}

namespace {

std::string InternalError(const std::exception& e) { return ExceptionErrorJson(e); }

// The report's head written with the summary's keys in byte order (nlohmann::json's
// std::map), the rest as it stands: what a campaign stores, made here instead of by
// cutting the summary out of the whole document and sorting it, which cost 17 us a
// one-second run, 3 % of it (docs/campaigns.md, "Overhead").
std::string SummaryOnlyText(const nlohmann::ordered_json& head) {
  std::string out = "{";
  for (const auto& [key, value] : head.items()) {
    if (out.size() > 1) out += ',';
    out += nlohmann::json(key).dump();
    out += ':';
    out += key == "summary" ? nlohmann::json(value).dump() : value.dump();
  }
  out += '}';
  return out;
}

}  // namespace

struct RunSession::State {
  std::unique_ptr<Simulation> sim;  // null when the input was refused or the run failed
  std::vector<LiveChange> timeline;
  size_t next_change = 0;
  std::string error;  // the error document when sim is null
  bool summary_only = false;

  // Validates and builds; on a refusal `error` says why.
  void Begin(std::string_view scenario_json, const RunOptions& options) {
    if (const std::string too_deep = CheckJsonDepth(scenario_json, "the scenario"); !too_deep.empty()) {
      error = ErrorDocument({{"", too_deep}});
      return;
    }
    nlohmann::json input;
    if (const std::string not_json = ParseJsonText(scenario_json, "the scenario", &input); !not_json.empty()) {
      error = ErrorDocument({{"", not_json}});
      return;
    }
    BeginParsed(input, options);
  }

  // Begin's steps after the text is parsed (RunParsed starts here: a grid's scenario
  // made in memory is not written out and read back).
  void BeginParsed(const nlohmann::json& input, const RunOptions& options) {
    Scenario scenario;
    if (const auto errors = Scenario::Parse(input, &scenario); !errors.empty()) {
      error = ErrorDocument(errors);
      return;
    }
    if (!options.timeline_json.empty()) {
      if (const std::string too_deep = CheckJsonDepth(options.timeline_json, "the timeline"); !too_deep.empty()) {
        error = ErrorDocument({{"timeline", too_deep}});
        return;
      }
      nlohmann::json doc;
      const std::string not_json = ParseJsonText(options.timeline_json, "the timeline", &doc);
      const auto timeline_errors =
          !not_json.empty() ? std::vector<ValidationError>{{"timeline", not_json}} : ParseTimeline(doc, &timeline);
      if (!timeline_errors.empty()) {
        error = ErrorDocument(timeline_errors);
        return;
      }
    }
    sim = std::make_unique<Simulation>(scenario, options.series && !options.summary_only, options.pcap);
    summary_only = options.summary_only;
  }

  // RunWithTimeline's steps, cut at `t`: each change due by then is applied at its
  // time; a change the run cannot take ends the session with the error naming it.
  bool AdvanceTo(Time t) {
    if (sim == nullptr) return true;
    for (; next_change < timeline.size(); ++next_change) {
      const LiveChange& change = timeline[next_change];
      const Time at = Time::FromSecondsDouble(change.t_s);
      if (at > t) break;
      if (sim->AdvanceTo(at)) return true;  // later changes are never reached
      if (const std::string problem = sim->Set(change.path, change.value); !problem.empty()) {
        const std::string where = "timeline[" + std::to_string(next_change) + "]";
        error = ErrorDocument(
            {{where, where + " (" + (change.path.size() > 80 ? change.path.substr(0, 77) + "..." : change.path) +
                         " at " + FormatNumber(change.t_s) + " s): " + problem}});
        sim.reset();
        return true;
      }
    }
    return sim->AdvanceTo(t);
  }
};

RunSession::RunSession(std::string_view scenario_json, const RunOptions& options) : state_(std::make_unique<State>()) {
  try {
    state_->Begin(scenario_json, options);
  } catch (const std::exception& e) {
    state_->sim.reset();
    state_->error = InternalError(e);
  }
}

RunSession::RunSession(const ParsedScenario& scenario, const RunOptions& options) : state_(std::make_unique<State>()) {
  try {
    state_->BeginParsed(scenario.doc, options);
  } catch (const std::exception& e) {
    state_->sim.reset();
    state_->error = InternalError(e);
  }
}

RunOutput RunParsed(const ParsedScenario& scenario, const RunOptions& options) {
  return RunSession(scenario, options).Finish();
}

RunSession::~RunSession() = default;
RunSession::RunSession(RunSession&&) noexcept = default;
RunSession& RunSession::operator=(RunSession&&) noexcept = default;

bool RunSession::AdvanceTo(double t_s) {
  try {
    return state_->AdvanceTo(Time::FromSecondsDouble(t_s));
  } catch (const std::exception& e) {
    state_->sim.reset();
    state_->error = InternalError(e);
    return true;
  }
}

bool RunSession::ended() const { return state_->sim == nullptr || state_->sim->ended(); }

double RunSession::now_s() const { return state_->sim == nullptr ? 0.0 : state_->sim->now().seconds(); }

double RunSession::duration_s() const {
  return state_->sim == nullptr ? 0.0 : state_->sim->scenario().Number("duration_s");
}

RunOutput RunSession::Snapshot() const {
  RunOutput out;
  if (state_->sim == nullptr) {
    out.json = state_->error;
    return out;
  }
  try {
    if (state_->summary_only) {
      out.json = SummaryOnlyText(state_->sim->ReportHead());
      out.ok = true;
      return out;
    }
    nlohmann::ordered_json doc = state_->sim->Report(&out.columns);
    if (!state_->sim->ended()) doc["progress"] = {{"t_s", now_s()}, {"duration_s", duration_s()}};
    out.json = doc.dump();
    out.ok = true;
  } catch (const std::exception& e) {
    out = RunOutput{};
    out.json = InternalError(e);
  }
  return out;
}

std::string RunSession::Set(std::string_view path, std::string_view value_json) {
  if (state_->sim == nullptr || state_->sim->ended()) return "the run has ended; it takes no change";
  nlohmann::json value;
  if (const std::string not_json = ParseJsonText(value_json, "the value", &value); !not_json.empty()) return not_json;
  try {
    // Changes the timeline has due by now go first, as they would in a replay.
    if (state_->AdvanceTo(state_->sim->now())) return "the run has ended; it takes no change";
    return state_->sim->Set(std::string(path), value);
  } catch (const std::exception& e) {
    state_->sim.reset();
    state_->error = InternalError(e);
    return std::string("internal engine error: ") + e.what();
  }
}

FlowState RunSession::Observe(int flow) const {
  return state_->sim == nullptr ? FlowState{} : state_->sim->Observe(flow);
}

RunOutput RunSession::Finish() {
  if (state_->sim != nullptr) AdvanceTo(std::numeric_limits<double>::infinity());
  return Snapshot();
}

}  // namespace plab
