#include "scenario/queue_factory.h"

#include "net/queue/drop_tail_queue.h"

namespace plab {

std::unique_ptr<QueueDiscipline> MakeQueue(const ParamView& params, const std::string& base, PacketPool* pool,
                                           Bandwidth, Random) {
  return std::make_unique<DropTailQueue>(pool, params.Integer(base + "queue_packets"));
}

}  // namespace plab
