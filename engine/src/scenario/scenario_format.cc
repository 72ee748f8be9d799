#include "scenario/scenario_format.h"

#include "scenario/params.h"

namespace plab {

namespace {

// Format 2 -> 3: a protocol with timer bounds of its own (declared as
// flows[].<protocol>.min_rto_ms ...: RRTP's, rrtp_entry.cc) read the flow's TCP block.
// The protocol is found by its declarations, not named here (registry_test.cc: only a
// protocol's entry spells its name).
void OwnTimersFromTcp(nlohmann::json& doc, std::vector<std::string>* changes) {
  if (!doc.contains("flows") || !doc["flows"].is_array()) return;
  nlohmann::json& flows = doc["flows"];
  for (size_t i = 0; i < flows.size(); ++i) {
    nlohmann::json& flow = flows[i];
    if (!flow.is_object() || !flow.contains("protocol") || !flow["protocol"].is_string()) continue;
    const std::string block = flow["protocol"].get<std::string>();
    if (block == "tcp" || !flow.contains("tcp") || !flow["tcp"].is_object()) continue;
    if (flow.contains(block) && !flow[block].is_object()) continue;  // Parse names it
    for (const char* bound : {"min_rto_ms", "initial_rto_ms", "max_rto_ms"}) {
      if (FindParam("flows[]." + block + "." + bound) == nullptr) continue;
      if (!flow["tcp"].contains(bound) || (flow.contains(block) && flow[block].contains(bound))) continue;
      flow[block][bound] = flow["tcp"][bound];
      const std::string item = "flows[" + std::to_string(i) + "].";
      changes->push_back(item + block + "." + bound + " = " + flow["tcp"][bound].dump() + ", from " + item + "tcp." +
                         bound + " (this protocol's timer before format 3)");
    }
  }
}

}  // namespace

std::string MigrateScenarioFile(nlohmann::json& doc, std::vector<std::string>* changes) {
  if (!doc.is_object()) return "";
  int format = 2;  // no "format": written before format 3
  if (const auto it = doc.find("format"); it != doc.end()) {
    const bool integer = it->is_number_integer() || it->is_number_unsigned();
    const int64_t n = integer ? it->get<int64_t>() : 0;
    if (!integer || n < 1 || n > kScenarioFormat) {
      return "format must be an integer within [1, " + std::to_string(kScenarioFormat) + "] (the scenario file's " +
             "format; this runner reads up to " + std::to_string(kScenarioFormat) + "), got " + it->dump();
    }
    format = static_cast<int>(n);
    doc.erase(it);
  }
  if (format < 3) OwnTimersFromTcp(doc, changes);
  return "";
}

}  // namespace plab
