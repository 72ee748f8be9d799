// A link's queue discipline from its declared parameters (params.cc's queue block
// under `base`: "topology.bottleneck."), or a plain drop-tail queue.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "net/queue/queue_discipline.h"
#include "params/param_view.h"
#include "sim/random.h"
#include "sim/time.h"

namespace plab {

// `limit_packets` replaces the block's queue_packets when given (a buffer sized in
// bandwidth-delay products).
std::unique_ptr<QueueDiscipline> MakeQueue(const ParamView& params, const std::string& base, PacketPool* pool,
                                           Bandwidth rate, Random rng, std::optional<int64_t> limit_packets = {});

}  // namespace plab
