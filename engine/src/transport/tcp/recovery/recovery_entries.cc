// The loss recoveries a TCP protocol can be made of; any control pairs with any
// recovery (`recovery` per flow), as the LE paper pairs them.
#include "transport/tcp/recovery/recovery_entries.h"

#include "transport/tcp/recovery/le_recovery.h"
#include "transport/tcp/recovery/newreno_recovery.h"
#include "transport/tcp/recovery/ns2_sack1_recovery.h"
#include "transport/tcp/recovery/prr_recovery.h"
#include "transport/tcp/recovery/reno_recovery.h"
#include "transport/tcp/recovery/sack_recovery.h"
#include "transport/tcp/recovery/tahoe_recovery.h"

namespace plab {

namespace {

// RFC 6675 SACK recovery counted as ns-3.44's TcpSocketBase counts for a congestion
// control that sets the window itself (TcpBbr: HasCongControl, so no TcpPrrRecovery):
// sending by the pipe (TcpTxBuffer::BytesInFlight) in every congestion state, NextSeg
// without the rescue retransmission, only a recovery's first partial ACK restarting the
// timer (prr_recovery.h says where in ns-3 each is).
class SackNs3CountsRecovery final : public SackRecovery {
 public:
  SackNs3CountsRecovery() : SackRecovery(EarlyRetransmit::kOff, true) {
    rescue_enabled_ = false;
    pipe_always_ = true;
    timer_on_first_partial_ack_ = true;
  }
};

}  // namespace

std::vector<LossRecoveryEntry> TcpLossRecoveries() {
  return {
      {"tahoe",
       "Tahoe",
       "Fast retransmit, then slow start from one segment (go-back-N)",
       false,
       [] { return std::make_unique<TahoeRecovery>(); },
       {}},
      {"reno",
       "Reno",
       "Fast retransmit and fast recovery (RFC 5681 §3.2)",
       false,
       [] { return std::make_unique<RenoRecovery>(); },
       {}},
      {"newreno",
       "NewReno",
       "Partial ACKs keep recovery going (RFC 6582)",
       false,
       [] { return std::make_unique<NewRenoRecovery>(); },
       {}},
      {"newreno_er",
       "NewReno + early retransmit (Vegas)",
       "NewReno, and a duplicate ACK retransmits at once when the fine-grained timer has expired (Vegas)",
       false,
       [] { return std::make_unique<NewRenoRecovery>(EarlyRetransmit::kVegas); },
       {"early_retransmit"}},
      {"tcp_er",
       "TCP-ER",
       "NewReno with early retransmission on the fine-grained timer and Algorithm 1's window (TCP-ER §III)",
       false,
       [] { return std::make_unique<NewRenoRecovery>(EarlyRetransmit::kAlgorithm1); },
       {"early_retransmit"}},
      {"sack",
       "SACK (RFC 6675)",
       "Conservative SACK-based recovery: pipe, NextSeg, rescue retransmission",
       true,
       [] { return std::make_unique<SackRecovery>(); },
       {}},
      {"sack_er",
       "SACK-ER",
       "RFC 6675 SACK with early retransmission on the fine-grained timer and Algorithm 1's window (TCP-ER §III)",
       true,
       [] { return std::make_unique<SackRecovery>(EarlyRetransmit::kAlgorithm1); },
       {"early_retransmit"}},
      {"fack",
       "FACK",
       "Forward acknowledgment: un-SACKed segments below the highest SACK are lost",
       true,
       [] { return std::make_unique<FackRecovery>(); },
       {},
       // ns-2.35 tcp-fack.cc: FackTcpAgent::recv sends (send_much) on a duplicate ACK only
       // when fack_ - last_ack_ - 1 is 0, and reads no singledup_.
       false},
      {"le",
       "LE",
       "Per-packet duplicate counts in transmission order; lost packets resent first (LE paper §2)",
       true,
       [] { return std::make_unique<LeRecovery>(); },
       {},
       // LE paper §3.3.1: "We replaced the loss recovery part of TCP-Reno with our
       // algorithm": RenoTcpAgent::recv's duplicate-ACK branch, where send_one() on the
       // early duplicates lives, is that part. LE's own WAITLIST count already sends a
       // new packet for each one a duplicate ACK reports received (§2.2.2).
       false},
      {"le_ns2_send_one",
       "LE keeping ns-2's send_one()",
       "LE, and under tcp.ns2_agents the Reno agent's send_one() on the first two duplicate ACKs on top of LE's own "
       "count: the other reading of the LE paper's \"replaced the loss recovery part of TCP-Reno\" (§3.3.1). The same "
       "as le without tcp.ns2_agents",
       true,
       [] { return std::make_unique<LeRecovery>(); },
       {}},
      {"ns2_sack1",
       "SACK (ns-2 Sack1)",
       "SACK as ns-2 ran it: pipe counted down by duplicate ACKs, not recomputed from the SACK blocks",
       true,
       [] { return std::make_unique<Ns2Sack1Recovery>(); },
       {}},
      {"prr",
       "PRR (RFC 6937)",
       "RFC 6675 SACK recovery sending by Proportional Rate Reduction (PRR-SSRB), as Linux and ns-3 do",
       true,
       [] { return std::make_unique<PrrRecovery>(); },
       {}},
      {"prr_ns3",
       "PRR as ns-3.44",
       "PRR with ns-3.44's reduction bound (the slow-start catch-up only on ACKs of retransmitted data), counted as "
       "ns-3.44 counts with SACK: the window cut at recovery and at every timeout halves the pipe, not FlightSize, the "
       "head is taken as lost on entering, RecoverFS is the pipe, sending is by pipe in every state, no rescue "
       "retransmission",
       true,
       [] {
         return std::make_unique<PrrRecovery>(PrrRecovery::Bound::kNs3, PrrRecovery::Mode::kSack, true, true, true);
       },
       {}},
      {"prr_ns3_calls",
       "PRR as ns-3.44, its DoRecovery calls",
       "prr_ns3, and PRR's per-ACK step run as ns-3.44 runs TcpPrrRecovery::DoRecovery with SACK "
       "(TcpSocketBase::DupAck and ProcessAck): on every ACK that SACKs something new, with 1 SMSS added while "
       "prr_delivered < RecoverFS, and twice on a partial ACK that SACKs too; its send count in ns-3's 32-bit "
       "arithmetic (the proportional product wraps past 2^32). ns-3.44's platform in the modern comparisons",
       true,
       [] {
         return std::make_unique<PrrRecovery>(PrrRecovery::Bound::kNs3, PrrRecovery::Mode::kSack, true, true, true,
                                              true);
       },
       {}},
      {"prr_ns3_flightsize",
       "PRR as ns-3.44, RFC counts",
       "An experiment: PRR as ns-3.44 but counted by the RFCs with SACK (the window cut halves FlightSize, RecoverFS "
       "is snd.nxt - snd.una, sending by FlightSize outside recovery, a rescue retransmission); by pipe after a "
       "timeout. What prr_ns3 was before ns-3.44's own trace (ns3_grid_test.cc)",
       true,
       [] { return std::make_unique<PrrRecovery>(PrrRecovery::Bound::kNs3, PrrRecovery::Mode::kSack, true); },
       {}},
      {"sack_ns3",
       "SACK as ns-3.44",
       "RFC 6675 SACK recovery, and after a timeout sending by pipe (SACKed segments out of it), as ns-3 and Linux",
       true,
       [] { return std::make_unique<SackRecovery>(EarlyRetransmit::kOff, true); },
       {}},
      {"sack_ns3_counts",
       "SACK as ns-3.44, its counts",
       "sack_ns3 counted as ns-3.44's TcpSocketBase counts for a control that sets its own window (TcpBbr): "
       "sending by pipe in every state, no rescue retransmission, only a recovery's first partial ACK restarting "
       "the timer",
       true,
       [] { return std::make_unique<SackNs3CountsRecovery>(); },
       {}},
      {"prr_ns3_nosack",
       "PRR as ns-3.44, no SACK",
       "ns-3.44's PRR without SACK: each duplicate ACK counts as one SACKed segment; partial ACKs as NewReno; by pipe "
       "after a timeout",
       false,
       [] { return std::make_unique<PrrRecovery>(PrrRecovery::Bound::kNs3, PrrRecovery::Mode::kDupAckAsSack, true); },
       {}},
      {"prr_ns3_nosack_counts",
       "PRR as ns-3.44 counts it, no SACK",
       "ns-3.44's PRR without SACK, counted as ns-3.44 counts: the window cut (fast retransmit and timeout) halves "
       "the pipe, not FlightSize, at every timeout; "
       "RecoverFS is the pipe; a cumulative ACK delivers the segments duplicate ACKs counted again; on a duplicate "
       "ACK PRR reads the pipe from before it",
       false,
       [] {
         return std::make_unique<PrrRecovery>(PrrRecovery::Bound::kNs3, PrrRecovery::Mode::kDupAckAsSack, true, true,
                                              true);
       },
       {}},
      {"prr_ns3_nosack_reno_sacks",
       "PRR as ns-3.44 counts it, no SACK, its Reno SACKs kept",
       "prr_ns3_nosack_counts, and the segments duplicate ACKs counted as SACKed kept as ns-3.44's TcpTxBuffer keeps "
       "them in every congestion state: out of the pipe by which it sends outside recovery too, until a timeout; a "
       "cumulative ACK that leaves one at the head marks it lost and it is sent again at once; no duplicate ACK "
       "counted after a timeout until recover is acknowledged; PRR's send count in ns-3's 32-bit arithmetic",
       false,
       [] {
         return std::make_unique<PrrRecovery>(PrrRecovery::Bound::kNs3, PrrRecovery::Mode::kDupAckAsSack, true, true,
                                              true, false, true);
       },
       {}},
      {"prr_ns3_nosack_rto",
       "PRR as ns-3.44, no SACK, recoveries after a timeout",
       "An experiment: PRR as ns-3.44 without SACK, and duplicate ACKs start a fast recovery even below the point a "
       "timeout set (RFC 6582 §3.2 step 1 says not to), as ns-3.44 without SACK behaves in the ns-3 grid",
       false,
       [] {
         return std::make_unique<PrrRecovery>(PrrRecovery::Bound::kNs3, PrrRecovery::Mode::kDupAckAsSack, true, false);
       },
       {}},
  };
}

}  // namespace plab
