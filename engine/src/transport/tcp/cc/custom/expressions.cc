// The parser's expressions (parser.h): or < and < not < comparison < + - < * / % <
// unary minus < numbers, names, calls and parentheses. Each emits stack-machine
// instructions; `and` / `or` jump past their right side (short circuit).
#include "transport/tcp/cc/custom/parser.h"

namespace plab::cclang {

bool Parser::Or() {
  if (!And()) return false;
  while (Is(Peek(), "or")) {
    Take();
    SkipNewlines();
    const int to_right = Emit(Op::kJumpIfFalse, 0, 0, 1);
    Emit(Op::kPush, 0, 1.0, 0, 1);
    const int to_end = Emit(Op::kJump);
    --sp_;
    Patch(to_right);
    if (!And()) return false;
    Emit(Op::kTruth, 0, 0, 1, 1);
    Patch(to_end);
  }
  return true;
}

bool Parser::And() {
  if (!Not()) return false;
  while (Is(Peek(), "and")) {
    Take();
    SkipNewlines();
    const int to_zero = Emit(Op::kJumpIfFalse, 0, 0, 1);
    if (!Not()) return false;
    Emit(Op::kTruth, 0, 0, 1, 1);
    const int to_end = Emit(Op::kJump);
    --sp_;
    Patch(to_zero);
    Emit(Op::kPush, 0, 0.0, 0, 1);
    Patch(to_end);
  }
  return true;
}

bool Parser::Not() {
  const Token& t = Peek();
  if (!Is(t, "not")) return Comparison();
  Take();
  if (!Enter(t) || !Not()) return false;
  --nesting_;
  Emit(Op::kNot, 0, 0, 1, 1);
  return true;
}

bool Parser::CompareOp(Tok k, Op* op) {
  switch (k) {
    case Tok::kLt:
      *op = Op::kLt;
      return true;
    case Tok::kLe:
      *op = Op::kLe;
      return true;
    case Tok::kGt:
      *op = Op::kGt;
      return true;
    case Tok::kGe:
      *op = Op::kGe;
      return true;
    case Tok::kEq:
      *op = Op::kEq;
      return true;
    case Tok::kNe:
      *op = Op::kNe;
      return true;
    default:
      return false;
  }
}

bool Parser::Comparison() {
  if (!Sum()) return false;
  Op op;
  if (!CompareOp(Peek().kind, &op)) return true;
  Take();
  SkipNewlines();
  if (!Sum()) return false;
  Emit(op, 0, 0, 2, 1);
  if (CompareOp(Peek().kind, &op)) return Fail(Peek(), "comparisons do not chain: write a < b and b < c");
  return true;
}

bool Parser::Sum() {
  if (!Product()) return false;
  while (Peek().kind == Tok::kPlus || Peek().kind == Tok::kMinus) {
    const Op op = Take().kind == Tok::kPlus ? Op::kAdd : Op::kSub;
    SkipNewlines();
    if (!Product()) return false;
    Emit(op, 0, 0, 2, 1);
  }
  return true;
}

bool Parser::Product() {
  if (!Unary()) return false;
  for (;;) {
    const Tok k = Peek().kind;
    if (k != Tok::kStar && k != Tok::kSlash && k != Tok::kPercent) return true;
    Take();
    SkipNewlines();
    if (!Unary()) return false;
    Emit(k == Tok::kStar ? Op::kMul : k == Tok::kSlash ? Op::kDiv : Op::kMod, 0, 0, 2, 1);
  }
}

bool Parser::Unary() {
  const Token& t = Peek();
  if (t.kind != Tok::kMinus) return Primary();
  Take();
  if (!Enter(t) || !Unary()) return false;
  --nesting_;
  Emit(Op::kNeg, 0, 0, 1, 1);
  return true;
}

bool Parser::Primary() {
  const Token& t = Take();
  if (t.kind == Tok::kNumber) {
    Emit(Op::kPush, 0, t.number, 0, 1);
    return true;
  }
  if (t.kind == Tok::kLParen) {
    if (!Enter(t)) return false;
    ++paren_depth_;
    if (!Expression()) return false;
    --paren_depth_;
    --nesting_;
    return Expect(Tok::kRParen, "')'", "to close the '(' on line " + std::to_string(t.line));
  }
  if (t.kind != Tok::kName)
    return Fail(t, "expected an expression (a number, a name, a call or '('), got " + Describe(t));
  if (IsKeyword(t.text)) return Fail(t, "expected an expression, got the keyword '" + std::string(t.text) + "'");
  if (Peek().kind == Tok::kLParen) return Call(t);
  Load(t);
  return true;
}

void Parser::Load(const Token& t) {
  int slot = FindIn(t.text, Fields());
  if (slot < 0) {
    const auto it = vars_.find(t.text);
    slot = it == vars_.end() ? -1 : it->second;
    if (slot >= 0 && initialising_ >= 0 && std::find(declared_.begin(), declared_.end(), slot) == declared_.end()) {
      Report(t, std::string(t.text) + " is declared on line " + std::to_string(var_line_[t.text]) +
                    ", not above: a var's value can read only the vars declared before it");
    }
  }
  if (slot < 0) {
    if (FindIn(t.text, Functions()) >= 0) {
      Report(t, std::string(t.text) + " is a function: call it, as in " + t.text.data()[0] +
                    std::string(t.text.substr(1)) + "(...)");
    } else {
      Report(t, "unknown name '" + std::string(t.text) +
                    "': expected a field (cwnd, srtt, mss, ...) or a var "
                    "declared at the top level");
    }
  } else {
    NoteRead(slot);
  }
  Emit(Op::kLoad, slot, 0, 0, 1);
}

bool Parser::Call(const Token& name) {
  const int fn = FindIn(name.text, Functions());
  const Token& open = Take();
  if (!Enter(open)) return false;
  ++paren_depth_;
  int nargs = 0;
  if (Peek().kind != Tok::kRParen) {
    for (;;) {
      if (!Expression()) return false;
      ++nargs;
      if (Peek().kind != Tok::kComma) break;
      Take();
    }
  }
  --paren_depth_;
  --nesting_;
  if (!Expect(Tok::kRParen, "',' or ')'", "in the call of " + std::string(name.text))) return false;
  if (fn < 0) {
    Report(name, "unknown function '" + std::string(name.text) +
                     "': expected min, max, clamp, abs, floor, ceil, sqrt, cbrt, log, exp or pow");
    nargs = std::max(nargs, 1);
  } else {
    const FunctionDecl& f = Functions()[fn];
    if (nargs < f.min_args || (f.max_args >= 0 && nargs > f.max_args)) {
      const std::string want = f.max_args < 0 ? "at least " + std::to_string(f.min_args) : std::to_string(f.min_args);
      Report(name, std::string(f.name) + " takes " + want + " argument" + (want == "1" ? "" : "s") + " (" +
                       f.signature + "), got " + std::to_string(nargs));
    }
  }
  if (nargs == 0) Emit(Op::kPush, 0, 0.0, 0, 1), nargs = 1;
  const int at = Emit(Op::kCall, 0, 0, nargs, 1);
  code_->instrs[at].fn = static_cast<uint8_t>(std::max(fn, 0));
  code_->instrs[at].nargs = static_cast<uint16_t>(nargs);
  return true;
}

}  // namespace plab::cclang
