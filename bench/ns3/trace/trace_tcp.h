// A tracer for one ns-3.44 TCP sender (bench/ns3/trace/README.md): prints, at every
// retransmission timeout and every change of congestion state, and at every change of
// ssthresh, the sender's time, ssthresh, cwnd, BytesInFlight (TcpSocketState's traced
// copy: the value TcpSocketBase last computed, RFC 6675's pipe), UnAckDataCount
// (HighTxMark - snd.una) and its TcpTxBuffer's SACKed, lost and retransmitted bytes.
// Only ns-3's public trace sources and accessors; nothing in ns-3 is changed.
#pragma once

#include <cstdio>
#include <cstdlib>

#include "ns3/core-module.h"
#include "ns3/internet-module.h"

namespace trace_tcp {

using namespace ns3;

struct Tracer {
  Ptr<TcpSocketBase> socket;
  uint32_t cwnd = 0, ssthresh = 0, in_flight = 0;
  uint32_t high = 0;  // HighTxMark
  int state = 0;
  uint64_t timeouts = 0;
};

inline const char* StateName(int s) {
  static const char* names[] = {"OPEN", "DISORDER", "CWR", "RECOVERY", "LOSS"};
  return s >= 0 && s < 5 ? names[s] : "?";
}

inline void Dump(Tracer* t, const char* event) {
  Ptr<TcpTxBuffer> tx = t->socket->GetTxBuffer();
  const uint32_t una = tx->HeadSequence().GetValue();
  std::printf(
      "TRACE t=%.6f %s ssthresh=%u cwnd=%u bytes_in_flight=%u unack=%u sacked=%u lost=%u retrans=%u "
      "buffer_in_flight=%u state=%s timeouts=%llu\n",
      Simulator::Now().GetSeconds(), event, t->ssthresh, t->cwnd, t->in_flight, t->high - una, tx->GetSacked(),
      tx->GetLost(), tx->GetRetransmitsCount(), tx->BytesInFlight(), StateName(t->state),
      static_cast<unsigned long long>(t->timeouts));
}

inline void OnCwnd(Tracer* t, uint32_t, uint32_t v) { t->cwnd = v; }
inline void OnInFlight(Tracer* t, uint32_t, uint32_t v) { t->in_flight = v; }
inline void OnHigh(Tracer* t, SequenceNumber32, SequenceNumber32 v) { t->high = v.GetValue(); }
inline void OnSsthresh(Tracer* t, uint32_t old, uint32_t v) {
  t->ssthresh = v;
  if (old == 0x7fffffff || old == 0xffffffff) return;  // the initial value
  Dump(t, "ssthresh");
}
inline void OnState(Tracer* t, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t v) {
  t->state = static_cast<int>(v);
  if (v == TcpSocketState::CA_RECOVERY || v == TcpSocketState::CA_LOSS || v == TcpSocketState::CA_OPEN) {
    Dump(t, v == TcpSocketState::CA_RECOVERY ? "enter-recovery(pre)"
            : v == TcpSocketState::CA_LOSS   ? "state-loss"
                                             : "state-open");
    if (v == TcpSocketState::CA_RECOVERY) Simulator::ScheduleNow(&Dump, t, "enter-recovery(post)");
  }
}
// ReTxTimeout doubles m_rto (RFC 6298 5.5) after computing inFlightBeforeRto and marking
// the sent list lost, before it sets ssthresh: `bytes_in_flight` here is inFlightBeforeRto.
inline void OnRto(Tracer* t, Time old, Time v) {
  if (v != old + old && !(v == Seconds(60) && old > Seconds(30))) return;
  ++t->timeouts;
  Dump(t, "timeout(pre)");
  Simulator::ScheduleNow(&Dump, t, "timeout(post)");
}

// Every segment flow 0 sends (TX) and every ACK it receives (RX) between the times the
// environment's PLAB_TRACE_FROM and PLAB_TRACE_TO give (seconds; none by default), in
// 1000-byte segments (the grid's MSS), with the sender's state after it.
inline bool InWindow() {
  static const char* from = std::getenv("PLAB_TRACE_FROM");
  static const char* to = std::getenv("PLAB_TRACE_TO");
  static const double t0 = from ? std::atof(from) : 1e9, t1 = to ? std::atof(to) : 0;
  const double now = Simulator::Now().GetSeconds();
  return now >= t0 && now <= t1;
}
inline void OnTx(Tracer* t, Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>) {
  if (!InWindow() || p->GetSize() == 0) return;
  Ptr<TcpTxBuffer> tx = t->socket->GetTxBuffer();
  std::printf("TX t=%.6f seq=%u una=%u cwnd=%u inflight=%u sacked=%u state=%s\n", Simulator::Now().GetSeconds(),
              h.GetSequenceNumber().GetValue() / 1000, tx->HeadSequence().GetValue() / 1000, t->cwnd / 1000,
              tx->BytesInFlight() / 1000, tx->GetSacked() / 1000, StateName(t->state));
}
inline void OnRx(Tracer* t, Ptr<const Packet>, const TcpHeader& h, Ptr<const TcpSocketBase>) {
  if (!InWindow()) return;
  Ptr<TcpTxBuffer> tx = t->socket->GetTxBuffer();
  std::printf("RX t=%.6f ack=%u una=%u cwnd=%u inflight=%u sacked=%u state=%s\n", Simulator::Now().GetSeconds(),
              h.GetAckNumber().GetValue() / 1000, tx->HeadSequence().GetValue() / 1000, t->cwnd / 1000,
              tx->BytesInFlight() / 1000, tx->GetSacked() / 1000, StateName(t->state));
}
inline void Attach(Tracer* t, Ptr<Application> app) {
  t->socket = DynamicCast<TcpSocketBase>(DynamicCast<BulkSendApplication>(app)->GetSocket());
  t->socket->TraceConnectWithoutContext("CongestionWindow", MakeBoundCallback(&OnCwnd, t));
  t->socket->TraceConnectWithoutContext("SlowStartThreshold", MakeBoundCallback(&OnSsthresh, t));
  t->socket->TraceConnectWithoutContext("BytesInFlight", MakeBoundCallback(&OnInFlight, t));
  t->socket->TraceConnectWithoutContext("HighestSequence", MakeBoundCallback(&OnHigh, t));
  t->socket->TraceConnectWithoutContext("CongState", MakeBoundCallback(&OnState, t));
  t->socket->TraceConnectWithoutContext("RTO", MakeBoundCallback(&OnRto, t));
  t->socket->TraceConnectWithoutContext("Tx", MakeBoundCallback(&OnTx, t));
  t->socket->TraceConnectWithoutContext("Rx", MakeBoundCallback(&OnRx, t));
}

}  // namespace trace_tcp
