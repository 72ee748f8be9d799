// The registry's lists: one line per protocol, per congestion control and the
// loss recoveries. Each entry is built in its protocol's folder (protocol_entry.h).
#include "transport/registry.h"

#include <algorithm>
#include <stdexcept>

#include "transport/rate/rate_entries.h"
#include "transport/rate/rrtp_entry.h"
#include "transport/tcp/bbr3/bbr3_entry.h"
#include "transport/tcp/cc/cc_entries.h"
#include "transport/tcp/cc/custom/custom_entry.h"
#include "transport/tcp/copa/copa_entry.h"
#include "transport/tcp/dctcp/dctcp_entry.h"
#include "transport/tcp/ledbat/ledbat_entry.h"
#include "transport/tcp/prague/prague_entry.h"
#include "transport/tcp/real/real_entry.h"
#include "transport/tcp/recovery/recovery_entries.h"
#include "transport/tcp/tcp_entries.h"

namespace plab {
namespace {

ProtocolEntry Compared(ProtocolEntry e) {
  e.compare_by_default = true;
  return e;
}

// Entries added from outside the list (ProtocolRegistration), in registration order.
std::vector<ProtocolEntry (*)()>& Registered() {
  static std::vector<ProtocolEntry (*)()> makers;
  return makers;
}
bool protocols_read = false;

std::vector<ProtocolEntry> DeclareProtocols() {
  std::vector<ProtocolEntry> entries = {
      TahoeEntry(),
      RenoEntry(),
      Compared(NewRenoEntry()),
      Compared(SackEntry()),
      FackEntry(),
      VegasEntry(),
      WestwoodEntry(),
      Compared(CubicEntry()),
      BbrEntry(),
      Bbr3Entry(),
      CopaEntry(),
      LedbatEntry(),
      DctcpEntry(),
      PragueEntry(),
      RealEntry(),
      LeEntry(),
      Ns2Sack1Entry(),
      TcpErEntry(),
      SackErEntry(),
      TfrcEntry(),
      TfrcModifiedEntry(),
      SrpEntry(),
      CrpEntry(),
      MrpEntry(),
      RrtpEntry(),
      FixedWindowEntry(),
      ManualEntry(),
      CustomEntry(),
  };
  for (const auto make : Registered()) entries.push_back(make());
  protocols_read = true;
  return entries;
}

std::vector<CongestionControlEntry> DeclareCongestionControls() {
  return {AimdControl(),        VegasControl(),       WestwoodControl(), CubicControl(),  RealControlEntry(),
          FixedControl(),       ManualControl(),      BbrControl(),      LedbatControl(), DctcpControlEntry(),
          PragueControlEntry(), CustomControlEntry(), Bbr3Control(),     CopaControl()};
}

template <typename Entry>
const Entry* FindIn(const std::vector<Entry>& entries, const std::string& name) {
  const auto it = std::find_if(entries.begin(), entries.end(), [&](const Entry& e) { return e.name == name; });
  return it == entries.end() ? nullptr : &*it;
}

}  // namespace

const std::vector<ProtocolEntry>& Protocols() {
  static const std::vector<ProtocolEntry> entries = DeclareProtocols();
  return entries;
}

ProtocolRegistration::ProtocolRegistration(ProtocolEntry (*make)()) {
  // The schema, the parameters and every lookup are built once from the first read.
  if (protocols_read) throw std::logic_error("a protocol was registered after the registry was read");
  Registered().push_back(make);
}

const std::string& DefaultProtocol() {
  static const std::string name = NewRenoEntry().name;  // the papers' baseline and ns-3's default
  return name;
}

const std::vector<CongestionControlEntry>& CongestionControls() {
  static const std::vector<CongestionControlEntry> entries = DeclareCongestionControls();
  return entries;
}

const std::vector<LossRecoveryEntry>& LossRecoveries() {
  static const std::vector<LossRecoveryEntry> entries = TcpLossRecoveries();
  return entries;
}

const ProtocolEntry* FindProtocol(const std::string& name) { return FindIn(Protocols(), name); }
const CongestionControlEntry* FindCongestionControl(const std::string& name) {
  return FindIn(CongestionControls(), name);
}
const LossRecoveryEntry* FindLossRecovery(const std::string& name) { return FindIn(LossRecoveries(), name); }

std::vector<std::string> ProtocolsUsingCongestionControl(const std::string& cc) {
  std::vector<std::string> names;
  for (const ProtocolEntry& p : Protocols()) {
    if (p.tcp && p.tcp->congestion_control == cc) names.push_back(p.name);
  }
  return names;
}

}  // namespace plab
