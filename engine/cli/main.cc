// plab: the native command-line runner.
//
//   plab run FILE [--set path=value ...] [--timeline FILE] [--csv DIR] [--pcap DIR] [--timing]
//   plab sweep FILE --x PATH --from A --to B [--points N] [--log] [--seeds K]
//              [--protocols a,b,...] [--set path=value ...] [--format json|csv]
//   plab sweep FILE --x PATH --xs A,B,C,... [...]   (the x values themselves)
//   plab sweep FILE --plan [...]                    (the runs it would make, not run)
//              (PATH may be `flows`: the number of flows, each added one a copy of the last)
//   plab sweep FILE --grid PATH=from:to:points[:log] --grid PATH=a,b,... [--seeds K]
//              [--protocols a,b,...] [--jobs N] [--shard i/N] [--out FILE] [--runs-only]
//   plab merge SHARD... [--runs-only] [--out FILE]
//              (grid_command.cc, merge_command.cc: a grid of runs, on threads, in shards)
//   plab contest [SET | SPEC.json] [--entrants a,b,...] [--program FILE] [...]
//              (contest_command.cc: the leaderboard of issue J's contest)
//   plab schema
//   plab defaults
//
// `run` prints the result JSON on stdout (or the validation errors on stderr and exits
// 2). --csv DIR also writes one CSV per series (time_s,value); DIR is made before the
// run, and a path that cannot be a directory is refused (exit 2) before anything runs;
// the CSVs are written before the result is printed, so a failure prints no result.
// --pcap DIR writes the packets each link put on the wire as one pcap file per link
// and direction (pcap_command.cc; the window is metrics.packet_trace's, else the
// whole run); DIR is made as --csv's is.
// --timing prints the wall time of the simulation and the event budget it ran under to
// stderr. --timeline FILE applies live changes during the run (a JSON list of {t_s,
// path, value}; docs/engine-api.md), as a live-mode link does; a file that is empty or
// a directory is refused (exit 66), not run as no timeline.
//
// Exit codes: 0 ran; 2 the scenario, timeline, sweep, --csv or --pcap was refused; 64 bad
// usage (a flag, a --set, a number); 66 an input file that cannot be read.
#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "grid_command.h"
#include "output_dir.h"
#include "pcap_command.h"
#include "plab/api.h"
#include "scenario/json_depth.h"
#include "scenario/json_text.h"
#include "scenario/scenario.h"
#include "scenario/scenario_format.h"
#include "sweep/sweep.h"
#include "trace_file.h"

int Contest(int argc, char** argv);  // contest_command.cc

namespace {

int Usage() {
  std::cerr << "usage: plab run FILE [--set path=value ...] [--timeline FILE] [--csv DIR] [--pcap DIR] [--timing]\n"
               "       plab sweep FILE --x PATH --from A --to B [--points N] [--log] [--seeds K]\n"
               "                  [--protocols a,b,...] [--set path=value ...] [--format json|csv]\n"
               "       plab sweep FILE --x PATH --xs A,B,... [...]   (explicit x values; --plan: the runs, not run)\n"
               "                  (--x flows sweeps the number of flows; --x 'flows[1:].access.delay_ms'\n"
               "                   sets a parameter of every flow after the first)\n"
               "       plab sweep FILE --grid PATH=from:to:points[:log] --grid PATH=a,b,... [--seeds K]\n"
               "                  [--protocols a,b,...] [--jobs N] [--shard i/N] [--out FILE] [--runs-only]\n"
               "                  (a grid: every combination x protocols x seeds, JSON lines; --jobs: threads,\n"
               "                  all cores by default; --shard i/N: runs with index % N == i)\n"
               "       plab merge SHARD... [--runs-only] [--out FILE]   (shards joined: the unsharded output)\n"
               "       plab contest [SET | SPEC.json] [--entrants a,b,...] [--program FILE] [--format table|json]\n"
               "       plab schema      (the parameter declarations)\n"
               "       plab defaults    (a scenario with every default)\n";
  return 64;
}

// A --set value is JSON if it parses as JSON (numbers, true, [1,2]); else a string.
// A value that opens as JSON structure or a JSON string ('[', '{', '"') but does not
// parse is a mistake, not a string: it is refused with where it stops being JSON.
// (Its depth is checked first, in ApplySet.)
bool ParseValue(const std::string& path, const std::string& text, nlohmann::json* out) {
  nlohmann::json v;
  const std::string not_json = plab::ParseJsonText(text, "--set " + path + " value", &v);
  if (not_json.empty()) {
    *out = v;
    return true;
  }
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && (text[first] == '[' || text[first] == '{' || text[first] == '"')) {
    std::cerr << "plab: " << not_json << "\n";
    return false;
  }
  *out = text;
  return true;
}

