// The summary figures a run reports, declared once with a label, unit and meaning, so
// the page and the sweep's y-axis menu need no second copy (the schema carries them).
// These are the shared ones (every flow's, a family's, the run's); a protocol declares
// its own in its entry, and transport/declared_fields.h merges both.
#pragma once

#include <string>
#include <vector>

namespace plab {

struct SummaryField {
  std::string name;
  std::string label;
  std::string unit;
  std::string help;
  bool numeric = true;  // false for text and yes/no figures
  // "flow": each flow has it (the headline summary gives flows[0]'s); "run": the run as
  // a whole (links, aggregates over the flows).
  std::string scope = "flow";
};

const std::vector<SummaryField>& SummaryFields();

}  // namespace plab
