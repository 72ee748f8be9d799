#include "metrics/packet_trace.h"

namespace plab {

void PacketTrace::Watch(Link& link, const std::string& name, const char* direction) {
  const int id = static_cast<int>(taps_.size());
  taps_.push_back(std::make_unique<Tap>(this, id));
  link.set_packet_observer(taps_.back().get());
  links_.push_back({{"id", id},
                    {"name", name},
                    {"direction", direction},
                    {"rate_mbps", static_cast<double>(link.params().rate.bps()) / 1e6},
                    {"delay_ms", link.params().delay.milliseconds()}});
}

void PacketTrace::Record(Time now, int link, PacketEvent event, uint32_t flow, bool feedback, uint64_t seq) {
  if (now < from_ || now > to_) return;
  if (events_.size() >= kMaxEvents) {
    truncated_ = true;
    return;
  }
  events_.push_back({now.seconds(), link, event, feedback, flow, seq});
}

nlohmann::ordered_json PacketTrace::Append(std::vector<double>& columns) const {
  nlohmann::ordered_json d;
  d["from_s"] = from_.seconds();
  d["to_s"] = to_.seconds();
  d["count"] = events_.size();
  d["truncated"] = truncated_;
  d["offset"] = columns.size();
  d["fields"] = {"t_s", "link", "event", "feedback", "flow", "seq"};
  // Indexed by the event column's value.
  d["events"] = {"enqueue", "transmit", "arrive", "queue_drop", "error_drop", "channel_drop"};
  d["links"] = links_;
  for (const Event& e : events_) columns.push_back(e.t_s);
  for (const Event& e : events_) columns.push_back(e.link);
  for (const Event& e : events_) columns.push_back(static_cast<double>(e.event));
  for (const Event& e : events_) columns.push_back(e.feedback ? 1 : 0);
  for (const Event& e : events_) columns.push_back(e.flow);
  for (const Event& e : events_) columns.push_back(static_cast<double>(e.seq));
  return d;
}

}  // namespace plab
