// Error models from their declared parameters (params.cc's error-model block, under
// any base: a flow's channel, a link's own errors), and the live setters a running
// simulation may call on them.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "net/error_model.h"
#include "params/param_view.h"
#include "sim/random.h"

namespace plab {

// Setters for parameters that may change while a run goes on, by concrete path (one
// path may reach several objects: a group's access links).
using LiveSetter = std::function<void(const nlohmann::json&)>;
using LiveSetters = std::map<std::string, std::vector<LiveSetter>>;

struct BuiltErrors {
  std::unique_ptr<ErrorModel> model;
  const WindowDropErrors* window = nullptr;  // the LE recovery experiment, if chosen
};

// `base` is relative to `params` ("channel.forward."); `mss` numbers segments for
// the window model. Live setters are added under params.prefix() + base.
BuiltErrors MakeErrorModel(const ParamView& params, const std::string& base, Random rng, uint32_t mss,
                           LiveSetters* live);

}  // namespace plab
