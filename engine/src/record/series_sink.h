// Where series go when a run reports: their description (name, unit, kind, and what
// they belong to: one flow, one background group, one link, or the run) into the
// result document, their points into one column buffer (docs/engine-api.md).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "record/time_series.h"

namespace plab {

class SeriesSink {
 public:
  // What the next series belong to: scope "flow" (index = flow), "group" (index =
  // background group), "link" (name = link) or "run".
  void SetScope(std::string scope, int index, std::string owner_key);

  void Add(const TimeSeries& s, const char* kind = "line") { Add(s.name(), s.unit(), kind, s.times_s(), s.values()); }
  void Add(const MarkerSeries& s, const char* kind) { Add(s.name(), s.unit(), kind, s.times_s(), s.values()); }
  void Add(const std::string& name, const std::string& unit, const char* kind, const std::vector<double>& t,
           const std::vector<double>& v);

  nlohmann::ordered_json& meta() { return meta_; }
  std::vector<double>& columns() { return columns_; }

 private:
  std::string scope_ = "run";
  int index_ = -1;
  std::string owner_key_;
  nlohmann::ordered_json meta_ = nlohmann::ordered_json::array();
  std::vector<double> columns_;
};

}  // namespace plab
