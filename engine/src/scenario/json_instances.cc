// The one instantiation of nlohmann::json and ordered_json (json_instances.h says why).
#include "scenario/json_instances.h"

template class nlohmann::basic_json<>;
template class nlohmann::basic_json<nlohmann::ordered_map>;
