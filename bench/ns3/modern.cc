// Today's queues and controllers in ns-3.44 (issue M §5): bulk TCP flows on grid.cc's
// dumbbell, the bottleneck's buffer a traffic-control queue disc instead of a drop-tail
// device queue, for the engine's comparisons of DCTCP with step (RED) marking, LEDBAT,
// PIE, FQ-CoDel and CoDel. bench/ns3/modern.mjs runs its cases and writes
// engine/tests/data/ns3-modern.jsonl. Compiled as reference.cc and grid.cc are.
//
//   S_i --(1 Gb/s, 1 ms)-- L --(bw, delay; qdisc `limit` packets)-- R --(1 Gb/s, 1 ms)-- D_i
//
// TCP as grid.cc: MSS 1000 bytes, timestamps, SACK, an ACK for every segment, 16 MiB
// buffers, initial window 10, minimum RTO 1 s. --ecn turns RFC 3168 ECN on for every
// socket (TcpSocketBase::UseEcn; TcpDctcp needs it); each receiver runs its sender's TCP
// (its ECN echo is its congestion ops'). The bottleneck device holds one
// packet, so its queue disc is the buffer (ns-3's flow control stops the disc while the
// device is busy), as ns-3's own AQM examples set it up:
//   fifo:    FifoQueueDisc, `limit` packets
//   red:     RedQueueDisc as DCTCP's step marking (ns-3's dctcp-example): MinTh = MaxTh =
//            --k packets on the instantaneous queue (QW 1), not gentle, ECN marks, no hard
//            drop. ns-3's RedQueueDisc defaults Gentle to true, which between K and 2K
//            marks with a probability from 1/LInterm (2 %) instead of every arrival: the
//            first references (before 2026-11-28) had it on, 453 marks in 10 s where a
//            step at K gives about 14,000
//   pie:     PieQueueDisc, ns-3's defaults (target 15 ms, tupdate 15 ms), `limit`
//   codel:   CoDelQueueDisc, ns-3's defaults (target 5 ms, interval 100 ms), `limit`
//   fqcodel: FqCoDelQueueDisc, ns-3's defaults (quantum 1514, 1024 flows), `limit`
// Flow i starts at i x stagger s; goodput per flow over [warmup, time]. Every ms the
// disc's packets are sampled; mean and 95th percentile over [warmup, time].
//
// Prints one JSON line: the settings, goodput_mbps per flow, total, Jain's index, the
// queue's mean_queue_packets and p95_queue_packets, and the disc's marks and drops.
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include "bulk_tcp.h"
#include "trace/trace_tcp.h"

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace {

std::vector<uint64_t> g_rx_at_warmup;
std::vector<double> g_queue_samples;

void SampleQueue(Ptr<QueueDisc> disc, double warmup_s) {
  if (Simulator::Now().GetSeconds() >= warmup_s) g_queue_samples.push_back(disc->GetNPackets());
  Simulator::Schedule(MilliSeconds(1), &SampleQueue, disc, warmup_s);
}

}  // namespace

