// The test protocol's registration (echo_protocol.cc), for the tests that read it.
#pragma once

#include "transport/protocol_entry.h"

namespace plab::testing {

extern const ProtocolRegistration kEchoProtocol;

}  // namespace plab::testing
