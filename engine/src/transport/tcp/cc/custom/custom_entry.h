// The `custom` protocol and congestion control: a program in the language of
// docs/custom-cc.md, the flow's parameter custom.program (registry.cc lists both).
#pragma once

#include <string>

#include "transport/registry.h"

namespace plab {

CongestionControlEntry CustomControlEntry();
ProtocolEntry CustomEntry();
// The schema's "languages" object: the custom language under its protocol's name (program.h LanguageJson).
std::string LanguagesJson();

}  // namespace plab
