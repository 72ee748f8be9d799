#include "transport/tcp/real/real_entry.h"

#include "params/param_view.h"
#include "transport/tcp/real/real_control.h"
#include "transport/tcp/real/real_receiver.h"
#include "transport/tcp/tcp_entries.h"
#include "transport/tcp/tcp_family.h"

namespace plab {

// Reno's sender with a receiver that decides the window (real_receiver.h).
ProtocolEntry RealEntry() {
  ProtocolEntry e = TcpProtocol("real", "TCP-Real", "real", "reno",
                                "The receiver measures each wave's receiving rate and sets the sender's window "
                                "(2 x wave level segments) before losses; random losses and lost ACKs do not shrink it",
                                "Zhang & Tsaoussidis, NOSSDAV 2001, §2");
  const TcpComposition composition = *e.tcp;
  e.make_receiver = [composition](const FlowEnv& env) {
    const ParamView& v = *env.params;
    RealReceiver::Params p;
    p.mss = static_cast<uint32_t>(v.Integer("tcp.mss_bytes"));
    p.max_level = static_cast<int>(v.Integer("real.max_wave_level"));
    p.initial_threshold = v.Number("real.initial_threshold_level");
    return ReceiverParts{MakeTcpReceiver(env, composition, std::make_unique<RealReceiver>(p))};
  };
  return e;
}

CongestionControlEntry RealControlEntry() {
  CongestionControlEntry real{"real",
                              "TCP-Real",
                              "Receiver-decided wave levels over Reno's growth",
                              {},
                              [](const ParamView& v) {
                                return std::make_unique<RealControl>(RealControl::Params{
                                    static_cast<int>(v.Integer("real.max_wave_level")), v.Bool("real.cancel_backoff"),
                                    v.Bool("real.recovery_inflation"), v.Bool("real.grow_between_decisions"),
                                    v.Enum("real.timeout_window") == "tahoe"});
                              },
                              nullptr};
  real.params.push_back(IntegerParam("real.max_wave_level", "Largest wave level", "TCP", "levels", 1, 10000, 24,
                                     "The window is 2 x level segments; the largest level is the largest window")
                            .Source("TCP-Real §3: \"we used 24 wave levels, ranging from 1 to 24\"")
                            .Advanced());
  real.params.push_back(NumberParam("real.initial_threshold_level", "Initial wave level threshold", "TCP", "levels", 0,
                                    10000, 24,
                                    "Fig. 1's threshold before the first wave-decision timeout sets it to half the "
                                    "level; above it a falling rate is answered conservatively")
                            .Source("TCP-Real §2.2 (initial value not given: the lab starts at the largest level, "
                                    "like an unset ssthresh)")
                            .Advanced());
  real.params.push_back(BoolParam("real.cancel_backoff", "Cancel the RTO back-off", "TCP", true,
                                  "A timeout after duplicate ACKs (the DACK bit: wave information arrived) keeps "
                                  "the window and does not double the RTO; off: the RTO doubles on every timeout "
                                  "(RFC 6298 §5.5), as Reno's")
                            .Source("TCP-Real abstract: \"rate and timeout adjustments are cancelled whenever the "
                                    "receiving rate indicates sufficient availability of bandwidth\"; §2.1: \"the "
                                    "timeout can be extended [from RTT measurements], but the window size could "
                                    "remain the same\"")
                            .Advanced());
  real.params.push_back(BoolParam("real.recovery_inflation", "Inflate the window in fast recovery", "TCP", false,
                                  "On: Reno's +1 segment per duplicate ACK during fast recovery, past the largest "
                                  "wave while a lost retransmission waits for its timeout; off: the window stays "
                                  "the wave the receiver set")
                            .Source("TCP-Real §1: a wave's size \"is fixed during each RTT ... not based on the "
                                    "acknowledgements received by the sender\"; §3: \"the maximum wave level "
                                    "corresponds to the maximum congestion window\"")
                            .Advanced());
  real.params.push_back(BoolParam("real.grow_between_decisions", "Grow like Reno between decisions", "TCP", true,
                                  "On: slow start and congestion avoidance raise the window between the receiver's "
                                  "decisions, up to the largest wave; off: the window stays the last decided wave")
                            .Source("TCP-Real §2.2: \"TCP-Real extends TCP-Reno\"; abstract: \"Slow Start ... "
                                    "used whenever congestion avoidance fails\"; the growth between decisions is "
                                    "not stated (WWP's wave is \"fixed during each RTT\", §1)")
                            .Advanced());
  real.params.push_back(
      EnumParam("real.timeout_window", "Window after a timeout", "TCP", {"dack_bit", "tahoe"}, "dack_bit",
                "dack_bit: the window falls to two segments (and the RTO doubles) only when no duplicate ACK "
                "arrived while the timer ran (§2.2's bit); after duplicate ACKs it is kept. tahoe: every timeout "
                "backs off as Tahoe's, and the receiver's next decision restores the level its rate justifies "
                "(§2.1, footnote 3). The paper says both")
          .Labels({"The DACK bit decides (§2.2)", "Always as Tahoe, then the receiver restores (§2.1)"})
          .Source("TCP-Real §2.2: \"reduces the congestion window to two segments, like Slow Start, only if the bit "
                  "is not set\"; §2.1: \"upon a timeout TCP-Real always backs off as Tahoe and Reno, but adjusts "
                  "rapidly upwards\"; footnote 3: \"In the event of a timeout the window is, in fact, adjusted as "
                  "in Tahoe\"")
          .Advanced());
  return real;
}

}  // namespace plab
