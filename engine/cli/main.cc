// plab: the native command-line runner.
//
//   plab run FILE [--set path=value ...] [--csv DIR] [--timing]
//   plab schema
//   plab defaults
//
// `run` prints the result JSON on stdout (or the validation errors on stderr and exits
// 2). --csv DIR also writes one CSV per series (time_s,value). --timing prints the wall
// time of the simulation to stderr.
#include <chrono>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "plab/api.h"
#include "scenario/scenario.h"

namespace {

int Usage() {
  std::cerr << "usage: plab run FILE [--set path=value ...] [--csv DIR] [--timing]\n"
               "       plab schema      (the parameter declarations)\n"
               "       plab defaults    (a scenario with every default)\n";
  return 64;
}

// A --set value is JSON if it parses as JSON (numbers, true, [1,2]); else a string.
nlohmann::json ParseValue(const std::string& text) {
  nlohmann::json v = nlohmann::json::parse(text, nullptr, false);
  if (v.is_discarded()) return text;
  return v;
}

int WriteCsv(const std::string& dir, const plab::RunOutput& out) {
  std::filesystem::create_directories(dir);
  const auto doc = nlohmann::json::parse(out.json);
  for (const auto& s : doc["series"]) {
    const size_t offset = s["offset"].get<size_t>();
    const size_t n = s["length"].get<size_t>();
    std::ofstream f(std::filesystem::path(dir) / (s["name"].get<std::string>() + ".csv"));
    f << "time_s," << s["name"].get<std::string>() << "_" << s["unit"].get<std::string>() << "\n";
    f.precision(17);
    for (size_t i = 0; i < n; ++i) f << out.columns[offset + i] << "," << out.columns[offset + n + i] << "\n";
  }
  return 0;
}

int Run(int argc, char** argv) {
  if (argc < 3) return Usage();
  std::ifstream in(argv[2]);
  if (!in) {
    std::cerr << "plab: cannot read scenario file " << argv[2] << "\n";
    return 66;
  }
  std::stringstream text;
  text << in.rdbuf();
  nlohmann::json doc = nlohmann::json::parse(text.str(), nullptr, false);
  if (doc.is_discarded()) {
    std::cerr << "plab: " << argv[2] << " is not valid JSON\n";
    return 2;
  }
  std::string csv_dir;
  bool timing = false;
  for (int i = 3; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--set" && i + 1 < argc) {
      const std::string assignment = argv[++i];
      const size_t eq = assignment.find('=');
      if (eq == std::string::npos || eq == 0) {
        std::cerr << "plab: --set expects path=value, got " << assignment << "\n";
        return 64;
      }
      plab::Scenario::SetPath(doc, assignment.substr(0, eq), ParseValue(assignment.substr(eq + 1)));
    } else if (arg == "--csv" && i + 1 < argc) {
      csv_dir = argv[++i];
    } else if (arg == "--timing") {
      timing = true;
    } else {
      return Usage();
    }
  }
  const auto start = std::chrono::steady_clock::now();
  const plab::RunOutput out = plab::Run(doc.dump());
  const double wall_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!out.ok) {
    const auto err = nlohmann::json::parse(out.json);
    for (const auto& e : err["errors"]) std::cerr << "plab: " << e["message"].get<std::string>() << "\n";
    return 2;
  }
  std::cout << out.json << "\n";
  if (timing) std::cerr << "wall_ms " << wall_ms << "\n";
  if (!csv_dir.empty()) return WriteCsv(csv_dir, out);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return Usage();
  const std::string command = argv[1];
  if (command == "run") return Run(argc, argv);
  if (command == "schema") {
    std::cout << plab::SchemaJson() << "\n";
    return 0;
  }
  if (command == "defaults") {
    std::cout << plab::DefaultScenarioJson() << "\n";
    return 0;
  }
  return Usage();
}
