#include "net/error_model.h"

#include <algorithm>

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

}  // namespace plab
