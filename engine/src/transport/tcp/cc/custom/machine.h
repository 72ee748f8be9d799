// Runs a compiled `custom` program (program.h): a stack machine over the fields'
// and the variables' values (slots), one handler call at a time. Every operation
// counts against kMaxOperationsPerCall; an operation whose result is not a finite
// number, a division by zero or the limit stops the call with a message naming the
// handler, the line and the values the statement read. Writes of cwnd, ssthresh and
// pacing_rate are clamped as they happen, so a program never sees (or leaves) a window
// outside the bounds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "transport/tcp/cc/custom/program.h"

namespace plab::cclang {

// What one handler call did, for the trace of a chosen round (docs/custom-cc.md,
// "Tracing a round"): the slots it read (each once, at its first read, with the value
// read) and the slots it wrote (the value before its first write, the value it holds
// after the last, and whether a bound changed the written value). At most kMaxReads
// reads and kMaxWrites writes; further ones set the *_cut flags.
struct CallTrace {
  static constexpr size_t kMaxReads = 24;
  static constexpr size_t kMaxWrites = 16;
  struct Read {
    int slot;
    double value;
  };
  struct Write {
    int slot;
    double old_value;
    double new_value;
    double wanted;  // what the program computed for the last write, before the bounds
    bool clamped;   // the last write was moved by a bound (rounding down to bytes is not)
  };
  std::vector<Read> reads;
  std::vector<Write> writes;
  bool reads_cut = false;
  bool writes_cut = false;
};

class Machine {
 public:
  explicit Machine(Program program);

  // cwnd is kept within [cwnd_min, cwnd_max], ssthresh at least ssthresh_min (both
  // whole bytes); pacing_rate within [0, 1e15] bytes/s.
  void SetBounds(double cwnd_min, double cwnd_max, double ssthresh_min);

  double& slot(int i) { return slots_[static_cast<size_t>(i)]; }
  double slot(int i) const { return slots_[static_cast<size_t>(i)]; }
  bool has(Handler h) const { return program_.has[static_cast<int>(h)]; }
  const Program& program() const { return program_; }

  // The var initialisers, in order (reported as init's); false with `error` set.
  bool RunVars(std::string* error);
  // One handler call; false with `error` set ("on_ack, line 4: division by zero: ...").
  bool Run(Handler h, std::string* error);
  // Whether the last call wrote the field (cwnd, ssthresh or pacing_rate).
  bool wrote(Field f) const { return (written_ & (1u << f)) != 0; }
  // Instructions run so far, all calls together.
  uint64_t operations() const { return operations_; }
  // Until set back to nullptr, each Run records its reads and writes into `trace`
  // (cleared first). Tracing only watches: the values computed are the same.
  void TraceInto(CallTrace* trace) { trace_ = trace; }

 private:
  template <bool kTrace>
  bool Execute(const Code& code, const char* name, std::string* error);
  bool Fail(const Instr& at, const char* name, const std::string& what, std::string* error) const;
  // Stores the value within the slot's bounds; true when a bound moved it.
  bool Store(int slot, double value);
  void NoteRead(int slot);
  void NoteWrite(int slot, double old_value, double wanted, bool clamped);
  static double Call(Function fn, const double* args, int n);

  Program program_;
  std::vector<double> slots_;
  std::vector<double> stack_;
  double cwnd_min_ = 1;
  double cwnd_max_ = kNoSsthresh;
  double ssthresh_min_ = 2;
  uint32_t written_ = 0;
  uint64_t operations_ = 0;
  CallTrace* trace_ = nullptr;
  // Tracing: the call in which each slot was last read / written (seen this call when
  // equal to trace_call_).
  std::vector<uint64_t> read_in_call_;
  std::vector<uint64_t> written_in_call_;
  uint64_t trace_call_ = 0;
};

// How a value reads in a message: 1000, 0.25, NaN, Infinity.
std::string ShowNumber(double x);

}  // namespace plab::cclang
