#include "net/queue/queue_entries.h"
#include "net/queue/queue_entry.h"

namespace plab {

const std::vector<QueueEntry>& QueueEntries() {
  // The page offers them in this order; drop-tail, the default, first.
  static const std::vector<QueueEntry> entries = {
      DropTailEntry(), RedEntry(), CodelEntry(), StepMarkEntry(), PieEntry(), FqCodelEntry(), DualPi2Entry(),
  };
  return entries;
}

const QueueEntry* FindQueueEntry(const std::string& name) {
  for (const QueueEntry& e : QueueEntries()) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

std::string MarkingQueueNames() {
  std::vector<std::string> names;
  for (const QueueEntry& e : QueueEntries()) {
    if (e.can_mark) names.push_back(e.name);
  }
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " or " : ", ";
    out += names[i];
  }
  return out;
}

}  // namespace plab
