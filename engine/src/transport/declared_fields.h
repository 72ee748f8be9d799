// The series and summary figures the schema declares: the shared ones (record/:
// what every flow, link or family reports) with each protocol's own merged in where
// its entry says (ProtocolEntry::series_fields, summary_fields), in registry order.
// The page reads this order (charts' legends, the figure menus), and a run fills the
// figures a flow lacks with null in it.
#pragma once

#include <vector>

#include "record/series_fields.h"
#include "record/summary_fields.h"

namespace plab {

const std::vector<SeriesField>& DeclaredSeries();
const std::vector<SummaryField>& DeclaredSummary();

}  // namespace plab
