// The parser of the `custom` language, shared by parser.cc (the top level and the
// statements) and expressions.cc: one pass over the tokens that checks every name
// against language.h's tables and emits each handler's instructions (program.h). A
// syntax error stops it; a wrong name is reported and parsing goes on, so the editor
// underlines every one.
#pragma once

#include <algorithm>
#include <map>

#include "transport/tcp/cc/custom/lexer.h"

namespace plab::cclang {

inline bool Is(const Token& t, std::string_view name) { return t.kind == Tok::kName && t.text == name; }

inline int FindIn(std::string_view name, const auto& table) {
  for (size_t i = 0; i < table.size(); ++i) {
    if (name == table[i].name) return static_cast<int>(i);
  }
  return -1;
}

inline bool IsKeyword(std::string_view name) {
  const auto& k = Keywords();
  return std::find(k.begin(), k.end(), name) != k.end();
}

inline std::string HandlerList() { return "init, on_ack, on_loss, on_timeout or on_round"; }

class Parser {
 public:
  Parser(std::vector<Token> tokens, CompileResult* out) : toks_(std::move(tokens)), out_(out), p_(&out->program) {}

  void ParseProgram();

 private:
  const Token& Peek() {
    if (paren_depth_ > 0) {
      while (toks_[pos_].kind == Tok::kNewline) ++pos_;
    }
    return toks_[pos_];
  }
  const Token& Take() {
    const Token& t = Peek();
    if (t.kind != Tok::kEnd) ++pos_;
    return t;
  }
  void SkipSeparators() {
    while (toks_[pos_].kind == Tok::kNewline || toks_[pos_].kind == Tok::kSemi) ++pos_;
  }
  void SkipNewlines() {
    while (toks_[pos_].kind == Tok::kNewline) ++pos_;
  }
  bool Fail(const Token& t, std::string message) {
    Report(t, std::move(message));
    failed_ = true;
    return false;
  }
  void Report(const Token& t, std::string message) {
    out_->errors.push_back(Diagnostic{t.line, t.col, t.end_col(), std::move(message)});
  }
  bool Expect(Tok kind, const char* shown, const std::string& context) {
    const Token& t = Peek();
    if (t.kind != kind) return Fail(t, std::string("expected ") + shown + " " + context + ", got " + Describe(t));
    Take();
    return true;
  }
  bool Enter(const Token& at) {
    if (++nesting_ > kMaxNesting) {
      return Fail(at,
                  "nested more than " + std::to_string(kMaxNesting) + " levels deep (blocks, parentheses and calls)");
    }
    return true;
  }

  // ---- emitting ----------------------------------------------------------------
  int Emit(Op op, int32_t arg = 0, double value = 0, int pops = 0, int pushes = 0) {
    Instr in;
    in.op = op;
    in.arg = arg;
    in.value = value;
    in.stmt = stmt_;
    code_->instrs.push_back(in);
    sp_ += pushes - pops;
    code_->max_stack = std::max(code_->max_stack, sp_);
    return static_cast<int>(code_->instrs.size()) - 1;
  }
  void Patch(int at) { code_->instrs[at].arg = static_cast<int32_t>(code_->instrs.size()); }
  void BeginStatement(const Token& t) {
    stmt_ = static_cast<int>(p_->statements.size());
    p_->statements.push_back(StatementInfo{t.line, {}});
  }
  void NoteRead(int slot) {
    auto& reads = p_->statements[stmt_].reads;
    if (std::find(reads.begin(), reads.end(), slot) == reads.end()) reads.push_back(slot);
  }

  // ---- top level ---------------------------------------------------------------
  void DeclareVars();
  void ParseVar();
  void ParseHandler();
  // ---- statements --------------------------------------------------------------
  bool Block(const std::string& context);
  bool Statement();
  int Target(const Token& t);
  bool If();

  // ---- expressions (or < and < not < comparison < + - < * / % < unary) ---------
  bool Expression() { return Or(); }
  bool Or();
  bool And();
  bool Not();
  static bool CompareOp(Tok k, Op* op);
  bool Comparison();
  bool Sum();
  bool Product();
  bool Unary();
  bool Primary();
  void Load(const Token& t);
  bool Call(const Token& name);

  std::vector<Token> toks_;
  CompileResult* out_;
  Program* p_;
  size_t pos_ = 0;
  bool failed_ = false;
  int nesting_ = 0;
  int paren_depth_ = 0;
  Code* code_ = nullptr;
  int sp_ = 0;
  int stmt_ = 0;
  Handler handler_ = Handler::kInit;
  int initialising_ = -1;
  std::vector<int> declared_;
  const char* last_item_ = "handler";
  std::map<std::string_view, int> vars_;
  std::map<std::string_view, int> var_line_;
  int handler_line_[kHandlerCount] = {};
};

}  // namespace plab::cclang
