// The packet trace: every packet event (enqueue, start of transmission, arrival at the
// far end, drop by the queue, by the link's error model or by the flow's channel) at
// every link of the topology, inside one short time window, for the page's packet
// animation. Watches through each link's packet observer; changes nothing. Bounded:
// a window of at most kMaxWindowSeconds and at most kMaxEvents events.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "net/link.h"

namespace plab {

class PacketTrace {
 public:
  static constexpr double kMaxWindowSeconds = 5;
  static constexpr size_t kMaxEvents = 50000;

  PacketTrace(Time from, Time to) : from_(from), to_(to) {}

  // Watches `link`, reported as link id `links().size()` before the call.
  void Watch(Link& link, const std::string& name, const char* direction);

  // The descriptor for the result document; the events go to `columns` as six blocks
  // of count() values (t_s, link, event, feedback, flow, seq) from `offset`.
  nlohmann::ordered_json Append(std::vector<double>& columns) const;

 private:
  struct Event {
    double t_s;
    int link;
    PacketEvent event;
    bool feedback;
    uint32_t flow;
    uint64_t seq;
  };
  class Tap final : public PacketObserver {
   public:
    Tap(PacketTrace* trace, int link) : trace_(trace), link_(link) {}
    void OnPacket(Time now, PacketEvent event, uint32_t flow, bool feedback, uint64_t seq) override {
      trace_->Record(now, link_, event, flow, feedback, seq);
    }

   private:
    PacketTrace* trace_;
    int link_;
  };
  void Record(Time now, int link, PacketEvent event, uint32_t flow, bool feedback, uint64_t seq);

  Time from_;
  Time to_;
  std::vector<std::unique_ptr<Tap>> taps_;
  nlohmann::ordered_json links_ = nlohmann::ordered_json::array();
  std::vector<Event> events_;
  bool truncated_ = false;
};

}  // namespace plab
