#include "net/delivery_trace.h"

#include <algorithm>
#include <cstdio>

namespace plab {
namespace {
#include "net/bundled_trace_data.inc"

template <size_t N>
std::vector<int64_t> Undelta(const uint16_t (&deltas)[N]) {
  std::vector<int64_t> out;
  out.reserve(N);
  int64_t t = 0;
  for (uint16_t d : deltas) out.push_back(t += d);
  return out;
}

constexpr int64_t kNsPerMs = 1000 * 1000;

}  // namespace

DeliveryTrace::DeliveryTrace(std::vector<int64_t> ms) : ms_(std::move(ms)), period_ms_(ms_.back()) {}

Time DeliveryTrace::OpportunityTime(uint64_t k) const {
  const uint64_t n = ms_.size();
  const auto rep = static_cast<int64_t>(k / n);
  return Time::FromNanoseconds((rep * period_ms_ + ms_[k % n]) * kNsPerMs);
}

uint64_t DeliveryTrace::FirstAtOrAfter(Time t) const {
  if (t <= Time::Zero()) return 0;
  // The first opportunity at or after t is the count of those strictly before it.
  return static_cast<uint64_t>(CountBefore(t));
}

int64_t DeliveryTrace::CountBefore(Time t) const {
  if (t <= Time::Zero()) return 0;
  const int64_t period_ns = period_ms_ * kNsPerMs;
  const int64_t rep = t.ns() / period_ns;
  const int64_t within_ns = t.ns() - rep * period_ns;
  const auto n = static_cast<int64_t>(ms_.size());
  if (within_ns == 0) {
    // At a repetition's start: the previous repetition's last lines (ms == period)
    // fall at exactly t, not before it.
    const auto at_period = ms_.end() - std::lower_bound(ms_.begin(), ms_.end(), period_ms_);
    return rep * n - at_period;
  }
  // This repetition's entries below within_ns: ms * 1e6 < within_ns <=> ms < ceil(within_ns / 1e6).
  const int64_t limit_ms = (within_ns + kNsPerMs - 1) / kNsPerMs;
  return rep * n + (std::lower_bound(ms_.begin(), ms_.end(), limit_ms) - ms_.begin());
}

int64_t DeliveryTrace::CountIn(Time from, Time to) const {
  return to <= from ? 0 : CountBefore(to) - CountBefore(from);
}

double DeliveryTrace::MeanBitsPerSecond() const {
  return static_cast<double>(ms_.size()) * kOpportunityBytes * 8 / (static_cast<double>(period_ms_) / 1e3);
}

std::string CheckDeliveryTrace(const std::string& field, const std::vector<int64_t>& ms) {
  auto line = [&](size_t i) { return field + " line " + std::to_string(i + 1) + ": "; };
  if (ms.empty()) return field + " is empty: a trace needs at least one line (a timestamp in ms)";
  for (size_t i = 0; i < ms.size(); ++i) {
    if (ms[i] < 0) return line(i) + std::to_string(ms[i]) + " is negative (timestamps are ms from the trace's start)";
    if (ms[i] > DeliveryTrace::kMaxTimestampMs) {
      return line(i) + std::to_string(ms[i]) + " is beyond the longest trace (" +
             std::to_string(DeliveryTrace::kMaxTimestampMs) + " ms, an hour)";
    }
    if (i > 0 && ms[i] < ms[i - 1]) {
      return line(i) + std::to_string(ms[i]) + " is less than the previous timestamp " + std::to_string(ms[i - 1]);
    }
  }
  if (ms.back() == 0) {
    return line(ms.size() - 1) +
           "the last timestamp is the period and is 0: a trace must end after 0 ms (mahimahi refuses it too)";
  }
  return "";
}

std::string ParseTraceText(const std::string& text, const std::string& field, std::vector<int64_t>* out) {
  out->clear();
  size_t at = 0;
  size_t line = 0;
  while (at < text.size()) {
    ++line;
    size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string item = text.substr(at, end - at);
    at = end + 1;
    while (!item.empty() && (item.back() == '\r' || item.back() == ' ' || item.back() == '\t')) item.pop_back();
    const std::string where = field + " line " + std::to_string(line) + ": ";
    if (item.empty()) return where + "is empty (one timestamp in ms per line)";
    if (out->size() >= DeliveryTrace::kMaxTraceLines) {
      return field + " has more than " + std::to_string(DeliveryTrace::kMaxTraceLines) +
             " lines (the longest trace the engine takes)";
    }
    const bool negative = item[0] == '-';
    const std::string digits = negative ? item.substr(1) : item;
    const bool whole = !digits.empty() && digits.find_first_not_of("0123456789") == std::string::npos;
    if (!whole) {
      return where + "\"" + (item.size() > 24 ? item.substr(0, 24) + "..." : item) +
             "\" is not a whole number of milliseconds";
    }
    if (negative) return where + item + " is negative (timestamps are ms from the trace's start)";
    if (digits.size() > 12 || std::stoll(digits) > DeliveryTrace::kMaxTimestampMs) {
      return where + (digits.size() > 24 ? digits.substr(0, 24) + "..." : digits) + " is beyond the longest trace (" +
             std::to_string(DeliveryTrace::kMaxTimestampMs) + " ms, an hour)";
    }
    out->push_back(std::stoll(digits));
  }
  return CheckDeliveryTrace(field, *out);
}

const std::vector<std::string>& BundledTraceNames() {
  static const std::vector<std::string> names = {"cellular-a", "steady", "bursty"};
  return names;
}

std::optional<std::vector<int64_t>> BundledTrace(const std::string& name) {
  if (name == "cellular-a") return Undelta(kCellularA);
  if (name == "steady") return Undelta(kSteady);
  if (name == "bursty") return Undelta(kBursty);
  return std::nullopt;
}

std::string BundledTraceLabel(const std::string& name) {
  const auto ms = BundledTrace(name);
  if (!ms) return name;
  const double mbps = DeliveryTrace(*ms).MeanBitsPerSecond() / 1e6;
  char mean[32];
  std::snprintf(mean, sizeof mean, "%.1f", mbps);
  const std::string what = name == "cellular-a" ? "Cellular A: LTE-like Markov model"
                           : name == "steady"   ? "Steady"
                           : name == "bursty"   ? "Bursty: 24 Mb/s bursts, 1 Mb/s gaps"
                                                : name;
  return what + ", " + mean + " Mb/s mean, repeats every " + std::to_string(ms->back() / 1000) + " s";
}

}  // namespace plab
