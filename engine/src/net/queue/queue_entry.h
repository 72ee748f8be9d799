// A queue discipline's entry: its name and label, what it is (the page's explanation
// and its source), whether it can mark ECN, its tunables, the factory that builds it
// from them and the rules between them. queue_registry.cc lists the entries; the
// schema, validation, the links and the page read them, and none branches on a name
// (as the transport registry does for protocols, transport/registry.h).
//
// Adding a queue discipline = its class, its entry (a `*_entry.cc` beside it) + one
// line in queue_registry.cc (docs/adding-a-protocol.md, "A queue discipline").
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "net/queue/queue_discipline.h"
#include "params/param_decl.h"
#include "params/param_view.h"
#include "sim/random.h"
#include "sim/time.h"

namespace plab {

class PacketPool;

// What a link gives its queue besides the declared tunables.
struct QueueBuild {
  PacketPool* pool = nullptr;
  Bandwidth rate;             // the link's rate (RED's idle decay, PIE's departure rate)
  Random rng{0};              // the queue's own random stream (RED's and PIE's coin)
  int64_t limit_packets = 0;  // the buffer in force (queue_packets, or sized in BDPs)
};

struct QueueEntry {
  std::string name;   // the value of a link's `queue` ("codel")
  std::string label;  // "CoDel"
  std::string help;   // one sentence: what it does to packets
  std::string source;
  // RFC 3168 §5: it sets CE on an ECN-capable packet where it would drop one.
  bool can_mark = false;
  // Its tunables relative to the link ("codel.target_ms"), labelled without the link's
  // name ("CoDel target"): the link's block prefixes both and shows them only when the
  // link's queue is this one.
  std::vector<ParamDecl> params;
  // `link` reads the tunables relative to the link ("codel.target_ms").
  std::function<std::unique_ptr<QueueDiscipline>(const ParamView& link, QueueBuild build)> make;
  // Rules between its tunables and the link's; `base` is the link's full prefix
  // ("topology.bottleneck."), `buffer_packets` the buffer when known before the run
  // (not when sized in bandwidth-delay products).
  std::function<void(const ParamView& link, const std::string& base, std::optional<int64_t> buffer_packets,
                     std::vector<ValidationError>& errors)>
      validate;
};

const std::vector<QueueEntry>& QueueEntries();
// Null for a name no entry has.
const QueueEntry* FindQueueEntry(const std::string& name);
// "red, codel or step": the disciplines that mark, for messages.
std::string MarkingQueueNames();

}  // namespace plab
