// The tokens of a `custom` program (docs/custom-cc.md): numbers, names, operators,
// braces and line ends; `#` starts a comment to the end of the line.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "transport/tcp/cc/custom/program.h"

namespace plab::cclang {

enum class Tok {
  kNumber,
  kName,
  kNewline,
  kSemi,
  kLBrace,
  kRBrace,
  kLParen,
  kRParen,
  kComma,
  kAssign,
  kPlus,
  kMinus,
  kStar,
  kSlash,
  kPercent,
  kLt,
  kLe,
  kGt,
  kGe,
  kEq,
  kNe,
  kEnd,
};

struct Token {
  Tok kind = Tok::kEnd;
  std::string_view text;
  double number = 0;
  int line = 1;
  int col = 1;
  int end_col() const { return col + static_cast<int>(text.empty() ? 1 : text.size()); }
};

// The tokens of `text`, ending with kEnd; false with `error` set at the first bad character.
bool Lex(std::string_view text, std::vector<Token>* out, Diagnostic* error);

// How a token reads in a message: 'x', a newline, the end of the program.
std::string Describe(const Token& t);

}  // namespace plab::cclang
