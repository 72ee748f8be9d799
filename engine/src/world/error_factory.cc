#include "world/error_factory.h"

namespace plab {

BuiltErrors MakeErrorModel(const ParamView& params, const std::string& base, Random rng, uint32_t mss,
                           LiveSetters* live) {
  const std::string& model = params.Enum(base + "model");
  const std::string path = params.prefix() + base;
  BuiltErrors out;
  if (model == "bernoulli") {
    auto errors = std::make_unique<BernoulliErrors>(params.Number(base + "p"), rng);
    BernoulliErrors* raw = errors.get();
    if (live) (*live)[path + "p"].push_back([raw](const nlohmann::json& v) { raw->set_p(v.get<double>()); });
    out.model = std::move(errors);
  } else if (model == "on_off") {
    OnOffErrors::Params p;
    p.on_mean = Time::FromSecondsDouble(params.Number(base + "on_mean_s"));
    p.off_mean = Time::FromSecondsDouble(params.Number(base + "off_mean_s"));
    p.on_p = params.Number(base + "on_p");
    p.off_p = params.Number(base + "off_p");
    auto errors = std::make_unique<OnOffErrors>(p, rng);
    OnOffErrors* raw = errors.get();
    if (live) {
      (*live)[path + "on_mean_s"].push_back(
          [raw](const nlohmann::json& v) { raw->params().on_mean = Time::FromSecondsDouble(v.get<double>()); });
      (*live)[path + "off_mean_s"].push_back(
          [raw](const nlohmann::json& v) { raw->params().off_mean = Time::FromSecondsDouble(v.get<double>()); });
      (*live)[path + "on_p"].push_back([raw](const nlohmann::json& v) { raw->params().on_p = v.get<double>(); });
      (*live)[path + "off_p"].push_back([raw](const nlohmann::json& v) { raw->params().off_p = v.get<double>(); });
    }
    out.model = std::move(errors);
  } else if (model == "scripted") {
    out.model = std::make_unique<ScriptedErrors>(params.IntList(base + "drop_packets"));
  } else if (model == "window") {
    auto errors = std::make_unique<WindowDropErrors>(params.Integer(base + "window_first_segment"),
                                                     params.Integer(base + "window_segments"),
                                                     params.Integer(base + "window_drops"), mss, rng);
    out.window = errors.get();
    out.model = std::move(errors);
  } else {
    out.model = std::make_unique<NoErrors>();
  }
  return out;
}

}  // namespace plab
