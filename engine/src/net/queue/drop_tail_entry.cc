#include "net/queue/drop_tail_queue.h"
#include "net/queue/queue_entries.h"

namespace plab {

QueueEntry DropTailEntry() {
  QueueEntry e;
  e.name = "drop_tail";
  e.label = "Drop-tail";
  e.help = "Drop-tail: first in, first out, drop when full";
  e.make = [](const ParamView&, QueueBuild b) { return std::make_unique<DropTailQueue>(b.pool, b.limit_packets); };
  return e;
}

}  // namespace plab
