// A link's queue discipline from its declared parameters (params.cc's queue block
// under `base`: "topology.bottleneck."), or a plain drop-tail queue.
#pragma once

#include <memory>
#include <string>

#include "net/queue/queue_discipline.h"
#include "scenario/param_view.h"
#include "sim/random.h"
#include "sim/time.h"

namespace plab {

std::unique_ptr<QueueDiscipline> MakeQueue(const ParamView& params, const std::string& base, PacketPool* pool,
                                           Bandwidth rate, Random rng);

}  // namespace plab
