// The `custom` congestion-control language (docs/custom-cc.md): what it declares —
// its handlers, the fields a program reads and writes, its built-in functions and
// keywords. The parser checks names against these tables, the machine runs with them,
// and the schema (languages.custom) hands them to the page, which has no list of its own.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace plab::cclang {

enum class Handler { kInit, kOnAck, kOnLoss, kOnTimeout, kOnRound };
constexpr int kHandlerCount = 5;

// Slot numbers of the fields: a program's variables follow them (kFieldCount + i).
enum Field : int {
  kCwnd,
  kSsthresh,
  kPacingRate,
  kMss,
  kSrtt,
  kMinRtt,
  kRtt,
  kRttvar,
  kNow,
  kInFlight,
  kAcked,
  kLost,
  kDelivered,
  kDeliveryRate,
  kRound,
  kCwndLimited,
  kFieldCount
};

enum class Function { kMin, kMax, kClamp, kAbs, kFloor, kCeil, kSqrt, kCbrt, kLog, kExp, kPow };

struct HandlerDecl {
  const char* name;
  const char* help;
};

struct FieldDecl {
  const char* name;
  const char* unit;
  const char* help;
  bool writable;
  std::vector<Handler> handlers;  // where its value means something
};

struct FunctionDecl {
  const char* name;
  const char* signature;
  const char* help;
  int min_args;
  int max_args;  // -1: any number >= min_args
};

struct TemplateDecl {
  const char* name;
  const char* label;
  const char* help;
  const char* program;
};

// The limits every program is held to (docs/custom-cc.md, "Bounds").
constexpr size_t kMaxProgramBytes = 64 * 1024;
constexpr int kMaxNesting = 32;  // blocks, parentheses and calls inside each other
constexpr int kMaxOperationsPerCall = 10000;
// What ssthresh reads before anything has set it ("arbitrarily high", RFC 5681 §3.1):
// 2^53 bytes, the largest integer a double holds exactly. Writing it or more unsets it.
constexpr double kNoSsthresh = 9007199254740992.0;

const std::vector<HandlerDecl>& Handlers();
const std::vector<FieldDecl>& Fields();        // index = Field
const std::vector<FunctionDecl>& Functions();  // index = Function
const std::vector<std::string>& Keywords();
const std::vector<TemplateDecl>& Templates();
const char* HandlerName(Handler h);
// The template a `custom` flow starts with (reno).
const std::string& DefaultProgram();

}  // namespace plab::cclang
