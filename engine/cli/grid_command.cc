// plab sweep FILE --grid PATH=SPEC ... [--jobs N] [--shard i/N] [--out FILE]: a grid of
// runs (the engine's plan, src/sweep/grid.h), and plab merge SHARD...: its shards joined.
//
// Output, JSON lines (docs/engine-api.md, "Grids"): the plan {"plan": {...}} (a shard's
// also {"shard": {"index", "count"}}), one line per run in plan order {"run", "point",
// "coords", "protocol", "seed", "summary"}, then (not in a shard, not with --runs-only)
// one line per point and protocol {"point", "coords", "protocol", "figures"}.
//
// Threads: a run shares no mutable state with another (the engine's statics are
// constant tables built once, thread-safely), so --jobs runs them on threads; each run's
// line is written in plan order, so the output is the same for any N. A shard takes the
// runs whose index % N == i: interleaved, so an axis whose runs cost more (more flows, a
// longer path) is spread over every shard instead of landing in the last one.
#include "grid_command.h"

#include <atomic>
#include <condition_variable>
#include <fstream>
#include <iostream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>
#include <vector>

#include "plab/api.h"
#include "scenario/scenario.h"

namespace plab_cli {
namespace {

bool WholeNumber(const std::string& text, double* v) {
  if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || text.size() > 9) return false;
  *v = std::stod(text);
  return true;
}

// Calls work(k) for k in [0, n) on `jobs` threads and emit(k, result) in order k; stops
// at the first result that is an error (emit returns false).
template <typename Work, typename Emit>
bool ForEachInOrder(size_t n, int jobs, Work work, Emit emit) {
  std::vector<std::optional<std::string>> done(n);
  std::mutex m;
  std::condition_variable cv;
  std::atomic<size_t> next{0};
  std::atomic<bool> stop{false};
  auto worker = [&] {
    for (size_t k; !stop && (k = next++) < n;) {
      std::string result = work(k);
      std::lock_guard<std::mutex> lock(m);
      done[k] = std::move(result);
      cv.notify_all();
    }
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < jobs; ++t) threads.emplace_back(worker);
  bool ok = true;
  for (size_t k = 0; k < n && ok; ++k) {
    std::string result;
    {
      std::unique_lock<std::mutex> lock(m);
      cv.wait(lock, [&] { return done[k].has_value(); });
      result = std::move(*done[k]);
      done[k].reset();
    }
    ok = emit(k, result);
  }
  stop = true;
  for (auto& t : threads) t.join();
  return ok;
}

// Writes to --out FILE or stdout.
struct Output {
  std::ofstream file;
  std::ostream* os = &std::cout;
  bool Open(const std::string& path) {
    if (path.empty()) return true;
    file.open(path, std::ios::binary);
    os = &file;
    return static_cast<bool>(file);
  }
};

}  // namespace

bool ParseGridAxis(const std::string& text, plab::SweepSpec* axis) {
  auto bad = [&] {
    std::cerr << "plab: --grid expects PATH=from:to:points[:log] or PATH=a,b,... (e.g. "
                 "flows[0].channel.forward.p=0.001:0.1:5:log), got "
              << text.substr(0, 120) << "\n";
    return false;
  };
  const size_t eq = text.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size()) return bad();
  axis->x_path = text.substr(0, eq);
  const std::string spec = text.substr(eq + 1);
  std::vector<std::string> parts;
  const char sep = spec.find(':') != std::string::npos ? ':' : ',';
  std::stringstream list(spec);
  for (std::string p; std::getline(list, p, sep);) parts.push_back(p);
  if (!spec.empty() && spec.back() == sep) return bad();
  double v = 0;
  if (sep == ',') {
    for (const std::string& p : parts) {
      if (!ParseNumber("--grid " + axis->x_path, p, &v)) return false;
      axis->xs.push_back(v);
    }
    axis->from = axis->xs.front(), axis->to = axis->xs.back();
    return true;
  }
  if (parts.size() < 3 || parts.size() > 4 || (parts.size() == 4 && parts[3] != "log" && parts[3] != "linear")) {
    return bad();
  }
  if (!ParseNumber("--grid " + axis->x_path + " from", parts[0], &axis->from) ||
      !ParseNumber("--grid " + axis->x_path + " to", parts[1], &axis->to)) {
    return false;
  }
  if (!WholeNumber(parts[2], &v)) {
    std::cerr << "plab: --grid " << axis->x_path << " points expects a whole number, got " << parts[2].substr(0, 40)
              << "\n";
    return false;
  }
  axis->points = static_cast<int>(v);
  axis->log_scale = parts.size() == 4 && parts[3] == "log";
  return true;
}

