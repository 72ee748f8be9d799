// Every scenario parameter, declared once: path, unit, range, default, help text and
// where it comes from. Validation, the CLI's `schema`, the defaults and the page's
// controls are all derived from this one table (ARCHITECTURE.md, `scenario`).
//
// Two lists hold items of the same shape: `flows` (the explicit flows, each with its
// own protocol, application and channel) and `background` (groups of FTP flows or web
// users). A declaration under "flows[]." applies to every flow.
#pragma once

#include <string>
#include <vector>

#include "params/param_decl.h"

namespace plab {

struct ListDecl {
  std::string name;   // "flows"
  std::string label;  // "Flows"
  size_t min_items = 0;
  size_t max_items = 0;
  size_t default_items = 0;
  std::string help;
};

// The largest number of explicit flows.
constexpr size_t kMaxFlows = 64;
// The largest number of background groups, and of flows or users in one group.
constexpr size_t kMaxBackgroundGroups = 8;
constexpr int64_t kMaxBackgroundCount = 1000;

const std::vector<ListDecl>& AllLists();
const ListDecl* FindList(const std::string& name);
const std::vector<ParamDecl>& AllParams();
// By pattern path ("flows[].protocol"); nullptr if there is none.
const ParamDecl* FindParam(const std::string& pattern_path);

}  // namespace plab
