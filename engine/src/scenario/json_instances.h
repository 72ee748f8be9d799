// nlohmann::json and ordered_json are instantiated once, in json_instances.cc, not in
// every file that uses them: CMake force-includes this header into every engine, CLI
// and test file (engine/CMakeLists.txt). Each of the ~180 files otherwise compiled and
// optimised its own copy of the same parser, serializer and accessors, which made a
// test file's compile about a sixth slower (16.6 against 13.7 CPU-s for sweep_test.cc,
// measured 2026-11-28) and the test command's builds several CPU-minutes longer.
// Member templates (get<T>, value<T>, ...) are still instantiated where used.
#pragma once

#include <nlohmann/json.hpp>

extern template class nlohmann::basic_json<>;
extern template class nlohmann::basic_json<nlohmann::ordered_map>;