std::string PrepareCsvDir(const std::string& dir) {
  return plab_cli::PrepareOutputDir("--csv", dir, "one CSV per series");
}

// One CSV per series (and the packet trace) in `dir`; "" if all were written, else why not.
std::string WriteCsv(const std::string& dir, const plab::RunOutput& out) {
  std::string failed;
  auto check = [&](const std::ofstream& f, const std::filesystem::path& file) {
    if (!f && failed.empty()) failed = "--csv " + dir + ": cannot write " + file.filename().string();
  };
  const auto doc = nlohmann::json::parse(out.json);
  for (const auto& s : doc["series"]) {
    const size_t offset = s["offset"].get<size_t>();
    const size_t n = s["length"].get<size_t>();
    // One file per series, named by its unique key ("flows[0].cwnd.csv").
    const std::filesystem::path file = std::filesystem::path(dir) / (s["key"].get<std::string>() + ".csv");
    std::ofstream f(file);
    f << "time_s," << s["name"].get<std::string>() << "_" << s["unit"].get<std::string>() << "\n";
    f.precision(17);
    for (size_t i = 0; i < n; ++i) f << out.columns[offset + i] << "," << out.columns[offset + n + i] << "\n";
    f.flush();
    check(f, file);
  }
  if (doc.contains("packet_trace")) {
    // One row per packet event (docs/engine-api.md, "Packet trace"), names spelled out.
    const auto& d = doc["packet_trace"];
    const size_t offset = d["offset"].get<size_t>();
    const size_t n = d["count"].get<size_t>();
    const std::filesystem::path file = std::filesystem::path(dir) / "packet_trace.csv";
    std::ofstream f(file);
    f << "t_s,link,direction,event,feedback,flow,seq\n";
    f.precision(17);
    for (size_t i = 0; i < n; ++i) {
      const auto& link = d["links"][static_cast<size_t>(out.columns[offset + n + i])];
      f << out.columns[offset + i] << "," << link["name"].get<std::string>() << ","
        << link["direction"].get<std::string>() << ","
        << d["events"][static_cast<size_t>(out.columns[offset + 2 * n + i])].get<std::string>() << ","
        << out.columns[offset + 3 * n + i] << "," << out.columns[offset + 4 * n + i] << ","
        << out.columns[offset + 5 * n + i] << "\n";
    }
    f.flush();
    check(f, file);
  }
  return failed;
}

// The CLI's event budget when the scenario sets none. The schema's default (max_events)
// is the page's: a few seconds of WASM. Natively, from a terminal, a long run is usually
// wanted, so the CLI allows far more (1e9 events: about a minute natively); a
// scenario's own max_events, or --set max_events=N, still wins. `--timing` prints it.
constexpr int64_t kCliEventBudget = 1000000000;

// Reads a scenario file into `doc`, brought to the current format (a file without
// "format" is from before format 3: scenario/scenario_format.h); prints why not and
// returns the exit code on failure (66 unreadable, 2 a bad "format"), else 0.
int ReadScenario(const char* path, nlohmann::json* doc) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    std::cerr << "plab: cannot read scenario file " << path << ": it is a directory\n";
    return 66;
  }
  std::ifstream in(path);
  if (!in) {
    std::cerr << "plab: cannot read scenario file " << path << "\n";
    return 66;
  }
  std::stringstream text;
  text << in.rdbuf();
  if (const std::string too_deep = plab::CheckJsonDepth(text.str(), path); !too_deep.empty()) {
    std::cerr << "plab: " << too_deep << "\n";
    return 66;
  }
  if (const std::string not_json = plab::ParseJsonText(text.str(), path, doc); !not_json.empty()) {
    std::cerr << "plab: " << not_json << "\n";
    return 66;
  }
  std::vector<std::string> changes;
  if (const std::string bad = plab::MigrateScenarioFile(*doc, &changes); !bad.empty()) {
    std::cerr << "plab: " << path << ": " << bad << "\n";
    return 2;
  }
  for (const std::string& change : changes) {
    std::cerr << "plab: note: " << path << " has no \"format\" (read as written before format 3): " << change
              << "; add \"format\": " << plab::kScenarioFormat << " to read it as it is\n";
  }
  if (doc->is_object() && !doc->contains("max_events")) (*doc)["max_events"] = kCliEventBudget;
  return 0;
}

