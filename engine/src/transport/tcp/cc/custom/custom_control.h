// The `custom` congestion control: a student's program (docs/custom-cc.md) run by
// the engine. Its handlers answer the sender's and the loss recovery's calls:
//   init        AfterInit (cwnd = the initial window)
//   on_ack      OnAck (new data acknowledged outside loss recovery), run at the end of
//               that ACK (OnAckReceived) so delivery_rate is this ACK's sample; a
//               growth of cwnd is dropped while the sender is not cwnd-limited (RFC
//               7661), as the built-in window laws do
//   on_loss     SsthreshAfterLoss: ssthresh; the recovery then sets cwnd by its rule
//   on_timeout  SsthreshAfterTimeout + AfterRetransmissionTimeout: ssthresh, cwnd
//   on_round    OnAckReceived, when a delivered-based round begins (BBR's rounds);
//               in loss recovery its cwnd and ssthresh are not applied
// A missing on_loss is RFC 5681's max(FlightSize / 2, 2 SMSS); a missing on_timeout
// is on_loss's ssthresh and cwnd = 1 SMSS. A run-time error of the program stops the
// run (RunInputError naming the flow's custom.program).
//
// Asked for (custom.trace_round = N), it records every handler call of round N (the
// calls whose `round` field reads N: on_round beginning round N and everything up to
// the next on_round) with what the program read and wrote, at most kMaxTraceCalls
// calls; the result document carries it as flows[i].program_trace (AppendReport).
// Tracing only watches: the run is the same bit for bit.
#pragma once

#include <string>
#include <vector>

#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/cc/custom/machine.h"

namespace plab {

class CustomControl final : public CongestionControl {
 public:
  // `path`: the parameter named in a run-time error; `max_window`: cwnd's cap (bytes).
  CustomControl(cclang::Program program, std::string path, uint64_t max_window);

  void OnAck(const TcpState& state, uint64_t acked_bytes, Time now) override;
  void OnAckReceived(const TcpState& state, const RateSample& rs, Time now) override;
  int64_t PacingRateBps() const override;
  void AppendReport(nlohmann::ordered_json& flow) const override;

  static constexpr size_t kMaxTraceCalls = 2000;
  // Records the calls of round `round` (1, 2, ...; 0 = none).
  void TraceRound(uint64_t round) { trace_round_ = round; }

  // Each handler call as "name@seconds" (tests: the call order of a scripted run).
  void RecordCalls(std::vector<std::string>* calls) { calls_ = calls; }
  const cclang::Machine& machine() const { return machine_; }

 protected:
  uint64_t SsthreshAfterLoss(const TcpState& state, uint64_t flight_size) override;
  uint64_t SsthreshAfterTimeout(const TcpState& state, uint64_t flight_size) override;
  void AfterRetransmissionTimeout(const TcpState& state) override;
  void AfterInit() override;

 private:
  // Sets the read-only fields and the window's slots from the control's state.
  void Load(uint64_t in_flight, double acked, double lost);
  void Call(cclang::Handler h);
  uint64_t SsthreshFromSlot() const;
  // After on_loss / on_timeout: at most the receiver window (at least 2 segments).
  uint64_t SsthreshAfterLossFromSlot() const;
  // The last traced call, if the last Call was traced (else nullptr).
  struct TracedCall {
    double t_s;
    cclang::Handler handler;
    cclang::CallTrace trace;
    std::string note;  // a write the control did not apply, and why
  };
  TracedCall* Traced() { return last_traced_ ? &trace_.back() : nullptr; }

  cclang::Machine machine_;
  std::string path_;
  uint64_t max_window_;
  std::vector<std::string>* calls_ = nullptr;
  Time now_;
  // The ACK under way: OnAck marks it, OnAckReceived runs on_ack.
  bool ack_pending_ = false;
  uint64_t ack_bytes_ = 0;
  bool ack_cwnd_limited_ = true;
  // Delivered-based rounds (BBR's): a round ends when a segment sent after it began is delivered.
  uint64_t next_round_delivered_ = 0;
  uint64_t round_count_ = 0;
  uint64_t round_delivered_ = 0;
  uint64_t round_lost_ = 0;
  uint64_t delivered_ = 0;
  double delivery_rate_ = 0;  // bytes/s
  uint64_t in_flight_ = 0;    // FlightSize at the last ACK
  uint64_t timeout_cwnd_ = 0;
  // The traced round's calls (TraceRound).
  uint64_t trace_round_ = 0;
  std::vector<TracedCall> trace_;
  uint64_t trace_calls_seen_ = 0;  // in the traced round, including those past the cap
  bool last_traced_ = false;
};

}  // namespace plab
