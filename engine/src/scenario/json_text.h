// JSON text read with a message a person can act on: where it stops being JSON.
// nlohmann's non-throwing parse says only "discarded"; a scenario file, a --set value
// or a timeline that is not JSON was reported as "not valid JSON" with no position.
// The parse goes through the SAX interface, so no exception is thrown (the WASM build
// catches none outside its bridge).
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace plab {

// Parses `text` into `out`. "" if it is JSON; else "WHAT is not valid JSON at line L,
// column C: REASON" (lines and columns from 1, counted in bytes), and `out` is
// discarded. `what` names the input ("the scenario", "the timeline", "--set seed").
std::string ParseJsonText(std::string_view text, std::string_view what, nlohmann::json* out);

}  // namespace plab
