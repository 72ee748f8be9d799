// How deeply a JSON text nests, found by one scan of the text before anything parses
// it. nlohmann's dump(), its error messages and Emscripten's stack all recurse once per
// level: 100,000 nested '[' overflowed the native stack (SIGSEGV) and 7,000 trapped the
// WASM module. A scenario nests 6 levels at most (flows[i].channel.forward.drop_packets),
// so input deeper than kMaxJsonDepth is refused with a message, before any recursion.
#pragma once

#include <string>
#include <string_view>

namespace plab {

inline constexpr int kMaxJsonDepth = 32;

// The deepest nesting of '[' and '{' outside strings; the scan stops as soon as it
// passes `limit` (and returns limit + 1), so it costs O(length) and no stack.
int JsonNestingDepth(std::string_view text, int limit = kMaxJsonDepth);

// "" if `text` nests at most kMaxJsonDepth levels; else the message naming the limit.
// `what` names the input ("the scenario", "--set flows[0].protocol").
std::string CheckJsonDepth(std::string_view text, std::string_view what);

}  // namespace plab
