#include "net/queue/queue_discipline.h"

#include "net/route.h"

namespace plab {

void QueueDiscipline::CountDropOnRoute(const Packet& p) {
  if (p.route == nullptr) return;
  ++p.route->stats.queue_drops;
  if (p.route->witness != nullptr) p.route->witness->OnLost(p, DropCause::kQueue);
}

void QueueDiscipline::CountMarkOnRoute(const Packet& p) {
  if (p.route != nullptr) ++p.route->stats.ecn_marks;
}

}  // namespace plab
