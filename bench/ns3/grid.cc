// One point of the ns-3 comparison grid (issue H §5) in ns-3.44: one or two bulk TCP flows
// on a dumbbell, each from its own sender over a 1 Gb/s access link, through one drop-tail
// bottleneck, to its own receiver. bench/ns3/grid.mjs runs the grid's points through it and
// writes engine/tests/data/ns3-grid-*.jsonl; engine/tests/ns3_grid_test.cc runs our engine
// on the same points. Written after bench/ns3/reference.cc, and compiled the same way.
//
//   S_i --(1 Gb/s, 1 ms)-- L --(bw, delay; drop-tail `queue` packets)-- R --(1 Gb/s, 1 ms)-- D_i
//
// RTT = 2 (1 + delay + 1) ms. TCP: MSS 1000 bytes, timestamps on, SACK as --sack says (for
// every flow), an ACK for every segment, 16 MiB buffers, initial window 10, minimum RTO 1 s,
// ns-3's defaults otherwise (PRR recovery; TcpBbr is BBR v1 and turns pacing on itself).
// Every device has its queue disc removed, so the bottleneck's buffer is the device's
// drop-tail queue alone (the default FqCoDel would otherwise hold packets above it).
// Loss: Bernoulli per packet on R's bottleneck device (data only; ACKs never dropped).
// Flow i starts at i x stagger s. Goodput per flow: bytes its sink got in [warmup, time].
//
// Prints one JSON line: the settings, goodput_mbps per flow, timeouts and recoveries per
// flow (entries into CA_LOSS and CA_RECOVERY over the whole run; older lines lack them), total_mbps, jain, events and
// run_wall_ms / run_cpu_ms (Simulator::Run() alone).
#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include "bulk_tcp.h"
#include "trace/trace_rate.h"
#include "trace/trace_tcp.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <sstream>
#include <string>
#include <vector>

using namespace ns3;

namespace {

std::vector<uint64_t> g_rx_at_warmup;
// Per flow: how many times its socket entered CA_LOSS (a retransmission timeout) and
// CA_RECOVERY (a fast recovery).
std::vector<uint32_t> g_timeouts, g_recoveries;

// Per flow: when its handshake completed (the socket entered ESTABLISHED), s.
std::vector<double> g_established;

void OnState(uint32_t flow, TcpSocket::TcpStates_t, TcpSocket::TcpStates_t now) {
  if (now == TcpSocket::ESTABLISHED && g_established[flow] < 0) g_established[flow] = Simulator::Now().GetSeconds();
}

void OnCongState(uint32_t flow, TcpSocketState::TcpCongState_t, TcpSocketState::TcpCongState_t now) {
  if (now == TcpSocketState::CA_LOSS) ++g_timeouts[flow];
  if (now == TcpSocketState::CA_RECOVERY) ++g_recoveries[flow];
}

}  // namespace

