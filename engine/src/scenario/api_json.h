// What the API's JSON entry points (sweep_api.cc, contest_api.cc) share: an input read
// within the depth limit with a message naming where it stops being JSON, and the
// error document {"ok": false, "errors": [{path, message}]} (docs/engine-api.md).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "scenario/json_depth.h"
#include "scenario/json_text.h"
#include "scenario/scenario.h"

namespace plab {

inline std::string ErrorDocument(const std::vector<ValidationError>& errors) {
  nlohmann::ordered_json doc;
  doc["ok"] = false;
  doc["errors"] = nlohmann::ordered_json::array();
  for (const auto& e : errors) doc["errors"].push_back({{"path", e.path}, {"message", e.message}});
  return doc.dump();
}

// Parses one input; "" if it is JSON within the depth limit, else why not.
inline std::string ReadJsonInput(std::string_view text, std::string_view what, nlohmann::json* out) {
  if (std::string too_deep = CheckJsonDepth(text, what); !too_deep.empty()) return too_deep;
  return ParseJsonText(text, what, out);
}

}  // namespace plab
