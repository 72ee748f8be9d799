#include "transport/tcp/cc/manual_window.h"

#include <algorithm>

namespace plab {

void ManualWindow::SetWindowSegments(uint64_t segments) {
  window_segments_ = segments;
  cwnd_ = Window();
  ssthresh_ = Window();
}

void ManualWindow::RestartAfterLoss(const TcpState&) { cwnd_ = Window(); }

void ManualWindow::EnterRecovery(const TcpState&, int inflation_segments) {
  cwnd_ = Window() + static_cast<uint64_t>(inflation_segments) * mss_;
}

void ManualWindow::ExitRecovery(uint64_t cap) { cwnd_ = std::min(Window(), cap); }

uint64_t ManualWindow::SsthreshAfterLoss(const TcpState&, uint64_t) { return Window(); }

}  // namespace plab