int main(int argc, char* argv[]) {
  std::string tcps = "ns3::TcpNewReno";
  std::string qdisc = "fifo";
  bool ecn = false;
  double bw_mbps = 100;
  double delay_ms = 3;
  uint32_t limit = 1000;
  uint32_t k = 20;
  double time_s = 10.0;
  double warmup_s = 2.0;
  double stagger_s = 0.37;
  uint32_t seed = 1;
  const uint32_t mss = 1000;

  CommandLine cmd(__FILE__);
  cmd.AddValue("tcps", "congestion control TypeId per flow, comma-separated", tcps);
  cmd.AddValue("qdisc", "bottleneck queue disc: fifo, red, pie, codel, fqcodel", qdisc);
  cmd.AddValue("ecn", "RFC 3168 ECN on every socket", ecn);
  cmd.AddValue("bw", "bottleneck rate, Mb/s", bw_mbps);
  cmd.AddValue("delay", "bottleneck one-way delay, ms", delay_ms);
  cmd.AddValue("limit", "queue disc limit, packets", limit);
  cmd.AddValue("k", "red: the marking threshold, packets (MinTh = MaxTh)", k);
  cmd.AddValue("time", "simulated seconds", time_s);
  cmd.AddValue("warmup", "goodput and queue are measured from this time, s", warmup_s);
  cmd.AddValue("stagger", "flow i starts at i x stagger, s", stagger_s);
  cmd.AddValue("seed", "run number of the random streams (RngSeedManager::SetRun)", seed);
  bool trace = false;
  cmd.AddValue("trace", "print TRACE lines of flow 0's sender before the JSON line (trace/README.md)", trace);
  cmd.Parse(argc, argv);

  RngSeedManager::SetSeed(1);
  RngSeedManager::SetRun(seed);

  SetBulkTcpDefaults(mss, true);
  if (ecn) Config::SetDefault("ns3::TcpSocketBase::UseEcn", StringValue("On"));

  const std::vector<std::string> types = SplitList(tcps);
  const uint32_t n = static_cast<uint32_t>(types.size());
  NodeContainer senders, receivers, routers;
  senders.Create(n);
  receivers.Create(n);
  routers.Create(2);  // 0 = L, 1 = R

  PointToPointHelper access;
  access.SetDeviceAttribute("DataRate", StringValue("1000Mbps"));
  access.SetChannelAttribute("Delay", StringValue("1ms"));
  access.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, 1000)));
  PointToPointHelper bottleneck;
  bottleneck.SetDeviceAttribute("DataRate", DataRateValue(DataRate(static_cast<uint64_t>(bw_mbps * 1e6))));
  bottleneck.SetChannelAttribute("Delay", TimeValue(MicroSeconds(static_cast<int64_t>(delay_ms * 1000))));
  bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize", QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, 1)));

  InternetStackHelper stack;
  stack.InstallAll();
  for (uint32_t i = 0; i < n; ++i) {
    // Both ends run flow i's TCP, as ns-3's dctcp-example sets its SocketType default for
    // every node: the receiver's congestion ops decide its ECN echo. TcpDctcp's receiver
    // echoes each segment's CE (RFC 8257 §3.2, CeState0to1/1to0); a TcpNewReno receiver
    // (ns-3's default type) keeps ECE on until the sender's CWR arrives (RFC 3168 §6.1.3),
    // which echoed 1.6 ECEs per CE mark and, through DCTCP's alpha, deepened every cut (the
    // references before 2026-11-29 had it: a mean queue of 13.8 packets at K = 20, 15.1 now).
    for (Ptr<Node> node : {senders.Get(i), receivers.Get(i)}) {
      Config::Set("/NodeList/" + std::to_string(node->GetId()) + "/$ns3::TcpL4Protocol/SocketType",
                  TypeIdValue(TypeId::LookupByName(types[i])));
    }
  }

  Ipv4AddressHelper address;
  NetDeviceContainer core = bottleneck.Install(routers.Get(0), routers.Get(1));
  NetDeviceContainer others;
  std::vector<Ipv4Address> receiver_addresses;
  for (uint32_t i = 0; i < n; ++i) {
    NetDeviceContainer left = access.Install(senders.Get(i), routers.Get(0));
    address.SetBase(("10.1." + std::to_string(i) + ".0").c_str(), "255.255.255.0");
    address.Assign(left);
    NetDeviceContainer right = access.Install(routers.Get(1), receivers.Get(i));
    address.SetBase(("10.2." + std::to_string(i) + ".0").c_str(), "255.255.255.0");
    receiver_addresses.push_back(address.Assign(right).GetAddress(1));
    others.Add(left);
    others.Add(right);
  }
  address.SetBase("10.0.0.0", "255.255.255.0");
  address.Assign(core);  // assigning an address installs ns-3's default disc: removed below
  // Only the bottleneck's forward device keeps a queue disc: every other device (and the
  // bottleneck's reverse side) queues in its device alone, as in grid.cc.
  TrafficControlHelper().Uninstall(others);
  TrafficControlHelper().Uninstall(core);
  TrafficControlHelper tch;
  const QueueSizeValue limit_value(QueueSize(QueueSizeUnit::PACKETS, limit));
  if (qdisc == "fifo") {
    tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", limit_value);
  } else if (qdisc == "red") {
    tch.SetRootQueueDisc("ns3::RedQueueDisc", "MaxSize", limit_value, "MinTh", DoubleValue(k), "MaxTh", DoubleValue(k),
                         "QW", DoubleValue(1.0), "Gentle", BooleanValue(false), "UseEcn", BooleanValue(true),
                         "UseHardDrop", BooleanValue(false), "MeanPktSize", UintegerValue(mss + 52), "LinkBandwidth",
                         DataRateValue(DataRate(static_cast<uint64_t>(bw_mbps * 1e6))), "LinkDelay",
                         TimeValue(MicroSeconds(static_cast<int64_t>(delay_ms * 1000))));
  } else if (qdisc == "pie") {
    tch.SetRootQueueDisc("ns3::PieQueueDisc", "MaxSize", limit_value);
  } else if (qdisc == "codel") {
    tch.SetRootQueueDisc("ns3::CoDelQueueDisc", "MaxSize", limit_value);
  } else if (qdisc == "fqcodel") {
    tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc", "MaxSize", limit_value);
  } else {
    std::fprintf(stderr, "unknown --qdisc %s\n", qdisc.c_str());
    return 1;
  }
  QueueDiscContainer discs = tch.Install(core.Get(0));
  Ptr<QueueDisc> disc = discs.Get(0);
  Ipv4GlobalRoutingHelper::PopulateRoutingTables();

  const uint16_t port = 50000;
  std::vector<Ptr<PacketSink>> sinks;
  for (uint32_t i = 0; i < n; ++i) {
    BulkSendHelper source("ns3::TcpSocketFactory", InetSocketAddress(receiver_addresses[i], port));
    source.SetAttribute("MaxBytes", UintegerValue(0));
    ApplicationContainer app = source.Install(senders.Get(i));
    app.Start(Seconds(i * stagger_s));
    app.Stop(Seconds(time_s));
    PacketSinkHelper sink("ns3::TcpSocketFactory", InetSocketAddress(Ipv4Address::GetAny(), port));
    ApplicationContainer sink_app = sink.Install(receivers.Get(i));
    sink_app.Start(Seconds(0));
    sink_app.Stop(Seconds(time_s));
    sinks.push_back(DynamicCast<PacketSink>(sink_app.Get(0)));
  }
  g_rx_at_warmup.assign(n, 0);
  Simulator::Schedule(Seconds(warmup_s), [&sinks]() {
    for (size_t i = 0; i < sinks.size(); ++i) g_rx_at_warmup[i] = sinks[i]->GetTotalRx();
  });
  Simulator::Schedule(Seconds(0), &SampleQueue, disc, warmup_s);

  // Flow 0's sender traced (trace/trace_tcp.h): timeouts, congestion states, ssthresh.
  static trace_tcp::Tracer tracer;
  if (trace) {
    Ptr<Application> first = senders.Get(0)->GetApplication(0);
    Simulator::Schedule(NanoSeconds(1), [first]() { trace_tcp::Attach(&tracer, first); });
  }
  Simulator::Stop(Seconds(time_s));
  Simulator::Run();

  std::vector<double> goodput;
  double total = 0, sum_sq = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const double g = (sinks[i]->GetTotalRx() - g_rx_at_warmup[i]) * 8.0 / (time_s - warmup_s) / 1e6;
    goodput.push_back(g);
    total += g;
    sum_sq += g * g;
  }
  const double jain = sum_sq > 0 ? total * total / (n * sum_sq) : 1.0;
  double mean_queue = 0;
  for (double q : g_queue_samples) mean_queue += q / static_cast<double>(g_queue_samples.size());
  std::vector<double> sorted = g_queue_samples;
  std::sort(sorted.begin(), sorted.end());
  const double p95 = sorted.empty() ? 0 : sorted[static_cast<size_t>(0.95 * (sorted.size() - 1))];
  const QueueDisc::Stats& stats = disc->GetStats();
  Simulator::Destroy();

  std::printf(
      "{\"engine\": \"ns-3.44\", \"tcps\": \"%s\", \"qdisc\": \"%s\", \"ecn\": %s, \"bw_mbps\": %g, "
      "\"delay_ms\": %g, \"limit\": %u, \"k\": %u, \"time\": %g, \"warmup\": %g, \"stagger\": %g, \"seed\": %u, "
      "\"goodput_mbps\": [",
      tcps.c_str(), qdisc.c_str(), ecn ? "true" : "false", bw_mbps, delay_ms, limit, k, time_s, warmup_s, stagger_s,
      seed);
  for (uint32_t i = 0; i < n; ++i) std::printf("%s%.4f", i ? ", " : "", goodput[i]);
  std::printf(
      "], \"total_mbps\": %.4f, \"jain\": %.4f, \"mean_queue_packets\": %.2f, \"p95_queue_packets\": %g, "
      "\"marks\": %u, \"drops\": %u}\n",
      total, jain, mean_queue, p95, stats.nTotalMarkedPackets, stats.nTotalDroppedPackets);
  return 0;
}
