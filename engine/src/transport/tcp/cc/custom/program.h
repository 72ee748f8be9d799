// A compiled `custom` program: each handler is a short list of instructions for a
// stack machine (machine.h). There are no loops, so a handler only ever jumps
// forward; the machine still counts every instruction it runs against
// kMaxOperationsPerCall.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "transport/tcp/cc/custom/language.h"

namespace plab::cclang {

enum class Op : uint8_t {
  kPush,   // value
  kLoad,   // slot
  kStore,  // slot (pops)
  kNeg,
  kNot,
  kTruth,  // x != 0 -> 1, else 0
  kAdd,
  kSub,
  kMul,
  kDiv,
  kMod,
  kLt,
  kLe,
  kGt,
  kGe,
  kEq,
  kNe,
  kCall,         // fn, nargs
  kJumpIfFalse,  // target (pops)
  kJump,         // target
};

struct Instr {
  Op op = Op::kPush;
  uint8_t fn = 0;      // kCall: Function
  uint16_t nargs = 0;  // kCall
  int32_t arg = 0;     // slot or jump target
  int32_t stmt = 0;    // index into Program::statements (for error messages)
  double value = 0;    // kPush
};

// Where an instruction came from, to name it in a run-time error.
struct StatementInfo {
  int line = 0;
  std::vector<int> reads;  // the slots the statement reads, first use first
};

struct Code {
  std::vector<Instr> instrs;
  int max_stack = 0;
};

struct Program {
  std::vector<std::string> var_names;  // slot kFieldCount + i
  Code var_init;                       // `var` initialisers, in order (before init)
  std::array<Code, kHandlerCount> handlers;
  std::array<bool, kHandlerCount> has{};
  std::vector<StatementInfo> statements;
  size_t slot_count() const { return kFieldCount + var_names.size(); }
  std::string SlotName(int slot) const;
};

// A problem in the text: 1-based line and columns, end_col one past the last character.
struct Diagnostic {
  int line = 1;
  int col = 1;
  int end_col = 2;
  std::string message;
};

struct CompileResult {
  Program program;
  std::vector<Diagnostic> errors;  // empty = the program is good
};

CompileResult Compile(std::string_view text);

// {"ok": bool, "errors": [{"line", "col", "end_col", "message"}]} (api.h CheckProgramJson).
std::string CheckJson(std::string_view text);

// The schema's languages.custom: {handlers: [{name, help}], fields: [{name, unit, help,
// writable, handlers}], functions: [{name, signature, help}], keywords, templates:
// [{name, label, help, program}], limits: {max_bytes, max_nesting, max_operations}}.
std::string LanguageJson();

}  // namespace plab::cclang
