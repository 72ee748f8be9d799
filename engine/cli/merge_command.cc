// plab merge SHARD... [--runs-only] [--out FILE]: the shards of one grid (plab sweep
// --grid ... --shard i/N) joined into the output the unsharded grid prints, byte for
// byte: its plan line, every run's line as the shard wrote it, in plan order, then the
// per-point lines aggregated from them. Refused (exit 2, nothing printed): a file that is
// not a shard, shards of different plans or shard counts, a shard given twice, a run
// that is in two files or not in its shard, and any run missing (a shard not given, or
// a shard file cut short).
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "grid_command.h"

namespace plab_cli {
namespace {

int Refuse(const std::string& message) {
  std::cerr << "plab: merge: " << message << "\n";
  return 2;
}

// The line parsed as a JSON object, or nullopt.
std::optional<nlohmann::ordered_json> ObjectLine(const std::string& line) {
  nlohmann::ordered_json j = nlohmann::ordered_json::parse(line, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  return j;
}

}  // namespace

int Merge(int argc, char** argv) {
  std::vector<std::string> files;
  bool runs_only = false;
  std::string out_path;
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--runs-only") {
      runs_only = true;
    } else if (arg == "--out" && i + 1 < argc) {
      out_path = argv[++i];
    } else if (arg.rfind("--", 0) == 0) {
      std::cerr << "usage: plab merge SHARD... [--runs-only] [--out FILE]\n";
      return 64;
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) {
    std::cerr << "usage: plab merge SHARD... [--runs-only] [--out FILE]\n";
    return 64;
  }
  nlohmann::ordered_json plan;
  int64_t count = 0;
  std::vector<std::string> shard_file;             // per shard index: the file that gave it
  std::vector<std::optional<std::string>> by_run;  // per run: its line
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    if (!in) {
      std::cerr << "plab: merge: cannot read " << file << "\n";
      return 66;
    }
    std::string line;
    std::getline(in, line);
    const auto header = ObjectLine(line);
    if (!header || !header->contains("plan") || !header->contains("shard") || !(*header)["shard"].is_object() ||
        !(*header)["shard"].value("index", nlohmann::ordered_json()).is_number_unsigned() ||
        !(*header)["shard"].value("count", nlohmann::ordered_json()).is_number_unsigned() ||
        !(*header)["plan"].value("runs", nlohmann::ordered_json()).is_number_unsigned()) {
      return Refuse(file +
                    " is not a shard file (its first line is not {\"plan\", \"shard\"}: write shards with "
                    "plab sweep ... --grid ... --shard i/N)");
    }
    const int64_t index = (*header)["shard"]["index"].get<int64_t>();
    const int64_t n = (*header)["shard"]["count"].get<int64_t>();
    if (plan.is_null()) {
      plan = (*header)["plan"];
      count = n;
      const int64_t runs = plan["runs"].get<int64_t>();
      if (count < 1 || runs > plab::kGridMaxRuns)
        return Refuse(file + ": its shard count or run count is out of range");
      shard_file.assign(static_cast<size_t>(count), "");
      by_run.assign(static_cast<size_t>(runs), std::nullopt);
    } else if ((*header)["plan"] != plan) {
      return Refuse(file + " is a shard of a different plan than " + files.front() +
                    " (the axes, protocols, seeds or scenario differ)");
    } else if (n != count) {
      return Refuse(file + " is one of " + std::to_string(n) + " shards, " + files.front() + " one of " +
                    std::to_string(count));
    }
    if (index >= count) return Refuse(file + ": shard " + std::to_string(index) + " of " + std::to_string(count));
    if (!shard_file[static_cast<size_t>(index)].empty()) {
      return Refuse(file + " and " + shard_file[static_cast<size_t>(index)] + " are both shard " +
                    std::to_string(index) + "/" + std::to_string(count));
    }
    shard_file[static_cast<size_t>(index)] = file;
    for (int64_t number = 2; std::getline(in, line); ++number) {
      const auto run = ObjectLine(line);
      if (!run || !run->contains("run") || !(*run)["run"].is_number_unsigned()) {
        return Refuse(file + " line " + std::to_string(number) + " is not a run's line (a file cut short?)");
      }
      const int64_t r = (*run)["run"].get<int64_t>();
      if (r >= static_cast<int64_t>(by_run.size()) || r % count != index) {
        return Refuse(file + " line " + std::to_string(number) + ": run " + std::to_string(r) +
                      " is not one of shard " + std::to_string(index) + "/" + std::to_string(count) + "'s runs");
      }
      if (by_run[static_cast<size_t>(r)]) {
        return Refuse("run " + std::to_string(r) + " is twice in " + file);
      }
      by_run[static_cast<size_t>(r)] = line;
    }
  }
  int64_t missing = 0, first_missing = -1;
  for (size_t r = 0; r < by_run.size(); ++r) {
    if (!by_run[r]) {
      if (first_missing < 0) first_missing = static_cast<int64_t>(r);
      ++missing;
    }
  }
  if (missing > 0) {
    const int64_t shard = first_missing % count;
    return Refuse(
        std::to_string(missing) + " of " + std::to_string(by_run.size()) + " runs are missing (the first, run " +
        std::to_string(first_missing) + ", is shard " + std::to_string(shard) + "/" + std::to_string(count) + "'s" +
        (shard_file[static_cast<size_t>(shard)].empty() ? ", not given"
                                                        : ", cut short in " + shard_file[static_cast<size_t>(shard)]) +
        ")");
  }
  std::ofstream file_out;
  std::ostream* os = &std::cout;
  if (!out_path.empty()) {
    file_out.open(out_path, std::ios::binary);
    if (!file_out) {
      std::cerr << "plab: merge: --out cannot write " << out_path << "\n";
      return 66;
    }
    os = &file_out;
  }
  nlohmann::ordered_json header;
  header["plan"] = plan;
  *os << header.dump() << "\n";
  plab::GridAggregator aggregate;
  for (const auto& line : by_run) {
    *os << *line << "\n";
    if (!runs_only) aggregate.Add(nlohmann::ordered_json::parse(*line));
  }
  for (const auto& line : aggregate.Lines()) *os << line.dump() << "\n";
  os->flush();
  return *os ? 0 : 66;
}

}  // namespace plab_cli
