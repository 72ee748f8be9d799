// plab._core: the engine's public surface (engine/include/plab/api.h) for Python.
// Documents cross as JSON text, a run's columns as one float64 NumPy array (no copy:
// the array owns the engine's vector). The GIL is released while the engine works,
// so runs on several threads go in parallel (a run shares no state with another).
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "plab/api.h"

namespace nb = nanobind;

namespace {

using Columns = nb::ndarray<nb::numpy, double, nb::ndim<1>>;
using RunTuple = std::tuple<bool, std::string, Columns>;

// Hands the vector to NumPy: the array frees it when Python is done with it.
Columns ToArray(std::vector<double>&& columns) {
  auto* owned = new std::vector<double>(std::move(columns));
  if (owned->empty()) owned->reserve(1);  // a real address even for no points
  nb::capsule owner(owned, [](void* p) noexcept { delete static_cast<std::vector<double>*>(p); });
  return Columns(owned->data(), {owned->size()}, owner);
}

RunTuple ToTuple(plab::RunOutput&& out) { return {out.ok, std::move(out.json), ToArray(std::move(out.columns))}; }

RunTuple RunScenario(const std::string& scenario_json, bool series, const std::string& timeline_json) {
  plab::RunOptions options;
  options.series = series;
  options.timeline_json = timeline_json;
  plab::RunOutput out;
  {
    nb::gil_scoped_release release;
    out = plab::Run(scenario_json, options);
  }
  return ToTuple(std::move(out));
}

// One run's answer for a campaign: (ok, the summary as JSON text, or the whole error
// document when the engine refused the scenario, the run's wall seconds).
using SummaryTuple = std::tuple<bool, std::string, double>;

// The text of a result document's "summary" object when the document opens with it
// (Simulation::Report writes "ok" then "summary"), else "" (then the whole is parsed).
std::string_view SummaryText(std::string_view doc) {
  constexpr std::string_view kHead = R"({"ok":true,"summary":{)";
  if (doc.substr(0, kHead.size()) != kHead) return {};
  const size_t start = kHead.size() - 1;
  int depth = 0;
  bool in_string = false;
  for (size_t i = start; i < doc.size(); ++i) {
    const char c = doc[i];
    if (in_string) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ']') && --depth == 0) {
      return doc.substr(start, i + 1 - start);
    }
  }
  return {};
}

SummaryTuple SummaryOf(plab::RunOutput&& out, double wall_s, bool summary_only);

SummaryTuple RunForSummary(const std::string& scenario_json, bool summary_only = true) {
  const auto start = std::chrono::steady_clock::now();
  plab::RunOptions options = plab::RunOptions::SummaryOnly();
  // The engine writes the summary alone, its keys in byte order (RunOptions::summary_only):
  // Python parsing each whole result document (7.5 KB for a one-second run) cost more
  // than a tenth of the run; cutting the summary out of it here and sorting its members
  // 17 us, 3 %; and the whole document's flows, links and scenario half the run
  // (docs/campaigns.md, "Overhead").
  options.summary_only = summary_only;  // else the whole document, without series
  plab::RunOutput out = plab::Run(scenario_json, options);
  const double wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return SummaryOf(std::move(out), wall_s, summary_only);
}

// A run's answer as RunForSummary gives it, from the engine's output.
SummaryTuple SummaryOf(plab::RunOutput&& out, double wall_s, bool summary_only) {
  if (!out.ok || !summary_only) return {out.ok, std::move(out.json), wall_s};
  const std::string_view text = SummaryText(out.json);
  if (!text.empty()) return {true, std::string(text), wall_s};
  const auto doc = nlohmann::json::parse(out.json, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded() || !doc.contains("summary"))  // never, for the engine's own output
    return {false, R"({"ok":false,"errors":[{"path":"","message":"the result holds no summary"}]})", wall_s};
  return {true, doc["summary"].dump(), wall_s};
}

