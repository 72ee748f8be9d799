// A protocol's family: how its sender decides when to send. A type, not a string, so
// that a comparison against a misspelt family does not compile; its name is only for
// the schema the page reads ("tcp", "rate").
#pragma once

#include <string>

namespace plab {

enum class Family {
  kTcp,   // window-based: a congestion control paired with a loss recovery (tcp/)
  kRate,  // rate-based: the sender paces at a rate the feedback sets (rate/)
};

inline std::string FamilyName(Family family) { return family == Family::kTcp ? "tcp" : "rate"; }

}  // namespace plab
