// The TCP sender core: sequence numbers, the send loop, cumulative ACK processing,
// RTT sampling with Karn's rule and the retransmission timer, run on the flow's timer
// profile (transport/timer_profile.h: RFC 6298 by default, or BSD's or ns-2's ticks). What the window
// is and how losses are repaired are delegated to the two plug-ins (CongestionControl,
// LossRecovery); this file has no knowledge of any particular variant.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>

#include "net/packet.h"
#include "net/route.h"
#include "sim/scheduler.h"
#include "transport/data_source.h"
#include "transport/endpoint.h"
#include "transport/rtt_stats.h"
#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/limited_transmit.h"
#include "transport/tcp/recovery/loss_recovery.h"
#include "transport/tcp/scoreboard.h"
#include "transport/tcp/tcp_header.h"
#include "transport/tcp/tcp_state.h"

namespace plab {

// The window as metrics see it at one instant, in bytes.
struct WindowSnapshot {
  uint64_t cwnd = 0;
  uint64_t ssthresh = 0;
  bool ssthresh_set = false;  // false until the first loss ("arbitrarily high")
  uint64_t flight_size = 0;
};

// What metrics see of a TCP sender beyond what every sender reports
// (endpoint.h's SenderObserver; STYLE §9: observation apart from logic).
class TcpSenderObserver {
 public:
  virtual ~TcpSenderObserver() = default;
  virtual void OnWindow(Time /*now*/, const WindowSnapshot& /*window*/) {}
  virtual void OnFastRetransmit(Time /*now*/, const WindowSnapshot& /*window*/) {}
  virtual void OnPartialAck(Time /*now*/, const WindowSnapshot& /*window*/) {}
  virtual void OnEarlyRetransmit(Time /*now*/, const WindowSnapshot& /*window*/) {}
  // `cwnd_before` is the window just before the timeout collapsed it.
  virtual void OnTimeout(Time /*now*/, uint64_t /*cwnd_before*/) {}
  // The window was reduced in answer to an ECN-Echo (RFC 3168 §6.1.2), at most once a
  // window; `window` is after the reduction.
  virtual void OnEcnResponse(Time /*now*/, const WindowSnapshot& /*window*/) {}
  // Every data segment sent, and every ACK arriving (time-sequence traces).
  virtual void OnSegmentSent(Time /*now*/, uint64_t /*seq*/, bool /*retransmission*/) {}
  virtual void OnAckArrived(Time /*now*/, uint64_t /*ack*/, const SackBlock* /*sack*/, int /*sack_count*/) {}
};

struct TcpSenderParams {
  uint32_t flow = 0;
  uint32_t mss = 1000;
  uint32_t header_bytes = 40;
  uint32_t initial_window_segments = 2;
  uint64_t max_window_bytes = 1ULL << 30;  // the receiver's advertised window
  int dupack_threshold = 3;
  // The receiver SACKs (tcp.sack): with a SACK recovery, duplicate ACKs are RFC 6675 §2's
  // (LossRecovery::SackDefinesDuplicateAcks).
  bool sack = false;
  // RFC 7323: carry timestamps (12 more header bytes, counted by the caller in
  // header_bytes) and take an RTT sample from every ACK of new data, retransmitted
  // or not, since the echo says which transmission it answers.
  bool timestamps = false;
  // RFC 7661-style congestion-window validation: grow cwnd only while it limits sending.
  bool cwnd_validation = true;
  // RFC 3042 limited transmit: each of the first two duplicate ACKs lets one new
  // segment go beyond cwnd, so a small window still produces the third.
  bool limited_transmit = false;
  // Open with a three-way handshake (RFC 9293 §3.5): a SYN, retransmitted on the initial
  // RTO doubling (RFC 6298 §2.1, §5.5), data only once the SYN-ACK is in, whose round
  // trip is the first RTT sample (RFC 6298 §2.2). Off: data from the start time.
  bool handshake = false;
  // RFC 3168: the flow negotiated ECN. New data goes out ECT(0) (§6.1.5: never a
  // retransmission); an ACK with ECE makes the control reduce its window once per
  // window of data (CongestionControl::OnEcnEcho) and the next new segment carries CWR.
  bool ecn = false;
  // The ECN-capable codepoint new data carries when `ecn`: ECT(0) for a classic
  // control (RFC 3168), ECT(1) for an L4S one (RFC 9331 §4.1: the L4S identifier).
  Ecn ect = Ecn::kEct0;
  // How the pipe counts a SACKed retransmission (tcp.pipe; scoreboard.h): RFC 6675's
  // SetPipe, or ns-3.44's TcpTxBuffer::BytesInFlight.
  Scoreboard::PipeCount pipe_count = Scoreboard::PipeCount::kRfc6675;
  // How an ACK's delivery-rate sample is taken (tcp.rate_sample; scoreboard.h): the
  // draft's, or ns-3.44's TcpRateLinux's, which also voids an interval below the least
  // smoothed RTT (TcpSocketState::m_minRtt) rather than the least RTT sample.
  Scoreboard::RateSampling rate_sampling = Scoreboard::RateSampling::kDraft;
  // Pacing spaces packets by their payload alone (tcp.pacing_size = payload, ns-3.44),
  // not by their bytes on the wire.
  bool pace_payload_only = false;
  // A paced sender paces its initial window too (tcp.pace_initial_window; ns-3.44 does
  // not by default: its first IW x MSS bytes go at once).
  bool pace_initial_window = true;
  // Bytes the SYN carries beyond a data header (tcp.option_layout = ns3).
  uint32_t syn_extra_bytes = 0;
  // The ACK that ends a fast recovery also grows the window, once cwnd = ssthresh
  // (tcp.recovery_exit = ns3: ns-3.44's ProcessAck calls IncreaseWindow on it).
  bool grow_on_recovery_exit = false;
  RttStats::Params rtt;
};

struct TcpSenderStats {
  int64_t data_packets_sent = 0;
  int64_t retransmissions = 0;
  int64_t fast_retransmits = 0;
  int64_t partial_acks = 0;
  int64_t early_retransmits = 0;
  int64_t timeouts = 0;
  int64_t syn_retransmissions = 0;
  int64_t acks_received = 0;
  Time established_at;        // when the SYN-ACK arrived (with tcp.handshake)
  int64_t ecn_responses = 0;  // window reductions answering ECE (RFC 3168 §6.1.2)
  bool completed = false;
  Time completed_at;
};

class TcpSender final : public SenderEndpoint, public EventHandler, private RecoveryActions {
 public:
  // The two plug-ins, made afresh for each connection (Restart).
  struct PluginMakers {
    std::function<std::unique_ptr<CongestionControl>()> congestion_control;
    std::function<std::unique_ptr<LossRecovery>()> loss_recovery;
  };