// Runs the scenarios on `jobs` threads of its own, the GIL released throughout, and
// answers in the scenarios' order. A campaign hands over a batch at a time: one call
// across the binding per batch instead of one Python thread switch, GIL round trip and
// JSON parse per run (docs/campaigns.md, "Overhead").
// summary=false answers each whole result document instead.
std::vector<SummaryTuple> RunMany(const std::vector<std::string>& scenarios, int jobs, bool summary) {
  std::vector<SummaryTuple> answers(scenarios.size());
  nb::gil_scoped_release release;
  std::atomic<size_t> next{0};
  auto work = [&] {
    for (size_t i; (i = next.fetch_add(1)) < scenarios.size();) answers[i] = RunForSummary(scenarios[i], summary);
  };
  const int threads = std::clamp<int>(jobs, 1, std::max<int>(1, static_cast<int>(scenarios.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  return answers;
}

// A grid's plan for a campaign: (GridPlanner's document without scenarios, or the error
// document; each run's scenario as canonical text, in run order), the scenarios made on
// `jobs` threads of its own with the GIL released. GridPlanJson's one document held them
// all as escaped strings inside 50 MB of JSON that Python then parsed: 2.2 s of a
// 10,000-run campaign's plan (docs/campaigns.md, "Cost").
std::tuple<std::string, std::vector<std::string>> GridPlanTexts(const std::string& base, const std::string& spec,
                                                                int jobs) {
  nb::gil_scoped_release release;
  const plab::GridPlanner planner(base, spec);
  std::vector<std::string> texts(static_cast<size_t>(planner.runs()));
  constexpr size_t kChunk = 64;  // runs a thread takes at a time
  std::atomic<size_t> next{0};
  std::string error;
  std::mutex error_lock;
  auto work = [&] {
    try {
      for (size_t i; (i = next.fetch_add(kChunk)) < texts.size();) {
        const size_t n = std::min(kChunk, texts.size() - i);
        auto chunk = planner.ScenarioTexts(static_cast<int64_t>(i), static_cast<int64_t>(n));
        std::move(chunk.begin(), chunk.end(), texts.begin() + static_cast<std::ptrdiff_t>(i));
      }
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> hold(error_lock);
      error = e.what();
      next = texts.size();
    }
  };
  const int threads = std::clamp<int>(jobs, 1, std::max<int>(1, static_cast<int>(texts.size())));
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (!error.empty()) {
    nlohmann::json doc;
    doc["ok"] = false;
    doc["errors"] = nlohmann::json::array();
    doc["errors"].push_back({{"path", "grid"}, {"message", error}});
    return {doc.dump(), {}};
  }
  return {planner.json(), std::move(texts)};
}

// Runs `runs` (indices into the planner's runs) as its scenario texts, made here: the
// scenarios never cross into Python. Each of `jobs` threads takes the next few runs, makes
// their texts (GridPlanner::ScenarioTexts: one working copy of the base for consecutive
// runs) and runs them, so a text is run while it is still in the cache, on the thread
// whose allocator made it; near the end the threads take one run at a time, so neither
// waits long for the other. run_many's answers, in `runs`' order. (A campaign handed
// 10,000 texts of 4.5 KB to Python and back, made, converted and hashed: about 13 us a
// run of a 340 us one-second run, docs/campaigns.md, "Cost". Making all of a batch's texts
// first and then running them cost 0.09 CPU-s more for 10,000 runs than this.)
std::vector<SummaryTuple> RunPlanned(const plab::GridPlanner& planner, const std::vector<int64_t>& runs, int jobs) {
  for (const int64_t r : runs) {
    if (r < 0 || r >= planner.runs()) throw nb::index_error("a run index out of the plan");
  }
  std::vector<SummaryTuple> answers(runs.size());
  nb::gil_scoped_release release;
  const int threads = std::clamp<int>(jobs, 1, std::max<int>(1, static_cast<int>(runs.size())));
  std::mutex claim_lock;
  size_t next = 0;
  std::exception_ptr failure;
  auto work = [&] {
    try {
      for (;;) {
        size_t from, to;
        {
          std::lock_guard<std::mutex> hold(claim_lock);
          if (next >= runs.size()) return;
          // A quarter of each thread's share of what is left, 1 to 32 runs.
          const size_t left = runs.size() - next;
          const size_t take = std::clamp<size_t>(left / (4 * static_cast<size_t>(threads)), 1, 32);
          from = next;
          to = next = from + take;
        }
        for (size_t i = from; i < to;) {
          size_t j = i + 1;  // runs[i .. j) consecutive in the plan: one ScenarioTexts call
          while (j < to && runs[j] == runs[j - 1] + 1) ++j;
          const auto texts = planner.ScenarioTexts(runs[i], static_cast<int64_t>(j - i));
          for (size_t k = i; k < j; ++k) answers[k] = RunForSummary(texts[k - i], true);
          i = j;
        }
      }
    } catch (...) {
      std::lock_guard<std::mutex> hold(claim_lock);
      if (!failure) failure = std::current_exception();
      next = runs.size();
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return answers;
}

// A campaign's runs from start to end on `jobs` threads of the engine's own, with no
// batch between them: the threads take the next few runs (as RunPlanned does) until none
// are left, and the campaign's storing thread collects what is done, in order, with
// Take. Handing the engine one batch at a time from a Python thread cost each batch's
// end: both threads idle while the last run finished and while the Python thread waited
// for the GIL (held by the storing thread, up to the 5 ms switch interval) to start the
// next; during the first batches, while the storing thread keyed the runs, 20-40 ms of
// a 1.7 s campaign (docs/campaigns.md, "Cost"). The threads never take the GIL.
class PlannedRuns {
 public:
  PlannedRuns(const plab::GridPlanner& planner, std::vector<int64_t> runs, int jobs)
      : planner_(planner), runs_(std::move(runs)), answers_(runs_.size()), done_(runs_.size(), 0) {
    for (const int64_t r : runs_) {
      if (r < 0 || r >= planner_.runs()) throw nb::index_error("a run index out of the plan");
    }
    started_ = last_take_ = std::chrono::steady_clock::now();
    const int threads = std::clamp<int>(jobs, 1, std::max<int>(1, static_cast<int>(runs_.size())));
    for (int t = 0; t < threads; ++t) pool_.emplace_back([this, threads] { Work(threads); });
  }
  PlannedRuns(const PlannedRuns&) = delete;
  PlannedRuns& operator=(const PlannedRuns&) = delete;
  ~PlannedRuns() {
    Stop();
    for (auto& t : pool_) t.join();
  }

  // The next runs done, in order: (their first position in `runs`, their summaries or
  // error documents, their wall seconds, the positions the engine refused). Waits, the
  // GIL released, until at least `min_s` seconds have passed since the last Take (or
  // the start) and a run past the last taken is done, or until the runs not yet taken
  // are at most `tail` (once: the last take then holds only those), or until all are
  // done or stopped. An empty list: nothing more will come. A run's failure (a value
  // the engine cannot set) is raised once the runs before it have been taken.
  std::tuple<size_t, std::vector<std::string>, std::vector<double>, std::vector<size_t>> Take(double min_s,
                                                                                              size_t tail) {
    std::vector<std::string> texts;
    std::vector<double> walls;
    std::vector<size_t> refused;
    size_t first = 0;
    {
      nb::gil_scoped_release release;
      std::unique_lock<std::mutex> hold(lock_);
      const auto deadline = last_take_ + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                             std::chrono::duration<double>(min_s));
      tail_ = tail;
      for (;;) {
        const bool over = busy_ == 0 && (next_ >= runs_.size() || failure_);
        const bool some = prefix_ > taken_;
        const bool past = std::chrono::steady_clock::now() >= deadline;
        if (over || (some && (past || Tail()))) break;
        // Woken by the threads only when this could answer (Wanted); else at the deadline.
        // In slices, so that Ctrl-C (a signal Python must handle) is seen while waiting.
        any_ = past;
        const auto slice = std::chrono::steady_clock::now() + std::chrono::milliseconds(100);
        changed_.wait_until(hold, past ? slice : std::min(deadline, slice));
        any_ = false;
        if (std::chrono::steady_clock::now() >= slice) {
          hold.unlock();
          {
            nb::gil_scoped_acquire acquire;
            if (PyErr_CheckSignals() != 0) throw nb::python_error();
          }
          hold.lock();
        }
      }
      if (Tail()) tail_taken_ = true;
      first = taken_;
      if (prefix_ == taken_ && failure_) std::rethrow_exception(failure_);
      texts.reserve(prefix_ - taken_);
      walls.reserve(prefix_ - taken_);
      for (size_t i = taken_; i < prefix_; ++i) {  // done: no thread writes them again
        auto& [ok, text, wall_s] = answers_[i];
        if (!ok) refused.push_back(i);
        texts.push_back(std::move(text));
        walls.push_back(wall_s);
      }
      taken_ = prefix_;
      last_take_ = std::chrono::steady_clock::now();
    }
    return {first, std::move(texts), std::move(walls), std::move(refused)};
  }

  // Whether the runs not yet done in order are at most the tail, before its take (lock_ held).
  bool Tail() const { return !tail_taken_ && runs_.size() - prefix_ <= tail_; }
  // Whether a waiting Take could answer now (lock_ held): waking it for every claim done
  // would be about 300 wake-ups of a third thread on the two busy cores per 10,000 runs.
  bool Wanted() const {
    return (busy_ == 0 && (next_ >= runs_.size() || failure_)) || (prefix_ > taken_ && (any_ || Tail()));
  }

  // No run started after this; the ones running end (at most one claim per thread).
  void Stop() {
    std::lock_guard<std::mutex> hold(lock_);
    next_ = runs_.size();
    changed_.notify_all();
  }
  // Stops and waits for the threads (the GIL released).
  void Close() {
    Stop();
    nb::gil_scoped_release release;
    for (auto& t : pool_) t.join();
    pool_.clear();
  }
  double elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
  }

 private:
  void Work(int threads) {
    for (;;) {
      size_t from, to;
      {
        std::lock_guard<std::mutex> hold(lock_);
        if (next_ >= runs_.size() || failure_) return;
        // A quarter of each thread's share of what is left, 1 to 32 runs (RunPlanned's).
        const size_t left = runs_.size() - next_;
        const size_t take = std::clamp<size_t>(left / (4 * static_cast<size_t>(threads)), 1, 32);
        from = next_;
        to = next_ = from + take;
        ++busy_;
      }
      try {
        for (size_t i = from; i < to;) {
          size_t j = i + 1;  // runs[i .. j) consecutive in the plan: one ScenarioTexts call
          while (j < to && runs_[j] == runs_[j - 1] + 1) ++j;
          // Each run's scenario made and read in memory (GridPlanner::RunPlanned): the same
          // answers as running ScenarioText's text, without writing 5.6 KB of JSON and
          // parsing it again (about 5 % of a one-second run; docs/campaigns.md, "Overhead").
          auto start = std::chrono::steady_clock::now();
          planner_.RunPlanned(runs_[i], static_cast<int64_t>(j - i), plab::RunOptions::SummaryOnly(),
                              [&](int64_t n, plab::RunOutput&& out) {
                                const auto end = std::chrono::steady_clock::now();
                                const double wall_s = std::chrono::duration<double>(end - start).count();
                                start = end;
                                answers_[i + static_cast<size_t>(n)] = SummaryOf(std::move(out), wall_s, true);
                              });
          i = j;
        }
      } catch (...) {
        std::lock_guard<std::mutex> hold(lock_);
        if (!failure_) failure_ = std::current_exception();
        next_ = runs_.size();
        --busy_;
        changed_.notify_all();
        return;
      }
      std::lock_guard<std::mutex> hold(lock_);
      std::fill(done_.begin() + static_cast<std::ptrdiff_t>(from), done_.begin() + static_cast<std::ptrdiff_t>(to), 1);
      while (prefix_ < runs_.size() && done_[prefix_]) ++prefix_;
      --busy_;
      if (Wanted()) changed_.notify_all();
    }
  }

  const plab::GridPlanner& planner_;
  const std::vector<int64_t> runs_;
  std::vector<SummaryTuple> answers_;
  std::vector<char> done_;
  std::mutex lock_;
  std::condition_variable changed_;
  size_t next_ = 0;          // the next position a thread takes
  size_t busy_ = 0;          // threads running a claim
  size_t prefix_ = 0;        // positions [0, prefix_) are done
  size_t taken_ = 0;         // positions [0, taken_) were answered by Take
  size_t tail_ = 0;          // the tail of the Take waiting (or last)
  bool tail_taken_ = false;  // the tail's take was answered
  bool any_ = false;         // a Take past its deadline waits for any run done in order
  std::exception_ptr failure_;
  std::chrono::steady_clock::time_point started_, last_take_;
  std::vector<std::thread> pool_;
};

// A Set value as JSON text: a str is JSON text already; a bool or a number is written
// exactly (the shortest text that reads back as the same double, as Python's repr).
std::string ValueJson(nb::handle value) {
  if (nb::isinstance<nb::str>(value)) return nb::cast<std::string>(value);
  if (nb::isinstance<nb::bool_>(value)) return nb::cast<bool>(value) ? "true" : "false";
  const double x = nb::cast<double>(value);
  char text[64];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, x);
  return ec == std::errc() ? std::string(text, end) : std::string("null");
}

nb::dict StateDict(const plab::FlowState& s) {
  nb::dict d;
  d["valid"] = s.valid;
  d["t_s"] = s.t_s;
  d["rtt_samples"] = s.rtt_samples;
  d["srtt_s"] = s.srtt_s;
  d["min_rtt_s"] = s.min_rtt_s;
  d["latest_rtt_s"] = s.latest_rtt_s;
  d["rto_s"] = s.rto_s;
  d["delivered_bytes"] = s.delivered_bytes;
  d["data_packets_sent"] = s.data_packets_sent;
  d["retransmissions"] = s.retransmissions;
  d["feedback_received"] = s.feedback_received;
  d["completed"] = s.completed;
  d["has_window"] = s.has_window;
  d["segment_bytes"] = s.segment_bytes;
  d["cwnd_bytes"] = s.cwnd_bytes;
  d["ssthresh_bytes"] = s.ssthresh_bytes;
  d["flight_bytes"] = s.flight_bytes;
  d["fast_retransmits"] = s.fast_retransmits;
  d["timeouts"] = s.timeouts;
  d["has_rate"] = s.has_rate;
  d["allowed_rate_bytes_s"] = s.allowed_rate_bytes_s;
  d["equation_rate_bytes_s"] = s.equation_rate_bytes_s;
  d["loss_event_rate"] = s.loss_event_rate;
  return d;
}

}  // namespace

NB_MODULE(_core, m) {
  m.doc() = "Protocol Lab's engine (engine/include/plab/api.h): documents as JSON text";

  m.def("run", &RunScenario, nb::arg("scenario_json"), nb::arg("series") = true, nb::arg("timeline_json") = "",
        "Runs one scenario: (ok, result or error JSON, columns). Releases the GIL.");
  m.def(
      "run_summary",
      [](const std::string& scenario_json) {
        nb::gil_scoped_release release;
        return RunForSummary(scenario_json, true);
      },
      nb::arg("scenario_json"),
      "Runs one scenario without series: (ok, its summary as JSON text or the error document, wall seconds).");
  m.def("run_many", &RunMany, nb::arg("scenarios"), nb::arg("jobs") = 1, nb::arg("summary") = true,
        "Runs scenarios (JSON texts) on `jobs` threads, the GIL released: run_summary's answers, in order "
        "(summary=False: each whole result document instead of its summary).");
  m.def("schema", &plab::SchemaJson, "The parameter declarations (JSON).");
  m.def("default_scenario", &plab::DefaultScenarioJson, "A complete scenario at its defaults (JSON).");
  m.def(
      "grid_plan",
      [](const std::string& base, const std::string& spec, bool scenarios_as_text) {
        nb::gil_scoped_release release;
        return plab::GridPlanJson(base, spec, scenarios_as_text);
      },
      nb::arg("base_json"), nb::arg("spec_json"), nb::arg("scenarios_as_text") = false,
      "A grid's plan (plab::GridPlanJson), JSON; scenarios_as_text: each run's scenario as canonical JSON text.");
  m.def("grid_plan_texts", &GridPlanTexts, nb::arg("base_json"), nb::arg("spec_json"), nb::arg("jobs") = 1,
        "A grid's plan apart from its scenarios: (the plan JSON without them, or the error document; each "
        "run's scenario as canonical JSON text, in run order), made on `jobs` threads.");
  nb::class_<plab::GridPlanner>(m, "GridPlanner",
                                "A grid's plan kept engine-side (plab::GridPlanner): its runs' scenarios are "
                                "made on demand, on the engine's threads.")
      .def(
          "__init__",
          [](plab::GridPlanner* self, const std::string& base, const std::string& spec) {
            nb::gil_scoped_release release;
            new (self) plab::GridPlanner(base, spec);
          },
          nb::arg("base_json"), nb::arg("spec_json"))
      .def_prop_ro("ok", &plab::GridPlanner::ok)
      .def("json", &plab::GridPlanner::json,
           "The plan's document without scenarios (grid_plan_texts' first member), or the error document.")
      .def_prop_ro("runs", &plab::GridPlanner::runs)
      .def(
          "scenario_texts",
          [](const plab::GridPlanner& p, int64_t first, int64_t count) {
            if (first < 0 || count < 0 || first + count > p.runs()) throw nb::index_error("runs out of the plan");
            nb::gil_scoped_release release;
            return p.ScenarioTexts(first, count);
          },
          nb::arg("first"), nb::arg("count"), "Runs first .. first+count-1's scenarios, canonical JSON texts.")
      .def("run_many", &RunPlanned, nb::arg("runs"), nb::arg("jobs") = 1,
           "Runs the plan's runs `runs` (indices), their scenarios made engine-side, on `jobs` threads with the "
           "GIL released: run_many's summary answers, in order.")
      .def(
          "start",
          [](const plab::GridPlanner& p, std::vector<int64_t> runs, int jobs) {
            return new PlannedRuns(p, std::move(runs), jobs);
          },
          nb::arg("runs"), nb::arg("jobs") = 1, nb::keep_alive<0, 1>(), nb::rv_policy::take_ownership,
          "Starts the plan's runs `runs` (indices) on `jobs` threads of the engine's own, their scenarios made "
          "engine-side, one after another with no batches: a PlannedRuns, whose take() answers them in order.");
  nb::class_<PlannedRuns>(m, "PlannedRuns", "A campaign's runs going on engine-side (GridPlanner.start).")
      .def("take", &PlannedRuns::Take, nb::arg("min_s"), nb::arg("tail") = 0,
           "The next runs done, in order: (first position, summaries or error documents, wall seconds, the "
           "positions refused); waits (the GIL released) until min_s seconds since the last take and something "
           "done, or at most `tail` runs left untaken (once), or the end. An empty list: nothing more.")
      .def("stop", &PlannedRuns::Stop, "No more runs started; the running ones end.")
      .def("close", &PlannedRuns::Close, "Stops and waits for the engine's threads.")
      .def_prop_ro("elapsed_s", &PlannedRuns::elapsed_s, "Seconds since the runs started.");
  m.def(
      "sweep_plan", [](const std::string& base, const std::string& spec) { return plab::SweepPlanJson(base, spec); },
      nb::arg("base_json"), nb::arg("spec_json"), "A sweep's plan (plab::SweepPlanJson), JSON.");
  m.def(
      "engine_version", []() { return std::string("sha256:") + PLAB_ENGINE_SOURCES_SHA256; },
      "A hash of the engine's sources (src, include, data) taken at build time: it changes whenever "
      "they do, so whenever a result could.");

  nb::class_<plab::RunSession>(m, "Session", "A run taken in steps (plab::RunSession).")
      .def(
          "__init__",
          [](plab::RunSession* self, const std::string& scenario_json, const std::string& timeline_json) {
            plab::RunOptions options;
            options.timeline_json = timeline_json;
            new (self) plab::RunSession(scenario_json, options);
          },
          nb::arg("scenario_json"), nb::arg("timeline_json") = "")
      .def(
          "advance_to",
          [](plab::RunSession& s, double t_s) {
            nb::gil_scoped_release release;
            return s.AdvanceTo(t_s);
          },
          nb::arg("t_s"), "Runs up to t_s simulated seconds; True once the run has ended.")
      .def(
          "set",
          [](plab::RunSession& s, const std::string& path, nb::handle value) { return s.Set(path, ValueJson(value)); },
          nb::arg("path"), nb::arg("value"),
          "Changes a live parameter now, as a timeline entry at now_s would; '' or why not. "
          "value: a number or bool, or a str holding JSON text.")
      .def_prop_ro("now_s", &plab::RunSession::now_s)
      .def_prop_ro("duration_s", &plab::RunSession::duration_s)
      .def_prop_ro("ended", &plab::RunSession::ended)
      .def("snapshot", [](const plab::RunSession& s) { return ToTuple(s.Snapshot()); })
      .def("finish",
           [](plab::RunSession& s) {
             plab::RunOutput out;
             {
               nb::gil_scoped_release release;
               out = s.Finish();
             }
             return ToTuple(std::move(out));
           })
      .def(
          "observe", [](const plab::RunSession& s, int flow) { return StateDict(s.Observe(flow)); },
          nb::arg("flow") = 0, "Flow `flow`'s state now (plab::FlowState) as a dict; valid=False if none.");
}
