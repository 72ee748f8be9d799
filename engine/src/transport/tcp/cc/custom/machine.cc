#include "transport/tcp/cc/custom/machine.h"

#include <algorithm>
#include <cmath>

#include "params/param_decl.h"
#include "sim/precise_math.h"
#include "sim/random.h"

namespace plab::cclang {
namespace {

constexpr double kMaxPacingRate = 1e15;  // bytes/s; 8e15 bits/s still fits the sender's int64

const char* Symbol(Op op) {
  switch (op) {
    case Op::kAdd:
      return "+";
    case Op::kSub:
      return "-";
    case Op::kMul:
      return "*";
    case Op::kDiv:
      return "/";
    case Op::kMod:
      return "%";
    default:
      return "?";
  }
}

}  // namespace

std::string ShowNumber(double x) {
  if (std::isnan(x)) return "NaN";
  if (std::isinf(x)) return x > 0 ? "Infinity" : "-Infinity";
  return FormatNumber(x);
}

Machine::Machine(Program program) : program_(std::move(program)), slots_(program_.slot_count(), 0.0) {
  int deepest = program_.var_init.max_stack;
  for (const Code& c : program_.handlers) deepest = std::max(deepest, c.max_stack);
  stack_.assign(static_cast<size_t>(deepest) + 1, 0.0);
  slots_[kSsthresh] = kNoSsthresh;
}

void Machine::SetBounds(double cwnd_min, double cwnd_max, double ssthresh_min) {
  cwnd_min_ = cwnd_min;
  cwnd_max_ = std::max(cwnd_min, cwnd_max);
  ssthresh_min_ = ssthresh_min;
}

bool Machine::RunVars(std::string* error) { return Execute<false>(program_.var_init, "init", error); }

bool Machine::Run(Handler h, std::string* error) {
  written_ = 0;
  const int i = static_cast<int>(h);
  if (trace_ != nullptr) {
    *trace_ = CallTrace{};
    if (read_in_call_.size() != slots_.size()) {
      read_in_call_.assign(slots_.size(), 0);
      written_in_call_.assign(slots_.size(), 0);
    }
    ++trace_call_;
  }
  if (!program_.has[i]) return true;
  if (trace_ != nullptr) return Execute<true>(program_.handlers[i], HandlerName(h), error);
  return Execute<false>(program_.handlers[i], HandlerName(h), error);
}

bool Machine::Store(int slot, double value) {
  double bounded = value;
  switch (slot) {
    case kCwnd:
      value = std::floor(value);
      bounded = std::clamp(value, cwnd_min_, cwnd_max_);
      break;
    case kSsthresh:
      value = std::floor(value);
      bounded = std::clamp(value, ssthresh_min_, kNoSsthresh);
      break;
    case kPacingRate:
      bounded = std::clamp(value, 0.0, kMaxPacingRate);
      break;
    default:
      break;
  }
  if (slot < kFieldCount) written_ |= 1u << slot;
  slots_[static_cast<size_t>(slot)] = bounded;
  return bounded != value;
}

void Machine::NoteRead(int slot) {
  const auto s = static_cast<size_t>(slot);
  if (read_in_call_[s] == trace_call_) return;
  read_in_call_[s] = trace_call_;
  if (trace_->reads.size() >= CallTrace::kMaxReads) {
    trace_->reads_cut = true;
    return;
  }
  trace_->reads.push_back({slot, slots_[s]});
}

void Machine::NoteWrite(int slot, double old_value, double wanted, bool clamped) {
  const auto s = static_cast<size_t>(slot);
  if (written_in_call_[s] == trace_call_) {
    for (CallTrace::Write& w : trace_->writes) {
      if (w.slot == slot) {
        w.new_value = slots_[s];
        w.wanted = wanted;
        w.clamped = clamped;
      }
    }
    return;
  }
  written_in_call_[s] = trace_call_;
  if (trace_->writes.size() >= CallTrace::kMaxWrites) {
    trace_->writes_cut = true;
    return;
  }
  trace_->writes.push_back({slot, old_value, slots_[s], wanted, clamped});
}

double Machine::Call(Function fn, const double* a, int n) {
  switch (fn) {
    case Function::kMin: {
      double r = a[0];
      for (int i = 1; i < n; ++i) r = a[i] < r ? a[i] : r;
      return r;
    }
    case Function::kMax: {
      double r = a[0];
      for (int i = 1; i < n; ++i) r = a[i] > r ? a[i] : r;
      return r;
    }
    case Function::kClamp: {
      const double lo = a[1], hi = a[2];
      return a[0] < lo ? lo : (a[0] > hi ? hi : a[0]);
    }
    case Function::kAbs:
      return std::fabs(a[0]);
    case Function::kFloor:
      return std::floor(a[0]);
    case Function::kCeil:
      return std::ceil(a[0]);
    case Function::kSqrt:
      return std::sqrt(a[0]);  // IEEE-754: correctly rounded everywhere
    case Function::kCbrt:
      return PreciseCbrt(a[0]);
    case Function::kLog:
      return DeterministicLog(a[0]);
    case Function::kExp:
      return PreciseExp(a[0]);
    case Function::kPow:
      return PrecisePow(a[0], a[1]);
  }
  return std::nan("");
}

bool Machine::Fail(const Instr& at, const char* name, const std::string& what, std::string* error) const {
  const StatementInfo& s = program_.statements[static_cast<size_t>(at.stmt)];
  std::string values;
  size_t shown = 0;
  for (const int slot : s.reads) {
    if (++shown > 8) {  // a message stays short (the fuzzer holds it to 1 KiB)
      values += ", ...";
      break;
    }
    values += (values.empty() ? "" : ", ") + program_.SlotName(slot) + " = " + ShowNumber(slots_[slot]);
  }
  *error = std::string(name) + ", line " + std::to_string(s.line) + ": " + what +
           (values.empty() ? "" : " (" + values + ")");
  return false;
}

template <bool kTrace>
bool Machine::Execute(const Code& code, const char* name, std::string* error) {
  double* st = stack_.data();
  int sp = 0;
  const Instr* instrs = code.instrs.data();
  const size_t n = code.instrs.size();
  int ops = 0;
  for (size_t pc = 0; pc < n;) {
    const Instr& in = instrs[pc++];
    if (++ops > kMaxOperationsPerCall) {
      operations_ += static_cast<uint64_t>(ops);
      return Fail(in, name, "more than " + std::to_string(kMaxOperationsPerCall) + " operations in one call", error);
    }
    switch (in.op) {
      case Op::kPush:
        st[sp++] = in.value;
        break;
      case Op::kLoad:
        if constexpr (kTrace) NoteRead(in.arg);
        st[sp++] = slots_[static_cast<size_t>(in.arg)];
        break;
      case Op::kStore:
        if constexpr (kTrace) {
          const double old_value = slots_[static_cast<size_t>(in.arg)];
          const double wanted = st[--sp];
          const bool clamped = Store(in.arg, wanted);
          NoteWrite(in.arg, old_value, wanted, clamped);
        } else {
          Store(in.arg, st[--sp]);
        }
        break;
      case Op::kNeg:
        st[sp - 1] = -st[sp - 1];
        break;
      case Op::kNot:
        st[sp - 1] = st[sp - 1] == 0 ? 1.0 : 0.0;
        break;
      case Op::kTruth:
        st[sp - 1] = st[sp - 1] != 0 ? 1.0 : 0.0;
        break;
      case Op::kLt:
        --sp;
        st[sp - 1] = st[sp - 1] < st[sp] ? 1.0 : 0.0;
        break;
      case Op::kLe:
        --sp;
        st[sp - 1] = st[sp - 1] <= st[sp] ? 1.0 : 0.0;
        break;
      case Op::kGt:
        --sp;
        st[sp - 1] = st[sp - 1] > st[sp] ? 1.0 : 0.0;
        break;
      case Op::kGe:
        --sp;
        st[sp - 1] = st[sp - 1] >= st[sp] ? 1.0 : 0.0;
        break;
      case Op::kEq:
        --sp;
        st[sp - 1] = st[sp - 1] == st[sp] ? 1.0 : 0.0;
        break;
      case Op::kNe:
        --sp;
        st[sp - 1] = st[sp - 1] != st[sp] ? 1.0 : 0.0;
        break;
      case Op::kAdd:
      case Op::kSub:
      case Op::kMul:
      case Op::kDiv:
      case Op::kMod: {
        const double b = st[--sp];
        const double a = st[sp - 1];
        auto shown = [&] { return ShowNumber(a) + " " + Symbol(in.op) + " " + ShowNumber(b); };
        if ((in.op == Op::kDiv || in.op == Op::kMod) && b == 0) {
          operations_ += static_cast<uint64_t>(ops);
          return Fail(in, name, "division by zero: " + shown(), error);
        }
        double r = 0;
        switch (in.op) {
          case Op::kAdd:
            r = a + b;
            break;
          case Op::kSub:
            r = a - b;
            break;
          case Op::kMul:
            r = a * b;
            break;
          case Op::kDiv:
            r = a / b;
            break;
          default:
            r = std::fmod(a, b);
            break;  // exact in IEEE-754
        }
        if (!std::isfinite(r)) {
          operations_ += static_cast<uint64_t>(ops);
          return Fail(in, name, shown() + " is " + ShowNumber(r), error);
        }
        st[sp - 1] = r;
        break;
      }
      case Op::kCall: {
        const int args = in.nargs;
        const double r = Call(static_cast<Function>(in.fn), st + sp - args, args);
        if (!std::isfinite(r)) {
          std::string call = std::string(Functions()[in.fn].name) + "(";
          for (int i = 0; i < args; ++i) call += (i ? ", " : "") + ShowNumber(st[sp - args + i]);
          operations_ += static_cast<uint64_t>(ops);
          return Fail(in, name, call + ") is " + ShowNumber(r), error);
        }
        sp -= args;
        st[sp++] = r;
        break;
      }
      case Op::kJumpIfFalse:
        if (st[--sp] == 0) pc = static_cast<size_t>(in.arg);
        break;
      case Op::kJump:
        pc = static_cast<size_t>(in.arg);
        break;
    }
  }
  operations_ += static_cast<uint64_t>(ops);
  return true;
}

}  // namespace plab::cclang
