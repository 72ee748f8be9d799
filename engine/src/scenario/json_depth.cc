#include "scenario/json_depth.h"

namespace plab {

int JsonNestingDepth(std::string_view text, int limit) {
  int depth = 0;
  int deepest = 0;
  bool in_string = false;
  bool escaped = false;
  for (const char c : text) {
    if (in_string) {
      // Brackets inside strings do not nest; a backslash escapes the next character.
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
      if (deepest > limit) return limit + 1;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

std::string CheckJsonDepth(std::string_view text, std::string_view what) {
  if (JsonNestingDepth(text) <= kMaxJsonDepth) return "";
  return std::string(what) + " nests lists and objects more than " + std::to_string(kMaxJsonDepth) +
         " levels deep (a scenario needs at most 6); refused before parsing";
}

}  // namespace plab
