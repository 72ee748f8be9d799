#include "scenario/json_text.h"

#include <algorithm>

namespace plab {
namespace {

// nlohmann's own DOM builder, which also keeps where the parse failed and why.
class PositionedParser : public nlohmann::detail::json_sax_dom_parser<nlohmann::json> {
 public:
  explicit PositionedParser(nlohmann::json& result)
      : nlohmann::detail::json_sax_dom_parser<nlohmann::json>(result, /*allow_exceptions=*/false) {}

  // Hides the base's (sax_parse calls it on this type); records instead of throwing.
  template <class Exception>
  bool parse_error(std::size_t position, const std::string& /*last_token*/, const Exception& ex) {
    failed = true;
    error_position = position;
    reason = ex.what();
    return false;
  }

  bool failed = false;
  std::size_t error_position = 0;
  std::string reason;
};

// "[json.exception.parse_error.101] parse error at line 1, column 2: syntax error ..."
// -> "syntax error ...", cut to a line (the last token read can be a whole file).
std::string Reason(const std::string& what) {
  const size_t column = what.find("column ");
  const size_t colon = what.find(": ", column == std::string::npos ? 0 : column);
  std::string reason = colon == std::string::npos ? what : what.substr(colon + 2);
  if (reason.size() > 160) reason = reason.substr(0, 157) + "...";
  return reason;
}

}  // namespace

std::string ParseJsonText(std::string_view text, std::string_view what, nlohmann::json* out) {
  *out = nlohmann::json();
  PositionedParser parser(*out);
  const bool ok = nlohmann::json::sax_parse(text, &parser, nlohmann::json::input_format_t::json, /*strict=*/true);
  if (ok && !parser.failed && !parser.is_errored()) return "";
  *out = nlohmann::json(nlohmann::json::value_t::discarded);
  // The position is the count of bytes read, the failing one included (one past the
  // end when the input ended too early: the column just after its last byte).
  const size_t failing = parser.error_position == 0 ? 0 : parser.error_position - 1;
  size_t line = 1, line_start = 0;
  for (size_t i = 0; i < std::min(failing, text.size()); ++i) {
    if (text[i] == '\n') {
      ++line;
      line_start = i + 1;
    }
  }
  return std::string(what) + " is not valid JSON at line " + std::to_string(line) + ", column " +
         std::to_string(failing - line_start + 1) + ": " + Reason(parser.reason);
}

}  // namespace plab
