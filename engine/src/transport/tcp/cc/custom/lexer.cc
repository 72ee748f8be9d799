#include "transport/tcp/cc/custom/lexer.h"

#include <cmath>
#include <cstdlib>

namespace plab::cclang {
namespace {

bool IsDigit(char c) { return c >= '0' && c <= '9'; }
bool IsNameStart(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool IsNameChar(char c) { return IsNameStart(c) || IsDigit(c); }

// A number as a message quotes it: cut after 40 characters (a 60 KiB run of digits
// was quoted whole, the program fuzzer's finding).
std::string Quoted(std::string_view text) {
  constexpr size_t kShown = 40;
  return "'" + std::string(text.substr(0, kShown)) + (text.size() > kShown ? "...'" : "'");
}

}  // namespace

bool Lex(std::string_view text, std::vector<Token>* out, Diagnostic* error) {
  int line = 1;
  size_t line_start = 0;
  size_t i = 0;
  auto fail = [&](size_t at, size_t len, std::string message) {
    const int col = static_cast<int>(at - line_start) + 1;
    *error = Diagnostic{line, col, col + static_cast<int>(len), std::move(message)};
    return false;
  };
  while (i < text.size()) {
    const char c = text[i];
    Token t;
    t.line = line;
    t.col = static_cast<int>(i - line_start) + 1;
    if (c == ' ' || c == '\t' || c == '\r') {
      ++i;
      continue;
    }
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    if (c == '\n') {
      t.kind = Tok::kNewline;
      t.text = text.substr(i, 1);
      out->push_back(t);
      ++i;
      ++line;
      line_start = i;
      continue;
    }
    if (IsDigit(c) || (c == '.' && i + 1 < text.size() && IsDigit(text[i + 1]))) {
      size_t j = i;
      while (j < text.size() && IsDigit(text[j])) ++j;
      if (j < text.size() && text[j] == '.') {
        ++j;
        while (j < text.size() && IsDigit(text[j])) ++j;
      }
      if (j < text.size() && (text[j] == 'e' || text[j] == 'E')) {
        size_t k = j + 1;
        if (k < text.size() && (text[k] == '+' || text[k] == '-')) ++k;
        if (k >= text.size() || !IsDigit(text[k])) {
          return fail(i, k - i, "expected the digits of an exponent after " + Quoted(text.substr(i, k - i)));
        }
        while (k < text.size() && IsDigit(text[k])) ++k;
        j = k;
      }
      if (j < text.size() && IsNameChar(text[j])) {
        return fail(i, j + 1 - i, "a number cannot run into a name: " + Quoted(text.substr(i, j + 1 - i)));
      }
      t.kind = Tok::kNumber;
      t.text = text.substr(i, j - i);
      if (t.text.size() > 400) return fail(i, t.text.size(), "a number of more than 400 characters");
      // strtod rounds correctly in glibc and musl alike; the "C" locale reads '.'.
      t.number = std::strtod(std::string(t.text).c_str(), nullptr);
      if (!std::isfinite(t.number)) {
        return fail(i, t.text.size(), "number too large: " + std::string(t.text) + " (at most about 1.8e308)");
      }
      out->push_back(t);
      i = j;
      continue;
    }
    if (IsNameStart(c)) {
      size_t j = i;
      while (j < text.size() && IsNameChar(text[j])) ++j;
      if (j - i > 64) return fail(i, j - i, "a name of more than 64 characters");
      t.kind = Tok::kName;
      t.text = text.substr(i, j - i);
      out->push_back(t);
      i = j;
      continue;
    }
    const char n = i + 1 < text.size() ? text[i + 1] : '\0';
    size_t len = 1;
    switch (c) {
      case ';':
        t.kind = Tok::kSemi;
        break;
      case '{':
        t.kind = Tok::kLBrace;
        break;
      case '}':
        t.kind = Tok::kRBrace;
        break;
      case '(':
        t.kind = Tok::kLParen;
        break;
      case ')':
        t.kind = Tok::kRParen;
        break;
      case ',':
        t.kind = Tok::kComma;
        break;
      case '+':
        t.kind = Tok::kPlus;
        break;
      case '-':
        t.kind = Tok::kMinus;
        break;
      case '*':
        t.kind = Tok::kStar;
        break;
      case '/':
        t.kind = Tok::kSlash;
        break;
      case '%':
        t.kind = Tok::kPercent;
        break;
      case '<':
        t.kind = n == '=' ? Tok::kLe : Tok::kLt;
        len = n == '=' ? 2 : 1;
        break;
      case '>':
        t.kind = n == '=' ? Tok::kGe : Tok::kGt;
        len = n == '=' ? 2 : 1;
        break;
      case '=':
        t.kind = n == '=' ? Tok::kEq : Tok::kAssign;
        len = n == '=' ? 2 : 1;
        break;
      case '!':
        if (n != '=') return fail(i, 1, "unexpected '!': write 'not x' or 'a != b'");
        t.kind = Tok::kNe;
        len = 2;
        break;
      default: {
        const unsigned char u = static_cast<unsigned char>(c);
        std::string message = "unexpected character ";
        if (u >= 0x20 && u < 0x7f) {
          message.push_back('\'');
          message.push_back(c);
          message.push_back('\'');
        } else {
          message.append("byte ").append(std::to_string(u));
        }
        message.append(" (outside a # comment)");
        return fail(i, 1, message);
      }
    }
    t.text = text.substr(i, len);
    out->push_back(t);
    i += len;
  }
  Token end;
  end.kind = Tok::kEnd;
  end.line = line;
  end.col = static_cast<int>(i - line_start) + 1;
  out->push_back(end);
  return true;
}

std::string Describe(const Token& t) {
  if (t.kind == Tok::kEnd) return "the end of the program";
  if (t.kind == Tok::kNewline) return "the end of the line";
  std::string shown = "'";
  shown.append(t.text).push_back('\'');
  return shown;
}

}  // namespace plab::cclang
