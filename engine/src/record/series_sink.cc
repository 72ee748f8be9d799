#include "record/series_sink.h"

namespace plab {

void SeriesSink::SetScope(std::string scope, int index, std::string owner_key) {
  scope_ = std::move(scope);
  index_ = index;
  owner_key_ = std::move(owner_key);
}

void SeriesSink::Add(const std::string& name, const std::string& unit, const char* kind, const std::vector<double>& t,
                     const std::vector<double>& v) {
  nlohmann::ordered_json d;
  d["name"] = name;
  d["unit"] = unit;
  d["kind"] = kind;
  d["scope"] = scope_;
  if (index_ >= 0) d["index"] = index_;
  // Unique in the result: "flows[2].cwnd", "links.bottleneck.queue", "run.jain".
  d["key"] = (owner_key_.empty() ? scope_ : owner_key_) + "." + name;
  d["offset"] = columns_.size();
  d["length"] = t.size();
  meta_.push_back(std::move(d));
  columns_.insert(columns_.end(), t.begin(), t.end());
  columns_.insert(columns_.end(), v.begin(), v.end());
}

}  // namespace plab
