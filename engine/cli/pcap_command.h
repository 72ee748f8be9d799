// plab run --pcap DIR (pcap_command.cc): the directory the packet capture's files go
// to, one per link and direction (engine/src/metrics/packet_capture.h), written as
// the run goes (each record streams to its file; nothing is held in memory).
#pragma once

#include <fstream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace plab_cli {

class PcapFiles {
 public:
  // Makes `dir` (as --csv does): "" if ready, else why not (naming --pcap).
  std::string Prepare(const std::string& dir);
  bool enabled() const { return !dir_.empty(); }

  // RunOptions::pcap: opens DIR/<link>.<direction>.pcap.
  std::ostream* Open(const std::string& link, const std::string& direction);

  // After the run: flushes and closes every file; "" if all were written, else why
  // not. Prints a note on stderr for each file the cap cut short (the result's "pcap").
  std::string Finish(const std::string& result_json);

 private:
  std::string dir_;
  std::vector<std::pair<std::string, std::unique_ptr<std::ofstream>>> files_;
};

}  // namespace plab_cli