bool ParseShard(const std::string& text, GridOptions* options) {
  const size_t slash = text.find('/');
  double i = 0, n = 0;
  if (slash == std::string::npos || !WholeNumber(text.substr(0, slash), &i) ||
      !WholeNumber(text.substr(slash + 1), &n) || n < 1 || i >= n) {
    std::cerr << "plab: --shard expects i/N with 0 <= i < N (shards 0/N to "
              << "N-1/N), got " << text.substr(0, 40) << "\n";
    return false;
  }
  options->shard_index = static_cast<int>(i);
  options->shard_count = static_cast<int>(n);
  options->sharded = true;
  return true;
}

bool ParseJobs(const std::string& text, GridOptions* options) {
  double n = 0;
  if (!WholeNumber(text, &n) || n < 1 || n > 1024) {
    std::cerr << "plab: --jobs expects a whole number within [1, 1024], got " << text.substr(0, 40) << "\n";
    return false;
  }
  options->jobs = static_cast<int>(n);
  return true;
}

int RunGrid(const nlohmann::json& base, const plab::GridSpec& spec, const GridOptions& options) {
  if (const auto errors = plab::ValidateGrid(spec); !errors.empty()) {
    for (const auto& e : errors) std::cerr << "plab: " << e.message << "\n";
    return 2;
  }
  plab::GridPlan plan;
  try {
    plan = plab::PlanGrid(base, spec);
  } catch (const std::invalid_argument& e) {
    std::cerr << "plab: " << e.what() << "\n";
    return 2;
  }
  std::vector<int64_t> runs;  // this shard's, in plan order
  for (int64_t r = options.shard_index; r < plan.runs(); r += options.shard_count) runs.push_back(r);
  const int jobs = options.jobs > 0 ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  // Every run's scenario is checked before any runs or prints: a combination the
  // scenario refuses (a cross-field rule, a flow that is not there) stops it whole.
  const bool checked = ForEachInOrder(
      runs.size(), jobs,
      [&](size_t k) -> std::string {
        try {
          plab::Scenario s;
          const auto problems = plab::Scenario::Parse(plab::GridRunScenario(base, spec, plan, runs[k]), &s);
          return problems.empty() ? "" : problems.front().message;
        } catch (const std::invalid_argument& e) {
          return e.what();
        }
      },
      [&](size_t k, const std::string& problem) {
        if (problem.empty()) return true;
        std::cerr << "plab: run " << runs[k] << " (" << plan.Coords(plan.PointOf(runs[k])).dump() << "): " << problem
                  << "\n";
        return false;
      });
  if (!checked) return 2;
  Output out;
  if (!out.Open(options.out)) {
    std::cerr << "plab: --out cannot write " << options.out << "\n";
    return 66;
  }
  std::ostream& os = *out.os;
  nlohmann::ordered_json header;
  header["plan"] = plan.Describe();
  if (options.sharded) header["shard"] = {{"index", options.shard_index}, {"count", options.shard_count}};
  os << header.dump() << "\n";
  if (options.plan_only) {
    for (int64_t r : runs) {
      nlohmann::ordered_json line = plab::GridRunRecord(plan, r, nullptr);
      line.erase("summary");
      line["scenario"] = plab::GridRunScenario(base, spec, plan, r);
      os << line.dump() << "\n";
    }
    return os.flush() ? 0 : 66;
  }
  plab::GridAggregator aggregate;
  const bool aggregating = !options.sharded && !options.runs_only;
  ForEachInOrder(
      runs.size(), jobs,
      [&](size_t k) {
        const plab::RunOutput result =
            plab::Run(plab::GridRunScenario(base, spec, plan, runs[k]).dump(), plab::RunOptions::SummaryOnly());
        const auto doc = nlohmann::ordered_json::parse(result.json);
        const nlohmann::ordered_json summary = doc.contains("summary") ? doc["summary"] : nullptr;
        return plab::GridRunRecord(plan, runs[k], summary).dump();
      },
      [&](size_t, const std::string& line) {
        os << line << "\n";
        if (aggregating) aggregate.Add(nlohmann::ordered_json::parse(line));
        return true;
      });
  for (const auto& line : aggregate.Lines()) os << line.dump() << "\n";
  os.flush();
  if (!os) {
    std::cerr << "plab: cannot write the output" << (options.out.empty() ? "" : " to " + options.out) << "\n";
    return 66;
  }
  return 0;
}

}  // namespace plab_cli
