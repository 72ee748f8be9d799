// The engine's data files (engine/data/*.json), compiled in by engine/CMakeLists.txt.
#pragma once

#include <string_view>

namespace plab {

// The text of engine/data/<name> (e.g. "contest_sets.json"); empty if there is none.
std::string_view EngineData(std::string_view name);

}  // namespace plab
