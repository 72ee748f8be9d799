// One list item's parameters, read by relative path: a factory given the view of
// "flows[2]." asks for "tcp.mss_bytes" and gets flows[2].tcp.mss_bytes. Protocols
// read their parameters this way, whichever list their flow came from (an explicit
// flow, a background group).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace plab {

class Scenario;

class ParamView {
 public:
  ParamView(const Scenario& scenario, std::string prefix) : scenario_(&scenario), prefix_(std::move(prefix)) {}

  double Number(const std::string& relative) const;
  int64_t Integer(const std::string& relative) const;
  const std::string& Enum(const std::string& relative) const;
  bool Bool(const std::string& relative) const;
  std::vector<int64_t> IntList(const std::string& relative) const;
  const std::string& Text(const std::string& relative) const;

  // "flows[2]." ("" for the top level).
  const std::string& prefix() const { return prefix_; }
  const Scenario& scenario() const { return *scenario_; }

 private:
  const Scenario* scenario_;
  std::string prefix_;
};

}  // namespace plab