  TcpSender(Scheduler* scheduler, PacketPool* pool, const TcpSenderParams& params, PluginMakers makers,
            DataSource* source);

  // SenderEndpoint
  void set_route(const Route* route) override { route_ = route; }
  void set_observer(SenderObserver* observer) override { observer_ = observer; }
  void Start() override;
  void Close() override;
  bool completed() const override { return stats_.completed; }
  Time completed_at() const override { return stats_.completed_at; }
  const RttStats& rtt() const override { return rtt_; }
  SenderCounts counts() const override {
    return {stats_.data_packets_sent, stats_.retransmissions, stats_.acks_received};
  }
  void Restart(uint32_t flow) override;

  void set_tcp_observer(TcpSenderObserver* observer) { tcp_observer_ = observer; }

  void Receive(Packet* ack) override;
  void OnEvent(uint32_t tag, uint64_t arg) override;

  const TcpState& state() const { return state_; }
  // Whether the flow negotiated ECN (TcpSenderParams::ecn).
  bool ecn() const { return params_.ecn; }
  WindowSnapshot window() const;
  const TcpSenderStats& stats() const { return stats_; }
  const CongestionControl& congestion_control_algorithm() const { return *cc_; }
  // For a live parameter of the control (Simulation::Set); takes effect from the next ACK.
  CongestionControl& congestion_control_algorithm() { return *cc_; }
  const LossRecovery& loss_recovery() const { return *recovery_; }
  const Scoreboard& segment_scoreboard() const { return scoreboard_; }

 private:
  enum Tag : uint32_t { kRetransmissionTimer, kSourceReady, kPacingReady, kSynTimer };

