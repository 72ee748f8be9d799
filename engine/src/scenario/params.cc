#include "scenario/params.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "scenario/link_params.h"
#include "transport/rate/rate_family.h"
#include "transport/registry.h"
#include "transport/tcp/tcp_family.h"

namespace plab {
namespace {

// Declarations of a block (a protocol's, a family's) are written relative to their
// flow; this makes them absolute under a list prefix ("flows[]."), `when` paths too
// unless they name the topology.
void AddPrefixed(std::vector<ParamDecl>& out, const std::string& prefix, std::vector<ParamDecl> block) {
  for (ParamDecl& d : block) {
    d.path = prefix + d.path;
    if (!d.when_path.empty() && d.when_path.rfind("topology.", 0) != 0) d.when_path = prefix + d.when_path;
    out.push_back(std::move(d));
  }
}

// The transport of one flow, for a list prefix ("flows[]." / "background[]."): the
// protocol, the TCP family's block and each congestion control's own tunables.
void AddTransport(std::vector<ParamDecl>& p, const std::string& prefix) {
  std::vector<std::string> names, labels;
  std::string help;
  for (const ProtocolEntry& e : Protocols()) {
    names.push_back(e.name);
    labels.push_back(e.label);
    help += (help.empty() ? "" : "; ") + e.label + ": " + e.help + " (" + e.source + ")";
  }
  p.push_back(EnumParam(prefix + "protocol", "Protocol", "TCP", names, DefaultProtocol(), help)
                  .Labels(labels)
                  .Source("RFC 5681, 6582, 6675, 9438; TCP-ER §II"));
  // The TCP family's block; what no rate-based protocol reads is shown for TCP flows only.
  std::vector<std::string> tcp_protocols, timed_protocols;
  for (const ProtocolEntry& e : Protocols()) {
    if (e.tcp.has_value()) tcp_protocols.push_back(e.name);
    if (e.tcp.has_value() || e.reads_tcp_timers) timed_protocols.push_back(e.name);
  }
  std::vector<ParamDecl> tcp = TcpFamilyParams();
  for (ParamDecl& d : tcp) {
    const auto& shared = RateFamilyReadsOfTcp();
    if (d.when_path.empty() && std::find(shared.begin(), shared.end(), d.path) == shared.end()) {
      d.When("protocol", d.path == "tcp.timers" ? timed_protocols : tcp_protocols);
    }
  }
  AddPrefixed(p, prefix, std::move(tcp));
  for (const ProtocolEntry& e : Protocols()) {
    std::vector<ParamDecl> own = e.params;
    for (ParamDecl& d : own) {
      if (d.when_path.empty()) d.When("protocol", {e.name});
    }
    AddPrefixed(p, prefix, std::move(own));
  }
  for (const CongestionControlEntry& cc : CongestionControls()) {
    std::vector<ParamDecl> own = cc.params;
    for (ParamDecl& d : own) d.When("protocol", ProtocolsUsingCongestionControl(cc.name));
    AddPrefixed(p, prefix, std::move(own));
  }
}

void AddApplication(std::vector<ParamDecl>& p) {
  const std::string g = "Application";
  p.push_back(IntegerParam("flows[].app.size_bytes", "Transfer size", g, "bytes", 0, 1e12, 0,
                           "Bytes to transfer; 0 = unlimited (runs for the whole duration)")
                  .Source("TCP-Real §3: 5 MB"));
  const std::string tb = "flows[].app.token_bucket.";
  p.push_back(BoolParam(tb + "enabled", "Token bucket", g, true,
                        "Limit the source with a token bucket and count tokens consumed per RTT")
                  .Source("TCP-Real §3"));
  p.push_back(IntegerParam(tb + "tokens_per_interval", "Token rate", g, "tokens", 1, 1000000, 20,
                           "Tokens added per token interval")
                  .Source("TCP-Real §3: 20 per 30 ms")
                  .When(tb + "enabled", {"true"}));
  p.push_back(NumberParam(tb + "interval_ms", "Token interval", g, "ms", 0.1, 10000, 30,
                          "The interval the token rate refers to")
                  .Source("TCP-Real §3: 30 ms")
                  .When(tb + "enabled", {"true"}));
  p.push_back(IntegerParam(tb + "depth_tokens", "Token depth", g, "tokens", 1, 1000000, 20,
                           "Bucket depth: tokens that can be saved up")
                  .Source("TCP-Real §3: 20 KB")
                  .When(tb + "enabled", {"true"}));
  p.push_back(
      IntegerParam(tb + "token_bytes", "Token size", g, "bytes", 1, 65535, 1000, "Payload bytes one token allows")
          .Source("TCP-Real §3: 1 KB")
          .Advanced()
          .When(tb + "enabled", {"true"}));
  const std::string st = "flows[].app.stream.";
  p.push_back(BoolParam(st + "enabled", "Live stream", g, false,
                        "A live CBR media source: data is generated at the encoding rate and TCP can send only "
                        "what exists; the viewer's late packets, frozen time and jitter are measured")
                  .Source("TCP-ER §IV-A: constrained streaming"));
  p.push_back(
      NumberParam(st + "rate_kbps", "Encoding rate", g, "kb/s", 1, 1000000, 1000, "The rate the media is generated at")
          .Source("TCP-ER Table V: 1 Mb/s; Table VI: 300 kb/s")
          .Log()
          .When(st + "enabled", {"true"}));
  p.push_back(NumberParam(st + "playback_ratio", "Encoding / playback rate", g, "", 0.1, 10, 1,
                          "The viewer plays at the encoding rate divided by this: above 1 it plays slower "
                          "than the media is made, which leaves more time for each packet")
                  .Source("TCP-ER Figs. 5-9: x axis 1.0-1.8")
                  .When(st + "enabled", {"true"}));
  p.push_back(NumberParam(st + "prebuffer_s", "Pre-buffering delay", g, "s", 0, 2000, 10,
                          "The viewer starts playing this long after the stream starts")
                  .Source("TCP-ER Table VI: 10 s")
                  .When(st + "enabled", {"true"}));
  p.push_back(NumberParam(st + "frozen_gap_ms", "Frozen after", g, "ms", 1, 100000, 200,
                          "Session frozen time counts the gaps without a new ACK at least this long, in full")
                  .Source("TCP-ER §IV-A defines SFT without a minimum gap; 200 ms is ns-2's smallest RTO, the "
                          "smallest timeout the paper saw")
                  .Advanced()
                  .When(st + "enabled", {"true"}));
  p.push_back(EnumParam(st + "frozen_counts", "Frozen gaps", g, {"gaps", "timeouts"}, "gaps",
                        "Which gaps without a new ACK the session frozen time adds: every one at least "
                        "'Frozen after' long, or only those in which the sender's retransmission timer fired "
                        "(a long fast recovery then does not count)")
                  .Labels({"Every long gap", "Gaps with a timeout"})
                  .Source("TCP-ER §IV-A: \"SFT is directly related to number of timeouts\"")
                  .Advanced()
                  .When(st + "enabled", {"true"}));
  p.push_back(NumberParam("flows[].app.playback.interval_ms", "Playback interval", g, "ms", 1, 10000, 40,
                          "The receiving application reads every this often")
                  .Source("TCP-Real §3: 40 ms and 100 ms")
                  .Log());
  p.push_back(IntegerParam("flows[].app.playback.read_bytes", "Read size", g, "bytes", 1, 100000000, 5000,
                           "Bytes each playback read needs to succeed")
                  .Source("TCP-Real §3: 5 KB")
                  .Log());
  p.push_back(EnumParam("flows[].app.playback.mode", "Playback reading", g, {"buffered", "drain"}, "buffered",
                        "Buffered: a read takes read_bytes and leaves the rest for later reads (a player with a "
                        "buffer). Drain: each read takes everything that has arrived and succeeds only if at "
                        "least read_bytes arrived since the last read (no buffer: what matters is whether the "
                        "flow kept up in that interval)")
                  .Labels({"Buffered (unread bytes kept)", "Drain (everything read each time)"})
                  .Source("TCP-Real §3 leaves it open; its Tables 4-6 (57 % success at 2.5x the read rate) fit "
                          "drain, not buffered"));
  p.push_back(NumberParam("flows[].app.playback.startup_ms", "Playback start-up delay", g, "ms", 0, 600000, 0,
                          "Time before the first playback read")
                  .Advanced());
}

void AddFlowPlacement(std::vector<ParamDecl>& p, const std::string& prefix, const std::string& group) {
  p.push_back(NumberParam(prefix + "access.rate_mbps", "Access rate", group, "Mb/s", 0.001, 10000, 100,
                          "Rate of this sender's own access link into the left router")
                  .Log()
                  .When("topology.kind", {"dumbbell"})
                  .Live());
  p.push_back(NumberParam(prefix + "access.delay_ms", "Access delay", group, "ms", 0, 10000, 1,
                          "One-way delay of this sender's access link: sets this flow's RTT apart from the others")
                  .Source("ns-3 dumbbell set C: 1 / 10 / 25 / 50 ms")
                  .When("topology.kind", {"dumbbell"})
                  .Live());
  p.push_back(NumberParam(prefix + "last_hop.rate_mbps", "Last-hop rate", group, "Mb/s", 0.001, 10000, 2,
                          "Rate of the wireless last hop to this flow's receiver")
                  .Source("Ng & Chan Table 2: 150 kb/s")
                  .Log()
                  .When("topology.kind", {"wireless_last_hop"})
                  .Live());
  p.push_back(NumberParam(prefix + "last_hop.delay_ms", "Last-hop delay", group, "ms", 0, 10000, 10,
                          "One-way delay of the last hop to this flow's receiver")
                  .Source("Ng & Chan Table 2: 200 ms")
                  .When("topology.kind", {"wireless_last_hop"})
                  .Live());
}

void AddFlows(std::vector<ParamDecl>& p) {
  AddTransport(p, "flows[].");
  AddErrorModelParams(p, "flows[].channel.forward.", "Forward", "Forward channel", "data packets", "bernoulli", 0.01,
                      true, false);
  AddErrorModelParams(p, "flows[].channel.reverse.", "Reverse", "Reverse channel", "ACKs", "bernoulli", 0, false,
                      false);
  AddApplication(p);
  p.push_back(NumberParam("flows[].start_s", "Start", "Flow", "s", 0, 2000, 0, "When the flow starts sending"));
  p.push_back(NumberParam("flows[].stop_s", "Stop", "Flow", "s", 0, 2000, 0,
                          "When the application stops offering data (what is already sent is still delivered); "
                          "0 = never"));
  AddFlowPlacement(p, "flows[].", "Flow");
}

void AddBackground(std::vector<ParamDecl>& p) {
  const std::string g = "Background";
  const std::string b = "background[].";
  p.push_back(EnumParam(b + "kind", "Kind", g, {"ftp", "http"}, "ftp",
                        "FTP: bulk flows that send for the whole run. HTTP: on/off web users, each fetching "
                        "responses of Pareto-distributed size over a new connection, with exponential think "
                        "times between them")
                  .Labels({"FTP (bulk)", "HTTP (on/off web users)"})
                  .Source("TCP-ER Tables V-VI: 20-50 FTP and 300 HTTP background flows"));
  p.push_back(
      IntegerParam(b + "count", "Count", g, "", 1, kMaxBackgroundCount, 10, "FTP flows or web users in this group")
          .Log());
  p.push_back(NumberParam(b + "start_min_s", "Earliest start", g, "s", 0, 2000, 0,
                          "Each flow or user starts at a time drawn uniformly between these two")
                  .Source("TCP-ER §IV-B: FTP flows start randomly in 0-50 s"));
  p.push_back(NumberParam(b + "start_max_s", "Latest start", g, "s", 0, 2000, 0,
                          "Each flow or user starts at a time drawn uniformly between these two"));
  p.push_back(NumberParam(b + "think_mean_s", "Think time", g, "s", 0.001, 3600, 1,
                          "HTTP: mean of the exponential pause between the end of one response and the next "
                          "request")
                  .Source("ns-2 tcl/ex/web-traffic.tcl: inter-page time Exponential, mean 1 s")
                  .Log()
                  .When(b + "kind", {"http"}));
  p.push_back(IntegerParam(b + "size_mean_bytes", "Mean response", g, "bytes", 1, 1e9, 10000,
                           "HTTP: mean response size (Pareto, heavy-tailed)")
                  .Source("ns-2 tcl/ex/web-traffic.tcl: object size ParetoII, mean 10 packets")
                  .Log()
                  .When(b + "kind", {"http"}));
  p.push_back(NumberParam(b + "size_shape", "Pareto shape", g, "", 1.01, 10, 1.2,
                          "HTTP: shape of the response-size distribution (smaller = heavier tail; must exceed 1 "
                          "for a finite mean)")
                  .Source("ns-2 tcl/ex/web-traffic.tcl: shape 1.2; Crovella & Bestavros 1997")
                  .When(b + "kind", {"http"}));
  AddTransport(p, b);
  AddFlowPlacement(p, b, g);
  p.push_back(NumberParam(b + "access.delay_spread_ms", "Access delay spread", g, "ms", 0, 1000, 0,
                          "Each flow or user's access delay is the group's plus a share of this, drawn "
                          "uniformly once per run from the seed: 0 gives every member the same round trip, "
                          "which a drop-tail queue can lock in phase (a packet sent off the ACK clock, such as "
                          "a timeout's retransmission, then finds the queue full far more often than the others)")
                  .Source("Floyd & Jacobson 1992, On Traffic Phase Effects in Packet-Switched Gateways")
                  .When("topology.kind", {"dumbbell"}));
  // A background flow's protocol and TCP settings live in the group; its default
  // protocol is the papers' (TCP-ER: NewReno background), like an explicit flow's.
}

std::vector<ParamDecl> Declare() {
  std::vector<ParamDecl> p;
  p.push_back(IntegerParam("seed", "Seed", "Run", "", 0, 4294967295.0, 1,
                           "Random seed: the same scenario and seed give the same run, natively and in the browser"));
  p.push_back(NumberParam("duration_s", "Duration", "Run", "s", 0.1, 2000, 20,
                          "Simulated time; ends earlier when every flow with a fixed size has finished")
                  .Source("TCP-Real Tables 1-12: slowest transfers take 1,635 s"));
  p.push_back(NumberParam("metrics.start_s", "Measure from", "Run", "s", 0, 2000, 0,
                          "Goodput and fairness count what is delivered from this time on (a warm-up to skip)")
                  .Source("ns-3 set C: 10 s; TCP-ER §IV-B: 100 s")
                  .Advanced());
  p.push_back(EnumParam("metrics.goodput", "Goodput counts", "Run", {"arrived", "app"}, "arrived",
                        "What goodput over a window that starts after the flow counts. arrived: the bytes that "
                        "reached the receiver in the window and were delivered in order (never more than the "
                        "bottleneck carried). app: every byte the application got in the window, as ns-3's "
                        "PacketSink counts it, with the data that arrived before the window and waited out of "
                        "order behind a hole, released by a repair in it (can exceed the link's rate)")
                  .Source("ns-3.44 PacketSink::GetTotalRx (app), used by the ns-3 comparisons")
                  .Advanced());
  p.push_back(IntegerParam("metrics.trace_flow", "Traced flow", "Run", "", 0, kMaxFlows - 1, 0,
                           "The flow whose every segment and ACK is kept for the time-sequence chart")
                  .Advanced());
  p.push_back(NumberParam("metrics.packet_trace.from_s", "Packet trace from", "Run", "s", 0, 2000, 0,
                          "Start of the window whose every packet event is kept for the packet animation")
                  .Advanced());
  p.push_back(NumberParam("metrics.packet_trace.to_s", "Packet trace to", "Run", "s", 0, 2000, 0,
                          "End of the packet animation's window (at most 5 s after its start; equal to the start: "
                          "no trace)")
                  .Advanced());
  // 5e7 events: 3-5 s of WASM in a browser tab (10-15 M events/s), three times the
  // largest preset's run (TCP-ER's 500 s loads, 1.6e7). The CLI has its own, higher
  // default (cli/main.cc).
  p.push_back(IntegerParam("max_events", "Event budget", "Run", "events", 1000, 1e10, 50000000,
                           "The run stops after this many simulator events and says so, rather than keep a "
                           "browser tab busy for minutes")
                  .Log()
                  .Advanced());
  AddTopologyParams(p);
  AddFlows(p);
  AddBackground(p);
  return p;
}

}  // namespace

const std::vector<ListDecl>& AllLists() {
  static const std::vector<ListDecl> lists = {
      {"flows", "Flows", 1, kMaxFlows, 1, "The explicit flows: each with its own protocol, application and channel"},
      {"background", "Background traffic", 0, kMaxBackgroundGroups, 0,
       "Groups of FTP flows or web users, summarized rather than drawn one by one"},
  };
  return lists;
}

const ListDecl* FindList(const std::string& name) {
  for (const ListDecl& l : AllLists()) {
    if (l.name == name) return &l;
  }
  return nullptr;
}

const std::vector<ParamDecl>& AllParams() {
  static const std::vector<ParamDecl> params = Declare();
  return params;
}

const ParamDecl* FindParam(const std::string& pattern_path) {
  static const std::map<std::string, const ParamDecl*> index = [] {
    std::map<std::string, const ParamDecl*> m;
    for (const ParamDecl& d : AllParams()) m[d.path] = &d;
    return m;
  }();
  const auto it = index.find(pattern_path);
  return it == index.end() ? nullptr : it->second;
}

}  // namespace plab
