#include "app/token_bucket_source.h"

#include <algorithm>

namespace plab {

TokenBucketSource::TokenBucketSource(const Params& params) : params_(params) {
  capacity_ = params_.depth_tokens * params_.interval.ns();
  credit_ = capacity_;
}

int64_t TokenBucketSource::CreditAt(Time now) const {
  const int64_t elapsed = (now - refilled_at_).ns();
  // credit + elapsed * rate, saturating at the depth without overflowing.
  const int64_t room = capacity_ - credit_;
  if (elapsed >= room / std::max<int64_t>(1, params_.tokens_per_interval) + 1) return capacity_;
  return std::min(capacity_, credit_ + elapsed * params_.tokens_per_interval);
}

void TokenBucketSource::Refill(Time now) {
  credit_ = CreditAt(now);
  refilled_at_ = now;
}

bool TokenBucketSource::CanSendNew(Time now, uint32_t bytes) const {
  return CreditAt(now) >= TokensFor(bytes) * params_.interval.ns();
}

bool TokenBucketSource::TrySendNew(Time now, uint32_t bytes, Time* retry_at) {
  Refill(now);
  const int64_t tokens = TokensFor(bytes);
  const int64_t needed = tokens * params_.interval.ns();
  if (credit_ >= needed) {
    credit_ -= needed;
    tokens_consumed_ += tokens;
    return true;
  }
  *retry_at = ReadyAt(now, bytes);
  return false;
}

Time TokenBucketSource::ReadyAt(Time now, uint32_t bytes) const {
  const int64_t missing = TokensFor(bytes) * params_.interval.ns() - CreditAt(now);
  if (missing <= 0) return now;
  const int64_t wait_ns = (missing + params_.tokens_per_interval - 1) / params_.tokens_per_interval;
  return now + Time::FromNanoseconds(wait_ns);
}

double TokenBucketSource::AllowedTokens(Time span) const {
  return static_cast<double>(params_.tokens_per_interval) * static_cast<double>(span.ns()) /
         static_cast<double>(params_.interval.ns());
}

}  // namespace plab
