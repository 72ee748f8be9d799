// The random streams of a run, one per consumer (Random::Stream(seed, id)), so that
// adding a consumer shifts no other. The ids are spaced so that no two consumers can
// meet: flows and groups are counted below their limits (params.h).
#pragma once

#include <cstdint>

namespace plab::streams {

// A flow's own channel, per direction. Flow 0's two channels keep the streams they had
// in the single-flow engine (forks 1 and 2 of the root generator; see Simulation).
constexpr uint64_t FlowChannel(int flow, bool forward) {
  return 0x1000 + 2 * static_cast<uint64_t>(flow) + (forward ? 0 : 1);
}
// The error model of link instance `link` (in build order), per direction.
constexpr uint64_t LinkErrors(int link, bool forward) {
  return 0x100000 + 2 * static_cast<uint64_t>(link) + (forward ? 0 : 1);
}
// A queue discipline's own draws (RED), per link instance.
constexpr uint64_t Queue(int link) { return 0x200000 + static_cast<uint64_t>(link); }
// A background group's start times, and each of its members' own draws.
constexpr uint64_t GroupStarts(int group) { return 0x300000 + static_cast<uint64_t>(group); }
constexpr uint64_t GroupMember(int group, int member) {
  return 0x400000 + 0x10000 * static_cast<uint64_t>(group) + static_cast<uint64_t>(member);
}
// A background group's members' access delays (background[].access.delay_spread_ms).
constexpr uint64_t GroupDelays(int group) { return 0x500000 + static_cast<uint64_t>(group); }

}  // namespace plab::streams
