#include "scenario/params.h"

#include <map>
#include <stdexcept>

#include "transport/registry.h"
#include "transport/tcp/tcp_family.h"

namespace plab {
namespace {

const std::vector<std::string> kTopologies = {"path", "dumbbell", "wireless_last_hop"};

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

ParamDecl& Declared(std::vector<ParamDecl>& p, const std::string& path) {
  for (ParamDecl& d : p) {
    if (d.path == path) return d;
  }
  throw std::logic_error("no declaration " + path);
}

// An error model on one direction of something packets cross: `base` ends in "." and
// holds model, p, the ON/OFF sojourns, the script, and (a flow's data channel only)
// the LE paper's window drops.
void AddErrorModel(std::vector<ParamDecl>& p, const std::string& base, const std::string& name,
                   const std::string& group, const std::string& carries, const std::string& default_model,
                   double default_p, bool window_drops, bool advanced) {
  const std::string model = base + "model";
  std::vector<std::string> models = {"none", "bernoulli", "on_off", "scripted"};
  std::vector<std::string> labels = {"None", "Bernoulli", "ON/OFF (Markov)", "Scripted"};
  if (window_drops) {
    models.push_back("window");
    labels.push_back("k losses in one window");
  }
  auto add = [&](ParamDecl d) {
    if (advanced) d.Advanced();
    p.push_back(std::move(d));
  };
  add(EnumParam(model, name + " error model", group, models, default_model,
                "How " + carries + " are lost: none; Bernoulli(p) per packet; two-state Markov ON/OFF; a script "
                "of packet indices" +
                    std::string(window_drops ? "; or k random segments of one window, retransmissions never "
                                               "lost (LE paper §3.1)"
                                             : ""))
          .Labels(labels)
          .Source("TCP-Real §3"));
  add(NumberParam(base + "p", name + " loss rate", group, "", 0, 1, default_p,
                  "Bernoulli: probability that each of the " + carries + " is lost")
          .When(model, {"bernoulli"})
          .Live());
  add(NumberParam(base + "on_mean_s", name + " ON mean sojourn", group, "s", 0.001, 3600, 1,
                  "ON/OFF: mean time in the lossy ON state (exponential)")
          .Source("TCP-Real §3: 1 s")
          .Log()
          .When(model, {"on_off"})
          .Live());
  add(NumberParam(base + "off_mean_s", name + " OFF mean sojourn", group, "s", 0.001, 3600, 1,
                  "ON/OFF: mean time in the clear OFF state (exponential)")
          .Source("TCP-Real §3: 1 s")
          .Log()
          .When(model, {"on_off"})
          .Live());
  add(NumberParam(base + "on_p", name + " ON loss rate", group, "", 0, 1, 0.2,
                  "ON/OFF: loss probability per packet while ON")
          .Source("TCP-Real §4.4: 20%")
          .When(model, {"on_off"})
          .Live());
  add(NumberParam(base + "off_p", name + " OFF loss rate", group, "", 0, 1, 0,
                  "ON/OFF: loss probability per packet while OFF")
          .Source("TCP-Real §3: 0")
          .When(model, {"on_off"})
          .Live());
  add(IntListParam(base + "drop_packets", name + " scripted drops", group, 1, 1e9,
                   "Scripted: 1-based indices of the " + carries +
                       " to drop, counted in the order they reach the channel (retransmissions included)")
          .When(model, {"scripted"}));
  if (!window_drops) return;
  add(IntegerParam(base + "window_first_segment", name + " window start", group, "segment", 1, 1e9, 101,
                   "Window drops: the first segment (1-based) of the window the losses fall in")
          .Source("LE paper §3.1")
          .When(model, {"window"}));
  add(IntegerParam(base + "window_segments", name + " window size", group, "segments", 1, 10000, 32,
                   "Window drops: how many consecutive segments the losses are chosen from")
          .Source("LE paper §3.1: cwnd limited to 32")
          .When(model, {"window"}));
  add(IntegerParam(base + "window_drops", name + " losses in the window", group, "segments", 0, 10000, 4,
                   "Window drops: how many distinct segments of the window are lost (at random, first "
                   "transmissions only)")
          .Source("LE paper §3.1, Fig. 4: 1 to 31")
          .When(model, {"window"}));
}

// A queue discipline and its tunables under `base` ("topology.bottleneck.").
void AddQueueDiscipline(std::vector<ParamDecl>& p, const std::string& base, const std::string& name,
                        const std::string& group) {
  const std::string queue = base + "queue";
  p.push_back(EnumParam(queue, name + " queue discipline", group, {"drop_tail", "red", "codel"}, "drop_tail",
                        "Drop-tail (first in, first out, drop when full); RED with ns-2's classic defaults "
                        "(the papers ran ns-2); or CoDel, which drops by how long packets have waited "
                        "(the bufferbloat cure)")
                  .Labels({"Drop-tail", "RED", "CoDel"})
                  .Source("Floyd & Jacobson 1993 (RED); RFC 8289 (CoDel)"));
  const std::string red = base + "red.";
  p.push_back(NumberParam(red + "min_thresh_packets", name + " RED min threshold", group, "packets", 0, 100000, 5,
                          "Below this average queue RED never drops early")
                  .Source("ns-2 ns-default.tcl: thresh_ 5")
                  .When(queue, {"red"})
                  .Advanced());
  p.push_back(NumberParam(red + "max_thresh_packets", name + " RED max threshold", group, "packets", 0, 100000,
                          15, "At this average queue RED drops every arrival (twice this when gentle)")
                  .Source("ns-2 ns-default.tcl: maxthresh_ 15")
                  .When(queue, {"red"})
                  .Advanced());
  p.push_back(NumberParam(red + "weight", name + " RED queue weight", group, "", 0.00001, 1, 0.002,
                          "Weight of each new sample in the average queue (EWMA)")
                  .Source("ns-2 ns-default.tcl: q_weight_ 0.002")
                  .Log()
                  .When(queue, {"red"})
                  .Advanced());
  p.push_back(NumberParam(red + "max_p", name + " RED max drop probability", group, "", 0, 1, 0.1,
                          "Early-drop probability as the average reaches the max threshold")
                  .Source("ns-2 ns-default.tcl: linterm_ 10 (max_p = 1/10)")
                  .When(queue, {"red"})
                  .Advanced());
  p.push_back(BoolParam(red + "gentle", name + " RED gentle", group, false,
                        "Between max and twice max threshold, raise the probability from max_p to 1 instead of "
                        "dropping everything (ns-2.35's default; off in the papers' ns-2)")
                  .Source("Floyd 2000, gentle RED")
                  .When(queue, {"red"})
                  .Advanced());
  p.push_back(NumberParam(base + "codel.target_ms", name + " CoDel target", group, "ms", 0.1, 10000, 5,
                          "Acceptable standing queue delay")
                  .Source("RFC 8289 §4.4: 5 ms")
                  .When(queue, {"codel"})
                  .Advanced());
  p.push_back(NumberParam(base + "codel.interval_ms", name + " CoDel interval", group, "ms", 1, 100000, 100,
                          "How long the delay may stay above target before CoDel drops (about a worst-case RTT)")
                  .Source("RFC 8289 §4.3: 100 ms")
                  .When(queue, {"codel"})
                  .Advanced());
}

struct LinkDefaults {
  double rate_mbps;
  double delay_ms;
  int64_t queue_packets;
};

// A link's rate, delay, buffer, and an error model per direction (for every link of
// that role: a dumbbell's access links each get their own instance).
void AddLink(std::vector<ParamDecl>& p, const std::string& base, const std::string& name, const std::string& group,
             const LinkDefaults& def, const std::vector<std::string>& topologies, bool advanced,
             const std::string& rate_help, const std::string& delay_help) {
  auto shown = [&](ParamDecl d) {
    if (topologies.size() < kTopologies.size()) d.When("topology.kind", topologies);
    if (advanced) d.Advanced();
    p.push_back(std::move(d));
  };
  shown(NumberParam(base + "rate_mbps", name + " rate", group, "Mb/s", 0.001, 10000, def.rate_mbps, rate_help)
            .Log()
            .Live());
  shown(NumberParam(base + "delay_ms", name + " delay", group, "ms", 0, 10000, def.delay_ms, delay_help).Live());
  shown(IntegerParam(base + "queue_packets", name + " buffer", group, "packets", 1, 100000, def.queue_packets,
                     "Queue of the link, in packets (not counting the one being sent)")
            .Log());
}

void AddLinkErrors(std::vector<ParamDecl>& p, const std::string& base, const std::string& name,
                   const std::string& group, const std::vector<std::string>& topologies) {
  const size_t first = p.size();
  AddErrorModel(p, base + "errors.forward.", name + " forward", group, "packets towards the receivers", "none", 0.01,
                false, true);
  AddErrorModel(p, base + "errors.reverse.", name + " reverse", group, "packets back to the senders", "none", 0.01,
                false, true);
  // The model selectors themselves appear only where the link exists.
  for (size_t i = first; i < p.size(); ++i) {
    if (p[i].when_path.empty() && topologies.size() < kTopologies.size()) p[i].When("topology.kind", topologies);
  }
}

void AddTopology(std::vector<ParamDecl>& p) {
  p.push_back(EnumParam("topology.kind", "Topology", "Path", kTopologies, "path",
                        "Path: every flow shares one access link and the bottleneck. Dumbbell: each flow has its "
                        "own access link into the left router, all share the bottleneck, each has its own link "
                        "out of the right router. Wired + wireless: a wired path, then a last-hop link of its "
                        "own to each receiver, with the flow's channel as that link's error model")
                  .Labels({"Path", "Dumbbell", "Wired + wireless last hop"})
                  .Source("Ng & Chan §3.3 (Fig. 4) and §4 (Fig. 15); LE paper §5"));
  const std::vector<std::string> shared_access = {"path", "wireless_last_hop"};
  AddLink(p, "topology.access.", "Access", "Path", {100, 1, 100}, shared_access, true,
          "Rate of the senders' access link", "One-way propagation delay of the access link");
  // On a dumbbell each flow's access link has its own rate and delay (flows[].access)
  // but this buffer and these errors, each link its own instance.
  Declared(p, "topology.access.queue_packets").when_path.clear();
  Declared(p, "topology.access.queue_packets").when_values.clear();
  AddLinkErrors(p, "topology.access.", "Access", "Path", kTopologies);
  AddLink(p, "topology.bottleneck.", "Bottleneck", "Path", {10, 14, 100}, kTopologies, false,
          "Rate of the bottleneck link (both directions)",
          "One-way propagation delay of the bottleneck; with the access link, 15 ms one way as in TCP-Real §4.1");
  Declared(p, "topology.bottleneck.queue_packets").label = "Buffer";
  Declared(p, "topology.bottleneck.queue_packets").help = "The bottleneck's queue, in packets";
  Declared(p, "topology.bottleneck.delay_ms").source = "TCP-Real §4.1 / §4.3 (15 ms, 50 ms)";
  AddQueueDiscipline(p, "topology.bottleneck.", "Bottleneck", "Path");
  AddLinkErrors(p, "topology.bottleneck.", "Bottleneck", "Path", kTopologies);
  AddLink(p, "topology.receiver_access.", "Receiver access", "Path", {100, 1, 100}, {"dumbbell"}, true,
          "Rate of each receiver's link out of the right router", "One-way delay of each receiver's link");
  AddLinkErrors(p, "topology.receiver_access.", "Receiver access", "Path", {"dumbbell"});
  auto last_hop = [&](ParamDecl d) {
    d.When("topology.kind", {"wireless_last_hop"});
    p.push_back(std::move(d));
  };
  last_hop(IntegerParam("topology.last_hop.queue_packets", "Last-hop buffer", "Path", "packets", 1, 100000, 50,
                        "Queue at the base station, per receiver's last hop")
               .Log());
  const size_t queue_first = p.size();
  AddQueueDiscipline(p, "topology.last_hop.", "Last hop", "Path");
  p[queue_first].When("topology.kind", {"wireless_last_hop"});
  AddLinkErrors(p, "topology.last_hop.", "Last hop", "Path", {"wireless_last_hop"});
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
  AddPrefixed(p, prefix, TcpFamilyParams());
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
  p.push_back(IntegerParam(tb + "token_bytes", "Token size", g, "bytes", 1, 65535, 1000,
                           "Payload bytes one token allows")
                  .Source("TCP-Real §3: 1 KB")
                  .Advanced()
                  .When(tb + "enabled", {"true"}));
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
  AddErrorModel(p, "flows[].channel.forward.", "Forward", "Forward channel", "data packets", "bernoulli", 0.01, true,
                false);
  AddErrorModel(p, "flows[].channel.reverse.", "Reverse", "Reverse channel", "ACKs", "bernoulli", 0, false, false);
  AddApplication(p);
  p.push_back(NumberParam("flows[].start_s", "Start", "Flow", "s", 0, 2000, 0,
                          "When the flow starts sending"));
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
  p.push_back(IntegerParam(b + "count", "Count", g, "", 1, kMaxBackgroundCount, 10,
                           "FTP flows or web users in this group")
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
  p.push_back(IntegerParam("metrics.trace_flow", "Traced flow", "Run", "", 0, kMaxFlows - 1, 0,
                           "The flow whose every segment and ACK is kept for the time-sequence chart")
                  .Advanced());
  p.push_back(IntegerParam("max_events", "Event budget", "Run", "events", 1000, 1e10, 200000000,
                           "The run stops after this many simulator events and says so, rather than keep a "
                           "browser tab busy for minutes")
                  .Log()
                  .Advanced());
  AddTopology(p);
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
