// ParamView (params/param_view.h) reads a Scenario: its declaration sits low, where the
// protocols read their parameters through it; its definition sits here, beside the
// Scenario whose values it reads, so that params/ needs nothing above it.
#include "params/param_view.h"

#include "scenario/scenario.h"

namespace plab {

double ParamView::Number(const std::string& relative) const { return scenario_->Number(prefix_ + relative); }
int64_t ParamView::Integer(const std::string& relative) const { return scenario_->Integer(prefix_ + relative); }
const std::string& ParamView::Enum(const std::string& relative) const { return scenario_->Enum(prefix_ + relative); }
bool ParamView::Bool(const std::string& relative) const { return scenario_->Bool(prefix_ + relative); }
// A text is a JSON string, as an enum's value is.
const std::string& ParamView::Text(const std::string& relative) const { return scenario_->Enum(prefix_ + relative); }
std::vector<int64_t> ParamView::IntList(const std::string& relative) const {
  return scenario_->IntList(prefix_ + relative);
}

}  // namespace plab
