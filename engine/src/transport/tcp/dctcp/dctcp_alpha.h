// DCTCP's estimate of the fraction of its bytes the network marked CE, and the window
// cut it gives (RFC 8257 §3.3), one owner for DCTCP and for TCP Prague, which answers
// marks the same way (draft-briscoe-iccrg-prague-congestion-control §2.3-2.4).
//
//   every ACK:                BytesAcked += acked;  ECE: BytesMarked += acked
//   an ACK past WindowEnd (an ACK at or below it stops here):
//       M = BytesMarked / BytesAcked;  alpha = (1 - g) alpha + g M
//       WindowEnd = SND.NXT;  BytesAcked = BytesMarked = 0
//   the window after a mark:  max(cwnd (1 - alpha / 2), 2 SMSS)
#pragma once

#include <algorithm>
#include <cstdint>

namespace plab {

class DctcpAlpha {
 public:
  DctcpAlpha(double g, double initial_alpha) : g_(g), alpha_(initial_alpha) {}

  // An ACK of `acked_bytes`, ECE or not, leaving snd_una; `snd_max` is SND.NXT (the
  // highest byte sent + 1).
  void OnAck(uint64_t snd_una, uint64_t snd_max, uint64_t acked_bytes, bool ece) {
    bytes_acked_ += acked_bytes;
    if (ece) bytes_marked_ += acked_bytes;
    if (snd_una <= window_end_) return;  // "less than or equal to DCTCP.WindowEnd, stop"
    const double m = bytes_acked_ > 0 ? static_cast<double>(bytes_marked_) / static_cast<double>(bytes_acked_) : 0.0;
    alpha_ = (1 - g_) * alpha_ + g_ * m;
    ++updates_;
    window_end_ = snd_max;
    bytes_acked_ = 0;
    bytes_marked_ = 0;
  }

  // The window a mark leaves: cwnd x (1 - alpha / 2), at least 2 segments.
  uint64_t Reduced(uint64_t cwnd, uint32_t mss) const {
    const double reduced = static_cast<double>(cwnd) * (1 - alpha_ / 2);
    return std::max<uint64_t>(static_cast<uint64_t>(reduced), 2ULL * mss);
  }

  double alpha() const { return alpha_; }
  // How many times alpha has been updated (once per window of data).
  int64_t updates() const { return updates_; }

 private:
  double g_;
  double alpha_;
  uint64_t bytes_acked_ = 0;
  uint64_t bytes_marked_ = 0;
  uint64_t window_end_ = 0;
  int64_t updates_ = 0;
};

}  // namespace plab