// Applies one `--set path=value`; 0, or the exit code (with a message): 64 malformed,
// 66 a trace file that cannot be read, 2 a trace file that is not a trace.
int ApplySet(const std::string& assignment, nlohmann::json& doc) {
  const size_t eq = assignment.find('=');
  if (eq == std::string::npos || eq == 0) {
    std::cerr << "plab: --set expects path=value, got " << assignment << "\n";
    return 64;
  }
  const std::string value = assignment.substr(eq + 1);
  nlohmann::json parsed;
  bool from_file = false;
  if (const int code = plab_cli::ReadTraceFileValue(assignment.substr(0, eq), value, &parsed, &from_file)) return code;
  if (from_file) {
    plab::Scenario::SetPath(doc, assignment.substr(0, eq), parsed);
    return 0;
  }
  if (value.size() > 1 && value[0] == '@') {  // @FILE: the file's text as a string (a custom.program)
    std::ifstream in(value.substr(1), std::ios::binary);
    std::error_code ec;
    if (!in || std::filesystem::is_directory(value.substr(1), ec)) {
      std::cerr << "plab: --set " << assignment.substr(0, eq) << ": cannot read " << value.substr(1) << "\n";
      return 66;
    }
    parsed = std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());  // may be empty
  } else if (const std::string too_deep = plab::CheckJsonDepth(value, "--set " + assignment.substr(0, eq));
             !too_deep.empty()) {
    std::cerr << "plab: " << too_deep << "\n";
    return 64;
  } else if (!ParseValue(assignment.substr(0, eq), value, &parsed)) {
    return 64;
  }
  try {
    plab::Scenario::SetPath(doc, assignment.substr(0, eq), parsed);
  } catch (const std::invalid_argument& e) {
    std::cerr << "plab: --set " << e.what() << "\n";
    return 64;
  }
  return 0;
}

}  // namespace

namespace plab_cli {

// A number as decimal notation: [+-]digits[.digits][e[+-]digits]. strtod alone also
// reads hexadecimal (--from 0x10 was 16), "inf", "nan" and leading spaces.
bool IsPlainDecimal(const std::string& t) {
  size_t i = 0, digits = 0;
  auto is_digit = [&](size_t k) { return k < t.size() && t[k] >= '0' && t[k] <= '9'; };
  if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
  while (is_digit(i)) ++i, ++digits;
  if (i < t.size() && t[i] == '.') {
    ++i;
    while (is_digit(i)) ++i, ++digits;
  }
  if (digits == 0) return false;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    if (i < t.size() && (t[i] == '+' || t[i] == '-')) ++i;
    if (!is_digit(i)) return false;
    while (is_digit(i)) ++i;
  }
  return i == t.size();
}

bool ParseNumber(const std::string& flag, const std::string& text, double* out) {
  *out = IsPlainDecimal(text) ? std::strtod(text.c_str(), nullptr) : 0;
  if (!IsPlainDecimal(text) || !std::isfinite(*out)) {
    std::cerr << "plab: " << flag << " expects a number in decimal notation (e.g. 0.5 or 1e-3), got "
              << text.substr(0, 80) << "\n";
    return false;
  }
  return true;
}

}  // namespace plab_cli

