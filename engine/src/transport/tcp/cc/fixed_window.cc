#include "transport/tcp/cc/fixed_window.h"

#include <algorithm>

namespace plab {

void FixedWindow::SetWindowSegments(uint64_t segments) {
  window_segments_ = segments;
  cwnd_ = Window();
  ssthresh_ = Window();
}

void FixedWindow::OnAck(const TcpState& state, uint64_t acked_bytes, Time) {
  if (cwnd_ >= Window()) return;
  RenoIncrease(state, acked_bytes);  // RFC 5681 slow start: + min(acked, SMSS) per ACK
  cwnd_ = std::min(cwnd_, Window());
}

void FixedWindow::RestartAfterLoss(const TcpState&) { cwnd_ = Window(); }

void FixedWindow::EnterRecovery(const TcpState&, int inflation_segments) {
  cwnd_ = Window() + static_cast<uint64_t>(inflation_segments) * mss_;
}

void FixedWindow::ExitRecovery(uint64_t cap) { cwnd_ = std::min(Window(), cap); }

uint64_t FixedWindow::SsthreshAfterLoss(const TcpState&, uint64_t) { return Window(); }

}  // namespace plab
