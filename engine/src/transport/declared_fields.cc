#include "transport/declared_fields.h"

#include <set>
#include <stdexcept>
#include <string>
#include <utility>

#include "transport/registry.h"

namespace plab {
namespace {

// Inserts each protocol's own fields into `shared` after the field its block names
// (after the ones other protocols put there before it), or after the last per-flow
// field. A field two protocols both declare (same name and scope) is listed once.
template <typename Field>
std::vector<Field> Merge(std::vector<Field> all, OwnFields<Field> ProtocolEntry::*own) {
  std::set<std::pair<std::string, std::string>> seen;
  for (const Field& f : all) seen.insert({f.name, f.scope});
  std::set<std::string> inserted;
  for (const ProtocolEntry& e : Protocols()) {
    const OwnFields<Field>& block = e.*own;
    size_t pos = 0;
    if (block.after.empty()) {
      for (size_t i = 0; i < all.size(); ++i) {
        if (all[i].scope == "flow") pos = i + 1;
      }
    } else {
      while (pos < all.size() && all[pos].name != block.after) ++pos;
      if (pos == all.size()) {
        throw std::logic_error("protocol " + e.name + " places its fields after \"" + block.after +
                               "\", which is not declared");
      }
      ++pos;
      while (pos < all.size() && inserted.count(all[pos].name) > 0) ++pos;
    }
    for (const Field& f : block.fields) {
      if (!seen.insert({f.name, f.scope}).second) continue;
      all.insert(all.begin() + static_cast<std::ptrdiff_t>(pos++), f);
      inserted.insert(f.name);
    }
  }
  return all;
}

}  // namespace

const std::vector<SeriesField>& DeclaredSeries() {
  static const std::vector<SeriesField> fields = Merge(SeriesFields(), &ProtocolEntry::series_fields);
  return fields;
}

const std::vector<SummaryField>& DeclaredSummary() {
  static const std::vector<SummaryField> fields = Merge(SummaryFields(), &ProtocolEntry::summary_fields);
  return fields;
}

}  // namespace plab
