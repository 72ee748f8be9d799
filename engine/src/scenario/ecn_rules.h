// Rules between a flow's ECN and the queues on its path (RFC 3168 §5: only a queue
// that marks makes ECN mean anything), and each queue's own rules (its registry
// entry's: the step queue's threshold against its buffer). Part of validation (scenario.cc's ValidateCrossFields).
#pragma once

#include <vector>

#include "params/param_decl.h"

namespace plab {

class Scenario;

void CheckEcnRules(const Scenario& s, std::vector<ValidationError>& errors);

}  // namespace plab
