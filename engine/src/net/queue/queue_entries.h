// The queue disciplines' entries, each defined beside its class (`*_entry.cc`);
// queue_registry.cc lists them.
#pragma once

#include "net/queue/queue_entry.h"

namespace plab {

QueueEntry DropTailEntry();
QueueEntry RedEntry();
QueueEntry CodelEntry();
QueueEntry StepMarkEntry();
QueueEntry PieEntry();
QueueEntry FqCodelEntry();
QueueEntry DualPi2Entry();

}  // namespace plab
