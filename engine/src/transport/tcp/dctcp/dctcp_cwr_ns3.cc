// dctcp.reduction = cwr_ns3: the CWR round as ns-3.44 computes it, for the comparisons with
// ns-3's own runs (bench/ns3/modern.cc). TcpSocketBase::EnterCwr calls TcpPrrRecovery::
// EnterRecovery (prr_out = prr_delivered = 0, RecoverFS = BytesInFlight) and each ACK in
// CA_CWR DoRecovery (tcp-prr-recovery.cc), pipe being BytesInFlight after the ACK:
//   prr_delivered += delivered (one segment more when called as for a duplicate ACK)
//   pipe > ssthresh:  sndcnt = ceil(prr_delivered x ssthresh / RecoverFS) - prr_out, the
//                     product of two uint32_t in 32 bits: it wraps past 4 GB (after 31
//                     segments delivered at an ssthresh of 137 kB), sndcnt falls below 0
//   otherwise:        sndcnt = min(max(prr_delivered - prr_out, delivered), ssthresh - pipe)
//   sndcnt = max(sndcnt, prr_out > 0 ? 0 : SMSS);  cwnd = pipe + sndcnt
// Traced in ns-3 (K = 20, 5.039 s): the entry sends 2 segments beyond the flight, the flight
// holds for 29 ACKs, then at the wrap falls to ssthresh in 5 ACKs and holds there.
#include <algorithm>
#include <cmath>

#include "transport/tcp/dctcp/dctcp_control.h"

namespace plab {

void Dctcp::Ns3PrrStep(const TcpState& state, uint64_t delivered, bool entering) {
  if (entering && cwr_delivered_ < cwr_recover_fs_) delivered += state.mss;
  if (delivered == 0) return;
  cwr_delivered_ += delivered;
  const auto pipe = static_cast<int64_t>(state.flight_size());
  const auto prr_out = static_cast<int64_t>(state.snd_max - cwr_recover_);
  const auto ssthresh = static_cast<int64_t>(ssthresh_);
  int64_t sndcnt;
  if (pipe > ssthresh) {
    const uint32_t product = static_cast<uint32_t>(cwr_delivered_) * static_cast<uint32_t>(ssthresh_);
    const double fs = static_cast<double>(std::max<uint64_t>(cwr_recover_fs_, 1));
    sndcnt = static_cast<int64_t>(std::ceil(product / fs)) - prr_out;
  } else {
    const int64_t limit = std::max(static_cast<int64_t>(cwr_delivered_) - prr_out, static_cast<int64_t>(delivered));
    sndcnt = std::min(limit, ssthresh - pipe);
  }
  sndcnt = std::max<int64_t>(sndcnt, prr_out > 0 ? 0 : state.mss);
  cwnd_ = static_cast<uint64_t>(std::max<int64_t>(pipe + sndcnt, state.mss));
}

}  // namespace plab
