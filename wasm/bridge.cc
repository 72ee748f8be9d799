// The narrow boundary between the engine and JavaScript (in the spirit of
// Perfetto's wasm_bridge): a handful of C functions, strings in, strings and one
// column buffer out. No per-point calls cross it. See docs/engine-api.md.
//
// The last run's output lives in a static so the pointers handed to JavaScript
// stay valid until the next plab_run call.
#include <exception>
#include <functional>
#include <memory>
#include <string>

#include <emscripten/emscripten.h>
#include <nlohmann/json.hpp>

#include "plab/api.h"

namespace {

std::string& SchemaStorage() {
  static std::string schema = plab::SchemaJson();
  return schema;
}

std::string& DefaultScenarioStorage() {
  static std::string scenario = plab::DefaultScenarioJson();
  return scenario;
}

plab::RunOutput& LastRun() {
  static plab::RunOutput last_run;
  return last_run;
}

// The engine's error document for an exception escaping a run (the same text as
// plab::Run produces natively, where the engine's own catch block is live).
std::string InternalErrorDocument(const std::string& what) {
  nlohmann::ordered_json doc;
  doc["ok"] = false;
  doc["errors"] = nlohmann::ordered_json::array();
  doc["errors"].push_back({{"path", ""}, {"message", "internal engine error: " + what}});
  return doc.dump();
}

// Only this file is compiled with exception catching (see CMakeLists.txt).
int RunAndKeep(const char* scenario_json, const plab::RunOptions& options) {
  LastRun() = plab::RunOutput{};
  try {
    LastRun() = plab::Run(scenario_json == nullptr ? std::string_view() : std::string_view(scenario_json), options);
  } catch (const std::exception& e) {
    LastRun() = plab::RunOutput{};
    LastRun().json = plab::ExceptionErrorJson(e);
  } catch (...) {
    LastRun() = plab::RunOutput{};
    LastRun().json = InternalErrorDocument("unknown exception");
  }
  return LastRun().ok ? 1 : 0;
}

// The progressive run (plab_begin ... plab_finish): one at a time; a new begin drops
// the old one.
std::unique_ptr<plab::RunSession>& Session() {
  static std::unique_ptr<plab::RunSession> session;
  return session;
}

// Keeps a session's output as the last run's (what plab_result_json and the column
// calls read); a throw becomes the engine's error document, as in RunAndKeep.
int KeepOutput(const std::function<plab::RunOutput()>& call) {
  LastRun() = plab::RunOutput{};
  try {
    LastRun() = call();
  } catch (const std::exception& e) {
    LastRun() = plab::RunOutput{};
    LastRun().json = plab::ExceptionErrorJson(e);
    Session().reset();
  } catch (...) {
    LastRun() = plab::RunOutput{};
    LastRun().json = InternalErrorDocument("unknown exception");
    Session().reset();
  }
  return LastRun().ok ? 1 : 0;
}

std::string& SweepStorage() {
  static std::string sweep;
  return sweep;
}

// A sweep call's answer kept until the next one; a throw (in WASM the engine's own catch
// blocks are inert) becomes the same error document the native call makes.
const char* KeepSweep(const std::function<std::string()>& call, const char* error_path = "x") {
  try {
    SweepStorage() = call();
  } catch (const std::exception& e) {
    nlohmann::ordered_json doc;
    doc["ok"] = false;
    doc["errors"] = nlohmann::ordered_json::array();
    doc["errors"].push_back({{"path", error_path}, {"message", e.what()}});
    SweepStorage() = doc.dump();
  }
  return SweepStorage().c_str();
}

}  // namespace

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* plab_schema() { return SchemaStorage().c_str(); }

EMSCRIPTEN_KEEPALIVE const char* plab_default_scenario() { return DefaultScenarioStorage().c_str(); }

// Returns 1 when the scenario was valid and ran, 0 on a validation error.
EMSCRIPTEN_KEEPALIVE int plab_run(const char* scenario_json) { return RunAndKeep(scenario_json, plab::RunOptions{}); }

// The same run's summary alone (sweeps, the validation page's checks and contests read
// only the summary): the same figures, its keys in byte order, no flows, links or
// series (RunOptions::SummaryOnly), about half the work of a one-second run.
EMSCRIPTEN_KEEPALIVE int plab_run_summary(const char* scenario_json) {
  return RunAndKeep(scenario_json, plab::RunOptions::SummaryOnly());
}

// Live mode's replay: the run with live changes applied at their times (a JSON list
// of {t_s, path, value}, docs/engine-api.md). Stepping is exact, so the part of the
// run before a change is the same bits as without it.
EMSCRIPTEN_KEEPALIVE int plab_run_timeline(const char* scenario_json, const char* timeline_json) {
  plab::RunOptions options;
  options.timeline_json = timeline_json == nullptr ? "" : timeline_json;
  return RunAndKeep(scenario_json, options);
}

