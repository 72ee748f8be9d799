#include "transport/tcp/tcp_family.h"

#include "net/queue/queue_entry.h"
#include "params/param_view.h"
#include "transport/tcp/cc/congestion_control.h"
#include "transport/tcp/receiver_algorithm.h"
#include "transport/tcp/recovery/loss_recovery.h"
#include "transport/tcp/tcp_probe.h"
#include "transport/tcp/tcp_receiver.h"
#include "transport/tcp/tcp_sender.h"
#include "transport/timers/timer_profiles.h"

namespace plab {
namespace {

// The loss recovery a flow uses: its protocol's own unless `recovery` overrides it.
const LossRecoveryEntry& ResolveRecovery(const ParamView& params, const TcpComposition& composition) {
  const std::string& chosen = params.Enum("recovery");
  const LossRecoveryEntry* entry = FindLossRecovery(chosen == "default" ? composition.loss_recovery : chosen);
  return *entry;
}

bool SackOn(const ParamView& params, const LossRecoveryEntry& recovery) {
  const std::string& option = params.Enum("tcp.sack");
  return option == "on" || (option == "auto" && recovery.needs_sack);
}

// The flow's timer profile (validation has checked the name).
std::shared_ptr<const TimerProfile> Timers(const ParamView& params) {
  return FindTimerProfile(params.Enum("tcp.timers"))->make(params);
}

// RFC 7323 §3: the timestamp option is 10 bytes, padded to 12.
uint32_t HeaderBytes(const ParamView& params) {
  return static_cast<uint32_t>(params.Integer("tcp.header_bytes")) + (params.Bool("tcp.timestamps") ? 12 : 0);
}

}  // namespace

std::vector<ParamDecl> TcpFamilyParams() {
  std::vector<std::string> recoveries = {"default"};
  std::vector<std::string> recovery_labels = {"The protocol's own"};
  for (const LossRecoveryEntry& r : LossRecoveries()) {
    recoveries.push_back(r.name);
    recovery_labels.push_back(r.label);
  }
  const std::string g = "TCP";
  std::vector<ParamDecl> p;
  p.push_back(EnumParam("recovery", "Loss recovery", g, recoveries, "default",
                        "Override the protocol's loss recovery (default: its own; Vegas uses NewReno with "
                        "early retransmission, CUBIC and BBR use SACK)")
                  .Labels(recovery_labels)
                  .Source("LE paper §4: one recovery, several controls")
                  .Advanced());
  p.push_back(EnumParam("tcp.sack", "SACK option", g, {"auto", "on", "off"}, "auto",
                        "Whether the receiver sends SACK blocks (RFC 2018): auto = on when the loss recovery "
                        "is SACK or FACK, off otherwise")
                  .Source("RFC 2018")
                  .Advanced());
  p.push_back(BoolParam("tcp.timestamps", "Timestamps", g, false,
                        "RFC 7323 timestamps: 12 more header bytes on every packet, and an RTT sample from every "
                        "ACK of new data, retransmissions included")
                  .Source("RFC 7323")
                  .Advanced());
  p.push_back(BoolParam("tcp.cwnd_validation", "Window validation", g, true,
                        "Grow cwnd only while it limits sending (not when the application or the receiver "
                        "window holds the flow back), as Linux and ns-3 do; off = every ACK grows cwnd, as "
                        "1990s stacks did")
                  .Source("RFC 7661; Linux tcp_is_cwnd_limited")
                  .Advanced());
  p.push_back(BoolParam("tcp.limited_transmit", "Limited transmit", g, false,
                        "Each of the first two duplicate ACKs sends one new segment, so a small window can "
                        "still collect three duplicate ACKs (off: RFC 5681 alone, the 1990s stacks; ns-2's "
                        "Agent/TCP has it on since 2001)")
                  .Source("RFC 3042; ns-2 ns-default.tcl: Agent/TCP set singledup_ 1 (2001/11/28)")
                  .Advanced());
  p.push_back(BoolParam("tcp.ns2_agents", "ns-2 agents' limited transmit", g, false,
                        "Limited transmit as each of ns-2's agents has it: Agent/TCP and the agents built on it "
                        "(Reno, NewReno, Sack1, Westwood) send one segment on each early duplicate ACK, but ns-2's "
                        "Vegas and FACK agents read no singledup_ and send none, nor does LE, which replaced the "
                        "Reno agent's duplicate-ACK handling (LE paper §3.3.1). Off: limited transmit as set, for "
                        "every protocol. So a comparison on an ns-2 paper's platform runs each agent as ns-2 did")
                  .Source("ns-2.35 tcp.cc TcpAgent::recv; tcp-vegas.cc VegasTcpAgent::recv; tcp-fack.cc "
                          "FackTcpAgent::recv")
                  .Advanced()
                  .When("tcp.limited_transmit", {"true"}));
  p.push_back(BoolParam("tcp.handshake", "Three-way handshake", g, false,
                        "Open the connection with SYN, SYN-ACK, ACK before any data: one round trip (more if the "
                        "SYN is lost: it is resent after the initial RTO, doubling) before the first segment, and "
                        "the SYN's round trip is the first RTT sample. Off: data from the flow's start time, as "
                        "the papers' simulators and most textbooks' plots; ns-3 and real stacks always open so")
                  .Source("RFC 9293 §3.5; RFC 6298 §2.1, §2.2")
                  .Advanced());
  p.push_back(EnumParam("tcp.pipe", "Pipe count", g, {"rfc6675", "ns3"}, "rfc6675",
                        "How a SACK recovery counts the data in flight (the pipe it sends against). rfc6675: "
                        "segments not SACKed and not judged lost, plus retransmissions outstanding; a segment "
                        "leaves once SACKed. ns3: as ns-3.44's TcpTxBuffer::BytesInFlight, a retransmitted "
                        "segment stays in the pipe once SACKed, until the cumulative ACK passes it or a timeout")
                  .Source("RFC 6675 §4 SetPipe; ns-3.44 src/internet/model/tcp-tx-buffer.cc BytesInFlight "
                          "(sent - SACKed - lost + retransmitted), Update (a SACK leaves m_retrans set)")
                  .Advanced());
  p.push_back(EnumParam("tcp.recovery_exit", "Fast recovery's last ACK", g, {"rfc6675", "ns3"}, "rfc6675",
                        "What the ACK that ends a recovery does to the window. rfc6675: after a fast recovery "
                        "cwnd = ssthresh, nothing more; after a timeout, an ACK as any other. ns3: as ns-3.44's "
                        "TcpSocketBase::ProcessAck, after a fast recovery cwnd = ssthresh and then, the "
                        "connection being open again, the congestion control's increase for that ACK, so "
                        "congestion avoidance starts one ACK earlier; after a timeout (CA_LOSS) the increase "
                        "counts only the whole segments that ACK covers above the recovery point (none when it "
                        "reaches just that point)")
                  .Source("RFC 6675 §5; RFC 6937 §3.1; ns-3.44 src/internet/model/tcp-socket-base.cc ProcessAck "
                          "(exitedFastRecovery: m_cWnd = m_ssThresh, then in CA_OPEN IncreaseWindow(segsAcked); "
                          "CA_LOSS: segsAcked = (ackNumber - m_recover) / m_segmentSize)")
                  .Advanced());
  p.push_back(EnumParam("tcp.rate_sample", "Delivery-rate sample", g, {"draft", "ns3"}, "draft",
                        "How each ACK's delivery-rate sample (what BBR and Copa read) is taken. draft: from the "
                        "most recently sent segment the ACK delivers, afresh on every ACK. ns3: as ns-3.44's "
                        "TcpRateLinux, whose sample lives across ACKs: an ACK whose newest segment left with the "
                        "same delivered count as the held sample's reuses the held ACK interval, one ACK's gap "
                        "short, so the rate reads high (4 segments over 3 segments' time); and an interval is "
                        "void below the least smoothed RTT rather than the least RTT sample")
                  .Source("draft-cheng-iccrg-delivery-rate-estimation §3.2-3.3; ns-3.44 src/internet/model/"
                          "tcp-rate-ops.cc TcpRateLinux::SkbDelivered, GenerateSample (m_rateSample is never "
                          "reset); tcp-socket-base.cc EstimateRtt (m_minRtt = min(m_srtt, m_minRtt))")
                  .Advanced());
  p.push_back(EnumParam("tcp.pacing_size", "Paced size", g, {"packet", "payload"}, "packet",
                        "What a paced sender (BBR, Copa) spaces its packets by at its pacing rate. packet: each "
                        "packet's bytes on the wire, headers too, as Linux's fq paces an skb. payload: its payload "
                        "alone, as ns-3.44 times the next send; with a rate estimated from delivered payload the "
                        "sender then paces at the estimate itself, not MSS / (MSS + headers) of it")
                  .Source("Linux net/sched/sch_fq.c (qdisc_pkt_len); ns-3.44 src/internet/model/tcp-socket-base.cc "
                          "SendDataPacket: m_pacingTimer.Schedule(m_pacingRate.CalculateBytesTxTime(sz)), sz the "
                          "payload before the TCP header")
                  .Advanced());
  p.push_back(BoolParam("tcp.pace_initial_window", "Pace the initial window", g, true,
                        "Whether a paced sender (BBR, Copa) paces its initial window. On: every packet waits "
                        "its gap at the pacing rate, the first window too, as Linux's fq paces. Off: the "
                        "first initial-window's worth of bytes goes at once and pacing starts after it, as "
                        "ns-3.44 does by default (TcpSocketState PaceInitialWindow false)")
                  .Source("ns-3.44 src/internet/model/tcp-socket-base.cc IsPacingEnabled (m_highTxMark > "
                          "GetInitialCwnd() x m_segmentSize); tcp-socket-state.cc PaceInitialWindow")
                  .Advanced());
  p.push_back(EnumParam("tcp.option_layout", "Option layout", g, {"linux", "ns3"}, "linux",
                        "How the TCP options' bytes are counted on the wire. linux: each option aligned on its "
                        "own (NOP, NOP before timestamps and before SACK), so an ACK with n SACK blocks is 4 + 8n "
                        "bytes longer than a bare one, and the SYN and SYN-ACK are as long as data headers. ns3: "
                        "as ns-3.44's TcpHeader, the options padded together to 4 bytes, so with timestamps an "
                        "ACK with n SACK blocks is 8n bytes longer, and the SYN and SYN-ACK also carry window "
                        "scale and SACK-permitted (4 bytes more with timestamps). On a slow link the ACKs' and "
                        "the handshake's timing moves by their bytes")
                  .Source("RFC 2018 §3; RFC 7323 §3, Appendix A; ns-3.44 src/internet/model/tcp-header.cc "
                          "GetSerializedSize (m_optionsLen padded to 4); tcp-socket-base.cc AddOptions (WS and "
                          "SACK_PERMITTED on a SYN)")
                  .Advanced());
  p.push_back(BoolParam("tcp.ecn", "ECN", g, false,
                        "Explicit Congestion Notification: data goes out ECN-capable, a queue that can mark (" +
                            MarkingQueueNames() +
                            ") sets CE instead of dropping it, the receiver echoes ECE until the sender's CWR, and "
                            "the sender reduces its window as for a loss, once per window, without retransmitting. "
                            "DCTCP and TCP Prague always use it")
                  .Source("RFC 3168 §5, §6.1")
                  .Advanced());
  p.push_back(BoolParam("tcp.delayed_ack", "Delayed ACK", g, false,
                        "The receiver acknowledges in-order data every few segments or after a timer")
                  .Source("RFC 1122 §4.2.3.2, RFC 5681 §4.2")
                  .Advanced());
  p.push_back(IntegerParam("tcp.delayed_ack_count", "Delayed ACK count", g, "segments", 2, 16, 2,
                           "Acknowledge at the latest every this many full segments")
                  .Source("RFC 5681 §4.2: 2")
                  .Advanced()
                  .When("tcp.delayed_ack", {"true"}));
  p.push_back(NumberParam("tcp.delayed_ack_timeout_ms", "Delayed ACK timer", g, "ms", 1, 500, 200,
                          "Acknowledge pending data at the latest this long after it arrived (under the bsd timer "
                          "profile: the period of the fast timer that sends it, so 0 to this long after)")
                  .Source("RFC 1122: at most 500 ms; 200 ms is classic BSD; ns-2 DelAck interval_ 100 ms")
                  .Advanced()
                  .When("tcp.delayed_ack", {"true"}));
  std::vector<std::string> timers, timer_labels;
  std::string timer_help =
      "The clock the retransmission and delayed-ACK timers run on, as on the papers' platforms. Minimum, "
      "initial and maximum RTO and the delayed-ACK fields stay in force under every profile (they are the "
      "platform's constants: set them with the profile). ";
  for (const TimerProfileEntry& t : TimerProfiles()) {
    timers.push_back(t.name);
    timer_labels.push_back(t.label);
    timer_help += t.label + ": " + t.help + ". ";
  }
  p.push_back(EnumParam("tcp.timers", "Timer profile", g, timers, "rfc6298", timer_help)
                  .Labels(timer_labels)
                  .Source("RFC 6298; 4.4BSD tcp_timer.c; ns-2 tcp.cc")
                  .Advanced());
  p.push_back(NumberParam("tcp.ns2_tick_ms", "ns-2 tick", g, "ms", 0.001, 1000, 10,
                          "ns-2's tcpTick_, the RTT clock's granularity: 10 ms since 2002/03/07 (ns-2.1b9 on), "
                          "100 ms before")
                  .Source("ns-2 ns-default.tcl: Agent/TCP set tcpTick_ 0.01")
                  .Advanced()
                  .When("tcp.timers", {"ns2"}));
  p.push_back(
      IntegerParam("tcp.mss_bytes", "MSS", g, "bytes", 100, 9000, 1000, "Payload bytes per segment").Advanced());
  p.push_back(IntegerParam("tcp.header_bytes", "Header bytes", g, "bytes", 0, 200, 40,
                           "Bytes added to every packet on the wire (IP + TCP headers, plus 12 with timestamps "
                           "on); a bare ACK is this size")
                  .Advanced());
  p.push_back(IntegerParam("tcp.initial_window_segments", "Initial window", g, "segments", 1, 100, 2,
                           "cwnd at the start of the connection")
                  .Source("RFC 5681 §3.1"));
  p.push_back(IntegerParam("tcp.max_window_segments", "Receiver window", g, "segments", 1, 1000000, 10000,
                           "Receiver's advertised window: cwnd never lets more than this be outstanding")
                  .Log()
                  .Advanced());
  p.push_back(IntegerParam("tcp.dupack_threshold", "Dupack threshold", g, "ACKs", 1, 64, 3,
                           "Duplicate ACKs that trigger a fast retransmit")
                  .Source("RFC 5681 §3.2")
                  .Advanced());
  p.push_back(
      NumberParam("tcp.min_rto_ms", "Minimum RTO", g, "ms", 1, 60000, 1000, "Lower bound of the retransmission timeout")
          .Source("RFC 6298 §2.4")
          .Log());
  p.push_back(NumberParam("tcp.initial_rto_ms", "Initial RTO", g, "ms", 1, 60000, 1000,
                          "Retransmission timeout before the first RTT sample")
                  .Source("RFC 6298 §2.1")
                  .Log()
                  .Advanced());
  p.push_back(NumberParam("tcp.max_rto_ms", "Maximum RTO", g, "ms", 100, 600000, 60000,
                          "Upper bound of the backed-off retransmission timeout")
                  .Source("RFC 6298 §2.5")
                  .Log()
                  .Advanced());
  return p;
}

void ValidateTcpFlow(const ParamView& params, const TcpComposition& composition, const std::string& prefix,
                     std::vector<ValidationError>& errors) {
  const LossRecoveryEntry& recovery = ResolveRecovery(params, composition);
  if (recovery.needs_sack && params.Enum("tcp.sack") == "off") {
    errors.push_back({prefix + "tcp.sack",
                      prefix + "tcp.sack must be auto or on when loss recovery uses SACK (protocol " +
                          params.Enum("protocol") + ", recovery " + params.Enum("recovery") + "), got \"off\""});
  }
}

bool EcnOn(const ParamView& params, const TcpComposition& composition) {
  return params.Bool("tcp.ecn") || FindCongestionControl(composition.congestion_control)->needs_ecn;
}

namespace {

// RFC 3042 as set, or, under tcp.ns2_agents, as the flow's ns-2 agent has it: an agent
// whose control or recovery reads no singledup_ sends nothing on early duplicate ACKs.
bool LimitedTransmit(const ParamView& params, const TcpComposition& composition) {
  if (!params.Bool("tcp.limited_transmit")) return false;
  if (!params.Bool("tcp.ns2_agents")) return true;
  return FindCongestionControl(composition.congestion_control)->ns2_limited_transmit &&
         ResolveRecovery(params, composition).ns2_limited_transmit;
}

}  // namespace

namespace {

// tcp.option_layout = ns3: the bytes a SYN (and SYN-ACK) carries beyond a data header,
// as ns-3.44 pads its options together: timestamps, window scale and, with SACK,
// SACK-permitted, against the timestamps' 12 bytes of a data header.
uint32_t SynExtraBytes(const ParamView& v, const TcpComposition& composition) {
  if (v.Enum("tcp.option_layout") != "ns3") return 0;
  const bool ts = v.Bool("tcp.timestamps");
  const uint32_t options = (ts ? 10 : 0) + 3 + (SackOn(v, ResolveRecovery(v, composition)) ? 2 : 0);
  return (options + 3) / 4 * 4 - (ts ? 12 : 0);
}

}  // namespace

SenderParts MakeTcpSender(const FlowEnv& env, const TcpComposition& composition) {
  const ParamView& v = *env.params;
  TcpSenderParams sp;
  sp.flow = env.flow;
  sp.mss = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
  sp.timestamps = v.Bool("tcp.timestamps");
  sp.cwnd_validation = v.Bool("tcp.cwnd_validation");
  sp.limited_transmit = LimitedTransmit(v, composition);
  sp.handshake = v.Bool("tcp.handshake");
  if (v.Enum("tcp.pipe") == "ns3") sp.pipe_count = Scoreboard::PipeCount::kNs3;
  if (v.Enum("tcp.rate_sample") == "ns3") sp.rate_sampling = Scoreboard::RateSampling::kNs3;
  sp.pace_payload_only = v.Enum("tcp.pacing_size") == "payload";
  sp.grow_on_recovery_exit = v.Enum("tcp.recovery_exit") == "ns3";
  sp.pace_initial_window = v.Bool("tcp.pace_initial_window");
  sp.syn_extra_bytes = SynExtraBytes(v, composition);
  sp.ecn = EcnOn(v, composition);
  sp.header_bytes = HeaderBytes(v);
  sp.initial_window_segments = static_cast<uint32_t>(v.Integer("tcp.initial_window_segments"));
  sp.max_window_bytes = static_cast<uint64_t>(v.Integer("tcp.max_window_segments")) * sp.mss;
  sp.dupack_threshold = static_cast<int>(v.Integer("tcp.dupack_threshold"));
  sp.sack = SackOn(v, ResolveRecovery(v, composition));
  sp.rtt.min_rto = Time::FromMillisecondsDouble(v.Number("tcp.min_rto_ms"));
  sp.rtt.initial_rto = Time::FromMillisecondsDouble(v.Number("tcp.initial_rto_ms"));
  sp.rtt.max_rto = Time::FromMillisecondsDouble(v.Number("tcp.max_rto_ms"));
  sp.rtt.timers = Timers(v);
  const CongestionControlEntry* cc = FindCongestionControl(composition.congestion_control);
  if (cc->l4s) sp.ect = Ecn::kEct1;  // RFC 9331 §4.1
  const LossRecoveryEntry* recovery = &ResolveRecovery(v, composition);
  // A view is a scenario pointer and a prefix: cheap to keep, and the scenario
  // outlives every connection of the run.
  TcpSender::PluginMakers makers;
  makers.congestion_control = [cc, view = v] { return cc->make(view); };
  makers.loss_recovery = [recovery] { return recovery->make(); };
  auto sender = std::make_unique<TcpSender>(env.scheduler, env.pool, sp, std::move(makers), env.source);
  if (env.register_live && cc->set_live) {
    // The sender outlives the run's setters; it reaches whichever control its current
    // connection runs (a new connection reads the value Set left in the scenario).
    TcpSender* raw = sender.get();
    for (const ParamDecl& d : cc->params) {
      if (!d.live) continue;
      env.register_live(d.path, [raw, cc, path = d.path](double value) {
        cc->set_live(raw->congestion_control_algorithm(), path, value);
      });
    }
  }
  SenderParts parts;
  if (env.probe != nullptr) {
    auto probe = std::make_unique<TcpProbe>(*env.probe, sender.get());
    sender->set_tcp_observer(probe.get());
    parts.probe = std::move(probe);
  }
  parts.sender = std::move(sender);
  return parts;
}

std::unique_ptr<ReceiverEndpoint> MakeTcpReceiver(const FlowEnv& env, const TcpComposition& composition,
                                                  std::unique_ptr<TcpReceiverAlgorithm> algorithm) {
  const ParamView& v = *env.params;
  TcpReceiverParams rp;
  rp.flow = env.flow;
  rp.ack_bytes = HeaderBytes(v);
  rp.sack = SackOn(v, ResolveRecovery(v, composition));
  rp.timestamps = v.Bool("tcp.timestamps");
  rp.ns3_option_layout = v.Enum("tcp.option_layout") == "ns3";
  rp.syn_ack_extra_bytes = SynExtraBytes(v, composition);
  rp.delayed_ack_count = v.Bool("tcp.delayed_ack") ? static_cast<int>(v.Integer("tcp.delayed_ack_count")) : 1;
  rp.delayed_ack_timeout = Time::FromMillisecondsDouble(v.Number("tcp.delayed_ack_timeout_ms"));
  rp.timers = Timers(v);
  return std::make_unique<TcpReceiver>(env.scheduler, env.pool, rp, std::move(algorithm));
}

}  // namespace plab
