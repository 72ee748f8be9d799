#include "scenario/link_params.h"

#include <stdexcept>

#include "net/delivery_trace.h"
#include "net/queue/queue_entry.h"

namespace plab {
namespace {

const std::vector<std::string> kTopologies = {"path", "dumbbell", "wireless_last_hop"};

ParamDecl& Declared(std::vector<ParamDecl>& p, const std::string& path) {
  for (ParamDecl& d : p) {
    if (d.path == path) return d;
  }
  throw std::logic_error("no declaration " + path);
}

}  // namespace

// An error model on one direction of something packets cross: `base` ends in "." and
// holds model, p, the ON/OFF sojourns, the script, and (a flow's data channel only)
// the LE paper's window drops.
void AddErrorModelParams(std::vector<ParamDecl>& p, const std::string& base, const std::string& name,
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
                "How " + carries +
                    " are lost: none; Bernoulli(p) per packet; two-state Markov ON/OFF; a script "
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

namespace {

// A queue discipline (the registry's, net/queue/queue_entry.h) and each one's
// tunables under `base` ("topology.bottleneck."), shown when the link runs it.
void AddQueueDiscipline(std::vector<ParamDecl>& p, const std::string& base, const std::string& name,
                        const std::string& group) {
  const std::string queue = base + "queue";
  std::vector<std::string> names, labels, helps, sources, marking;
  for (const QueueEntry& e : QueueEntries()) {
    names.push_back(e.name);
    labels.push_back(e.label);
    helps.push_back(e.help);
    if (!e.source.empty()) sources.push_back(e.source);
    if (e.can_mark) marking.push_back(e.label);
  }
  auto join = [](const std::vector<std::string>& items, const std::string& sep, const std::string& last) {
    std::string out;
    for (size_t i = 0; i < items.size(); ++i) out += (i == 0 ? "" : i + 1 == items.size() ? last : sep) + items[i];
    return out;
  };
  sources.push_back("RFC 3168 §5, §7 (ECN)");
  p.push_back(EnumParam(queue, name + " queue discipline", group, names, "drop_tail",
                        join(helps, "; ", "; or ") + ". " + join(marking, ", ", " and ") +
                            " queues mark ECN-capable packets (flows[].tcp.ecn) instead of dropping them")
                  .Labels(labels)
                  .Source(join(sources, "; ", "; ")));
  for (const QueueEntry& e : QueueEntries()) {
    for (ParamDecl d : e.params) {
      d.path = base + d.path;
      d.label = name + " " + d.label;
      d.group = group;
      d.When(queue, {e.name});
      p.push_back(std::move(d));
    }
  }
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
  shown(NumberParam(base + "rate_mbps", name + " rate", group, "Mb/s", 0.001, 10000, def.rate_mbps,
                    rate_help + "; a direction a delivery trace drives sends at the trace's opportunities instead")
            .Log()
            .Live());
  shown(NumberParam(base + "delay_ms", name + " delay", group, "ms", 0, 10000, def.delay_ms, delay_help).Live());
  shown(IntegerParam(base + "queue_packets", name + " buffer", group, "packets", 1, 100000, def.queue_packets,
                     "Queue of the link, in packets (not counting the one being sent)")
            .Log());
}

// A delivery trace on each direction of the link (mahimahi's format): a bundled one by
// name, or the list itself (the page's upload, the CLI's `--set ...ms=@FILE`).
void AddLinkTraces(std::vector<ParamDecl>& p, const std::string& base, const std::string& name,
                   const std::string& group, const std::vector<std::string>& topologies, bool advanced) {
  std::vector<std::string> sources = {"none"};
  std::vector<std::string> labels = {"None (the link's rate)"};
  for (const std::string& t : BundledTraceNames()) {
    sources.push_back(t);
    labels.push_back(BundledTraceLabel(t));
  }
  sources.push_back("inline");
  labels.push_back("A trace of your own (upload)");
  for (const std::string dir : {"forward", "reverse"}) {
    const std::string trace = base + "trace." + dir + ".";
    const std::string towards = dir == "forward" ? "towards the receivers" : "back to the senders";
    ParamDecl source =
        EnumParam(trace + "source", name + " " + dir + " trace", group, sources, "none",
                  "Packets " + towards +
                      " leave at the delivery opportunities of a trace instead of at the link's rate (mahimahi's "
                      "format: one line per 1500-byte opportunity, its time in ms; the trace repeats): none; a "
                      "bundled trace (scripts/make-traces.py); or your own list. The queue and its discipline "
                      "still apply");
    source.Labels(labels).Source("Netravali et al. 2015 (mahimahi) §3; Winstein et al. 2013 (Sprout) §2");
    if (topologies.size() < kTopologies.size()) source.When("topology.kind", topologies);
    if (advanced || dir == "reverse") source.Advanced();
    p.push_back(std::move(source));
    ParamDecl ms = IntListParam(trace + "ms", name + " " + dir + " trace (ms)", group, 0,
                                static_cast<double>(DeliveryTrace::kMaxTimestampMs),
                                "Your trace: one delivery opportunity of 1500 bytes per item, its time in ms from the "
                                "start, non-decreasing; the last one is the period the trace repeats with");
    ms.list_format = "mahimahi_ms";
    ms.When(trace + "source", {"inline"});
    if (advanced || dir == "reverse") ms.Advanced();
    p.push_back(std::move(ms));
  }
}

void AddLinkErrors(std::vector<ParamDecl>& p, const std::string& base, const std::string& name,
                   const std::string& group, const std::vector<std::string>& topologies) {
  const size_t first = p.size();
  AddErrorModelParams(p, base + "errors.forward.", name + " forward", group, "packets towards the receivers", "none",
                      0.01, false, true);
  AddErrorModelParams(p, base + "errors.reverse.", name + " reverse", group, "packets back to the senders", "none",
                      0.01, false, true);
  // The model selectors themselves appear only where the link exists.
  for (size_t i = first; i < p.size(); ++i) {
    if (p[i].when_path.empty() && topologies.size() < kTopologies.size()) p[i].When("topology.kind", topologies);
  }
}

}  // namespace

bool QueueCanMark(const std::string& discipline) {
  const QueueEntry* e = FindQueueEntry(discipline);
  return e != nullptr && e->can_mark;
}

void AddTopologyParams(std::vector<ParamDecl>& p) {
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
  AddLinkTraces(p, "topology.access.", "Access", "Path", kTopologies, true);
  AddLink(p, "topology.bottleneck.", "Bottleneck", "Path", {10, 14, 100}, kTopologies, false,
          "Rate of the bottleneck link (both directions)",
          "One-way propagation delay of the bottleneck; with the access link, 15 ms one way as in TCP-Real §4.1");
  Declared(p, "topology.bottleneck.queue_packets").label = "Buffer";
  Declared(p, "topology.bottleneck.queue_packets").help = "The bottleneck's queue, in packets";
  Declared(p, "topology.bottleneck.delay_ms").source = "TCP-Real §4.1 / §4.3 (15 ms, 50 ms)";
  p.push_back(
      NumberParam(
          "topology.bottleneck.queue_bdp", "Buffer in BDPs", "Path", "BDP", 0, 100, 0,
          "When above 0 the buffer is this many bandwidth-delay products (the bottleneck rate x "
          "flows[0]'s propagation RTT, in its MSS), sized from the values the run starts with (a live change of "
          "rate or delay keeps it); 0 = use Buffer (packets)")
          .Source("TCP-ER Tables V-VI: 0.5-1.5 BDP; Appenzeller et al. 2004"));
  p.push_back(IntegerParam("topology.bottleneck.device_packets", "Device queue", "Path", "packets", 0, 1000, 0,
                           "Packets the bottleneck's interface holds below its queue discipline (each direction), "
                           "filled from the discipline only while it has room: an AQM's sojourn ends there and the "
                           "queue figures leave these packets out, as ns-3 and Linux's tc count them. ns-3's "
                           "point-to-point device under a queue disc, as its AQM examples set it, holds 1; "
                           "0 = the discipline feeds the wire")
                  .Advanced()
                  .Source("ns-3.44 traffic-control: QueueDisc::Run and the NetDevice queue's flow control"));
  p.push_back(EnumParam("topology.bottleneck.device_wake", "Device wake", "Path", {"at_once", "ns3"}, "at_once",
                        "When a full bottleneck queue (with no device stage below it) takes packets again. "
                        "at_once: as soon as one leaves. ns3: as ns-3.44's NetDeviceQueue, a queue an arrival "
                        "left full is stopped and a departure wakes it by Simulator::ScheduleNow, after the "
                        "events already due at that instant: a packet arriving at the very instant a full "
                        "queue sends one is dropped (traffic control drops what a stopped queue is offered)")
                  .Advanced()
                  .Source("ns-3.44 net-device-queue-interface.h NetDeviceQueue::PacketEnqueued (Stop), "
                          "PacketDequeued (ScheduleNow, then Wake)"));
  AddQueueDiscipline(p, "topology.bottleneck.", "Bottleneck", "Path");
  AddLinkErrors(p, "topology.bottleneck.", "Bottleneck", "Path", kTopologies);
  AddLinkTraces(p, "topology.bottleneck.", "Bottleneck", "Path", kTopologies, false);
  AddLink(p, "topology.receiver_access.", "Receiver access", "Path", {100, 1, 100}, {"dumbbell"}, true,
          "Rate of each receiver's link out of the right router", "One-way delay of each receiver's link");
  AddLinkErrors(p, "topology.receiver_access.", "Receiver access", "Path", {"dumbbell"});
  AddLinkTraces(p, "topology.receiver_access.", "Receiver access", "Path", {"dumbbell"}, true);
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
  AddLinkTraces(p, "topology.last_hop.", "Last hop", "Path", {"wireless_last_hop"}, true);
}

}  // namespace plab