// A progressive run (api.h RunSession): plab_begin validates and builds (1, or 0 with
// the error document as the last result), plab_advance(t_s) runs to t_s simulated
// seconds (1 once the run has ended), plab_snapshot keeps the result so far as the
// last result (the columns calls read it), plab_finish runs to the end and keeps the
// result: bit for bit plab_run's (or plab_run_timeline's with a timeline, "" = none).
EMSCRIPTEN_KEEPALIVE int plab_begin(const char* scenario_json, const char* timeline_json) {
  plab::RunOptions options;
  options.timeline_json = timeline_json == nullptr ? "" : timeline_json;
  Session().reset();
  return KeepOutput([&] {
    Session() = std::make_unique<plab::RunSession>(
        scenario_json == nullptr ? std::string_view() : std::string_view(scenario_json), options);
    if (Session()->ended()) return Session()->Finish();  // refused: its error document
    plab::RunOutput begun;
    begun.ok = true;
    begun.json = "{\"ok\":true}";
    return begun;
  });
}

EMSCRIPTEN_KEEPALIVE int plab_advance(double t_s) {
  if (!Session()) return 1;
  try {
    return Session()->AdvanceTo(t_s) ? 1 : 0;
  } catch (...) {
    return 1;  // plab_finish reports what is left
  }
}

EMSCRIPTEN_KEEPALIVE double plab_now_s() { return Session() ? Session()->now_s() : 0.0; }

EMSCRIPTEN_KEEPALIVE double plab_duration_s() { return Session() ? Session()->duration_s() : 0.0; }

EMSCRIPTEN_KEEPALIVE int plab_snapshot() {
  if (!Session()) return KeepOutput([] { return plab::RunOutput{false, InternalErrorDocument("no run begun"), {}}; });
  return KeepOutput([] { return Session()->Snapshot(); });
}

EMSCRIPTEN_KEEPALIVE int plab_finish() {
  if (!Session()) return KeepOutput([] { return plab::RunOutput{false, InternalErrorDocument("no run begun"), {}}; });
  const int ok = KeepOutput([] { return Session()->Finish(); });
  Session().reset();
  return ok;
}

// The sweep's plan (api.h SweepPlanJson): the page schedules its runs in the worker
// pool; `plab sweep` runs the same list. The text stays valid until the next sweep call.
EMSCRIPTEN_KEEPALIVE const char* plab_sweep_plan(const char* base_scenario_json, const char* spec_json) {
  return KeepSweep([&] {
    return plab::SweepPlanJson(base_scenario_json == nullptr ? "" : base_scenario_json,
                               spec_json == nullptr ? "" : spec_json);
  });
}

// Per-point statistics (api.h SweepAggregateJson): the figures the sweep chart draws.
EMSCRIPTEN_KEEPALIVE const char* plab_sweep_aggregate(const char* values_json) {
  return KeepSweep([&] { return plab::SweepAggregateJson(values_json == nullptr ? "" : values_json); });
}

// The contest's plan and leaderboard (api.h ContestPlanJson / ContestScoreJson): the
// page runs the plan's scenarios in its worker pool, as for a sweep, and `plab contest`
// scores the same runs with the same function. Valid until the next sweep or contest call.
EMSCRIPTEN_KEEPALIVE const char* plab_contest_plan(const char* spec_json) {
  return KeepSweep([&] { return plab::ContestPlanJson(spec_json == nullptr ? "" : spec_json); }, "entrants");
}

EMSCRIPTEN_KEEPALIVE const char* plab_contest_score(const char* spec_json, const char* summaries_json) {
  return KeepSweep(
      [&] {
        return plab::ContestScoreJson(spec_json == nullptr ? "" : spec_json,
                                      summaries_json == nullptr ? "" : summaries_json);
      },
      "results");
}

// Checks a `custom` program without running it (api.h CheckProgramJson): what the
// editor underlines. The text stays valid until the next check.
EMSCRIPTEN_KEEPALIVE const char* plab_check_program(const char* program_text) {
  static std::string answer;
  answer = plab::CheckProgramJson(program_text == nullptr ? "" : program_text);
  return answer.c_str();
}

EMSCRIPTEN_KEEPALIVE const char* plab_result_json() { return LastRun().json.c_str(); }

EMSCRIPTEN_KEEPALIVE const double* plab_columns_ptr() { return LastRun().columns.data(); }

EMSCRIPTEN_KEEPALIVE int plab_columns_length() { return static_cast<int>(LastRun().columns.size()); }

}  // extern "C"
