// The parser's top level and statements (parser.h); expressions are in expressions.cc.
#include "transport/tcp/cc/custom/parser.h"

namespace plab::cclang {

void Parser::ParseProgram() {
  DeclareVars();
  while (!failed_) {
    SkipSeparators();
    const Token& t = Peek();
    if (t.kind == Tok::kEnd) break;
    if (Is(t, "var")) {
      ParseVar();
    } else if (t.kind == Tok::kName && FindIn(t.text, Handlers()) >= 0) {
      ParseHandler();
    } else if (t.kind == Tok::kName && (FindIn(t.text, Fields()) >= 0 || vars_.count(t.text) || Is(t, "if"))) {
      Fail(t, "a statement belongs inside a handler, as in on_ack { " + std::string(t.text) + " ... }");
    } else if (t.kind == Tok::kName) {
      Fail(t, "unknown handler '" + std::string(t.text) + "': expected var or a handler (" + HandlerList() + ")");
    } else {
      Fail(t, "expected var or a handler (" + HandlerList() + "), got " + Describe(t));
    }
    if (failed_) break;
    const Token& after = Peek();
    if (after.kind != Tok::kNewline && after.kind != Tok::kSemi && after.kind != Tok::kEnd) {
      Fail(after, "expected the end of the line after the " + std::string(last_item_) + ", got " + Describe(after));
    }
  }
}

void Parser::DeclareVars() {
  int depth = 0;
  for (size_t i = 0; i + 1 < toks_.size(); ++i) {
    const Token& t = toks_[i];
    if (t.kind == Tok::kLBrace) ++depth;
    if (t.kind == Tok::kRBrace) --depth;
    if (depth != 0 || !Is(t, "var") || toks_[i + 1].kind != Tok::kName) continue;
    const Token& n = toks_[i + 1];
    const std::string name(n.text);
    if (FindIn(n.text, Fields()) >= 0) {
      Report(n, name + " is a field of the language; choose another name for the variable");
    } else if (FindIn(n.text, Functions()) >= 0 || IsKeyword(n.text) || FindIn(n.text, Handlers()) >= 0) {
      Report(n, name + " is a word of the language; choose another name for the variable");
    } else if (vars_.count(n.text)) {
      Report(n, "var " + name + " is declared twice (first on line " + std::to_string(var_line_[n.text]) + ")");
    } else {
      vars_[n.text] = kFieldCount + static_cast<int>(p_->var_names.size());
      var_line_[n.text] = n.line;
      p_->var_names.push_back(name);
    }
  }
}

void Parser::ParseVar() {
  last_item_ = "var";
  Take();
  const Token& name = Peek();
  if (name.kind != Tok::kName) {
    Fail(name, "expected a name after var, got " + Describe(name));
    return;
  }
  Take();
  if (!Expect(Tok::kAssign, "'='", "after var " + std::string(name.text) + " (var NAME = EXPR)")) return;
  code_ = &p_->var_init;
  sp_ = 0;
  BeginStatement(name);
  const auto it = vars_.find(name.text);
  initialising_ = it == vars_.end() ? -1 : it->second;
  if (!Expression()) return;
  initialising_ = -1;
  if (it != vars_.end()) {
    Emit(Op::kStore, it->second, 0, 1);
    declared_.push_back(it->second);
  } else {
    Emit(Op::kStore, -1, 0, 1);  // reported when declared; keeps the stack even
  }
}

void Parser::ParseHandler() {
  const Token& t = Take();
  const int h = FindIn(t.text, Handlers());
  last_item_ = "handler";
  if (p_->has[h]) {
    Report(t, std::string(t.text) + " is defined twice (first on line " + std::to_string(handler_line_[h]) + ")");
  }
  p_->has[h] = true;
  handler_line_[h] = t.line;
  handler_ = static_cast<Handler>(h);
  Code unused;
  code_ = p_->handlers[h].instrs.empty() ? &p_->handlers[h] : &unused;
  sp_ = 0;
  Block("after " + std::string(t.text));
}

bool Parser::Block(const std::string& context) {
  const Token& open = Peek();
  if (!Expect(Tok::kLBrace, "'{'", context)) return false;
  if (!Enter(open)) return false;
  for (;;) {
    SkipSeparators();
    const Token& t = Peek();
    if (t.kind == Tok::kRBrace) {
      Take();
      break;
    }
    if (t.kind == Tok::kEnd)
      return Fail(t, "expected '}' to close the block opened on line " + std::to_string(open.line));
    if (!Statement()) return false;
    const Token& after = Peek();
    if (after.kind != Tok::kNewline && after.kind != Tok::kSemi && after.kind != Tok::kRBrace) {
      return Fail(after, "expected the end of the line, ';' or '}' after the statement, got " + Describe(after));
    }
  }
  --nesting_;
  return true;
}

bool Parser::Statement() {
  const Token& t = Peek();
  if (Is(t, "if")) return If();
  if (Is(t, "var")) return Fail(t, "var is declared at the top level, outside the handlers");
  if (Is(t, "else")) return Fail(t, "else without an if before it");
  if (t.kind != Tok::kName) return Fail(t, "expected a statement (NAME = EXPR or if ...), got " + Describe(t));
  Take();
  BeginStatement(t);
  const int slot = Target(t);
  if (!Expect(Tok::kAssign, "'='", "after " + std::string(t.text) + " (a statement is NAME = EXPR or if ...)")) {
    return false;
  }
  if (!Expression()) return false;
  Emit(Op::kStore, slot, 0, 1);
  return true;
}

int Parser::Target(const Token& t) {
  const int field = FindIn(t.text, Fields());
  if (field >= 0) {
    if (!Fields()[field].writable) {
      Report(t, std::string(t.text) + " is read-only: a program sets only cwnd, ssthresh and pacing_rate");
    } else if (field == kCwnd && handler_ == Handler::kOnLoss) {
      Report(t, "on_loss cannot set cwnd: the loss recovery sets it from the ssthresh on_loss leaves");
    }
    return field;
  }
  const auto it = vars_.find(t.text);
  if (it != vars_.end()) return it->second;
  Report(t, "unknown name '" + std::string(t.text) +
                "': expected cwnd, ssthresh, pacing_rate or a var declared at "
                "the top level");
  return -1;
}

bool Parser::If() {
  std::vector<int> ends;
  Take();
  for (;;) {
    BeginStatement(Peek());
    if (!Expression()) return false;
    const int skip = Emit(Op::kJumpIfFalse, 0, 0, 1);
    if (!Block("after the condition of if")) return false;
    const size_t save = pos_;
    SkipNewlines();
    if (!Is(Peek(), "else")) {
      pos_ = save;
      Patch(skip);
      break;
    }
    Take();
    ends.push_back(Emit(Op::kJump));
    Patch(skip);
    if (Is(Peek(), "if")) {
      Take();
      continue;
    }
    if (!Block("after else")) return false;
    break;
  }
  for (const int e : ends) Patch(e);
  return true;
}

CompileResult Compile(std::string_view text) {
  CompileResult out;
  if (text.size() > kMaxProgramBytes) {
    out.errors.push_back({1, 1, 2,
                          "the program is " + std::to_string(text.size()) + " bytes long; at most " +
                              std::to_string(kMaxProgramBytes) + " (64 KiB)"});
    return out;
  }
  std::vector<Token> tokens;
  Diagnostic lex_error;
  if (!Lex(text, &tokens, &lex_error)) {
    out.errors.push_back(lex_error);
    return out;
  }
  Parser(std::move(tokens), &out).ParseProgram();
  return out;
}

}  // namespace plab::cclang
