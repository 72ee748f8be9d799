// The timer profiles a TCP flow can name (`tcp.timers`): the one list that knows them,
// so the schema's options, their help and the factory all come from here.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "transport/timer_profile.h"

namespace plab {

class ParamView;

struct TimerProfileEntry {
  std::string name;
  std::string label;
  std::string help;
  // The flow's profile, from its parameters (ns-2's tick).
  std::shared_ptr<const TimerProfile> (*make)(const ParamView& params);
};

const std::vector<TimerProfileEntry>& TimerProfiles();
// Null when no profile has that name (validation has refused it before).
const TimerProfileEntry* FindTimerProfile(const std::string& name);

}  // namespace plab
