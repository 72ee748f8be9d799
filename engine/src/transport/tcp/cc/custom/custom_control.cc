#include "transport/tcp/cc/custom/custom_control.h"

#include <algorithm>
#include <cmath>

#include <nlohmann/json.hpp>

#include "params/run_error.h"
#include "sim/scheduler.h"

namespace plab {

using cclang::Handler;

CustomControl::CustomControl(cclang::Program program, std::string path, uint64_t max_window)
    : machine_(std::move(program)), path_(std::move(path)), max_window_(max_window) {}

void CustomControl::Load(uint64_t in_flight, double acked, double lost) {
  const RttStats& r = rtt();
  const bool sampled = r.has_sample();
  machine_.slot(cclang::kCwnd) = static_cast<double>(cwnd_);
  machine_.slot(cclang::kSsthresh) =
      ssthresh_set() ? std::min(static_cast<double>(ssthresh_), cclang::kNoSsthresh) : cclang::kNoSsthresh;
  machine_.slot(cclang::kMss) = mss_;
  machine_.slot(cclang::kSrtt) = sampled ? r.srtt().seconds() : 0.0;
  machine_.slot(cclang::kMinRtt) = sampled ? r.min_rtt().seconds() : 0.0;
  machine_.slot(cclang::kRtt) = sampled ? r.latest_rtt().seconds() : 0.0;
  machine_.slot(cclang::kRttvar) = sampled ? r.rttvar().seconds() : 0.0;
  // The simulation's clock when the sender handed it over: on_loss and on_timeout come
  // on a duplicate ACK or the timer, after the last ACK that reached the control.
  machine_.slot(cclang::kNow) = (clock() != nullptr ? clock()->now() : now_).seconds();
  machine_.slot(cclang::kInFlight) = static_cast<double>(in_flight);
  machine_.slot(cclang::kAcked) = acked;
  machine_.slot(cclang::kLost) = lost;
  machine_.slot(cclang::kDelivered) = static_cast<double>(delivered_);
  machine_.slot(cclang::kDeliveryRate) = delivery_rate_;
  machine_.slot(cclang::kRound) = static_cast<double>(round_count_);
  machine_.slot(cclang::kCwndLimited) = ack_cwnd_limited_ ? 1.0 : 0.0;
}

void CustomControl::Call(Handler h) {
  if (calls_ != nullptr) calls_->push_back(std::string(cclang::HandlerName(h)) + "@" + std::to_string(now_.seconds()));
  last_traced_ = false;
  if (trace_round_ != 0 && round_count_ == trace_round_ && machine_.has(h)) {
    if (++trace_calls_seen_ <= kMaxTraceCalls) {
      // The clock, not now_: on_loss and on_timeout come before the ACK or without one.
      const Time at = clock() != nullptr ? clock()->now() : now_;
      trace_.push_back({at.seconds(), h, {}, {}});
      machine_.TraceInto(&trace_.back().trace);
      last_traced_ = true;
    }
  }
  std::string error;
  const bool ok = machine_.Run(h, &error);
  machine_.TraceInto(nullptr);
  if (!ok) throw RunInputError(path_, path_ + ": " + error);
}

uint64_t CustomControl::SsthreshFromSlot() const {
  const double s = machine_.slot(cclang::kSsthresh);
  return s >= cclang::kNoSsthresh ? kNoSsthresh : static_cast<uint64_t>(s);
}

// The loss recovery sets cwnd from this (Reno: ssthresh + 3 segments, then ssthresh at
// the end of recovery): an unset or larger one is the receiver window, or the window
// would leave its clamp (an unset one wrapped ssthresh + 3 segments around 2^64).
uint64_t CustomControl::SsthreshAfterLossFromSlot() const {
  return std::min(SsthreshFromSlot(), std::max<uint64_t>(max_window_, 2ULL * mss_));
}

void CustomControl::AfterInit() {
  machine_.SetBounds(mss_, static_cast<double>(std::max<uint64_t>(max_window_, mss_)), 2.0 * mss_);
  Load(0, 0, 0);
  std::string error;
  if (!machine_.RunVars(&error)) throw RunInputError(path_, path_ + ": " + error);
  Call(Handler::kInit);
  cwnd_ = static_cast<uint64_t>(machine_.slot(cclang::kCwnd));
  ssthresh_ = SsthreshFromSlot();
}

void CustomControl::OnAck(const TcpState& state, uint64_t acked_bytes, Time now) {
  now_ = now;
  ack_pending_ = true;
  ack_bytes_ += acked_bytes;
  ack_cwnd_limited_ = state.cwnd_limited;
}

void CustomControl::OnAckReceived(const TcpState& state, const RateSample& rs, Time now) {
  now_ = now;
  in_flight_ = state.flight_size();
  delivered_ = rs.total_delivered;
  if (rs.valid) delivery_rate_ = rs.delivery_rate_bps / 8.0;
  round_delivered_ += rs.newly_delivered;
  round_lost_ += rs.newly_lost;
  if (ack_pending_) {
    ack_pending_ = false;
    Load(in_flight_, static_cast<double>(ack_bytes_), 0);
    ack_bytes_ = 0;
    Call(Handler::kOnAck);
    const uint64_t wanted = static_cast<uint64_t>(machine_.slot(cclang::kCwnd));
    // RFC 7661 / Linux tcp_is_cwnd_limited: no growth from ACKs the window did not limit.
    if (ack_cwnd_limited_ || wanted < cwnd_) {
      cwnd_ = wanted;
    } else if (TracedCall* t = Traced(); t != nullptr && wanted != cwnd_) {
      t->note = "cwnd growth not applied: the window did not limit sending (RFC 7661)";
    }
    ssthresh_ = SsthreshFromSlot();
  }
  if (rs.newly_delivered > 0 && rs.prior_delivered >= next_round_delivered_) {
    next_round_delivered_ = rs.total_delivered;
    ++round_count_;
    ack_cwnd_limited_ = state.cwnd_limited;
    Load(in_flight_, static_cast<double>(round_delivered_), static_cast<double>(round_lost_));
    round_delivered_ = 0;
    round_lost_ = 0;
    Call(Handler::kOnRound);
    // In loss recovery the recovery owns the window: what on_round wrote waits.
    if (!state.in_recovery) {
      cwnd_ = static_cast<uint64_t>(machine_.slot(cclang::kCwnd));
      ssthresh_ = SsthreshFromSlot();
    } else if (TracedCall* t = Traced();
               t != nullptr && (machine_.wrote(cclang::kCwnd) || machine_.wrote(cclang::kSsthresh))) {
      t->note = "cwnd and ssthresh not applied: in loss recovery, the recovery owns the window";
    }
  }
}

int64_t CustomControl::PacingRateBps() const { return static_cast<int64_t>(machine_.slot(cclang::kPacingRate) * 8.0); }

uint64_t CustomControl::SsthreshAfterLoss(const TcpState&, uint64_t flight_size) {
  if (!machine_.has(Handler::kOnLoss)) return std::max<uint64_t>(flight_size / 2, 2ULL * mss_);
  Load(flight_size, 0, 0);
  Call(Handler::kOnLoss);
  return SsthreshAfterLossFromSlot();
}

uint64_t CustomControl::SsthreshAfterTimeout(const TcpState& state, uint64_t flight_size) {
  timeout_cwnd_ = mss_;
  if (!machine_.has(Handler::kOnTimeout)) return SsthreshAfterLoss(state, flight_size);
  Load(flight_size, 0, 0);
  Call(Handler::kOnTimeout);
  if (machine_.wrote(cclang::kCwnd)) timeout_cwnd_ = static_cast<uint64_t>(machine_.slot(cclang::kCwnd));
  return SsthreshAfterLossFromSlot();
}

void CustomControl::AfterRetransmissionTimeout(const TcpState&) { cwnd_ = timeout_cwnd_; }

void CustomControl::AppendReport(nlohmann::ordered_json& flow) const {
  if (trace_round_ == 0) return;
  const cclang::Program& program = machine_.program();
  nlohmann::ordered_json calls = nlohmann::ordered_json::array();
  for (const TracedCall& c : trace_) {
    nlohmann::ordered_json reads = nlohmann::ordered_json::array();
    for (const cclang::CallTrace::Read& r : c.trace.reads) {
      reads.push_back({{"name", program.SlotName(r.slot)}, {"value", r.value}});
    }
    nlohmann::ordered_json writes = nlohmann::ordered_json::array();
    for (const cclang::CallTrace::Write& w : c.trace.writes) {
      nlohmann::ordered_json write = {
          {"name", program.SlotName(w.slot)}, {"old", w.old_value}, {"new", w.new_value}, {"clamped", w.clamped}};
      if (w.clamped) write["wanted"] = w.wanted;
      writes.push_back(std::move(write));
    }
    nlohmann::ordered_json call = {{"t_s", c.t_s},
                                   {"handler", cclang::HandlerName(c.handler)},
                                   {"reads", std::move(reads)},
                                   {"writes", std::move(writes)}};
    if (c.trace.reads_cut) call["reads_cut"] = true;
    if (c.trace.writes_cut) call["writes_cut"] = true;
    if (!c.note.empty()) call["note"] = c.note;
    calls.push_back(std::move(call));
  }
  const bool cut = trace_calls_seen_ > kMaxTraceCalls;
  flow["program_trace"] = {{"round", trace_round_},
                           {"rounds", round_count_},
                           {"calls_in_round", trace_calls_seen_},
                           {"cut", cut},
                           {"message", cut ? "trace cut at " + std::to_string(kMaxTraceCalls) + " calls (" +
                                                 std::to_string(trace_calls_seen_) + " in the round)"
                                       : trace_round_ > round_count_ ? "round " + std::to_string(trace_round_) +
                                                                           " was not reached: the run had " +
                                                                           std::to_string(round_count_) + " rounds"
                                                                     : ""},
                           {"calls", std::move(calls)}};
}

}  // namespace plab
