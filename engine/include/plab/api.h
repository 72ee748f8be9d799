// The engine's whole public surface: scenario JSON in, result out.
// See docs/engine-api.md for the formats. Nothing here knows about browsers.
#pragma once

#include <cstdint>
#include <exception>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace plab {

struct RunOutput {
  bool ok = false;
  // The result document (ok) or the error document (!ok); see docs/engine-api.md.
  std::string json;
  // Every series back to back: times (s) then values, at the offsets named in `json`.
  std::vector<double> columns;
};

// The parameter declarations, as JSON.
std::string SchemaJson();

// A complete scenario with every parameter at its default, as JSON.
std::string DefaultScenarioJson();

struct RunOptions {
  // Record and return the time series; off for sweeps, which only read the summary
  // (the summary is the same either way).
  bool series = true;
  // Live changes to apply during the run, as JSON ("" = none): a list of
  // {"t_s", "path", "value"} (docs/engine-api.md, "Timeline"). Without one the run is
  // exactly the run it always was.
  std::string timeline_json;
  // A packet capture (the CLI's --pcap; engine/src/metrics/packet_capture.h): asked
  // once per link direction ("bottleneck", "forward") for the stream its pcap file goes
  // to (the caller keeps the streams; nullptr = none for that one). Unset = no capture,
  // and the run is exactly the run it always was; with one, the result says what was
  // written ("pcap").
  std::function<std::ostream*(const std::string& link, const std::string& direction)> pcap;
  // The summary alone (a campaign's row, python/plab/campaign.py): the result is
  // {"ok", "summary"} and a partial run's marks, nothing of the flows, links or series,
  // and the summary's keys in byte order, as parsing the whole result and writing the
  // summary out again would give it (the same figures, text for text).
  bool summary_only = false;

  // A run read only for its summary: sweeps, grids, contests and campaigns (about half
  // the work of a one-second run's whole result, whose flows, links and scenario echo
  // it skips).
  static RunOptions SummaryOnly() {
    RunOptions options;
    options.series = false;
    options.summary_only = true;
    return options;
  }
};

// Validates and runs one simulation. Never throws: bad input gives ok == false and
// an error document naming each offending path and its allowed range.
RunOutput Run(std::string_view scenario_json, const RunOptions& options = {});

// A run taken in steps (the page's progressive runs): the same run as Run, cut at any
// simulated times in between, with a look at what it has recorded so far. Cutting is
// exact (Simulation's stepping), so Finish() gives Run(scenario_json, options)'s output
// bit for bit however the run was stepped. Never throws.
//   RunSession session(json);
//   while (!session.AdvanceTo(session.now_s() + 0.5)) Show(session.Snapshot());
//   RunOutput result = session.Finish();
// One flow's state at a session's current time (RunSession::Observe), read from the
// flow's sender and metrics without building the result document. A figure the flow
// does not have is 0 with its `has_` flag false (never NaN).
struct FlowState {
  bool valid = false;  // false: no run, or no such flow
  double t_s = 0;      // the session's time
  // RTT statistics (RFC 6298), 0 until the first sample.
  int64_t rtt_samples = 0;
  double srtt_s = 0;
  double min_rtt_s = 0;
  double latest_rtt_s = 0;
  double rto_s = 0;
  // Bytes delivered in order to the application, and what every sender counts.
  uint64_t delivered_bytes = 0;
  int64_t data_packets_sent = 0;
  int64_t retransmissions = 0;
  int64_t feedback_received = 0;  // ACKs or receiver reports
  bool completed = false;         // a finite transfer fully acknowledged
  // A window-based (TCP) sender's window, in bytes, and its loss events.
  bool has_window = false;
  uint64_t segment_bytes = 0;  // the MSS
  uint64_t cwnd_bytes = 0;
  uint64_t ssthresh_bytes = 0;  // 0 until the first loss sets it
  uint64_t flight_bytes = 0;
  int64_t fast_retransmits = 0;
  int64_t timeouts = 0;
  // A rate-based sender's allowed rate (X) and its equation's rate, in bytes/s, and
  // its loss event rate.
  bool has_rate = false;
  double allowed_rate_bytes_s = 0;
  double equation_rate_bytes_s = 0;
  double loss_event_rate = 0;
};

struct ParsedScenario;  // engine-internal (src/world/run_parsed.h): a scenario already parsed

class RunSession {
 public:
  // Validates the scenario (and the timeline); an invalid one has ended() and its
  // error document in Snapshot() and Finish().
  explicit RunSession(std::string_view scenario_json, const RunOptions& options = {});
  ~RunSession();
  RunSession(RunSession&&) noexcept;
  RunSession& operator=(RunSession&&) noexcept;

