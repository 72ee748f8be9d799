// The summary figures a run reports, declared once with a label, unit and meaning, so
// the page and the sweep's y-axis menu need no second copy (the schema carries them).
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
};

const std::vector<SummaryField>& SummaryFields();

}  // namespace plab
