// The series a run can report, declared once with a label, unit, kind and what they
// belong to, so the page learns what to draw from the schema instead of a copy.
// These are the shared ones (every flow's, a family's, links', the run's); a protocol
// declares its own in its entry, and transport/declared_fields.h merges both.
#pragma once

#include <string>
#include <vector>

namespace plab {

struct SeriesField {
  std::string name;
  std::string label;
  std::string unit;
  std::string kind;    // "line", "marker" (point events), "trace" (every segment / ACK)
  std::string scope;   // "flow", "link", "group" or "run"
  std::string help;    // one sentence
  std::string source;  // where it is specified (RFC or paper section), "" if nowhere
};

const std::vector<SeriesField>& SeriesFields();

}  // namespace plab
