// RFC 3042 limited transmit: how far past cwnd a sender may send on duplicate ACKs.
#pragma once

#include <algorithm>
#include <cstdint>

namespace plab {

// Bytes past cwnd allowed with `dupacks` duplicate ACKs in: one segment on each of the
// first two, outside recovery, "if the sender has not yet received the third duplicate
// ACK" (RFC 3042 §2). From the duplicate-ACK threshold on the loss recovery governs what
// is sent, whether or not it entered a recovery (LE never does; NewReno does not for
// duplicates below `recover`, RFC 6582 §3.2 step 1), as ns-2's TcpAgent::recv calls
// send_one() only while dupacks_ < numdupacks_.
inline uint64_t LimitedTransmitBytes(bool enabled, bool in_recovery, int dupacks, int dupack_threshold, uint32_t mss) {
  if (!enabled || in_recovery || dupacks <= 0 || dupacks >= dupack_threshold) return 0;
  return static_cast<uint64_t>(std::min(dupacks, 2)) * mss;
}

}  // namespace plab