  void Initialize();
  // The handshake (params_.handshake): send the SYN (again) and arm its timer; take the
  // SYN-ACK, then start sending data.
  void SendSyn();
  void OnSynAck(const TcpHeader& syn_ack);
  void OnSynTimer(uint64_t generation);
  void TrySend();
  void Complete();
  void SendSegment(uint64_t seq, bool retransmission);
  void OnNewAck(uint64_t ack, std::optional<Time> sent_at, bool from_timestamp, bool ece);
  void TimeSegment(uint64_t seq, bool retransmission);
  // A duplicate ACK. With a SACK recovery and SACK (RFC 6675 §2, §5) it is an ACK that
  // SACKs something new: a cumulative one too, outside recovery, after OnNewAck reset
  // DupAcks; an ACK SACKing nothing new is none, though recovery still sees it.
  void OnDupAck();
  void OnEcnFeedback(bool ece, uint64_t acked_bytes);
  void OnRetransmissionTimeout();
  void ArmTimerIfIdle();
  void StopTimer() { timer_armed_ = false; }
  uint32_t SegmentLength(uint64_t seq) const;
  // Whether a paced sender paces once the highest byte sent is `sent_up_to`: always, or
  // (tcp.pace_initial_window = false, ns-3.44's default) only once the initial window's
  // bytes are out (TcpSocketBase::IsPacingEnabled: m_highTxMark > IW x MSS).
  bool PacedFrom(uint64_t sent_up_to) const {
    return params_.pace_initial_window ||
           sent_up_to >= static_cast<uint64_t>(params_.initial_window_segments) * params_.mss;
  }
  uint64_t LimitedTransmitAllowance() const {
    return LimitedTransmitBytes(params_.limited_transmit, state_.in_recovery, state_.dupacks, state_.dupack_threshold,
                                state_.mss);
  }
  void ScheduleSourceWakeup(Time at);

  // RecoveryActions
  void RetransmitFirstUnacked() override;
  void GoBackN() override;
  void RestartRetransmissionTimer() override;
  void NoteFastRetransmit() override;
  void NotePartialAck() override;
  void NoteEarlyRetransmit() override;
  CongestionControl& congestion_control() override { return *cc_; }
  Scoreboard& scoreboard() override { return scoreboard_; }
  Time now() const override { return scheduler_->now(); }
  const RttStats& rtt_stats() const override { return rtt_; }

  Scheduler* scheduler_;
  PacketPool* pool_;
  TcpSenderParams params_;
  PluginMakers makers_;
  std::unique_ptr<CongestionControl> cc_;
  std::unique_ptr<LossRecovery> recovery_;
  DataSource* source_;
  const Route* route_ = nullptr;
  SenderObserver* observer_ = nullptr;
  TcpSenderObserver* tcp_observer_ = nullptr;

  TcpState state_;
  RttStats rtt_;
  TcpSenderStats stats_;

  Scoreboard scoreboard_;

  // The retransmission timer is restarted on almost every ACK. Rather than queue an
  // event each time, it keeps one event in the scheduler and moves a deadline; the
  // event re-arms itself for the deadline when it fires early (a lazy timer wheel).
  bool timer_armed_ = false;
  Time timer_deadline_;
  bool timer_event_pending_ = false;
  Time timer_event_at_;
  uint64_t timer_generation_ = 0;
  uint64_t serial_ = 0;  // the last transmission serial used
  // A tick profile's timed segment (BSD t_rtt / t_rtseq, ns-2 rtt_active_ / rtt_seq_).
  bool timing_ = false;
  uint64_t timed_seq_ = 0;
  Time timed_at_;
  bool source_wakeup_pending_ = false;
  bool pacing_wakeup_pending_ = false;
  Time next_send_time_ = Time::Zero();
  // The handshake: established_ from the start without one.
  bool established_ = true;
  Time syn_sent_at_;
  Time syn_rto_;
  uint64_t syn_generation_ = 0;  // a SYN timer event of an earlier SYN is stale
  // ECN (RFC 3168 §6.1.2): snd_max at the last window reduction for ECE (an ACK at or
  // below it answers data sent before that reduction), and CWR owed to the next new segment.
  uint64_t ecn_recover_ = 0;
  bool cwr_pending_ = false;
};

}  // namespace plab
