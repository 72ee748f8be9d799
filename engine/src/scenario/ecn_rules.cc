#include "scenario/ecn_rules.h"

#include "net/queue/queue_entry.h"
#include "params/param_view.h"
#include "scenario/link_params.h"
#include "scenario/scenario.h"

namespace plab {
namespace {

// The links whose queue discipline a flow's data crosses and a scenario chooses: the
// bottleneck, and on a wired + wireless topology the last hop.
std::vector<std::string> QueuesOnPath(const Scenario& s) {
  // Built whole, not pushed onto: GCC 12 warns (-Warray-bounds, falsely) on a push_back
  // of a string literal into a vector of strings here.
  if (s.Enum("topology.kind") == "wireless_last_hop") return {"topology.bottleneck.", "topology.last_hop."};
  return {"topology.bottleneck."};
}

// Each queue's own rules (its entry's), with the buffer when it is known before the run.
void CheckQueueTunables(const Scenario& s, const std::string& base, std::vector<ValidationError>& errors) {
  const QueueEntry* entry = FindQueueEntry(s.Enum(base + "queue"));
  if (entry == nullptr || !entry->validate) return;
  std::optional<int64_t> buffer = s.Integer(base + "queue_packets");
  if (base == "topology.bottleneck." && s.Number(base + "queue_bdp") > 0) buffer.reset();  // sized at run time
  entry->validate(ParamView(s, base), base, buffer, errors);
}

}  // namespace

void CheckEcnRules(const Scenario& s, std::vector<ValidationError>& errors) {
  const std::vector<std::string> queues = QueuesOnPath(s);
  for (const std::string& base : queues) CheckQueueTunables(s, base, errors);
  bool can_mark = false;
  for (const std::string& base : queues) can_mark = can_mark || QueueCanMark(s.Enum(base + "queue"));
  if (can_mark) return;
  const std::string& bottleneck = s.Enum("topology.bottleneck.queue");
  for (const std::string list : {"flows", "background"}) {
    for (int i = 0; i < s.count(list); ++i) {
      const std::string prefix = Scenario::ItemPrefix(list, i);
      // RFC 3168 §5: ECN needs a queue that marks; with drop-tail only drops signal.
      // (A protocol that always negotiates ECN, DCTCP, still runs there, as loss-based
      // NewReno would (RFC 8257 §3.4): every protocol runs on every link.)
      if (!s.Bool(prefix + "tcp.ecn")) continue;
      errors.push_back({prefix + "tcp.ecn", prefix +
                                                "tcp.ecn needs a queue that marks: topology.bottleneck.queue "
                                                "must be " +
                                                MarkingQueueNames() + ", got " + bottleneck});
    }
  }
}

}  // namespace plab
