// plab contest: the contest of issue J §3 from the command line, the same plan and the
// same score as the page's leaderboard (plab::ContestPlanJson / ContestScoreJson).
//
//   plab contest [SET | SPEC.json] [--entrants a,b,...] [--program FILE [--label L]]
//                [--plan] [--format table|json]
//
// SET names a built-in set (`plab schema` lists them under "contests"; default
// classic); SPEC.json is a contest spec {set, entrants} (docs/engine-api.md,
// "Contests"). --entrants replaces the set's built-in entrants; --program adds the
// program in FILE as an entrant (protocol custom, its text as custom.program), labelled
// with the file's name or --label. --plan prints the runs instead of running them.
// Exit codes as `plab run`: 2 the contest was refused, 64 bad usage, 66 unreadable file.
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "scenario/json_depth.h"

namespace {

bool ReadText(const std::string& file, std::string* out) {
  std::ifstream in(file, std::ios::binary);
  if (!in) return false;
  std::stringstream text;
  text << in.rdbuf();
  *out = text.str();
  return true;
}

int Refused(const std::string& error_json) {
  const auto err = nlohmann::json::parse(error_json);
  for (const auto& e : err["errors"]) std::cerr << "plab: " << e["message"].get<std::string>() << "\n";
  return 2;
}

std::string Cell(const nlohmann::json& v, int precision) {
  if (!v.is_number()) return "-";
  std::ostringstream s;
  s << std::fixed << std::setprecision(precision) << v.get<double>();
  return s.str();
}

void PrintTable(const nlohmann::json& board) {
  std::cout << "contest " << board["set"].get<std::string>()
            << ": score = mean over scenarios of log10(throughput Mb/s / p95 delay s)\n";
  std::cout << std::left << std::setw(5) << "rank" << std::setw(24) << "entrant" << std::setw(8) << "score";
  for (const auto& s : board["scenarios"]) std::cout << "  " << std::setw(26) << s.get<std::string>();
  std::cout << "\n" << std::setw(37) << "";
  for (size_t i = 0; i < board["scenarios"].size(); ++i)
    std::cout << "  " << std::setw(26) << "Mb/s  p95 ms  log10 power";
  std::cout << "\n";
  for (const auto& row : board["rows"]) {
    std::cout << std::setw(5) << row["rank"].get<int>() << std::setw(24)
              << row["entrant"].get<std::string>().substr(0, 23) << std::setw(8) << Cell(row["score"], 3);
    for (const auto& c : row["scenarios"]) {
      const std::string cell =
          Cell(c["throughput_mbps"], 2) + "  " + Cell(c["delay_p95_ms"], 1) + "  " + Cell(c["log_power"], 3);
      std::cout << "  " << std::setw(26) << cell;
    }
    std::cout << "\n";
  }
}

}  // namespace

int Contest(int argc, char** argv) {
  nlohmann::json spec = {{"set", "classic"}};
  std::string program_file, label, format = "table";
  bool plan_only = false;
  int i = 2;
  if (i < argc && argv[i][0] != '-') {
    const std::string first = argv[i++];
    if (first.size() > 5 && first.compare(first.size() - 5, 5, ".json") == 0) {
      std::string text;
      if (!ReadText(first, &text)) {
        std::cerr << "plab: contest cannot read " << first << "\n";
        return 66;
      }
      if (const std::string too_deep = plab::CheckJsonDepth(text, first); !too_deep.empty()) {
        std::cerr << "plab: " << too_deep << "\n";
        return 66;
      }
      spec = nlohmann::json::parse(text, nullptr, false);
      if (spec.is_discarded()) {
        std::cerr << "plab: " << first << " is not JSON (a contest spec is {set, entrants})\n";
        return 2;
      }
    } else {
      spec["set"] = first;
    }
  }
  for (; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool has_value = i + 1 < argc;
    if (arg == "--entrants" && has_value) {
      std::stringstream list(argv[++i]);
      std::string p;
      spec["entrants"] = nlohmann::json::array();
      while (std::getline(list, p, ',')) spec["entrants"].push_back(p);
    } else if (arg == "--program" && has_value) {
      program_file = argv[++i];
    } else if (arg == "--label" && has_value) {
      label = argv[++i];
    } else if (arg == "--format" && has_value) {
      format = argv[++i];
    } else if (arg == "--plan") {
      plan_only = true;
    } else {
      std::cerr << "usage: plab contest [SET | SPEC.json] [--entrants a,b,...] [--program FILE [--label L]]\n"
                   "                    [--plan] [--format table|json]\n";
      return 64;
    }
  }
  if (format != "table" && format != "json") {
    std::cerr << "plab: --format must be table or json, got " << format << "\n";
    return 64;
  }
  if (!program_file.empty()) {
    std::string program;
    if (!ReadText(program_file, &program)) {
      std::cerr << "plab: --program cannot read " << program_file << "\n";
      return 66;
    }
    // The program joins the set's own entrants (or the --entrants given).
    if (!spec.contains("entrants")) {
      const nlohmann::json plan = nlohmann::json::parse(plab::ContestPlanJson(spec.dump()));
      if (!plan["ok"].get<bool>()) return Refused(plan.dump());
      spec["entrants"] = plan["plan"]["entrants"];
    }
    const std::string name = label.empty() ? std::filesystem::path(program_file).filename().string() : label;
    spec["entrants"].push_back({{"label", name}, {"set", {{"protocol", "custom"}, {"custom.program", program}}}});
  }
  const std::string spec_json = spec.dump();
  const nlohmann::json planned = nlohmann::json::parse(plab::ContestPlanJson(spec_json));
  if (!planned["ok"].get<bool>()) return Refused(planned.dump());
  if (plan_only) {
    std::cout << planned["plan"].dump(2) << "\n";
    return 0;
  }
  nlohmann::json summaries = nlohmann::json::array();
  for (const auto& run : planned["plan"]["runs"]) {
    const plab::RunOutput out = plab::Run(run["run"].dump(), plab::RunOptions::SummaryOnly());
    if (!out.ok) return Refused(out.json);
    summaries.push_back(nlohmann::json::parse(out.json)["summary"]);
  }
  const nlohmann::json scored = nlohmann::json::parse(plab::ContestScoreJson(spec_json, summaries.dump()));
  if (!scored["ok"].get<bool>()) return Refused(scored.dump());
  if (format == "json") {
    std::cout << scored["board"].dump(2) << "\n";
  } else {
    PrintTable(scored["board"]);
  }
  return 0;
}