int main(int argc, char* argv[]) {
  std::string tcps = "ns3::TcpNewReno";
  bool sack = true;
  double bw_mbps = 10;
  double delay_ms = 23;
  uint32_t queue_packets = 100;
  double loss = 0.0;
  double time_s = 30.0;
  double warmup_s = 5.0;
  double stagger_s = 0.37;
  uint32_t seed = 1;
  const uint32_t mss = 1000;

  CommandLine cmd(__FILE__);
  cmd.AddValue("tcps", "congestion control TypeId per flow, comma-separated (one or two)", tcps);
  cmd.AddValue("sack", "SACK option on every flow", sack);
  cmd.AddValue("bw", "bottleneck rate, Mb/s", bw_mbps);
  cmd.AddValue("delay", "bottleneck one-way delay, ms", delay_ms);
  cmd.AddValue("queue", "bottleneck drop-tail queue, packets", queue_packets);
  cmd.AddValue("loss", "probability of losing each data packet at the bottleneck", loss);
  cmd.AddValue("time", "simulated seconds", time_s);
  cmd.AddValue("warmup", "goodput is measured from this time, s", warmup_s);
  cmd.AddValue("stagger", "flow i starts at i x stagger, s", stagger_s);
  cmd.AddValue("seed", "run number of the random streams (RngSeedManager::SetRun)", seed);
  bool trace = false;
  cmd.AddValue("trace", "print TRACE lines of flow 0's sender before the JSON line (trace/README.md)", trace);
  bool trace_rate = false;
  cmd.AddValue("trace-rate", "print RATE lines of flow 0's sends, ACKs and pacing rate (trace/README.md)", trace_rate);
  cmd.Parse(argc, argv);

  RngSeedManager::SetSeed(1);
  RngSeedManager::SetRun(seed);

  SetBulkTcpDefaults(mss, sack);

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
  bottleneck.SetQueue("ns3::DropTailQueue", "MaxSize",
                      QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, queue_packets)));

  InternetStackHelper stack;
  stack.InstallAll();
  for (uint32_t i = 0; i < n; ++i) {
    // Each sender node has its own TCP: its congestion control is this flow's.
    Config::Set("/NodeList/" + std::to_string(senders.Get(i)->GetId()) + "/$ns3::TcpL4Protocol/SocketType",
                TypeIdValue(TypeId::LookupByName(types[i])));
  }

  Ipv4AddressHelper address;
  NetDeviceContainer all;
  NetDeviceContainer core = bottleneck.Install(routers.Get(0), routers.Get(1));
  address.SetBase("10.0.0.0", "255.255.255.0");
  address.Assign(core);
  all.Add(core);
  std::vector<Ipv4Address> receiver_addresses;
  for (uint32_t i = 0; i < n; ++i) {
    NetDeviceContainer left = access.Install(senders.Get(i), routers.Get(0));
    address.SetBase(("10.1." + std::to_string(i) + ".0").c_str(), "255.255.255.0");
    address.Assign(left);
    NetDeviceContainer right = access.Install(routers.Get(1), receivers.Get(i));
    address.SetBase(("10.2." + std::to_string(i) + ".0").c_str(), "255.255.255.0");
    receiver_addresses.push_back(address.Assign(right).GetAddress(1));
    all.Add(left);
    all.Add(right);
  }
  TrafficControlHelper().Uninstall(all);
  Ipv4GlobalRoutingHelper::PopulateRoutingTables();

  Ptr<RateErrorModel> error_model = CreateObject<RateErrorModel>();
  error_model->SetUnit(RateErrorModel::ERROR_UNIT_PACKET);
  error_model->SetRate(loss);
  core.Get(1)->SetAttribute("ReceiveErrorModel", PointerValue(error_model));

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
  g_timeouts.assign(n, 0);
  g_recoveries.assign(n, 0);
  g_established.assign(n, -1.0);
  for (uint32_t i = 0; i < n; ++i) {
    // The socket exists once its application has started.
    Simulator::Schedule(Seconds(i * stagger_s) + MicroSeconds(1), [i, &senders]() {
      Config::ConnectWithoutContext(
          "/NodeList/" + std::to_string(senders.Get(i)->GetId()) + "/$ns3::TcpL4Protocol/SocketList/0/CongState",
          MakeBoundCallback(&OnCongState, i));
      Config::ConnectWithoutContext(
          "/NodeList/" + std::to_string(senders.Get(i)->GetId()) + "/$ns3::TcpL4Protocol/SocketList/0/State",
          MakeBoundCallback(&OnState, i));
    });
  }
  Simulator::Schedule(Seconds(warmup_s), [&sinks]() {
    for (size_t i = 0; i < sinks.size(); ++i) g_rx_at_warmup[i] = sinks[i]->GetTotalRx();
  });

  // Flow 0's sender traced (trace/trace_tcp.h): timeouts, congestion states, ssthresh.
  static trace_tcp::Tracer tracer;
  if (trace) {
    Ptr<Application> first = senders.Get(0)->GetApplication(0);
    Simulator::Schedule(NanoSeconds(1), [first]() { trace_tcp::Attach(&tracer, first); });
  }
  if (trace_rate) {
    Ptr<Application> first = senders.Get(0)->GetApplication(0);
    Simulator::Schedule(NanoSeconds(2), [first]() { trace_rate::Attach(first); });
  }
  Simulator::Stop(Seconds(time_s));
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  Simulator::Run();
  const std::clock_t cpu_stop = std::clock();
  const auto stop = std::chrono::steady_clock::now();
  const double run_wall_ms = std::chrono::duration<double, std::milli>(stop - start).count();
  const double run_cpu_ms = 1000.0 * static_cast<double>(cpu_stop - cpu_start) / CLOCKS_PER_SEC;

  std::vector<double> goodput;
  double total = 0, sum_sq = 0;
  for (uint32_t i = 0; i < n; ++i) {
    const double g = (sinks[i]->GetTotalRx() - g_rx_at_warmup[i]) * 8.0 / (time_s - warmup_s) / 1e6;
    goodput.push_back(g);
    total += g;
    sum_sq += g * g;
  }
  const double jain = sum_sq > 0 ? total * total / (n * sum_sq) : 1.0;
  const uint64_t events = Simulator::GetEventCount();
  Simulator::Destroy();

  std::printf(
      "{\"engine\": \"ns-3.44\", \"tcps\": \"%s\", \"sack\": %s, \"bw_mbps\": %g, \"delay_ms\": %g, "
      "\"queue\": %u, \"loss\": %g, \"time\": %g, \"warmup\": %g, \"stagger\": %g, \"seed\": %u, "
      "\"goodput_mbps\": [",
      tcps.c_str(), sack ? "true" : "false", bw_mbps, delay_ms, queue_packets, loss, time_s, warmup_s, stagger_s, seed);
  for (uint32_t i = 0; i < n; ++i) std::printf("%s%.4f", i ? ", " : "", goodput[i]);
  std::printf("], \"timeouts\": [");
  for (uint32_t i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", g_timeouts[i]);
  std::printf("], \"recoveries\": [");
  for (uint32_t i = 0; i < n; ++i) std::printf("%s%u", i ? ", " : "", g_recoveries[i]);
  std::printf("], \"established_s\": [");
  for (uint32_t i = 0; i < n; ++i) std::printf("%s%.9f", i ? ", " : "", g_established[i]);
  std::printf(
      "], \"total_mbps\": %.4f, \"jain\": %.4f, \"events\": %llu, \"run_wall_ms\": %.1f, "
      "\"run_cpu_ms\": %.1f}\n",
      total, jain, static_cast<unsigned long long>(events), run_wall_ms, run_cpu_ms);
  return 0;
}