namespace {

using plab_cli::ParseNumber;

int Sweep(int argc, char** argv) {
  if (argc < 3) return Usage();
  nlohmann::json doc;
  if (const int code = ReadScenario(argv[2], &doc); code != 0) return code;
  plab::SweepSpec spec;
  std::string format = "json";
  bool have_x = false, have_from = false, have_to = false, plan_only = false, have_format = false, have_points = false;
  plab::GridSpec grid;
  plab_cli::GridOptions grid_options;
  bool grid_only_flag = false;  // --jobs, --shard, --out, --runs-only: for a --grid
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    double number = 0;
    if (arg == "--set" && has_value) {
      if (const int code = ApplySet(argv[++i], doc)) return code;
    } else if (arg == "--x" && has_value) {
      spec.x_path = argv[++i];
      have_x = true;
    } else if ((arg == "--from" || arg == "--to" || arg == "--points" || arg == "--seeds") && has_value) {
      if (!ParseNumber(arg, argv[++i], &number)) return 64;
      if (arg == "--from") spec.from = number, have_from = true;
      if (arg == "--to") spec.to = number, have_to = true;
      if (arg == "--points" || arg == "--seeds") {
        // Whole numbers in a range an int holds; anything else is refused, not truncated.
        if (!(number >= 0 && number <= 1e6) || number != std::floor(number)) {
          std::cerr << "plab: " << arg << " expects a whole number, got " << argv[i] << "\n";
          return 64;
        }
        (arg == "--points" ? spec.points : spec.seeds) = static_cast<int>(number);
        if (arg == "--points") have_points = true;
      }
    } else if (arg == "--log") {
      spec.log_scale = true;
    } else if (arg == "--plan") {
      plan_only = true;
    } else if (arg == "--xs" && has_value) {
      // The page's sweep.points: the x values as listed (from and to are their ends).
      std::stringstream list(argv[++i]);
      std::string v;
      while (std::getline(list, v, ',')) {
        if (!ParseNumber("--xs", v, &number)) return 64;
        spec.xs.push_back(number);
      }
      if (!spec.xs.empty()) spec.from = spec.xs.front(), spec.to = spec.xs.back(), have_from = have_to = true;
    } else if (arg == "--protocols" && has_value) {
      std::stringstream list(argv[++i]);
      std::string p;
      while (std::getline(list, p, ',')) spec.protocols.push_back(p);
    } else if (arg == "--format" && has_value) {
      format = argv[++i];
      have_format = true;
    } else if (arg == "--grid" && has_value) {
      plab::SweepSpec axis;
      if (!plab_cli::ParseGridAxis(argv[++i], &axis)) return 64;
      grid.axes.push_back(axis);
    } else if (arg == "--jobs" && has_value) {
      if (!plab_cli::ParseJobs(argv[++i], &grid_options)) return 64;
      grid_only_flag = true;
    } else if (arg == "--shard" && has_value) {
      if (!plab_cli::ParseShard(argv[++i], &grid_options)) return 64;
      grid_only_flag = true;
    } else if (arg == "--out" && has_value) {
      grid_options.out = argv[++i];
      grid_only_flag = true;
    } else if (arg == "--runs-only") {
      grid_options.runs_only = grid_only_flag = true;
    } else {
      return Usage();
    }
  }
  if (!grid.axes.empty()) {
    // A grid (grid_command.cc): its own axes; the seeds, protocols, --set and --plan as a sweep's.
    if (have_x || spec.log_scale || have_from || have_to || have_points || have_format) {
      std::cerr << "plab: --grid takes its axes as PATH=from:to:points[:log]; --x, --from, --to, --xs, --points, "
                   "--log and --format are for a one-parameter sweep\n";
      return 64;
    }
    grid.seeds = spec.seeds;
    grid.protocols = spec.protocols;
    grid_options.plan_only = plan_only;
    return plab_cli::RunGrid(doc, grid, grid_options);
  }
  if (grid_only_flag) {
    std::cerr << "plab: --jobs, --shard, --out and --runs-only are for a --grid sweep (--grid PATH=from:to:points "
                 "is a one-parameter grid)\n";
    return 64;
  }
  if (!have_x || !have_from || !have_to) {
    std::cerr << "plab: sweep needs --x PATH and --from A --to B (or --xs A,B,...)\n";
    return 64;
  }
  if (format != "json" && format != "csv") {
    std::cerr << "plab: --format must be json or csv, got " << format << "\n";
    return 64;
  }
  const auto errors = plab::ValidateSweep(spec);
  if (!errors.empty()) {
    for (const auto& e : errors) std::cerr << "plab: " << e.message << "\n";
    return 2;
  }
  nlohmann::ordered_json result;
  try {
    result = plan_only ? plab::PlanSweep(doc, spec) : plab::RunSweep(doc, spec);
  } catch (const std::invalid_argument& e) {
    std::cerr << "plab: " << e.what() << "\n";
    return 2;
  }
  if (format == "json" || plan_only) {
    std::cout << result.dump(2) << "\n";
    return 0;
  }
  std::cout << "x,protocol,figure,mean,sd,min,max,n,ci95\n";
  std::cout.precision(17);
  for (const auto& point : result["points"]) {
    const std::string protocol = point.contains("protocol") ? point["protocol"].get<std::string>() : "";
    for (const auto& [figure, a] : point["figures"].items()) {
      if (a.is_null()) continue;  // no run of this point had a value for the figure
      std::cout << point["x"].get<double>() << "," << protocol << "," << figure << "," << a["mean"].get<double>() << ","
                << a["sd"].get<double>() << "," << a["min"].get<double>() << "," << a["max"].get<double>() << ","
                << a["n"].get<int>() << "," << a["ci95"].get<double>() << "\n";
    }
  }
  return 0;
}

