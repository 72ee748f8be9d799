#include "transport/timers/timer_profiles.h"

#include "params/param_view.h"
#include "transport/timers/bsd_timers.h"
#include "transport/timers/ns2_timers.h"

namespace plab {
namespace {

std::shared_ptr<const TimerProfile> MakeRfc6298(const ParamView&) {
  // The process-wide instance, not owned.
  return std::shared_ptr<const TimerProfile>(&Rfc6298Timers(), [](const TimerProfile*) {});
}

std::shared_ptr<const TimerProfile> MakeBsd(const ParamView&) { return std::make_shared<BsdTimers>(); }

std::shared_ptr<const TimerProfile> MakeNs2(const ParamView& params) {
  return std::make_shared<Ns2Timers>(Time::FromMillisecondsDouble(params.Number("tcp.ns2_tick_ms")));
}

}  // namespace

const std::vector<TimerProfileEntry>& TimerProfiles() {
  static const std::vector<TimerProfileEntry> entries = {
      {"rfc6298", "RFC 6298 (today)",
       "a fine clock: every ACK of data never retransmitted is an RTT sample, RTO = max(min RTO, SRTT + "
       "4 RTTVAR), doubled per timeout, the timer running out exactly then (RFC 6298; Linux and ns-3 alike, "
       "Linux with a 200 ms minimum)",
       MakeRfc6298},
      {"bsd", "4.4BSD / x-kernel",
       "a 500 ms slow timer: one segment timed per round trip, in ticks, srtt and rttvar in BSD's fixed "
       "point, RTO = srtt + 4 rttvar in whole ticks (2 ticks = 1 s at least with the default minimum), "
       "backed off by BSD's table (x1, 2, 4 ... 64), the timeout firing on a tick, 0.5 s early at most; "
       "delayed ACKs on a 200 ms heartbeat (4.4BSD tcp_input.c tcp_xmit_timer, tcp_timer.c; Stevens, TCP/IP "
       "Illustrated vol. 2 ch. 25). The TCP-Real paper's platform (x-kernel)",
       MakeBsd},
      {"ns2", "ns-2",
       "ns-2's Agent/TCP: one segment timed per round trip in tcpTick_ ticks, t_srtt_ x8 and t_rttvar_ x4, "
       "t_rtxcur_ = srtt + 4 rttvar in ticks, minrto_ applied before the back-off, at least 2 ticks, the "
       "timer firing exactly (ns-2 tcp.cc rtt_update, rtt_timeout, rtt_backoff). Set minimum / initial / "
       "maximum RTO to the version's minrto_ / rtxcur_init_ / maxrto_ (ns-2.35: 0.2 / 3 / 60 s; 2001-2004: "
       "1 / 6 / 100000 s). The LE, Ng & Chan, TCP-ER and RRTP papers' simulator",
       MakeNs2},
  };
  return entries;
}

const TimerProfileEntry* FindTimerProfile(const std::string& name) {
  for (const TimerProfileEntry& e : TimerProfiles()) {
    if (e.name == name) return &e;
  }
  return nullptr;
}

}  // namespace plab
