#include "pcap_command.h"

#include <filesystem>
#include <iostream>

#include <nlohmann/json.hpp>

#include "output_dir.h"

namespace plab_cli {

std::string PcapFiles::Prepare(const std::string& dir) {
  if (std::string problem = PrepareOutputDir("--pcap", dir, "one pcap file per link"); !problem.empty()) {
    return problem;
  }
  dir_ = dir;
  return "";
}

std::ostream* PcapFiles::Open(const std::string& link, const std::string& direction) {
  // Link names are the topology's ("bottleneck", "flows[1].access"): no separator to escape but '/'.
  std::string name = link + "." + direction + ".pcap";
  for (char& c : name) {
    if (c == '/' || c == '\\') c = '_';
  }
  auto file = std::make_unique<std::ofstream>(std::filesystem::path(dir_) / name, std::ios::binary);
  files_.emplace_back(name, std::move(file));
  return files_.back().second.get();
}

std::string PcapFiles::Finish(const std::string& result_json) {
  std::string failed;
  for (auto& [name, file] : files_) {
    file->close();
    if (!*file && failed.empty()) failed = "--pcap " + dir_ + ": cannot write " + name;
  }
  const auto doc = nlohmann::json::parse(result_json);
  if (!doc.contains("pcap")) return failed;
  const auto& pcap = doc["pcap"];
  for (const auto& f : pcap["files"]) {
    if (!f["truncated"].get<bool>()) continue;
    std::cerr << "plab: note: --pcap " << f["link"].get<std::string>() << "." << f["direction"].get<std::string>()
              << ".pcap stopped at " << pcap["max_packets_per_file"].get<uint64_t>()
              << " packets (the cap per file); set metrics.packet_trace.from_s/to_s for a shorter window\n";
  }
  return failed;
}

}  // namespace plab_cli
