// A flow is a sender endpoint and a receiver endpoint joined by the topology's two
// routes. These are the small interfaces every transport implements, whatever its
// family: TCP's window-based sender and its ACKing receiver, a rate-based sender and
// its reporting receiver. Either side may hold protocol logic and timers of its own
// and write protocol fields into the packets it sends (Packet::header); the core
// only needs what is here.
//
//   application -> DataSource -> SenderEndpoint --route fwd--> ReceiverEndpoint -> reader
//                                      ^-------------route rev----------'
#pragma once

#include <cstdint>

#include "net/packet.h"
#include "net/route.h"
#include "sim/time.h"
#include "transport/rtt_stats.h"

namespace plab {

// What every sender tells whoever measures it (metrics), whatever its family. A
// family adds its own observer on top (tcp/tcp_sender.h: the window, recoveries).
class SenderObserver {
 public:
  virtual ~SenderObserver() = default;
  // The RTT statistics changed (a sample, or a timeout backed the timer off).
  virtual void OnRtt(Time /*now*/, const RttStats& /*rtt*/) {}
  // New (not retransmitted) payload left the sender.
  virtual void OnNewDataSent(Time /*now*/, uint32_t /*bytes*/) {}
  // The retransmission timer expired (a TCP timeout).
  virtual void OnRetransmissionTimeout(Time /*now*/) {}
  // A finite transfer is fully acknowledged.
  virtual void OnTransferComplete(Time /*now*/) {}
};

// Counts every transport can give, for the flow's summary.
struct SenderCounts {
  int64_t data_packets_sent = 0;
  int64_t retransmissions = 0;
  int64_t feedback_received = 0;  // ACKs or receiver reports
};

class SenderEndpoint : public PacketSink {
 public:
  // The route its data packets take to the receiver; set before Start().
  virtual void set_route(const Route* route) = 0;
  virtual void set_observer(SenderObserver* observer) = 0;
  // Begins sending at the current time.
  virtual void Start() = 0;
  // The application has closed: no new data after what was already handed over;
  // the transfer completes when that is delivered.
  virtual void Close() = 0;
  virtual bool completed() const = 0;
  virtual Time completed_at() const = 0;
  virtual const RttStats& rtt() const = 0;
  virtual SenderCounts counts() const = 0;
  // A new connection on the same endpoint (a web user's next response): everything
  // back to its initial state under a new flow id; packets of the old connection
  // still in flight are dropped on arrival. Call Start() after it.
  virtual void Restart(uint32_t flow) = 0;
};

// Sees the application's in-order byte stream grow, and the data reaching the receiver.
class ReceiverObserver {
 public:
  virtual ~ReceiverObserver() = default;
  virtual void OnInOrderBytes(Time now, uint64_t in_order_bytes) = 0;
  // Payload bytes that reached the receiver for the first time, in order or not
  // (duplicates excluded): what the path carried to it now, which no link's rate can
  // be exceeded by. In-order delivery may lag it and then jump when a hole is filled.
  virtual void OnNewBytesArrived(Time now, uint64_t bytes) = 0;
};

class ReceiverEndpoint : public PacketSink {
 public:
  // The route its feedback takes back to the sender; set before any data arrives.
  virtual void set_route(const Route* route) = 0;
  virtual void set_observer(ReceiverObserver* observer) = 0;
  // Bytes delivered in order to the application so far.
  virtual uint64_t in_order_bytes() const = 0;
  // Feedback packets sent (ACKs, reports).
  virtual int64_t feedback_sent() const = 0;
  // A new connection under a new flow id (see SenderEndpoint::Restart).
  virtual void Restart(uint32_t flow) = 0;
};

}  // namespace plab
