#include "net/queue/queue_discipline.h"

#include "net/route.h"

namespace plab {

void QueueDiscipline::CountDropOnRoute(const Packet& p) {
  if (p.route != nullptr) ++p.route->stats.queue_drops;
}

}  // namespace plab
