#include "transport/tcp/tcp_entries.h"

#include <algorithm>

#include "transport/registry.h"
#include "transport/tcp/tcp_family.h"

namespace plab {
namespace {

// What a TCP sender reports per flow (names of the schema's declared series).
const std::vector<std::string> kTcpSeries = {"cwnd", "ssthresh",        "flight_size", "srtt",
                                             "rto",  "fast_retransmit", "partial_ack", "timeout"};

}  // namespace

ProtocolEntry TcpProtocol(std::string name, std::string label, std::string congestion_control,
                          std::string loss_recovery, std::string help, std::string source) {
  ProtocolEntry e;
  e.name = std::move(name);
  e.label = std::move(label);
  e.family = Family::kTcp;
  e.help = std::move(help);
  e.source = std::move(source);
  e.tcp = TcpComposition{std::move(congestion_control), std::move(loss_recovery)};
  const TcpComposition composition = *e.tcp;
  e.make_sender = [composition](const FlowEnv& env) { return MakeTcpSender(env, composition); };
  e.make_receiver = [composition](const FlowEnv& env) { return ReceiverParts{MakeTcpReceiver(env, composition)}; };
  e.validate = [composition](const ParamView& v, const std::string& prefix, std::vector<ValidationError>& errors) {
    ValidateTcpFlow(v, composition, prefix, errors);
    const CongestionControlEntry* cc = FindCongestionControl(composition.congestion_control);
    if (cc->validate) cc->validate(v, prefix, errors);
  };
  e.series = kTcpSeries;
  if (!FindCongestionControl(composition.congestion_control)->uses_ssthresh)
    e.series.erase(std::find(e.series.begin(), e.series.end(), "ssthresh"));
  for (const std::string& extra : FindLossRecovery(e.tcp->loss_recovery)->series) e.series.push_back(extra);
  return e;
}

ProtocolEntry TahoeEntry() {
  return TcpProtocol("tahoe", "Tahoe", "aimd", "tahoe",
                     "Slow start + AIMD; on three duplicate ACKs, retransmit and slow-start again from one segment",
                     "Jacobson 1988; RFC 5681 §3.2 without fast recovery");
}

ProtocolEntry RenoEntry() {
  return TcpProtocol("reno", "Reno", "aimd", "reno", "Slow start + AIMD with fast retransmit and fast recovery",
                     "RFC 5681");
}

ProtocolEntry NewRenoEntry() {
  return TcpProtocol("newreno", "NewReno", "aimd", "newreno",
                     "Reno whose partial ACKs keep fast recovery going: one lost segment repaired per RTT", "RFC 6582");
}

ProtocolEntry SackEntry() {
  return TcpProtocol("sack", "SACK", "aimd", "sack",
                     "Slow start + AIMD with SACK-based loss recovery: several holes repaired in one RTT",
                     "RFC 2018, RFC 6675");
}

ProtocolEntry FackEntry() {
  return TcpProtocol("fack", "FACK", "aimd", "fack",
                     "SACK recovery that counts every un-SACKed segment below the forward-most SACK as lost",
                     "Mathis & Mahdavi, SIGCOMM 1996");
}

ProtocolEntry VegasEntry() {
  return TcpProtocol("vegas", "Vegas", "vegas", "newreno_er",
                     "Keeps between alpha and beta packets queued by comparing expected and actual rates; "
                     "fine-grained early retransmission",
                     "Brakmo & Peterson, JSAC 1995; TCP-ER paper §II-B");
}

ProtocolEntry WestwoodEntry() {
  return TcpProtocol("westwood", "Westwood+", "westwood", "newreno",
                     "After a loss, ssthresh = the bandwidth it measured x the minimum RTT, not half the window",
                     "Mascolo et al. 2001; Grieco & Mascolo 2004");
}

ProtocolEntry CubicEntry() {
  return TcpProtocol("cubic", "CUBIC", "cubic", "sack",
                     "The window follows a cubic function of the time since the last loss", "RFC 9438");
}

ProtocolEntry BbrEntry() {
  return TcpProtocol("bbr", "BBR v1", "bbr", "sack",
                     "Paces at its model of the bottleneck bandwidth and keeps about one BDP in flight",
                     "Cardwell et al., ACM Queue 2016");
}

ProtocolEntry LeEntry() {
  return TcpProtocol("le", "LE", "aimd", "le",
                     "Loss recovery in transmission order: each packet counts its own duplicate ACKs, lost ones are "
                     "resent first, one window cut per RTT; no recovery state, no timeout for a lost retransmission",
                     "Kang, Park & Mo, EURASIP JWCN 2012, §2");
}

ProtocolEntry Ns2Sack1Entry() {
  return TcpProtocol("ns2_sack1", "SACK (ns-2)", "aimd", "ns2_sack1",
                     "SACK as the papers' ns-2 ran it (Agent/TCP/Sack1): it counts the packets in flight down by "
                     "duplicate ACKs, so after a large loss it resumes sending later than RFC 6675 SACK",
                     "Fall & Floyd 1996; ns-2.35 tcp-sack1.cc");
}

ProtocolEntry TcpErEntry() {
  return TcpProtocol("tcp_er", "TCP-ER", "aimd", "tcp_er",
                     "NewReno that retransmits on the first duplicate ACK once Vegas's fine-grained timer has expired, "
                     "and keeps at least 2 packets plus 2 of inflation in its window then, so small windows avoid "
                     "timeouts",
                     "Yin, Alnuweiri & Reddy, TCP-ER, §II-B, §III (Algorithm 1)");
}

ProtocolEntry SackErEntry() {
  return TcpProtocol("sack_er", "SACK-ER", "aimd", "sack_er",
                     "SACK with TCP-ER's early retransmission and Algorithm 1: a lost packet, or a lost "
                     "retransmission, is resent as soon as its fine-grained timer expires",
                     "Yin, Alnuweiri & Reddy, TCP-ER, §III-IV");
}

ProtocolEntry FixedWindowEntry() {
  return TcpProtocol("fixed", "Fixed window", "fixed", "newreno",
                     "The window never moves (fixed.window_segments): what a loss recovery does, without "
                     "congestion control",
                     "LE paper §3.3 (Fig. 6b: 32 packets)");
}

ProtocolEntry ManualEntry() {
  // SACK recovery (RFC 6675): its pipe keeps at most the student's window in the
  // network during a recovery too, so the window drawn is the window used
  // (manual_window.h; issue 19 finding 2.4: with NewReno's inflation it was drawn at
  // ~390 segments, then near 0).
  return TcpProtocol("manual", "You (manual)", "manual", "sack",
                     "You are the congestion control: in live mode you set the window (manual.cwnd_segments) while "
                     "the packets flow, or press back off and grow; SACK recovery repairs losses within your window "
                     "but never changes it",
                     "Issue 9 (teaching); RFC 5681 §3 is what Reno would do instead; RFC 6675 for the repairs");
}

}  // namespace plab