int Run(int argc, char** argv) {
  if (argc < 3) return Usage();
  nlohmann::json doc;
  if (const int code = ReadScenario(argv[2], &doc); code != 0) return code;
  std::string csv_dir;
  plab::RunOptions options;
  plab_cli::PcapFiles pcap;
  bool timing = false;
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--set" && i + 1 < argc) {
      if (const int code = ApplySet(argv[++i], doc)) return code;
    } else if (arg == "--timeline" && i + 1 < argc) {
      // RunOptions reads "" as no timeline: a file that gives no text (a directory,
      // /dev/null, an empty file) is refused here, not run as a plain run.
      const std::string file = argv[++i];
      std::error_code ec;
      if (std::filesystem::is_directory(file, ec)) {
        std::cerr << "plab: --timeline " << file << " is a directory, not a timeline file\n";
        return 66;
      }
      std::ifstream in(file);
      if (!in) {
        std::cerr << "plab: --timeline cannot read " << file << "\n";
        return 66;
      }
      std::stringstream text;
      text << in.rdbuf();
      options.timeline_json = text.str();
      if (options.timeline_json.find_first_not_of(" \t\r\n") == std::string::npos) {
        std::cerr << "plab: --timeline " << file
                  << " is empty (a timeline is a JSON list of {t_s, path, value}; [] for none)\n";
        return 66;
      }
    } else if (arg == "--csv" && i + 1 < argc) {
      csv_dir = argv[++i];
      if (const std::string problem = PrepareCsvDir(csv_dir); !problem.empty()) {
        std::cerr << "plab: " << problem << "\n";
        return 2;
      }
    } else if (arg == "--pcap" && i + 1 < argc) {
      if (const std::string problem = pcap.Prepare(argv[++i]); !problem.empty()) {
        std::cerr << "plab: " << problem << "\n";
        return 2;
      }
      options.pcap = [&pcap](const std::string& link, const std::string& direction) {
        return pcap.Open(link, direction);
      };
    } else if (arg == "--timing") {
      timing = true;
    } else {
      return Usage();
    }
  }
  const auto start = std::chrono::steady_clock::now();
  const plab::RunOutput out = plab::Run(doc.dump(), options);
  const double wall_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!out.ok) {
    const auto err = nlohmann::json::parse(out.json);
    for (const auto& e : err["errors"]) std::cerr << "plab: " << e["message"].get<std::string>() << "\n";
    return 2;
  }
  // The files first: if one cannot be written, the result is not printed half-done.
  if (pcap.enabled()) {
    if (const std::string problem = pcap.Finish(out.json); !problem.empty()) {
      std::cerr << "plab: " << problem << "\n";
      return 2;
    }
  }
  if (!csv_dir.empty()) {
    if (const std::string problem = WriteCsv(csv_dir, out); !problem.empty()) {
      std::cerr << "plab: " << problem << "\n";
      return 2;
    }
  }
  std::cout << out.json << "\n";
  if (timing) std::cerr << "wall_ms " << wall_ms << "\nevent_budget " << doc["max_events"].dump() << "\n";
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return Usage();
  const std::string command = argv[1];
  if (command == "run") return Run(argc, argv);
  if (command == "sweep") return Sweep(argc, argv);
  if (command == "contest") return Contest(argc, argv);
  if (command == "merge") return plab_cli::Merge(argc, argv);
  if (command == "schema") {
    std::cout << plab::SchemaJson() << "\n";
    return 0;
  }
  if (command == "defaults") {
    // With the format first, so a file written from it is read as it is (scenario_format.h).
    nlohmann::ordered_json doc = {{"format", plab::kScenarioFormat}};
    doc.update(nlohmann::ordered_json::parse(plab::DefaultScenarioJson()));
    std::cout << doc.dump(2) << "\n";
    return 0;
  }
  return Usage();
}
