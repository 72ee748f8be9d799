#include "net/error_model.h"

#include <algorithm>
#include <cstddef>

namespace plab {

OnOffErrors::OnOffErrors(const Params& params, Random rng) : params_(params), rng_(rng) {
  const double on_s = params_.on_mean.seconds();
  const double off_s = params_.off_mean.seconds();
  on_ = rng_.Uniform01() < on_s / (on_s + off_s);
  state_ends_ = Time::FromSecondsDouble(rng_.Exponential(on_ ? on_s : off_s));
}

void OnOffErrors::AdvanceTo(Time now) {
  while (state_ends_ <= now) {
    on_ = !on_;
    const double mean_s = (on_ ? params_.on_mean : params_.off_mean).seconds();
    state_ends_ += Time::FromSecondsDouble(rng_.Exponential(mean_s));
  }
}

bool OnOffErrors::Drop(const Packet&, Time now) {
  AdvanceTo(now);
  return rng_.Bernoulli(on_ ? params_.on_p : params_.off_p);
}

ScriptedErrors::ScriptedErrors(std::vector<int64_t> indices) : indices_(std::move(indices)) {
  std::sort(indices_.begin(), indices_.end());
}

bool ScriptedErrors::Drop(const Packet&, Time) {
  ++count_;
  while (next_ < indices_.size() && indices_[next_] < count_) ++next_;
  if (next_ < indices_.size() && indices_[next_] == count_) {
    ++next_;
    return true;
  }
  return false;
}

WindowDropErrors::WindowDropErrors(int64_t first, int64_t window, int64_t drops, uint32_t mss, Random rng) : mss_(mss) {
  // Partial Fisher-Yates over the window: `drops` distinct segments, uniformly.
  std::vector<uint64_t> pool;
  for (int64_t i = 0; i < window; ++i) pool.push_back(static_cast<uint64_t>(first - 1 + i));
  const auto k = static_cast<size_t>(std::min<int64_t>(drops, window));
  for (size_t i = 0; i < k; ++i) {
    const size_t j = i + static_cast<size_t>(rng.NextU64() % (pool.size() - i));
    std::swap(pool[i], pool[j]);
  }
  chosen_.assign(pool.begin(), pool.begin() + static_cast<std::ptrdiff_t>(k));
  std::sort(chosen_.begin(), chosen_.end());
  dropped_.assign(chosen_.size(), false);
  if (!chosen_.empty()) recovery_target_ = (chosen_.back() + 1) * mss_;
}

bool WindowDropErrors::Drop(const Packet& p, Time now) {
  if (p.is_feedback() || p.payload == 0) return false;
  const uint64_t segment = p.seq / mss_;
  const auto it = std::lower_bound(chosen_.begin(), chosen_.end(), segment);
  if (it == chosen_.end() || *it != segment) return false;
  const auto index = static_cast<size_t>(it - chosen_.begin());
  if (dropped_[index]) return false;  // retransmissions get through
  dropped_[index] = true;
  first_drop_at_ = std::min(first_drop_at_, now);
  return true;
}

}  // namespace plab
