#include "app/cbr_source.h"

#include <cmath>

namespace plab {

CbrSource::CbrSource(const Params& params)
    : params_(params),
      interval_(Time::FromNanoseconds(
          std::max<int64_t>(1, std::llround(static_cast<double>(params.packet_bytes) * 8e9 / params.rate_bps)))) {}

uint64_t CbrSource::GeneratedBytes(Time now) const {
  if (now < params_.start) return 0;
  const auto packets = static_cast<uint64_t>((now - params_.start).ns() / interval_.ns());
  return packets * params_.packet_bytes;
}

bool CbrSource::CanSendNew(Time now, uint32_t bytes) const { return offered_ + bytes <= GeneratedBytes(now); }

bool CbrSource::TrySendNew(Time now, uint32_t bytes, Time* retry_at) {
  if (CanSendNew(now, bytes)) {
    offered_ += bytes;
    return true;
  }
  *retry_at = ReadyAt(now, bytes);
  return false;
}

Time CbrSource::ReadyAt(Time now, uint32_t bytes) const {
  if (CanSendNew(now, bytes)) return now;
  const uint64_t packets = (offered_ + bytes + params_.packet_bytes - 1) / params_.packet_bytes;
  return params_.start + interval_ * static_cast<int64_t>(packets);
}

}  // namespace plab
