// A token-bucket-limited source (TCP-Real §3): tokens arrive at `tokens_per_interval`
// per `interval`, up to `depth_tokens`; each new segment spends ceil(bytes /
// token_bytes) tokens. Paper defaults: depth 20 KB, 20 tokens of 1 KB per 30 ms.
//
// Choices the paper leaves open: tokens accrue continuously (a classic token bucket,
// not 20 at once every 30 ms); the bucket starts full; only new data spends tokens
// (the bucket shapes what the application offers; retransmissions are TCP's own).
#pragma once

#include <algorithm>
#include <cstdint>

#include "transport/data_source.h"

namespace plab {

class TokenBucketSource final : public DataSource {
 public:
  struct Params {
    uint64_t total_bytes = UINT64_MAX;
    int64_t tokens_per_interval = 20;
    Time interval = Time::FromMilliseconds(30);
    int64_t depth_tokens = 20;
    uint32_t token_bytes = 1000;
  };

  explicit TokenBucketSource(const Params& params);

  uint64_t total_bytes() const override { return params_.total_bytes; }
  bool TrySendNew(Time now, uint32_t bytes, Time* retry_at) override;
  bool CanSendNew(Time now, uint32_t bytes) const override;
  Time ReadyAt(Time now, uint32_t bytes) const override;
  void Close(uint64_t at_bytes) override { params_.total_bytes = std::min(params_.total_bytes, at_bytes); }

  int64_t tokens_consumed() const { return tokens_consumed_; }
  // Tokens the bucket allows over a span (rate x span), for "allowed per RTT".
  double AllowedTokens(Time span) const;

 private:
  void Refill(Time now);
  int64_t CreditAt(Time now) const;
  int64_t TokensFor(uint32_t bytes) const {
    return (static_cast<int64_t>(bytes) + params_.token_bytes - 1) / params_.token_bytes;
  }

  Params params_;
  // Credit in units of 1/interval_ns tokens, so refills are exact integers.
  int64_t credit_;
  int64_t capacity_;
  Time refilled_at_ = Time::Zero();
  int64_t tokens_consumed_ = 0;
};

}  // namespace plab