  // Runs up to t_s seconds of simulated time (the timeline's changes up to then
  // included); returns true once the run has ended (at its end, or on an error).
  bool AdvanceTo(double t_s);
  bool ended() const;
  // Simulated seconds reached so far, and the run's duration.
  double now_s() const;
  double duration_s() const;
  // The result document as it stands (every series up to about now; figures over the
  // time so far), with "progress": {"t_s", "duration_s"} while the run has not ended.
  RunOutput Snapshot() const;
  // Runs to the end: Run's output.
  RunOutput Finish();
  // Changes a live parameter now, exactly as a timeline entry {now_s(), path, value}
  // would (value: JSON text); returns "" or why it cannot (the session goes on
  // unchanged). A session that has ended takes no change.
  std::string Set(std::string_view path, std::string_view value_json);
  // Flow `flow`'s state now (FlowState); invalid for a refused run or a flow it lacks.
  FlowState Observe(int flow) const;

 private:
  // RunParsed's: the scenario as an object, already parsed (a grid's run made in memory).
  RunSession(const ParsedScenario& scenario, const RunOptions& options);
  friend RunOutput RunParsed(const ParsedScenario& scenario, const RunOptions& options);

  struct State;
  std::unique_ptr<State> state_;
};

// A sweep's plan (docs/engine-api.md, "Sweeps"): the base scenario and the sweep spec
// ({x, from, to, points, scale, seeds, protocols, xs}) give {"ok": true, "plan": {x,
// grid, seeds, protocols, runs: [{point, protocol, seed, scenario}]}} or an error
// document naming each offending field. The CLI's `plab sweep` runs the same plan.
std::string SweepPlanJson(std::string_view base_scenario_json, std::string_view spec_json);

// A grid's plan (docs/engine-api.md, "Grids"): the base scenario and the grid spec
// ({axes: [{x, from, to, points, scale, xs}], seeds, protocols}) give {"ok": true,
// "plan": {axes, protocols, seeds, runs, scenario}, "runs": [{run, point, coords,
// protocol, seed, scenario}]} or an error document. `plab sweep --grid` runs the same plan.
// With scenarios_as_text, each run's scenario is its compact JSON text with sorted keys
// (a string, canonical: Python's campaigns key runs by it without parsing 10,000
// scenarios into objects and writing them out again).
std::string GridPlanJson(std::string_view base_scenario_json, std::string_view spec_json,
                         bool scenarios_as_text = false);

// The same plan taken apart (Python's campaigns): json() is GridPlanJson's document
// without the runs' scenarios (or the error document), and ScenarioText(r) run r's
// scenario as GridPlanJson's scenarios_as_text gives it, made on demand; ScenarioText may
// be called from several threads at once (the caller spreads 10,000 of them over its own)
// and throws std::invalid_argument for a value that cannot be set (GridPlanJson's error).
class GridPlanner {
 public:
  GridPlanner(std::string_view base_scenario_json, std::string_view spec_json);
  ~GridPlanner();
  bool ok() const;
  const std::string& json() const;
  int64_t runs() const;  // 0 unless ok()
  std::string ScenarioText(int64_t r) const;
  // Runs first .. first + count - 1's, the same texts, quicker than one at a time.
  std::vector<std::string> ScenarioTexts(int64_t first, int64_t count) const;
  // Runs first .. first + count - 1 themselves: each answer is Run(ScenarioText(r),
  // options)'s, bit for bit, given to `each` (its position from 0, the answer) as each run
  // ends; the scenarios are made in memory and never written out as text.
  void RunPlanned(int64_t first, int64_t count, const RunOptions& options,
                  const std::function<void(int64_t, RunOutput&&)>& each) const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// The statistics of each point ([[y, ...], ...], one list per point, seed order):
// {"ok": true, "stats": [{n, mean, sd, min, max, ci95} or null, ...]}.
std::string SweepAggregateJson(std::string_view values_json);

// A contest (docs/engine-api.md, "Contests"; contest/contest.h): the spec {set,
// entrants} gives {"ok": true, "plan": {set, scenarios, entrants, runs: [{scenario,
// entrant, run}]}} or an error document naming each offending field. `plab contest`
// runs the same plan.
std::string ContestPlanJson(std::string_view spec_json);

// The leaderboard of a contest from its runs' result summaries (a list in plan order):
// {"ok": true, "board": {set, scenarios, rows: [{rank, entrant, score, scenarios:
// [{throughput_mbps, delay_p95_ms, queue_delay_p95_ms, power, log_power}]}]}}.
std::string ContestScoreJson(std::string_view spec_json, std::string_view summaries_json);
// The error document for an exception that escaped a run: a `custom` program's
// run-time error names flows[i].custom.program, anything else is an internal error.
// (The WASM bridge catches there, the engine's own catch blocks being inert in WASM.)
std::string ExceptionErrorJson(const std::exception& e);

// Checks a program of the `custom` congestion control (docs/custom-cc.md) without
// running it: {"ok": bool, "errors": [{"line", "col", "end_col", "message"}]}, lines and
// columns 1-based, end_col one past the last character underlined. Never throws.
std::string CheckProgramJson(std::string_view program_text);

}  // namespace plab
