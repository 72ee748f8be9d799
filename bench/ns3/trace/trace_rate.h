// A tracer of one ns-3.44 paced sender (TcpBbr) for bench/ns3/grid.cc --trace-rate=1
// (trace/README.md): a `RATE` line at every segment sent (tx, or retx for a
// retransmission), every ACK received (its cumulative ACK), every change of congestion
// state and every RTO change, each with the sender's cwnd, BytesInFlight and pacing rate
// (TcpBbr's pacing rate is gain x its bandwidth estimate x 0.99, so the estimate reads off
// it). The rate samples TcpBbr reads are not a trace source of the socket: NS_LOG=
// 'TcpBbr=level_function|prefix_time' prints each one TcpBbr::CongControl gets. Only
// ns-3's public trace sources; nothing in ns-3 is changed.
#pragma once

#include <cstdio>

#include "ns3/core-module.h"
#include "ns3/internet-module.h"

namespace trace_rate {

using namespace ns3;

struct Tracer {
  uint32_t cwnd = 0, in_flight = 0;
  int state = 0;
  double pacing_bps = 0;
};

inline Tracer& Get() {
  static Tracer t;
  return t;
}

inline void Line(const char* event, double value) {
  const Tracer& t = Get();
  std::printf("RATE t=%.6f %s %.0f cwnd=%u bytes_in_flight=%u pacing_bps=%.0f state=%d\n",
              Simulator::Now().GetSeconds(), event, value, t.cwnd, t.in_flight, t.pacing_bps, t.state);
}

inline void OnCwnd(uint32_t, uint32_t v) { Get().cwnd = v; }
inline void OnInFlight(uint32_t, uint32_t v) { Get().in_flight = v; }
inline void OnPacing(DataRate, DataRate v) { Get().pacing_bps = static_cast<double>(v.GetBitRate()); }
inline void OnState(TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t v) {
  Get().state = static_cast<int>(v);
  Line("state", v);
}
inline void OnTx(Ptr<const Packet> p, const TcpHeader& h, Ptr<const TcpSocketBase>) {
  if (p->GetSize() > 0) Line("tx", h.GetSequenceNumber().GetValue());
}
inline void OnRetx(Ptr<const Packet>, const TcpHeader& h, const Address&, const Address&,
                   Ptr<const TcpSocketBase>) {
  Line("retx", h.GetSequenceNumber().GetValue());
}
inline void OnRx(Ptr<const Packet>, const TcpHeader& h, Ptr<const TcpSocketBase>) {
  Line("ack", h.GetAckNumber().GetValue());
}
inline void OnRto(Time, Time v) { Line("rto_ms", static_cast<double>(v.GetMilliSeconds())); }
inline void Attach(Ptr<Application> app) {
  Ptr<TcpSocketBase> s = DynamicCast<TcpSocketBase>(DynamicCast<BulkSendApplication>(app)->GetSocket());
  s->TraceConnectWithoutContext("CongestionWindow", MakeCallback(&OnCwnd));
  s->TraceConnectWithoutContext("BytesInFlight", MakeCallback(&OnInFlight));
  s->TraceConnectWithoutContext("PacingRate", MakeCallback(&OnPacing));
  s->TraceConnectWithoutContext("CongState", MakeCallback(&OnState));
  s->TraceConnectWithoutContext("Tx", MakeCallback(&OnTx));
  s->TraceConnectWithoutContext("Retransmission", MakeCallback(&OnRetx));
  s->TraceConnectWithoutContext("Rx", MakeCallback(&OnRx));
  s->TraceConnectWithoutContext("RTO", MakeCallback(&OnRto));
}

}  // namespace trace_rate
