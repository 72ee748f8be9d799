// Scenario files across the engine's changes of meaning. A file written since format 3
// says so at its top ("format": 3: `plab defaults` and the page's exported scenario
// write it); a file without "format" is older and is read as it was meant then:
//   format 3: RRTP's timer bounds are its own (flows[i].rrtp.min_rto_ms,
//             initial_rto_ms, max_rto_ms). Before, an RRTP flow's timeouts read the
//             flow's tcp.*_rto_ms, so an older file's tcp.*_rto_ms on an RRTP flow is
//             copied to rrtp.*_rto_ms where the file does not set those itself; tcp.*
//             stays (a comparison's TCP runs read it). The page's links made the same
//             step at v=3 (web/src/url/migrate.ts).
// The CLI applies this to the files it reads (engine/cli/main.cc ReadScenario); the
// engine's API takes scenarios as they are now, with no "format" key.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace plab {

inline constexpr int kScenarioFormat = 3;

// Reads and removes `doc`'s "format" and brings an older document to the current
// meaning. Returns an error message for a bad "format" (not an integer from 1 to
// kScenarioFormat), else "" and, in `changes`, one line per value it copied. A document
// that is not an object is left for Scenario::Parse to refuse.
std::string MigrateScenarioFile(nlohmann::json& doc, std::vector<std::string>* changes);

}  // namespace plab
